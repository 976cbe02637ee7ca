import itertools

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CLASSIC_PEGS, Code, Feedback, score
from mastermind.solver._scoring import CodeSpace, histograms, score_block


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
