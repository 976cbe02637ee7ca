"""Hints: the guess the best strategy for a game would make next, from its board alone."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

import attrs

from mastermind.domain import Code, DecodingBoard
from mastermind.solver._solver import Solver

MAX_CODES = 32_768
"""The largest game the advisor plays, in codes: 5 pegs of 8 colours."""
FALLBACK_STRATEGY = "entropy-endgame"
"""The strategy for games with no optimal one: no tree is shipped, and none is searched."""


class GameTooLarge(ValueError):
    """The game has more codes than the advisor plays."""

    def __init__(self, codes: int) -> None:
        super().__init__(
            f"The code breaker plays games of at most {MAX_CODES:,} codes; this one has {codes:,}."
        )
        self.codes = codes


@attrs.frozen
class Hint:
    """The guess a strategy makes next, and how many codes the board still allows."""

    guess: Code
    remaining: int | None
    """How many codes could still be the secret; ``None`` when too many to count in the
    time a hint may take."""
    strategy: str
    incomplete: bool = False
    """Whether the time ran out before the strategy finished its search, so that the guess
    is the best it found: it may not fit every key peg so far."""


class Advisor:
    """Solvers for the kinds of game asked about, each kept for the next question.

    Without a ``strategy`` each game gets the best there is: ``"optimal"`` where a tree is
    shipped or the game is small enough to search, else ``FALLBACK_STRATEGY``. A hint
    sees what the player sees, the guesses and their key pegs, never the secret.

    Safe to share between threads: each solver answers one question at a time.
    """

    def __init__(self, strategy: str | None = None, *, seed: int = 0, kept: int = 4) -> None:
        self.strategy = strategy
        self.seed = seed
        self._kept = kept
        self._lock = threading.Lock()
        self._solvers: OrderedDict[tuple[tuple[str, ...], int], tuple[Solver, threading.Lock]]
        self._solvers = OrderedDict()

    @staticmethod
    def plays(available_pegs: Sequence[str], length: int) -> bool:
        """Whether a game of these colours and length is small enough to advise on."""
        codes: int = len(available_pegs) ** length
        return codes <= MAX_CODES

    def solver(self, available_pegs: Sequence[str], length: int) -> Solver:
        """The solver for a game of these colours and length.

        Raises:
            GameTooLarge: the game has more than ``MAX_CODES`` codes.
            ValueError: the chosen strategy cannot play a game this size.
        """
        return self._kept_solver(tuple(available_pegs), length)[0]

    def hint(self, board: DecodingBoard) -> Hint:
        """The next guess for a game in play, from the rows of its board alone."""
        solver, lock = self._kept_solver(board.available_pegs, board.code_length)
        history = [(row.guess, row.feedback) for row in board.rows]
        with lock:
            return Hint(
                solver.next_guess(history), len(solver.candidates(history)), solver.strategy
            )

    def _kept_solver(
        self, available_pegs: tuple[str, ...], length: int
    ) -> tuple[Solver, threading.Lock]:
        if not self.plays(available_pegs, length):
            raise GameTooLarge(len(available_pegs) ** length)
        key = (available_pegs, length)
        with self._lock:
            kept = self._solvers.get(key)
            if kept is not None:
                self._solvers.move_to_end(key)
                return kept
        # Built outside the lock: a new game's solver may take seconds, and hints on
        # games already kept must not wait for it. Two askers may build the same one
        # at once; the first kept is used by both.
        built = (self._new_solver(*key), threading.Lock())
        with self._lock:
            kept = self._solvers.setdefault(key, built)
            self._solvers.move_to_end(key)
            while len(self._solvers) > self._kept:
                self._solvers.popitem(last=False)
            return kept

    def _new_solver(self, available_pegs: tuple[str, ...], length: int) -> Solver:
        if self.strategy is not None:
            return Solver(self.strategy, available_pegs, length, seed=self.seed)
        try:
            return Solver("optimal", available_pegs, length)
        except ValueError:  # no optimal strategy for a game this size
            return Solver(FALLBACK_STRATEGY, available_pegs, length, seed=self.seed)
