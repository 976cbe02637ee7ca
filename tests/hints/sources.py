"""Code breakers for the tests of hints: fakes that answer at once, count their questions,
say what the solver says only now and then, or take as long as a test needs.

The pool's workers import them by name, in processes of their own, so they live here and
hold no state that must cross between processes.
"""

from __future__ import annotations

import time

import attrs

from mastermind.domain import Code, DecodingBoard, Outcome, Rules
from mastermind.hints import SolverHints
from mastermind.service import Hint, HintUnavailable

SLOW_PEGS = ("Sloth", "Snail")
"""The colours of a game whose hints ``SleepyHints`` works out for ten minutes."""
SLOW = DecodingBoard("slow", Outcome.IN_PROGRESS, Rules(9, SLOW_PEGS))


@attrs.frozen
class SuggestedGuess:
    """A hint with every field of the port's ``Hint``."""

    guess: Code
    remaining: int | None
    strategy: str
    incomplete: bool = False


class CountedHints:
    """Answers each board with its palette's colours in turn, starting one further along
    for every row, and counts the questions: a cache in front of it that answers again
    asks it nothing.

    ``remaining`` and ``incomplete`` are the fields of every answer; a board of one peg
    is refused, as a code breaker refuses a game it cannot play.
    """

    def __init__(self, *, remaining: int | None = 7, incomplete: bool = False) -> None:
        self.remaining = remaining
        self.incomplete = incomplete
        self.asked: list[tuple[DecodingBoard, str | None]] = []

    def offers(self, board: DecodingBoard) -> bool:
        return board.code_length > 1

    def hint(self, board: DecodingBoard, strategy: str | None = None) -> Hint:
        self.asked.append((board, strategy))
        if board.code_length == 1:
            raise HintUnavailable("No hints for a game of one peg.")
        colours = board.available_pegs
        start = len(board.rows)
        guess = Code(tuple(colours[(start + at) % len(colours)] for at in range(board.code_length)))
        return SuggestedGuess(guess, self.remaining, strategy or "counted", self.incomplete)


class UncountedHints:
    """A worker's code breaker that answers, as the solver does for a game too large to
    count, with ``remaining`` ``None``, and as when its time ran out, ``incomplete``."""

    def __init__(self, *, seed: int = 0) -> None:
        self.seed = seed

    def offers(self, board: DecodingBoard) -> bool:
        return True

    def hint(self, board: DecodingBoard, strategy: str | None = None) -> Hint:
        guess = Code((board.available_pegs[-1],) * board.code_length)
        return SuggestedGuess(guess, None, strategy or f"uncounted, seed {self.seed}", True)


class SleepyHints:
    """The solver's hints, but for a game of ``SLOW_PEGS``, worked out for ten minutes:
    a hint its pool has to stop, whatever the solver's own time limits."""

    def __init__(self, *, seed: int = 0) -> None:
        self._solver = SolverHints(seed=seed)

    def offers(self, board: DecodingBoard) -> bool:
        return board.available_pegs == SLOW_PEGS or self._solver.offers(board)

    def hint(self, board: DecodingBoard, strategy: str | None = None) -> Hint:
        if board.available_pegs == SLOW_PEGS:
            time.sleep(600)
        return self._solver.hint(board, strategy)
