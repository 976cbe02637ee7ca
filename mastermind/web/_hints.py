"""Hints from the solver, where it is installed: the guess its best strategy would make."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

from mastermind.domain import Code, DecodingBoard
from mastermind.web._api import HintProvider

if TYPE_CHECKING:
    from mastermind.solver import Solver

MAX_CODES = 32_768
"""The largest game the solver gives hints for, in codes: 8 colours and 5 pegs."""
_KEPT = 4


def solver_hints() -> HintProvider | None:
    """Hints from ``mastermind.solver``, or ``None`` where it is not installed."""
    try:
        import mastermind.solver  # noqa: F401
    except ImportError:
        return None
    return SolverHints()


class SolverHints:
    """The solver's next guess for a board: optimal where it can be, else by entropy.

    A solver keeps what it works out, so one is kept for each of the last few kinds of
    game, and used by one request at a time.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._solvers: OrderedDict[tuple[tuple[str, ...], int], tuple[Solver, threading.Lock]]
        self._solvers = OrderedDict()

    def offers(self, board: DecodingBoard) -> bool:
        codes: int = len(board.available_pegs) ** board.code_length
        return codes <= MAX_CODES

    def __call__(self, board: DecodingBoard) -> Code | None:
        if not self.offers(board):
            return None
        solver, lock = self._solver(board.available_pegs, board.code_length)
        with lock:
            return solver.next_guess([(row.guess, row.feedback) for row in board.rows])

    def _solver(self, palette: tuple[str, ...], length: int) -> tuple[Solver, threading.Lock]:
        from mastermind.solver import Solver

        with self._lock:
            kept = self._solvers.pop((palette, length), None)
            if kept is None:
                try:
                    kept = (Solver("optimal", palette, length), threading.Lock())
                except ValueError:  # no optimal strategy for a game this size
                    kept = (Solver("entropy-endgame", palette, length), threading.Lock())
            self._solvers[palette, length] = kept
            while len(self._solvers) > _KEPT:
                self._solvers.popitem(last=False)
            return kept
