"""The application: the API's routes, the page, the OpenAPI document, and the safety net."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mastermind.bootstrap import Application
from mastermind.service import StoreError, VersionConflict
from mastermind.web._api import GameApi
from mastermind.web._daily import DailyApi
from mastermind.web._limits import ClientRates, RateLimited
from mastermind.web._live import LiveGames
from mastermind.web._problems import Problem, json_response
from mastermind.web._schema import openapi_document

__all__ = ["FailureLog", "SECURITY_HEADERS", "create_app", "log"]

log = logging.getLogger("mastermind.web")

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
    ),
]

_PROBLEMS_BY_STATUS = {404: "NotFound", 405: "MethodNotAllowed"}


def create_app(application: Application, *, public_url: str | None = None) -> Starlette:
    """The web game over an application from ``bootstrap``: the HTTP API, its OpenAPI
    document and the page. Invites are built on ``public_url`` (see
    :func:`~mastermind.config.public_url`); without it, they are relative to the page.

    Its games give hints where their code breaker offers them, and its tokens are the
    players': every process that serves the same store needs tokens of the same key.
    """
    api = GameApi(application.games, application.tokens, public_url=public_url)
    live = LiveGames(application.games, application.tokens, application.limits)
    static = resources.files("mastermind.web") / "static"
    index = (static / "index.html").read_bytes()

    async def page(request: Request) -> Response:
        return Response(index, media_type="text/html; charset=utf-8")

    async def openapi(request: Request) -> Response:
        return json_response(document)

    routes: list[BaseRoute] = [
        Route("/", page, methods=["GET"]),
        Route("/openapi.json", openapi, methods=["GET"]),
        *api.routes(),
        *live.routes(),
        *DailyApi(lambda: application.daily, application.tokens).routes(),
        Mount("/static", StaticFiles(packages=[("mastermind.web", "static")]), name="static"),
    ]
    document = openapi_document(routes)
    failures = FailureLog(log)
    app = _GameApp(
        Middleware(_SafetyNet, failures=failures),
        routes=routes,
        exception_handlers=_handlers(failures),
        lifespan=live.lifespan,
    )
    # A redirect to the path with or without its last slash would be an absolute URL on
    # the host the request named, whoever sent it: such a path is simply not found.
    app.router.redirect_slashes = False
    app.add_middleware(RateLimited, rates=ClientRates.of(application.limits))
    return app


async def _problem(request: Request, error: Exception) -> Response:
    assert isinstance(error, Problem)
    return error.response()


async def _http_exception(request: Request, error: Exception) -> Response:
    """Routing's own refusals, such as an unknown path, as problem documents too."""
    assert isinstance(error, HTTPException)
    error_name = _PROBLEMS_BY_STATUS.get(error.status_code, "BadRequest")
    detail = {
        404: f"Nothing is served at {request.url.path}.",
        405: f"{request.method} is not allowed here.",
    }.get(error.status_code, str(error.detail))
    return Problem(error.status_code, error_name, detail, headers=error.headers).response()


async def _conflict(request: Request, error: Exception) -> Response:
    """A conflict that no route settled: the same request, sent again, may well pass."""
    return Problem.conflict().response()


_Handler = Callable[[Request, Exception], Awaitable[Response]]


def _handlers(failures: FailureLog) -> dict[Any, _Handler]:
    """How each failure is answered, by Starlette's handlers and by the safety net alike."""

    async def store_fault(request: Request, error: Exception) -> Response:
        assert isinstance(error, StoreError)
        failures.store_failed(error, _where(request.scope))
        return (Problem.of(error) or Problem.internal_error()).response()

    return {
        Problem: _problem,
        HTTPException: _http_exception,
        VersionConflict: _conflict,
        StoreError: store_fault,
    }


def _where(scope: Scope) -> str:
    """The request's method and path, escaped so that no character of it can forge a
    line of the log."""
    raw_path = scope.get("raw_path")
    path = raw_path.decode("latin-1") if isinstance(raw_path, bytes) else scope["path"]
    return f"{scope['method']} {path.encode('unicode_escape').decode('ascii')}"


@attrs.define
class _Kind:
    logged_at: float
    repeats: int = 0


class FailureLog:
    """Failures reported by kind, so that an outage is a few lines of the log, not a
    traceback for every request that met it.

    The first failure of each kind is logged at once; later ones of that kind are
    counted, and logged in one line a minute at most. Once a request under ``/games``
    succeeds after store faults, one line says so, and the next fault is news again.

    A failure nobody foresaw, answered 500, is a bug: the first of its kind is logged
    with its traceback, which is what a fix needs, and which once per kind cannot flood
    the log. Later ones are counted as any other.
    """

    def __init__(
        self,
        logger: logging.Logger,
        *,
        every: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._logger = logger
        self._every = every
        self._clock = clock
        self._kinds: dict[tuple[str, str], _Kind] = {}
        """What was logged, by family ("store" or "crash") and the failure's class name."""
        self._store_failures = 0

    @property
    def store_failing(self) -> bool:
        """Whether the store failed since a request under ``/games`` last succeeded."""
        return self._store_failures > 0

    def store_failed(self, error: StoreError, where: str) -> None:
        self._store_failures += 1
        name = type(error).__name__
        self._report(("store", name), f"The store failed at {where}, answered 503: {name}: {error}")

    def store_answered(self) -> None:
        self._logger.info("The store answers again after %d failures.", self._store_failures)
        self._store_failures = 0
        self._kinds = {kind: seen for kind, seen in self._kinds.items() if kind[0] != "store"}

    def crashed(self, error: Exception, where: str) -> None:
        name = type(error).__name__
        self._report(("crash", name), f"{where} failed with {name}, answered 500", error)

    def _report(self, kind: tuple[str, str], line: str, error: Exception | None = None) -> None:
        now = self._clock()
        seen = self._kinds.get(kind)
        if seen is None:
            self._kinds[kind] = _Kind(now)
            self._logger.error("%s", line, exc_info=error)
            return
        seen.repeats += 1
        if now - seen.logged_at >= self._every:
            self._logger.error(
                "%s (and %d times more in the last %.0f s)",
                line,
                seen.repeats,
                now - seen.logged_at,
            )
            seen.logged_at, seen.repeats = now, 0


class _GameApp(Starlette):
    """Starlette, with the safety net outermost of the application's own middleware,
    whatever middleware is added after it: ``add_middleware`` puts each newcomer outside
    all the others, where its answers would miss the headers and its failures the net."""

    def __init__(self, safety_net: Middleware, **options: Any) -> None:
        super().__init__(**options)
        self._safety_net = safety_net

    def build_middleware_stack(self) -> ASGIApp:
        added = self.user_middleware
        self.user_middleware = [self._safety_net, *added]
        try:
            return super().build_middleware_stack()
        finally:
            self.user_middleware = added


class _SafetyNet:
    """Every answer leaves with the security headers, and every failure that reaches here,
    from a route or from any middleware, is answered as a problem document.

    Nothing is raised on: Starlette's own last resort would answer in plain text without
    the headers and raise again, and uvicorn would then log a traceback and close the
    kept-alive connection.
    """

    def __init__(self, app: ASGIApp, failures: FailureLog) -> None:
        self.app = app
        self.failures = failures
        self.handlers = _handlers(failures)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
                if self.failures.store_failing and _answered_games(scope, message):
                    self.failures.store_answered()
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except asyncio.CancelledError:
            # Only uvicorn cancels a request's own task: when it stops, and the request
            # outlived the grace. Raised on, uvicorn would log a traceback and answer 500.
            if started:
                raise
            await Problem.server_stopping().response()(scope, receive, send_with_headers)
        except Exception as error:
            if started:  # too late to answer: uvicorn ends the answer and the connection
                self.failures.crashed(error, _where(scope))
                return
            response = await self._answer(Request(scope), error)
            await response(scope, receive, send_with_headers)

    async def _answer(self, request: Request, error: Exception) -> Response:
        for kind in type(error).__mro__:
            handler = self.handlers.get(kind)
            if handler is not None:
                return await handler(request, error)
        self.failures.crashed(error, _where(request.scope))
        return Problem.internal_error().response()


def _answered_games(scope: Scope, message: Message) -> bool:
    """Whether a request under ``/games`` succeeded, as none can without the store."""
    return 200 <= message["status"] < 300 and str(scope["path"]).startswith("/games")
