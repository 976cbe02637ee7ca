"""Errors as RFC 9457 problem details: ``application/problem+json`` with a readable detail."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from starlette.responses import Response

from mastermind.domain import GameError, HintsNotAllowed
from mastermind.service import GameNotFound, GameNotOver, StoreError, StoreUnavailable

PROBLEM_JSON = "application/problem+json"

STORE_RETRY_SECONDS = 5
"""How long a client is asked to wait after a store fault: about as long as a request
waits for a database connection before it gives up."""

_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))
"""How every answer is encoded; made once, as ``json.dumps`` with these options would make
one for each answer."""

_WORD_START = re.compile(r"(?<!^)(?=[A-Z])")
_TITLES = {"MalformedJson": "Malformed JSON"}


class Problem(Exception):
    """A request the API refuses, answered as a problem document.

    ``error`` names the problem for programs, as the domain's error classes do;
    ``detail`` explains it to people.
    """

    def __init__(
        self,
        status: int,
        error: str,
        detail: str,
        *,
        headers: Mapping[str, str] | None = None,
        **extensions: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.error = error
        self.detail = detail
        self.headers = dict(headers or {})
        self.extensions = extensions

    @classmethod
    def from_game_error(cls, error: GameError) -> Problem:
        """404 for a game nobody started, 409 for a game not over yet where only a finished
        one will do, 403 for hints the code maker does not allow, 400 for every refusal of
        the rules."""
        if isinstance(error, GameNotFound):
            status = 404
        elif isinstance(error, HintsNotAllowed):
            status = 403
        elif isinstance(error, GameNotOver):
            status = 409
        else:
            status = 400
        extensions = {name: _plain(value) for name, value in error.details.items()}
        if error.game_id:
            extensions["game_id"] = error.game_id
        return cls(status, type(error).__name__, error.message, **extensions)

    @classmethod
    def from_store_error(cls, error: StoreError) -> Problem:
        """503 with ``Retry-After``: the store failed, and trying again later may work.

        The store's own words stay in the log: a driver's message may name hosts, users
        and files that are none of a client's business.
        """
        if isinstance(error, StoreUnavailable):
            detail = "The games cannot be reached just now. Try again in a few seconds."
        else:
            detail = "The games cannot be read just now. Try again in a few seconds."
        return cls(
            503, "StoreUnavailable", detail, headers={"Retry-After": str(STORE_RETRY_SECONDS)}
        )

    @classmethod
    def conflict(cls) -> Problem:
        """409: other writers kept getting to the game first; the same request may pass."""
        return cls(
            409, "Conflict", "Other moves on this game kept arriving at the same moment: try again."
        )

    @classmethod
    def server_stopping(cls) -> Problem:
        """503 for a request still running when the server stopped: another server, or
        this one restarted, can answer it."""
        return cls(
            503,
            "ServerStopping",
            "The server stopped before it could answer. Try again in a few seconds.",
            headers={"Retry-After": str(STORE_RETRY_SECONDS), "Connection": "close"},
        )

    @classmethod
    def internal_error(cls) -> Problem:
        """The last resort: a plain problem, never a traceback."""
        return cls(
            500, "InternalError", "The server failed to answer this request. Try again later."
        )

    @property
    def slug(self) -> str:
        return _WORD_START.sub("-", self.error).lower()

    def document(self) -> dict[str, Any]:
        return {
            "type": f"/problems/{self.slug}",
            "title": _TITLES.get(self.error) or _WORD_START.sub(" ", self.error).capitalize(),
            "status": self.status,
            "detail": self.detail,
            "error": self.error,
            **self.extensions,
        }

    def response(self) -> Response:
        return json_response(
            self.document(), self.status, headers=self.headers, media_type=PROBLEM_JSON
        )


def json_response(
    content: Any,
    status: int = 200,
    *,
    headers: Mapping[str, str] | None = None,
    media_type: str = "application/json",
) -> Response:
    """JSON that no cache keeps: answers may carry a player's token."""
    body = _ENCODER.encode(content)
    return Response(
        body.encode("utf-8", "backslashreplace"),
        status,
        headers={"Cache-Control": "no-store", **(headers or {})},
        media_type=media_type,
    )


def _plain(value: Any) -> Any:
    """Tuples become lists, so that a detail reads the same in JSON as in Python."""
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value
