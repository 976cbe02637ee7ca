"""The solver for the terminal's own commands: the strategies by name, a code breaker that
plays a whole game, and the shipped trees searched out again.

Entry points reach the solver through these alone, so that numpy is imported only by
the command that needs it, and its absence is said in one sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mastermind.domain import Rules
from mastermind.hints._adapters import SolverMissing
from mastermind.service import HintUnavailable

if TYPE_CHECKING:
    from mastermind.solver import CodeBreaker, Evaluation

__all__ = ["SHIPPED_TREES", "STRATEGIES", "build_shipped_trees", "code_breaker", "every_secret"]

STRATEGIES = (
    "best",
    "entropy",
    "entropy-endgame",
    "expected-size",
    "knuth",
    "most-parts",
    "optimal",
    "optimal-worst-5",
    "random-consistent",
)
"""``mastermind.solver.STRATEGIES``, known without importing numpy (a test keeps them equal)."""
SHIPPED_TREES = Path(__file__).parent.parent / "solver" / "data"
"""Where the package keeps the solver's optimal trees."""


def code_breaker(
    strategy: str | None,
    available_pegs: Sequence[str] = (),
    length: int = 0,
    *,
    seed: int = 0,
    rules: Rules | None = None,
) -> CodeBreaker:
    """The solver's code breaker for a game of these colours and length, or of these
    ``rules``, by ``strategy``, or by the best strategy, which plays every game; its
    ``strategy`` names the one that plays.

    Raises:
        SolverMissing: the solver is not installed.
        HintUnavailable: the strategy named cannot play a game this large.
        ValueError: the strategy cannot play a game this size, or has no such name.
    """
    try:
        from mastermind.solver import Advisor, CodeBreaker, GameTooLarge
    except ImportError:
        raise SolverMissing() from None
    try:
        chosen = Advisor(strategy, seed=seed).solver(available_pegs, length, rules=rules).strategy
    except GameTooLarge as error:
        raise HintUnavailable(str(error)) from None
    return CodeBreaker(chosen, seed=seed)


def build_shipped_trees(directory: Path = SHIPPED_TREES) -> None:
    """Search out the optimal trees the package ships, and write them into ``directory``,
    each with a line of what it took.

    Raises:
        SolverMissing: the solver is not installed.
        OSError: the trees cannot be written there.
    """
    try:
        from mastermind.solver._build import write_shipped_trees
    except ImportError:
        raise SolverMissing() from None
    write_shipped_trees(directory)


def every_secret(strategy: str | None, rules: Rules, *, seed: int = 0) -> Evaluation:
    """How ``strategy``, or the best one, fares over every secret the ``rules`` allow:
    the guesses in all, the worst game, and how many secrets took each number of guesses.

    Raises:
        SolverMissing: the solver is not installed.
        ValueError: the game has too many secrets to play every one, or the strategy
            cannot play it.
    """
    try:
        from mastermind.solver import Advisor, GameTooLarge, evaluate
    except ImportError:
        raise SolverMissing() from None
    try:
        chosen = Advisor(strategy, seed=seed).solver(rules=rules).strategy
    except GameTooLarge as error:
        raise ValueError(str(error)) from None
    return evaluate(chosen, seed=seed, rules=rules)
