"""Hints and reviews from the code breaker, for ``Games``: the solver, loaded on the first
question.

The solver needs the ``solver`` extra (numpy). It is imported only when a hint is asked
for, so that the terminal game starts fast and runs without it; asking then says what
to install. A server works hints out in processes of its own (``mastermind._hint_pool``).
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

from mastermind._install import install_hint
from mastermind.domain import DecodingBoard
from mastermind.service import (
    Hint,
    HintSource,
    HintUnavailable,
    ReviewFigures,
    ReviewSource,
    ReviewUnavailable,
)

if TYPE_CHECKING:
    from mastermind.solver import Advisor

HINT_SECONDS = 0.8
"""Seconds of processor time a hint's search takes at most: ``mastermind.solver``'s own
limit, known here without importing numpy."""
SOLVER_MISSING = f"The code breaker needs the solver extra: {install_hint('solver')}"


def solver_hints(
    *, workers: int = 0, queue: int = 0, seconds: float = 10.0, budget: float = HINT_SECONDS
) -> HintSource:
    """The solver's hints, each searched for at most ``budget`` seconds of processor time:
    worked out in the asking thread with no ``workers``, as suits the terminal game; else
    by that many processes, each hint under a deadline of ``seconds``, with at most
    ``queue`` waiting for them (see ``HintPool``)."""
    if workers == 0:
        return SolverHints(budget=budget)
    from mastermind._hint_pool import HintPool

    return HintPool(
        workers, queue=queue, seconds=seconds, source=functools.partial(SolverHints, budget=budget)
    )


class SolverMissing(HintUnavailable):
    """The ``solver`` extra (numpy) is not installed."""

    def __init__(self) -> None:
        super().__init__(SOLVER_MISSING)


class SolverHints:
    """The solver's advice, by its ``"best"`` strategy, which plays every game the rules
    allow, or by one named.

    Each hint is the solver's own, with every field of the port's ``Hint``: the codes
    ``remaining`` are ``None`` when too many to count in the time a hint may take, and
    ``incomplete`` says that the time ran out before the search finished. A strategy other
    than the best, asked for a game too large for it, is refused with ``HintUnavailable``.

    Safe to share between threads: each advisor guards its own solvers.
    """

    def __init__(self, *, seed: int = 0, budget: float = HINT_SECONDS) -> None:
        self.seed = seed
        self.budget = budget
        self._lock = threading.Lock()
        self._advisors: dict[str | None, Advisor] = {}

    def offers(self, board: DecodingBoard) -> bool:
        try:
            from mastermind.solver import Advisor
        except ImportError:
            return False
        return Advisor.plays(board.available_pegs, board.code_length)

    def hint(self, board: DecodingBoard, strategy: str | None = None) -> Hint:
        try:
            from mastermind.solver import GameTooLarge
        except ImportError:
            raise SolverMissing() from None
        try:
            return self._advisor(strategy).hint(board)
        except GameTooLarge as error:
            raise HintUnavailable(str(error)) from None

    def _advisor(self, strategy: str | None) -> Advisor:
        from mastermind.solver import STRATEGIES, Advisor

        if strategy is not None and strategy not in STRATEGIES:
            raise ValueError(f"{strategy!r} is no strategy; choose from {', '.join(STRATEGIES)}")
        with self._lock:
            advisor = self._advisors.get(strategy)
            if advisor is None:
                advisor = Advisor(strategy, seed=self.seed, seconds=self.budget)
                self._advisors[strategy] = advisor
            return advisor


class SolverReviews:
    """The solver's figures of finished games, each worked out once and kept.

    A finished game never changes, so the figures of the ``kept`` latest games reviewed
    are answered again without working them out. Safe to share between threads.
    """

    def __init__(self, *, kept: int = 32) -> None:
        self._kept = kept
        self._lock = threading.Lock()
        self._figures: OrderedDict[tuple[object, ...], ReviewFigures] = OrderedDict()

    def figures(self, board: DecodingBoard) -> ReviewFigures:
        try:
            from mastermind.solver import MAX_CODES, review_game
        except ImportError:
            raise ReviewUnavailable(SOLVER_MISSING) from None
        codes = len(board.available_pegs) ** board.code_length
        if codes > MAX_CODES:
            raise ReviewUnavailable(
                f"The code breaker reviews games of at most {MAX_CODES:,} codes;"
                f" this one has {codes:,}."
            )
        history = [(row.guess, row.feedback) for row in board.rows]
        key = (board.game_id, board.available_pegs, board.code_length, tuple(history))
        with self._lock:
            kept = self._figures.get(key)
            if kept is not None:
                self._figures.move_to_end(key)
                return kept
        figures = review_game(board.available_pegs, board.code_length, history)
        with self._lock:
            self._figures[key] = figures
            while len(self._figures) > self._kept:
                self._figures.popitem(last=False)
        return figures


def solver_reviews() -> ReviewSource:
    """The solver's reviews, worked out in the asking thread."""
    return SolverReviews()
