"""The port through which ``Games`` asks a code breaker for hints, and its errors."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Protocol

from mastermind.domain import Code, DecodingBoard

__all__ = [
    "Hint",
    "HintAbandoned",
    "HintSource",
    "HintTimedOut",
    "HintUnavailable",
    "HintsBusy",
    "abandon_hints_when",
    "hint_abandoned",
]


class Hint(Protocol):
    """A suggested guess, how many codes the board still allows, and how it was found."""

    @property
    def guess(self) -> Code:
        """The code to try next, in the game's colours."""
        ...

    @property
    def remaining(self) -> int | None:
        """How many codes could still be the secret; ``None`` when there are too many to
        count in the time a hint may take."""
        ...

    @property
    def strategy(self) -> str:
        """The name of the strategy that chose the guess."""
        ...

    @property
    def incomplete(self) -> bool:
        """Whether the time ran out before the search for the guess finished: the guess is
        then the best found, and may not fit every key peg so far."""
        ...


class HintSource(Protocol):
    """A code breaker that suggests the next guess from a board's rows, never the secret.

    ``Games(store, hints=...)`` takes one: ``mastermind.hints.SolverHints()`` is the
    solver's, and any object with these two methods will do.
    """

    def offers(self, board: DecodingBoard) -> bool:
        """Whether hints can be had for a game like this one."""
        ...

    def hint(self, board: DecodingBoard, strategy: str | None = None) -> Hint:
        """The next guess for a board in play, by ``strategy`` or the best there is.

        A source that can stop its work early does so once :func:`hint_abandoned` says
        that nobody waits for the answer any more.

        Raises:
            HintUnavailable: no hint can be given for this game.
            HintsBusy: no hint can be given now; one may be, later.
            ValueError: the strategy is unknown, or cannot play a game this size.
        """
        ...


class HintUnavailable(Exception):
    """No hint can be had: no code breaker is wired into the games, the solver is not
    installed, or the strategy asked for cannot play a game this large."""


HINTS_NOT_WIRED = (
    "These games have no code breaker for hints: wire one in with Games(store, hints=...),"
    " such as mastermind.hints.SolverHints() for the solver's."
)
"""What ``Games.hint`` says when it was made without ``hints``."""


def check_hint_source(hints: object) -> None:
    """Refuse ``hints`` unless it is ``None`` or has the methods of a ``HintSource``.

    Raises:
        TypeError: ``hints`` lacks ``offers`` or ``hint``; the solver's ``Advisor``, which
            has no ``offers``, among them.
    """
    if hints is None:
        return
    missing = [name for name in ("offers", "hint") if not callable(getattr(hints, name, None))]
    if missing:
        raise TypeError(
            "hints must be a HintSource, with offers(board) and hint(board, strategy),"
            " such as mastermind.hints.SolverHints(), or None;"
            f" {type(hints).__name__} has no {' and no '.join(missing)}"
        )


class HintsBusy(HintUnavailable):
    """The code breaker cannot take this hint now: ask again in ``retry_after`` seconds.

    A kind of ``HintUnavailable``, so that a caller that knows nothing of busy code
    breakers still shows the reason instead of failing.
    """

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class HintTimedOut(HintsBusy):
    """The hint took longer than the code breaker may spend on one, and its work was stopped.

    The limit is in seconds of the clock, so the same hint may yet be had when the
    machine is less busy.
    """


class HintAbandoned(HintUnavailable):
    """Nobody waited for the hint any more, so its work was stopped."""


_asker_gone: ContextVar[threading.Event | None] = ContextVar("hint_asker_gone", default=None)


@contextlib.contextmanager
def abandon_hints_when(gone: threading.Event) -> Iterator[None]:
    """Hints asked within the block are abandoned once ``gone`` is set.

    Contexts are copied into the threads that ``asyncio`` and ``anyio`` run work in,
    so an asker on an event loop can abandon a hint worked out in such a thread: as
    ``Games.hint`` knows nothing of who asks, the asker's departure travels this way.
    """
    token = _asker_gone.set(gone)
    try:
        yield
    finally:
        _asker_gone.reset(token)


def hint_abandoned() -> bool:
    """Whether the asker of the hint worked out in this context has gone away."""
    gone = _asker_gone.get()
    return gone is not None and gone.is_set()
