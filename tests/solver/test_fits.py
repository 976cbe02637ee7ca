import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind.solver._budget import Budget
from mastermind.solver._fits import Clues
from mastermind.solver._scoring import all_digits, score_block
from tests.tiers import examples


def clues_for(colours: int, secret: np.ndarray, guesses: np.ndarray, unique: bool = False) -> Clues:
    length = len(secret)
    scores = score_block(guesses, secret[None, :], colours)[:, 0]
    history = [
        (g, int(f) // (length + 1), int(f) % (length + 1))
        for g, f in zip(guesses, scores, strict=True)
    ]
    return Clues(colours, length, history, unique=unique)


def brute_force(clues: Clues) -> np.ndarray:
    codes = all_digits(clues.colours, clues.length)
    fits = clues.misses(codes) == 0
    if clues.unique:
        fits &= np.array([len(set(code.tolist())) == clues.length for code in codes])
    return codes[fits]


@st.composite
def positions(draw: st.DrawFn) -> tuple[int, np.ndarray, np.ndarray, bool]:
    colours = draw(st.integers(2, 6))
    length = draw(st.integers(1, 5))
    unique = draw(st.booleans()) and length <= colours
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    if unique:
        secret = rng.permutation(colours)[:length].astype(np.uint8)
    else:
        secret = rng.integers(0, colours, length, dtype=np.uint8)
    guesses = rng.integers(0, colours, (draw(st.integers(0, 4)), length), dtype=np.uint8)
    return colours, secret, guesses, unique


@settings(max_examples=examples(60), deadline=None)
@given(positions())
def test_the_search_finds_exactly_the_codes_that_fit_in_numbering_order(
    position: tuple[int, np.ndarray, np.ndarray, bool],
) -> None:
    clues = clues_for(*position)
    codes, complete = clues.fitting(10**9, Budget())
    assert complete
    assert np.array_equal(codes, brute_force(clues))


def test_a_search_stopped_at_a_number_of_codes_says_there_are_more() -> None:
    clues = Clues(6, 4, [])
    codes, complete = clues.fitting(100, Budget())
    assert not complete
    assert 100 <= len(codes) < 1296


def test_a_search_out_of_time_says_it_is_not_complete() -> None:
    clues = clues_for(20, np.arange(10, dtype=np.uint8), np.zeros((1, 10), dtype=np.uint8))
    codes, complete = clues.fitting(10**9, Budget(0.0))
    assert not complete
    assert len(codes) == 0


def test_sampled_codes_fit_every_key_peg_and_differ_from_each_other() -> None:
    rng = np.random.default_rng(3)
    secret = rng.integers(0, 20, 10, dtype=np.uint8)
    clues = clues_for(20, secret, rng.integers(0, 20, (4, 10), dtype=np.uint8))
    drawn = clues.sample(500, np.random.default_rng(0), Budget())
    assert len(drawn) > 100
    assert (clues.misses(drawn) == 0).all()
    assert len(np.unique(drawn, axis=0)) == len(drawn)


def test_clues_from_contradicting_key_pegs_leave_nothing_to_find() -> None:
    guess = np.array([0, 1, 2, 3], dtype=np.uint8)
    clues = Clues(6, 4, [(guess, 4, 0), (guess, 0, 0)])
    codes, complete = clues.fitting(10, Budget())
    assert complete
    assert len(codes) == 0


def test_the_local_search_finds_distinct_codes_that_fit_late_in_a_large_game() -> None:
    rng = np.random.default_rng(5)
    secret = rng.integers(0, 20, 10, dtype=np.uint8)
    clues = clues_for(20, secret, rng.integers(0, 20, (9, 10), dtype=np.uint8))
    found, closest = clues.search_locally(5, np.random.default_rng(1), Budget(5.0))
    assert len(found) >= 5
    assert (clues.misses(found) == 0).all()
    assert clues.misses(closest[None, :])[0] == 0


def test_the_local_search_answers_the_closest_code_when_none_fits() -> None:
    guess = np.array([0, 1, 2, 3], dtype=np.uint8)
    clues = Clues(6, 4, [(guess, 4, 0), (guess, 0, 0)])
    found, closest = clues.search_locally(1, np.random.default_rng(0), Budget(0.05))
    assert len(found) == 0
    assert clues.misses(closest[None, :])[0] == clues.misses(all_digits(6, 4)).min() > 0


def test_random_codes_of_a_unique_game_never_repeat_a_colour() -> None:
    codes = Clues(8, 5, [], unique=True).random_codes(200, np.random.default_rng(0))
    assert all(len(set(code.tolist())) == 5 for code in codes)
    assert codes.max() < 8
