"""The application: the API's routes, the page, the OpenAPI document, and the safety net."""

from __future__ import annotations

import logging
from importlib import resources

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mastermind.bootstrap import Application
from mastermind.web._api import GameApi
from mastermind.web._openapi import openapi_document
from mastermind.web._problems import Problem, json_response

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


def create_app(application: Application) -> Starlette:
    """The web game over an application from ``bootstrap``: the HTTP API, its OpenAPI
    document and the page.

    Its games give hints where their code breaker offers them, and its tokens are the
    players': every process that serves the same store needs tokens of the same key.
    """
    api = GameApi(application.games, application.tokens)
    document = openapi_document()
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
        Mount("/static", StaticFiles(packages=[("mastermind.web", "static")]), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={
            Problem: _problem,
            HTTPException: _http_exception,
            Exception: _internal_error,
        },
    )
    app.add_middleware(_SecurityHeaders)
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


async def _internal_error(request: Request, error: Exception) -> Response:
    """The last resort: a plain problem, never a traceback. The log has the details."""
    log.error("%s %s failed with %s", request.method, request.url.path, type(error).__name__)
    return Problem(
        500, "InternalError", "The server failed to answer this request. Try again later."
    ).response()


class _SecurityHeaders:
    """Headers that keep the page from being framed, sniffed or leaking its address."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)
