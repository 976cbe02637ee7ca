"""Errors as RFC 9457 problem details: ``application/problem+json`` with a readable detail."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from mastermind.service import (
    STORE_RETRY_SECONDS,
    ProblemAnswer,
    StoreError,
    VersionConflict,
)

__all__ = [
    "PROBLEM_JSON",
    "Problem",
    "json_response",
    "json_text",
    "json_text_response",
    "refused_as_problems",
]

PROBLEM_JSON = "application/problem+json"

T = TypeVar("T")

_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))
"""How every answer is encoded; made once, as ``json.dumps`` with these options would make
one for each answer."""


class Problem(Exception):
    """A request the API refuses, answered as a problem document.

    ``error`` names the problem for programs, as the domain's error classes do;
    ``detail`` explains it to people. The refusals of ``Games`` are the service's
    :class:`ProblemAnswer`, declared once with their statuses; the API's own, such as a
    body that is not JSON, are made here.
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
        self.answer = ProblemAnswer(status, error, detail, extensions)
        self.headers = dict(headers or {})

    @property
    def status(self) -> int:
        return self.answer.status

    @property
    def error(self) -> str:
        return self.answer.error

    @property
    def detail(self) -> str:
        return self.answer.detail

    @classmethod
    def of(cls, error: Exception) -> Problem | None:
        """The problem that reports one of the service's refusals; ``None`` for another
        error, which is a fault of the server.

        The store's own words stay in the log: a driver's message may name hosts, users
        and files that are none of a client's business.
        """
        answer = ProblemAnswer.of(error)
        if answer is None:
            return None
        headers = {} if answer.retry_after is None else {"Retry-After": str(answer.retry_after)}
        return cls(answer.status, answer.error, answer.detail, headers=headers, **answer.extensions)

    @classmethod
    def conflict(cls) -> Problem:
        """409: other writers kept getting to the game first; the same request may pass."""
        made = cls.of(VersionConflict("", 0, 0))
        assert made is not None
        return made

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
        return self.answer.slug

    def document(self) -> dict[str, Any]:
        return self.answer.document()

    def response(self) -> Response:
        return json_response(
            self.document(), self.status, headers=self.headers, media_type=PROBLEM_JSON
        )


async def refused_as_problems(
    action: Callable[..., T],
    *args: Any,
    passing: tuple[type[Exception], ...] = (),
    **kwargs: Any,
) -> T:
    """Run a blocking call on the service in a worker thread; its refusals become problems,
    but for those ``passing``, which the caller answers itself.

    A fault of the store is left to the app's handler, which logs it before answering 503.
    """
    try:
        return await run_in_threadpool(action, *args, **kwargs)
    except Exception as error:
        problem = None if _is_fault(error) or isinstance(error, passing) else Problem.of(error)
        if problem is None:
            raise
        raise problem from None


def _is_fault(error: Exception) -> bool:
    return isinstance(error, StoreError) and not isinstance(error, VersionConflict)


def json_response(
    content: Any,
    status: int = 200,
    *,
    headers: Mapping[str, str] | None = None,
    media_type: str = "application/json",
) -> Response:
    """JSON that no cache keeps: answers may carry a player's token."""
    return json_text_response(json_text(content), status, headers=headers, media_type=media_type)


def json_text(content: Any) -> str:
    """``content`` as the JSON text every answer is written as."""
    return _ENCODER.encode(content)


def json_text_response(
    text: str,
    status: int = 200,
    *,
    headers: Mapping[str, str] | None = None,
    media_type: str = "application/json",
) -> Response:
    """:func:`json_response` of content already written by :func:`json_text`."""
    return Response(
        text.encode("utf-8", "backslashreplace"),
        status,
        headers={"Cache-Control": "no-store", **(headers or {})},
        media_type=media_type,
    )
