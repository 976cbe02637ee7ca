import numpy as np
import pytest

from mastermind import Code
from mastermind.solver import Solver
from mastermind.solver._budget import Budget
from mastermind.solver._scoring import CodeSpace, numbers_of, score_block
from mastermind.solver._symmetry import colour_patterns
from mastermind.solver._wide import Wide, opening


def test_colour_patterns_are_the_partitions_of_the_length_into_at_most_the_colours() -> None:
    assert list(colour_patterns(4, 6, False)) == [
        [0, 0, 0, 0],
        [0, 0, 0, 1],
        [0, 0, 1, 1],
        [0, 0, 1, 2],
        [0, 1, 2, 3],
    ]
    assert len(list(colour_patterns(10, 20, False))) == 42
    assert list(colour_patterns(3, 2, False)) == [[0, 0, 0], [0, 0, 1]]
    assert list(colour_patterns(4, 6, True)) == [[0, 1, 2, 3]]


def test_the_opening_of_the_classic_game_is_the_one_the_entropy_heuristic_plays() -> None:
    assert opening(6, 4, False) == (0, 1, 2, 3)
    assert Solver("entropy").next_guess([]) == Code.parse("RGBY")


def test_a_unique_game_opens_with_a_code_of_different_colours() -> None:
    assert len(set(opening(8, 5, True))) == 5


def history_of(space: CodeSpace, secret: int, guesses: list[int]) -> list[tuple[int, int]]:
    return [
        (guess, int(space.scores(np.array([guess]), np.array([secret]))[0, 0])) for guess in guesses
    ]


def test_with_few_codes_left_the_guess_fits_and_all_of_them_are_counted() -> None:
    space = CodeSpace([str(n) for n in range(6)], 4)
    history = history_of(space, 321, [7, 200, 777])
    guess, remaining = Wide(space).advise(history, Budget())
    assert remaining == len(
        space.consistent([(space.code(g), space.feedback(f)) for g, f in history])
    )
    assert guess in space.consistent([(space.code(g), space.feedback(f)) for g, f in history])


def test_a_position_recurs_with_the_same_guess() -> None:
    space = CodeSpace([str(n) for n in range(20)], 10)
    wide = Wide(space, seed=4)
    history = [(123456789, 3), (987654321, 13)]
    assert wide.advise(history, Budget())[0] == Wide(space, seed=4).advise(history, Budget())[0]


def test_contradicting_key_pegs_are_reported() -> None:
    space = CodeSpace([str(n) for n in range(6)], 4)
    with pytest.raises(ValueError, match="No secret"):
        Wide(space).advise([(7, space.win), (7, 0)], Budget())


def test_with_no_time_left_the_closest_code_is_answered_and_the_budget_marked() -> None:
    space = CodeSpace([str(n) for n in range(20)], 10)
    rng = np.random.default_rng(0)
    secret = rng.integers(0, 20, 10, dtype=np.uint8)
    guesses = rng.integers(0, 20, (8, 10), dtype=np.uint8)
    wide = Wide(space)
    feedbacks = score_block(guesses, secret[None, :], 20)[:, 0]
    history = [(int(n), int(f)) for n, f in zip(numbers_of(guesses, 20), feedbacks, strict=True)]
    budget = Budget(0.0)
    guess, remaining = wide.advise(history, budget)
    assert remaining is None
    assert budget.exhausted
    assert 0 <= guess < space.size


def test_a_listed_game_opens_with_the_best_colour_pattern_too() -> None:
    space = CodeSpace([str(n) for n in range(7)], 4)
    everything = np.arange(space.size, dtype=np.intp)
    first = Wide(space).among(everything, [], Budget())
    assert tuple(space.digits[first]) == opening(7, 4, False)
