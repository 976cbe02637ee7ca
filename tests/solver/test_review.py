"""The figures of a review: candidates counted, and guesses valued against the optimum."""

from __future__ import annotations

import itertools

import pytest

from mastermind.domain import CLASSIC_PEGS, Code, Feedback, score
from mastermind.solver import Solver, review_game

THREE = ("Ash", "Birch", "Cedar")


def played(secret: Code, guesses: list[str], palette: tuple[str, ...] = CLASSIC_PEGS) -> list:
    codes = [Code.parse(guess, palette) for guess in guesses]
    return [(guess, score(secret, guess)) for guess in codes]


def optimal_game(secret: Code) -> list[tuple[Code, Feedback]]:
    solver = Solver("optimal", CLASSIC_PEGS, 4)
    history: list[tuple[Code, Feedback]] = []
    while not history or history[-1][0] != secret:
        guess = solver.next_guess(history)
        history.append((guess, score(secret, guess)))
    return history


def test_the_classic_game_starts_at_the_proven_optimum_of_5625_guesses_over_1296_codes() -> None:
    figures = review_game(CLASSIC_PEGS, 4, played(Code.parse("RGBY"), ["RGBY"]))

    assert figures.expected_at_start == 5625 / 1296
    assert figures.guesses[0].expected_before == 5625 / 1296


@pytest.mark.parametrize("secret", ["RGBY", "OOOO", "PYPY"])
def test_a_game_played_by_the_optimal_strategy_costs_nothing_and_is_exact(secret: str) -> None:
    figures = review_game(CLASSIC_PEGS, 4, optimal_game(Code.parse(secret)))

    assert figures.exact
    assert [guess.cost for guess in figures.guesses] == [0.0] * len(figures.guesses)
    assert figures.guesses[-1].expected_after == 0.0


def test_a_guess_that_tells_nothing_new_costs_exactly_one_guess() -> None:
    history = optimal_game(Code.parse("RGBY"))
    repeated = [history[0], history[0], *history[1:]]

    figures = review_game(CLASSIC_PEGS, 4, repeated)

    second = figures.guesses[1]
    assert second.exact
    assert second.candidates_before == second.candidates_after
    assert second.cost == pytest.approx(1.0)
    assert not second.could_be_secret


def test_a_poor_guess_late_in_the_game_has_an_exact_cost_above_nothing() -> None:
    history = optimal_game(Code.parse("RGBY"))
    poor = played(Code.parse("RGBY"), ["OOOO"])[0]
    figures = review_game(CLASSIC_PEGS, 4, [*history[:2], poor, *history[2:]])

    assert figures.guesses[2].exact
    assert figures.guesses[2].cost > 0
    assert figures.guesses[2].expected_with_guess > figures.guesses[2].expected_before


def test_the_best_guess_named_achieves_the_best_figure() -> None:
    history = played(Code.parse("RGBY"), ["RRRR", "GGGG"])
    figures = review_game(CLASSIC_PEGS, 4, history)
    second = figures.guesses[1]
    assert second.best_guess is not None

    secret = Code.parse("RGBY")
    best = (second.best_guess, score(secret, second.best_guess))
    with_best = review_game(CLASSIC_PEGS, 4, [history[0], best])

    assert with_best.guesses[1].expected_with_guess == second.expected_before


def brute_force_candidates(history: list[tuple[Code, Feedback]]) -> list[int]:
    codes = [Code(pegs) for pegs in itertools.product(THREE, repeat=3)]
    counts = [len(codes)]
    for end in range(1, len(history) + 1):
        fitting = [c for c in codes if all(score(c, g) == f for g, f in history[:end])]
        counts.append(len(fitting))
    return counts


@pytest.mark.parametrize("secret", ["Ash Ash Ash", "Cedar Birch Ash", "Birch Cedar Cedar"])
def test_candidates_agree_with_counting_every_code(secret: str) -> None:
    history = played(Code.parse(secret, THREE), ["ABC", "CCA", "BAB", secret], THREE)

    figures = review_game(THREE, 3, history)

    counts = brute_force_candidates(history)
    assert [g.candidates_before for g in figures.guesses] == counts[:-1]
    assert [g.candidates_after for g in figures.guesses] == counts[1:]
    assert figures.exact


def test_a_guess_could_be_the_secret_only_while_it_fits_every_feedback_so_far() -> None:
    history = played(Code.parse("Ash Ash Birch", THREE), ["AAA", "BBB", "AAB"], THREE)

    figures = review_game(THREE, 3, history)

    assert [guess.could_be_secret for guess in figures.guesses] == [True, False, True]


def test_figures_beyond_the_exact_search_are_estimates_and_never_cost_below_nothing() -> None:
    history = played(Code.parse("Cedar Ash Birch Ash", THREE), ["AABB", "CCCA", "CABA"], THREE)

    figures = review_game(THREE, 4, history, exact_candidates=4)

    assert not figures.exact
    assert not figures.guesses[0].exact
    assert all(guess.cost >= 0 for guess in figures.guesses)
    assert figures.guesses[-1].exact  # two codes left: nothing to estimate


def test_feedbacks_that_no_secret_gives_are_refused() -> None:
    wrong = [(Code.parse("RGBY"), Feedback(4, 0)), (Code.parse("RGBY"), Feedback(0, 0))]
    with pytest.raises(ValueError, match="No secret"):
        review_game(CLASSIC_PEGS, 4, wrong)


def test_a_guess_of_colours_the_game_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="not a colour"):
        review_game(THREE, 3, [(Code.parse("RGB"), Feedback(0, 0))])
