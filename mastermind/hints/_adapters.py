"""The code breaker behind the service's ports: the solver's hints and reviews.

``Games(store, hints=SolverHints(), reviews=SolverReviews())`` gives hints and reviews
without the bootstrap. The solver needs the ``solver`` extra (numpy). It is imported
only when a hint or a review is asked for, so that importing this module, and starting
the terminal game, costs nothing; asking then says what to install.

``HintSource`` and ``ReviewSource`` in ``mastermind.service`` are the ports: a code
breaker of your own plugs in the same way. This module imports nothing else of
``mastermind.hints``: the pool and its workers build on it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

from mastermind._install import install_hint
from mastermind.domain import DecodingBoard
from mastermind.service import Hint, HintUnavailable, ReviewFigures, ReviewUnavailable

if TYPE_CHECKING:
    from mastermind.solver import Advisor

__all__ = [
    "HINT_SECONDS",
    "SOLVER_MISSING",
    "SolverHints",
    "SolverMissing",
    "SolverReviews",
]

HINT_SECONDS = 0.8
"""Seconds of processor time a hint's search takes at most: ``mastermind.solver``'s own
limit, known here without importing numpy."""
SOLVER_MISSING = f"The code breaker needs the solver extra: {install_hint('solver')}"
"""What a hint or a review asked for without numpy says."""


class SolverMissing(HintUnavailable):
    """The ``solver`` extra (numpy) is not installed."""

    def __init__(self) -> None:
        super().__init__(SOLVER_MISSING)


class SolverHints:
    """The solver's hints, a ``HintSource``: by its ``"best"`` strategy, which plays every
    game the rules allow, or by one named.

    Each hint is the solver's own, with every field of the port's ``Hint``: the codes
    ``remaining`` are ``None`` when too many to count in the time a hint may take, and
    ``incomplete`` says that the time ran out before the search finished. Each search
    takes at most ``budget`` seconds of processor time; ``seed`` fixes the choices of
    the strategies that draw at random.

    A strategy other than the best, asked for a game too large for it, is refused with
    ``HintUnavailable``; so is every hint where numpy is missing, with
    :class:`SolverMissing`, which says what to install.

    Safe to share between threads: each advisor guards its own solvers.
    """

    def __init__(self, *, seed: int = 0, budget: float = HINT_SECONDS) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be a whole number, not {type(seed).__name__}")
        if isinstance(budget, bool) or not isinstance(budget, int | float):
            raise TypeError(f"budget must be a number of seconds, not {type(budget).__name__}")
        if not budget > 0:
            raise ValueError(f"budget must be more than 0 seconds, not {budget!r}")
        self.seed = seed
        self.budget = budget
        self._lock = threading.Lock()
        self._advisors: dict[str | None, Advisor] = {}

    def offers(self, board: DecodingBoard) -> bool:
        """Whether the solver is installed and plays a game like this one."""
        try:
            from mastermind.solver import Advisor
        except ImportError:
            return False
        return Advisor.plays(board.available_pegs, board.code_length)

    def hint(self, board: DecodingBoard, strategy: str | None = None) -> Hint:
        """The solver's next guess for ``board``, by ``strategy`` or the best there is.

        Raises:
            SolverMissing: numpy is not installed.
            HintUnavailable: the strategy cannot play a game this large.
            ValueError: no strategy has that name.
        """
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
    """The solver's figures of finished games, a ``ReviewSource``, each worked out once
    and kept.

    A finished game never changes, so the figures of the ``kept`` latest games reviewed
    are answered again without working them out. Safe to share between threads.
    """

    def __init__(self, *, kept: int = 32) -> None:
        if isinstance(kept, bool) or not isinstance(kept, int):
            raise TypeError(f"kept must be a whole number, not {type(kept).__name__}")
        if kept < 0:
            raise ValueError(f"kept must be 0 or more, not {kept}")
        self._kept = kept
        self._lock = threading.Lock()
        self._figures: OrderedDict[tuple[object, ...], ReviewFigures] = OrderedDict()

    def figures(self, board: DecodingBoard) -> ReviewFigures:
        """The solver's figures of every row of a finished game's board.

        Raises:
            ReviewUnavailable: numpy is not installed, or the game has more codes than
                the solver reviews.
        """
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
        key = (board.game_id, board.rules, tuple(history))
        with self._lock:
            kept = self._figures.get(key)
            if kept is not None:
                self._figures.move_to_end(key)
                return kept
        figures = review_game(board.available_pegs, board.code_length, history, rules=board.rules)
        with self._lock:
            self._figures[key] = figures
            while len(self._figures) > self._kept:
                self._figures.popitem(last=False)
        return figures
