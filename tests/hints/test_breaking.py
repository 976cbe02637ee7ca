"""The solver as the terminal's own commands play it through ``mastermind.hints``: the
strategies by name, a code breaker for a whole game, and the shipped trees."""

from __future__ import annotations

from pathlib import Path

import pytest

import mastermind.solver
from mastermind.domain import CLASSIC_PEGS, MAX_COLOURS, MAX_LENGTH
from mastermind.hints import SHIPPED_TREES, STRATEGIES, code_breaker
from mastermind.service import FixedSecrets, Games, HintsBusy, HintUnavailable
from mastermind.store import InMemoryEventStore

LARGEST_PEGS = tuple(f"C{number}" for number in range(1, MAX_COLOURS + 1))


def test_the_strategies_known_without_numpy_are_the_solvers() -> None:
    assert STRATEGIES == mastermind.solver.STRATEGIES


def test_the_shipped_trees_are_the_solvers_own() -> None:
    assert SHIPPED_TREES.samefile(Path(mastermind.solver.__file__).parent / "data")
    assert sorted(path.name for path in SHIPPED_TREES.glob("optimal_*.json.gz")) == [
        "optimal_4x6.json.gz",
        "optimal_4x6_in5.json.gz",
        "optimal_4x6_unique.json.gz",
        "optimal_4x7.json.gz",
    ]


def test_a_code_breaker_plays_a_game_to_the_end_by_the_strategy_chosen() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets("BORB"))
    game_id = games.join()

    breaker = code_breaker("knuth", CLASSIC_PEGS, 4)
    board = breaker.play(games, game_id)

    assert breaker.strategy == "knuth"
    assert (board.is_over, board.rows[-1].guess) == (True, board.secret)
    assert board.attempts_used <= 5, "Knuth's strategy breaks every classic code in five"


def test_without_a_strategy_a_code_breaker_plays_the_best_for_the_size() -> None:
    assert code_breaker(None, CLASSIC_PEGS, 4).strategy in STRATEGIES
    assert code_breaker(None, LARGEST_PEGS, MAX_LENGTH).strategy in STRATEGIES


def test_a_strategy_that_cannot_play_the_game_is_refused() -> None:
    with pytest.raises(HintUnavailable) as too_large:
        code_breaker("knuth", LARGEST_PEGS, MAX_LENGTH)
    with pytest.raises(ValueError, match="guesswork"):
        code_breaker("guesswork", CLASSIC_PEGS, 4)

    assert not isinstance(too_large.value, HintsBusy)
    assert "The best strategy plays any game." in str(too_large.value)
