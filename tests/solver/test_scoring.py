import itertools
import tracemalloc

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CLASSIC_PEGS, Code, Feedback, score
from mastermind.solver._scoring import (
    CodeSpace,
    all_digits,
    digits_of,
    histograms,
    numbers_of,
    score_block,
)


@st.composite
def games_with_codes(draw: st.DrawFn) -> tuple[int, list[tuple[int, ...]], list[tuple[int, ...]]]:
    colours = draw(st.integers(min_value=1, max_value=10))
    length = draw(st.integers(min_value=1, max_value=8))
    code = st.tuples(*[st.integers(min_value=0, max_value=colours - 1)] * length)
    guesses = draw(st.lists(code, min_size=1, max_size=6))
    secrets = draw(st.lists(code, min_size=1, max_size=6))
    return colours, guesses, secrets


@given(games_with_codes())
def test_batch_scorer_agrees_with_score_for_random_codes_of_any_length_and_palette(
    game: tuple[int, list[tuple[int, ...]], list[tuple[int, ...]]],
) -> None:
    colours, guesses, secrets = game
    length = len(guesses[0])
    scores = score_block(
        np.array(guesses, dtype=np.uint8), np.array(secrets, dtype=np.uint8), colours
    )
    for row, guess in zip(scores, guesses, strict=True):
        for number, secret in zip(row, secrets, strict=True):
            expected = score(Code(map(str, secret)), Code(map(str, guess)))
            black, white = divmod(int(number), length + 1)
            assert Feedback(black=black, white=white) == expected


def test_classic_codes_are_numbered_in_palette_order_first_peg_first() -> None:
    space = CodeSpace(CLASSIC_PEGS, 4)
    assert space.size == 1296
    assert space.code(0) == Code.parse("RRRR")
    assert space.code(1) == Code.parse("RRRG")
    assert space.code(8) == Code.parse("RRGB")
    assert space.index(Code.parse("OOOO")) == 1295
    assert all(space.index(space.code(number)) == number for number in range(space.size))


def test_classic_game_has_fourteen_feedbacks_and_the_table_agrees_with_score() -> None:
    space = CodeSpace(CLASSIC_PEGS, 4)
    everything = np.arange(space.size)
    table = space.scores(None, everything)
    assert len(np.unique(table)) == 14
    for guess, secret in itertools.product(range(0, space.size, 97), range(0, space.size, 89)):
        feedback = space.feedback(table[guess, secret])
        assert feedback == score(space.code(secret), space.code(guess))


def test_histograms_count_each_feedback_per_guess() -> None:
    scores = np.array([[0, 0, 3], [2, 1, 0]], dtype=np.uint8)
    assert histograms(scores, 4).tolist() == [[2, 0, 0, 1], [1, 1, 1, 0]]


def test_consistent_codes_are_those_that_would_have_given_the_same_feedbacks() -> None:
    space = CodeSpace(CLASSIC_PEGS, 4)
    guess = Code.parse("RRGG")
    history = [(guess, Feedback.parse("B W"))]
    expected = [
        code for code in map(space.code, range(space.size)) if score(code, guess) == history[0][1]
    ]
    assert [space.code(int(number)) for number in space.consistent(history)] == expected


def test_codes_outside_the_game_are_refused() -> None:
    space = CodeSpace(CLASSIC_PEGS, 4)
    for code in (Code.parse("RGB"), Code.of("Red", "Green", "Blue", "Black")):
        try:
            space.index(code)
        except ValueError:
            continue
        raise AssertionError(f"{code} was accepted")


def test_every_code_is_listed_in_numbering_order_as_itertools_would() -> None:
    for colours, length in [(1, 3), (3, 1), (6, 4), (5, 5)]:
        expected = np.array(list(itertools.product(range(colours), repeat=length)), dtype=np.uint8)
        assert np.array_equal(all_digits(colours, length), expected)


def test_code_numbers_and_colours_convert_both_ways_beyond_what_can_be_listed() -> None:
    numbers = np.array([0, 1, 20**10 - 1, 123456789012], dtype=np.int64)
    digits = digits_of(numbers, 20, 10)
    assert np.array_equal(numbers_of(digits, 20), numbers)
    assert digits[2].tolist() == [19] * 10


def test_listing_every_code_and_its_colour_counts_peaks_within_twice_the_tables() -> None:
    space = CodeSpace([str(number) for number in range(8)], 7)
    tracemalloc.start()
    try:
        tables = space.digits.nbytes + space.colour_counts.nbytes
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert tables == 8**7 * (7 + 8)
    assert peak <= 2 * tables


def test_a_game_too_large_to_list_still_numbers_its_codes_but_lists_none() -> None:
    space = CodeSpace([str(number) for number in range(20)], 10)
    assert space.size == 20**10
    assert not space.tabulated
    code = Code(str(colour) for colour in (19, 0, 3, 3, 3, 3, 3, 3, 3, 7))
    assert space.code(space.index(code)) == code
    with pytest.raises(ValueError, match="more than the 16,777,216"):
        _ = space.digits


def test_unique_games_leave_only_codes_without_a_colour_twice() -> None:
    space = CodeSpace(CLASSIC_PEGS, 4)
    candidates = space.consistent([], unique=True)
    assert len(candidates) == 6 * 5 * 4 * 3
    assert all(len(set(space.code(int(number)).pegs)) == 4 for number in candidates)
