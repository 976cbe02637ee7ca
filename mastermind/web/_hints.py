"""Hints from the solver, where it is installed: the guess its best strategy would make."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mastermind.domain import Code, DecodingBoard
from mastermind.web._api import HintProvider

if TYPE_CHECKING:
    from mastermind.solver import Advisor


def solver_hints() -> HintProvider | None:
    """Hints from ``mastermind.solver``, or ``None`` where it is not installed."""
    try:
        from mastermind.solver import Advisor
    except ImportError:
        return None
    return SolverHints(Advisor())


class SolverHints:
    """The solver's next guess for a board, for games small enough for it."""

    def __init__(self, advisor: Advisor) -> None:
        self._advisor = advisor

    def offers(self, board: DecodingBoard) -> bool:
        return self._advisor.plays(board.available_pegs, board.code_length)

    def __call__(self, board: DecodingBoard) -> Code | None:
        if not self.offers(board):
            return None
        return self._advisor.hint(board).guess
