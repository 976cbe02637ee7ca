"""Refusals as problem documents (RFC 9457), declared once, both ways.

``REFUSALS`` is the one table from the errors ``Games`` raises to the status and name of
the problem that reports them. The HTTP API answers with :meth:`ProblemAnswer.of`,
``--json`` prints the same document, and the terminal's client of a server reads a
problem back into the error it names with :meth:`ProblemAnswer.error`.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

import attrs

from mastermind.domain import GameError, HintsNotAllowed, UnreadableCode
from mastermind.service._daily_rule import DailyGameClosed, DailyReviewTooEarly
from mastermind.service._errors import GameNotFound
from mastermind.service._hints import HintAbandoned, HintsBusy, HintUnavailable
from mastermind.service._review import GameNotOver, ReviewUnavailable
from mastermind.service._runner import IdempotencyKeyReused
from mastermind.store import StoreError, StoreUnavailable, VersionConflict

__all__ = ["REFUSALS", "STORE_RETRY_SECONDS", "ProblemAnswer", "Refusal", "Refused"]

STORE_RETRY_SECONDS = 5
"""How long a client is asked to wait after a store fault: about as long as a request
waits for a database connection before it gives up."""

_WORD_START = re.compile(r"(?<!^)(?=[A-Z])")
_TITLES = {"MalformedJson": "Malformed JSON"}


@attrs.frozen
class Refusal:
    """How one kind of error is reported: its status, and the problem's name and words
    where they are not the error's own."""

    error: type[Exception]
    status: int
    name: str | None = None
    detail: str | None = None
    """Said instead of the error's words, which may name what a client should not see."""
    retry_after: int | None = None


REFUSALS: tuple[Refusal, ...] = (
    Refusal(GameNotFound, 404),
    Refusal(HintsNotAllowed, 403),
    Refusal(GameNotOver, 409),
    Refusal(DailyGameClosed, 409),
    Refusal(GameError, 400),
    Refusal(UnreadableCode, 400),
    Refusal(IdempotencyKeyReused, 422),
    Refusal(
        VersionConflict,
        409,
        "Conflict",
        "Other moves on this game kept arriving at the same moment: try again.",
    ),
    Refusal(HintsBusy, 503),
    Refusal(HintAbandoned, 503),
    Refusal(DailyReviewTooEarly, 409),
    Refusal(ReviewUnavailable, 404),
    Refusal(HintUnavailable, 404, "HintsUnavailable"),
    Refusal(
        StoreUnavailable,
        503,
        "StoreUnavailable",
        "The games cannot be reached just now. Try again in a few seconds.",
        STORE_RETRY_SECONDS,
    ),
    Refusal(
        StoreError,
        503,
        "StoreUnavailable",
        "The games cannot be read just now. Try again in a few seconds.",
        STORE_RETRY_SECONDS,
    ),
)
"""The first row whose error the raised one is an instance of reports it."""


class Refused(GameError):
    """A refusal a client cannot name as one of its own errors: ``error`` is the name its
    problem document gives, and the message the server's words."""

    def __init__(self, game_id: str, error: str, detail: str) -> None:
        super().__init__(game_id, detail)
        self.error = error


@attrs.frozen
class ProblemAnswer:
    """A refusal: ``error`` names it for programs, ``detail`` explains it to people, and
    ``extensions`` carries what the error knows besides (its game, its details)."""

    status: int
    error: str
    detail: str
    extensions: dict[str, Any] = attrs.field(factory=dict)
    retry_after: int | None = None
    """Seconds after which the same request may pass; not part of the document."""

    @classmethod
    def of(cls, error: Exception) -> ProblemAnswer | None:
        """The problem that reports ``error``; ``None`` for an error no row covers."""
        for refusal in REFUSALS:
            if isinstance(error, refusal.error):
                break
        else:
            return None
        # A refusal's fields travel as extensions: a GameError's, or any that has details.
        details: dict[str, Any] = getattr(error, "details", None) or {}
        extensions = {name: _plain(value) for name, value in details.items()}
        if isinstance(error, GameError) and error.game_id:
            extensions["game_id"] = error.game_id
        retry_after = getattr(error, "retry_after", refusal.retry_after)
        return cls(
            refusal.status,
            refusal.name or type(error).__name__,
            refusal.detail or (error.message if isinstance(error, GameError) else str(error)),
            extensions,
            retry_after,
        )

    @property
    def slug(self) -> str:
        return _WORD_START.sub("-", self.error).lower()

    def document(self) -> dict[str, Any]:
        """The problem as RFC 9457 writes it, with the extensions beside its members."""
        return {
            "type": f"/problems/{self.slug}",
            "title": _TITLES.get(self.error) or _WORD_START.sub(" ", self.error).capitalize(),
            "status": self.status,
            "detail": self.detail,
            "error": self.error,
            **self.extensions,
        }

    @classmethod
    def from_document(cls, document: object) -> ProblemAnswer:
        """The problem a document writes.

        Raises:
            ValueError: the document is no problem.
        """
        if not isinstance(document, dict):
            raise ValueError("a problem document is a JSON object")
        try:
            status, error, detail = document["status"], document["error"], document["detail"]
        except KeyError as missing:
            raise ValueError(f"a problem document has {missing}") from None
        if not (isinstance(status, int) and isinstance(error, str) and isinstance(detail, str)):
            raise ValueError("a problem document's status, error and detail are malformed")
        own = {"type", "title", "status", "detail", "error"}
        extensions = {name: value for name, value in document.items() if name not in own}
        return cls(status, error, detail, extensions)

    def exception(self) -> Exception:
        """The error this problem reports, as the table and the domain name it: the same
        class with the same words where it can be made again, else :class:`Refused`."""
        game_id = str(self.extensions.get("game_id", ""))
        for kind in _known_errors():
            if kind.__name__ != self.error:
                continue
            made = _remade(kind, game_id, self.detail, self.extensions)
            if made is not None:
                return made
        for refusal in REFUSALS:
            if refusal.name == self.error and not issubclass(refusal.error, GameError):
                return refusal.error(self.detail)
        return Refused(game_id, self.error, self.detail)


def _known_errors() -> list[type[Exception]]:
    """Every error of the table, and every kind of the rules' errors."""
    known: list[type[Exception]] = []
    pending: list[type[Exception]] = [refusal.error for refusal in REFUSALS]
    while pending:
        kind = pending.pop()
        if kind not in known:
            known.append(kind)
            pending.extend(kind.__subclasses__())
    return known


def _remade(
    kind: type[Exception], game_id: str, detail: str, extensions: dict[str, Any]
) -> Exception | None:
    """``kind`` made again from what its problem carried, if that makes the same words."""
    arguments = {name: value for name, value in extensions.items() if name != "game_id"}
    try:
        if issubclass(kind, GameError):
            parameters = inspect.signature(kind).parameters
            if "game_id" in parameters:
                arguments["game_id"] = game_id
            made: Exception = kind(**arguments)
        elif arguments:  # the fields make the words, as a GameError's do
            made = kind(**arguments)
        else:
            made = kind(detail)
    except (TypeError, ValueError):
        return None
    words = made.message if isinstance(made, GameError) else str(made)
    return made if words == detail else None


def _plain(value: Any) -> Any:
    """Tuples become lists, so that a detail reads the same in JSON as in Python."""
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value
