"""Hints from the solver: the guess it would make next, worked out from the board's rows.

A hint sees what the player sees, the guesses and their key pegs, never the secret. The
solver needs the ``solver`` extra (numpy), so it is imported only when a hint is asked
for; without it, asking says what to install.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from rich.text import Text

from mastermind.cli._board import PegLook
from mastermind.domain import Code, DecodingBoard

if TYPE_CHECKING:
    from mastermind.solver import Advisor, Hint, Solver

T = TypeVar("T")

SOLVER_MISSING = 'The solver is not installed: pip install "mastermind[solver]"'

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


class SolverMissing(Exception):
    """The ``solver`` extra is not installed."""

    def __init__(self) -> None:
        super().__init__(SOLVER_MISSING)


class GameTooLarge(Exception):
    """The game has more codes than the solver plays."""


class CodeBreakers:
    """The solver's advice, loaded on the first question so that numpy is only needed then.

    Raises (from every method that plays):
        SolverMissing: numpy is not installed.
        GameTooLarge: the game has more codes than the solver plays.
        ValueError: the strategy cannot play a game this size.
    """

    def __init__(self, strategy: str | None = None, *, seed: int = 0) -> None:
        self.strategy = strategy
        self.seed = seed
        self._advisor: Advisor | None = None

    def solver(self, available_pegs: Sequence[str], length: int) -> Solver:
        """The solver for a game of these colours and length."""
        return self._asking(lambda advisor: advisor.solver(available_pegs, length))

    def hint(self, board: DecodingBoard) -> Hint:
        """The next guess for a game in play, from the rows of its board alone."""
        return self._asking(lambda advisor: advisor.hint(board))

    def _asking(self, question: Callable[[Advisor], T]) -> T:
        try:
            from mastermind.solver import Advisor
            from mastermind.solver import GameTooLarge as TooLargeForTheSolver
        except ImportError:
            raise SolverMissing() from None
        if self._advisor is None:
            self._advisor = Advisor(self.strategy, seed=self.seed)
        try:
            return question(self._advisor)
        except TooLargeForTheSolver as error:
            raise GameTooLarge(str(error)) from None


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
