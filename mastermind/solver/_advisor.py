"""Hints: the guess the best strategy for a game would make next, from its board alone."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

from mastermind.domain import MAX_LENGTH, DecodingBoard, Rules
from mastermind.solver._scoring import MOST_TABULATED
from mastermind.solver._solver import GameKind, Solver, Suggestion, game_kind, kind_of
from mastermind.solver._strategies import BEST

__all__ = ["Advisor", "GameTooLarge", "MAX_CODES"]

MAX_CODES = 32_768
"""The largest game reviewed, in codes: 5 pegs of 8 colours. Hints have no such limit."""
HINT_SECONDS = 0.8
"""The processor time a hint may take, leaving room within a second for the rest."""


class GameTooLarge(ValueError):
    """The game has more codes than the chosen strategy plays."""

    def __init__(self, codes: int, strategy: str) -> None:
        super().__init__(
            f"{strategy} plays games of at most {MOST_TABULATED:,} codes; this one has"
            f" {codes:,}. The best strategy plays any game."
        )
        self.codes = codes


class Advisor:
    """Solvers for the kinds of game asked about, each kept for the next question.

    Without a ``strategy`` each game gets ``"best"``, the strongest strategy for its
    size, which plays every game the rules allow. A hint sees what the player sees, the
    guesses and their key pegs, never the secret, and takes at most ``seconds`` of
    processor time; on a unique game it never repeats a colour.

    Safe to share between threads: each solver answers one question at a time.
    """

    def __init__(
        self,
        strategy: str | None = None,
        *,
        seed: int = 0,
        kept: int = 4,
        seconds: float | None = HINT_SECONDS,
    ) -> None:
        self.strategy = strategy
        self.seed = seed
        self.seconds = seconds
        self._kept = kept
        self._lock = threading.Lock()
        self._solvers: OrderedDict[GameKind, tuple[Solver, threading.Lock]] = OrderedDict()

    @staticmethod
    def plays(available_pegs: Sequence[str], length: int) -> bool:
        """Whether the advisor gives hints for a game of these colours and length: for
        every game the rules allow."""
        return len(available_pegs) >= 1 and 1 <= length <= MAX_LENGTH

    def solver(
        self,
        available_pegs: Sequence[str] = (),
        length: int = 0,
        *,
        unique: bool = False,
        black_only: bool = False,
        rules: Rules | None = None,
    ) -> Solver:
        """The solver for a game of these colours and length, or of these rules.

        Raises:
            GameTooLarge: the chosen strategy cannot play a game this size.
            ValueError: the chosen strategy cannot play this game.
        """
        return self._kept_solver(game_kind(rules, available_pegs, length, unique, black_only))[0]

    def hint(self, board: DecodingBoard) -> Suggestion:
        """The next guess for a game in play, from the rows of its board alone."""
        solver, lock = self._kept_solver(kind_of(board.rules))
        with lock:
            return solver.advise([(row.guess, row.feedback) for row in board.rows])

    def _kept_solver(self, kind: GameKind) -> tuple[Solver, threading.Lock]:
        with self._lock:
            kept = self._solvers.get(kind)
            if kept is not None:
                self._solvers.move_to_end(kind)
                return kept
        # Built outside the lock: a new game's solver may take a moment, and hints on
        # games already kept must not wait for it. Two askers may build the same one
        # at once; the first kept is used by both.
        built = (self._new_solver(*kind), threading.Lock())
        with self._lock:
            kept = self._solvers.setdefault(kind, built)
            self._solvers.move_to_end(kind)
            while len(self._solvers) > self._kept:
                self._solvers.popitem(last=False)
            return kept

    def _new_solver(
        self, available_pegs: tuple[str, ...], length: int, unique: bool, black_only: bool
    ) -> Solver:
        strategy = self.strategy or BEST
        try:
            return Solver(
                strategy,
                available_pegs,
                length,
                seed=self.seed,
                unique=unique,
                black_only=black_only,
                budget=self.seconds,
            )
        except ValueError:
            codes = len(available_pegs) ** length
            if codes > MOST_TABULATED:
                raise GameTooLarge(codes, strategy) from None
            raise
