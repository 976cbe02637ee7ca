"""Hints and the code breaker in the terminal: what a hint says, and the strategies.

A hint comes from ``Games``, which asks the code breaker the bootstrap chose. ``solve``
plays a whole game with the solver itself, which needs the ``solver`` extra (numpy):
it is imported only then, and without it ``solve`` says what to install.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from mastermind._advice import SolverMissing
from mastermind.cli._board import PegLook
from mastermind.domain import Code
from mastermind.service import Hint, HintUnavailable

if TYPE_CHECKING:
    from mastermind.solver import Solver

STRATEGIES = (
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


def solver_for(
    strategy: str | None, available_pegs: Sequence[str], length: int, *, seed: int
) -> Solver:
    """The solver that plays a game of these colours and length by ``strategy``, or by
    the best strategy for it.

    Raises:
        SolverMissing: the solver is not installed.
        HintUnavailable: the game is too large for the solver.
        ValueError: the strategy cannot play a game this size.
    """
    try:
        from mastermind.solver import Advisor, GameTooLarge
    except ImportError:
        raise SolverMissing() from None
    try:
        return Advisor(strategy, seed=seed).solver(available_pegs, length)
    except GameTooLarge as error:
        raise HintUnavailable(str(error)) from None


def code_with_names(code: Code, look: PegLook) -> Text:
    """A code as the board draws it, followed by its colours' names where they are not shown."""
    names = str(code)
    if not look.colour and not look.by_initial:
        return Text(names)
    return Text.assemble(look.code(code), f" ({names})")


def hint_text(hint: Hint, look: PegLook) -> Text:
    """The guess, and how many codes are left: ``Hint: R R G G (Red Red Green Green)``..."""
    codes = "1 code" if hint.remaining == 1 else f"{hint.remaining:,} codes"
    return Text.assemble(
        ("Hint: ", "bold" if look.colour else ""),
        code_with_names(hint.guess, look),
        f"\n{codes} could still be the secret.",
    )
