"""``serve``: the web game on uvicorn, over the store a URL names, with one or more workers."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import functools
import logging
import os
import socket
import threading
from collections.abc import AsyncIterator, Callable
from typing import Any

import attrs
import uvicorn
from starlette.applications import Starlette

from mastermind.bootstrap import Application, bootstrap
from mastermind.config import (
    DEFAULT_STORE_URL,
    KEY_VARIABLE,
    LIMITS_STORAGE_VARIABLE,
    LIMITS_VARIABLE,
    PUBLIC_URL_VARIABLE,
    SERVING_LIMITS,
    STORE_VARIABLE,
    Limits,
    Settings,
    UnsupportedStoreURL,
    tokens_key,
)
from mastermind.config import public_url as checked_public_url
from mastermind.web._app import create_app
from mastermind.web._socket import BoundedProtocol

__all__ = ["CLOSE_SECONDS", "GRACE_SECONDS", "app_from_environment", "log", "serve"]

log = logging.getLogger("mastermind.web")

GRACE_SECONDS = 5
"""How long requests in flight may run on once the server is told to stop."""
CLOSE_SECONDS = 3.0
"""How long closing the application may take before the process ends without waiting:
with the grace, well within the 10 s that ``docker stop``, for one, gives before SIGKILL."""


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    store_url: str = DEFAULT_STORE_URL,
    workers: int = 1,
    *,
    log_level: str = "info",
    limits: Limits | None = None,
    trust_proxy: str | None = None,
    public_url: str | None = None,
) -> None:
    """Serve the web game until interrupted.

    Every worker opens the store at ``store_url`` (see ``mastermind.store.connect``); a
    URL that names no store raises ``UnsupportedStoreURL`` before anything is served.

    Players' tokens are checked with the key in ``MASTERMIND_WEB_SECRET``. Without it, a
    SQLite store keeps a key in a file next to its database (``games.db.key``), and any
    other store gets a fresh key, good until the server stops: give every server of one
    PostgreSQL store the same ``MASTERMIND_WEB_SECRET``. ``MASTERMIND_SECRET``, a testing
    aid, gives every game the same secret.

    Every worker takes on ``limits``; left out, those in ``MASTERMIND_LIMITS``, else
    ``SERVING_LIMITS``, counted where ``MASTERMIND_LIMITS_STORAGE`` says if it is set.
    ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed only from the
    addresses in ``trust_proxy``: IPs and networks separated by commas, or ``*`` for any.
    Invites to a friend are built on ``public_url``, left out the one in
    ``MASTERMIND_PUBLIC_URL``; without either, they are links relative to the page.
    Told to stop, the server lets requests in flight run for ``GRACE_SECONDS``. Each
    connection's send buffer holds ``limits.stream_buffer`` bytes, and a connection whose
    client reads nothing of what waits for ``limits.stream_stall`` seconds is cut.

    Raises:
        UnsupportedStoreURL: the URL names no store.
        StoreError: the store cannot be opened, such as a damaged SQLite file.
        ValueError: ``public_url``, or the one in the environment, is no http or https
            address; checked here, before any worker could fail on it.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    public_url = checked_public_url(public_url or os.environ.get(PUBLIC_URL_VARIABLE) or None)
    if workers > 1 and store_url.startswith("memory:"):
        raise UnsupportedStoreURL(
            store_url,
            "a store in memory belongs to one process, so several workers cannot share it",
        )
    if limits is None:
        in_environment = bool(os.environ.get(LIMITS_VARIABLE))
        # MASTERMIND_LIMITS_STORAGE holds alone where the limits are counted.
        storage = Limits.from_environment(os.environ).storage
        limits = (
            Limits.from_environment(os.environ)
            if in_environment
            else attrs.evolve(SERVING_LIMITS, storage=storage)
        )
    # Every worker takes the key from here, so that each accepts the others' tokens.
    os.environ[KEY_VARIABLE] = tokens_key(store_url, os.environ)
    os.environ[STORE_VARIABLE] = store_url
    os.environ[LIMITS_VARIABLE] = limits.to_environment()
    os.environ[LIMITS_STORAGE_VARIABLE] = limits.storage
    if public_url is not None:
        os.environ[PUBLIC_URL_VARIABLE] = public_url
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": log_level,
        "log_config": _log_config(log_level),
        "server_header": False,
        "proxy_headers": trust_proxy is not None,
        "timeout_graceful_shutdown": GRACE_SECONDS,
        # Every connection's send buffer bounded, and a client that stopped reading cut.
        "http": functools.partial(BoundedProtocol, limits=limits),
    }
    if trust_proxy is not None:
        options["forwarded_allow_ips"] = trust_proxy
    if workers == 1:
        uvicorn.run(app_from_environment(), **options)
        return
    # Open the store once here, so that a wrong URL fails now, not in every worker.
    bootstrap(store_url, hints=None, environment=os.environ).close()
    config = _WorkersConfig(
        f"{__name__}:app_from_environment", factory=True, workers=workers, **options
    )
    from uvicorn.supervisors import Multiprocess

    sockets = [config.bind_socket()]
    try:
        supervisor = Multiprocess(config, sockets=sockets)
    except TypeError:  # older versions of uvicorn also want the function each worker runs
        supervisor = Multiprocess(config, target=uvicorn.Server(config).run, sockets=sockets)  # type: ignore[call-arg]
    with contextlib.suppress(KeyboardInterrupt):
        supervisor.run()


class _WorkersConfig(uvicorn.Config):
    """uvicorn's settings, with a listening socket that answers without delay.

    uvicorn opens the socket of its workers without naming TCP as its protocol, so asyncio
    leaves Nagle's algorithm on for every connection: on a kept-alive connection, each
    answer's body then waits some 40 ms for the client's delayed acknowledgement.
    """

    def bind_socket(self) -> socket.socket:
        bound = super().bind_socket()
        if bound.family not in (socket.AF_INET, socket.AF_INET6):
            return bound
        bound.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        tcp = socket.socket(bound.family, bound.type, socket.IPPROTO_TCP, fileno=bound.detach())
        tcp.set_inheritable(True)
        return tcp


def _log_config(log_level: str) -> dict[str, Any]:
    """uvicorn's logging, with the application's own lines beside its lines: without a
    handler, the news that the store answers again, at INFO, would go unseen.

    psycopg's pool warns of every failed reconnection, in two lines each; the server
    already logs an outage once, with its count, so only the pool's errors are kept.
    """
    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    level = log_level.upper()
    config["loggers"]["mastermind"] = {"handlers": ["default"], "level": level, "propagate": False}
    config["loggers"]["psycopg.pool"] = {"level": "ERROR"}
    return config


def app_from_environment() -> Starlette:
    """The web game as the environment configures it, for any ASGI server.

    ``MASTERMIND_STORE`` names the store (``sqlite:///mastermind.db`` by default),
    ``MASTERMIND_WEB_SECRET`` the key of the players' tokens, with the same fallbacks as
    ``serve``, ``MASTERMIND_LIMITS`` what one process takes on, ``MASTERMIND_LIMITS_STORAGE``
    where its limits are counted, ``MASTERMIND_PUBLIC_URL`` the address invites are built
    on, and ``MASTERMIND_SECRET`` a secret for every game, to test with. ``serve`` sets
    the first four for its workers, and the fifth when it is given one.

    Raises:
        ValueError: a variable holds no such setting, such as a public URL with a query.
    """
    settings = Settings.from_environment(os.environ)
    application = bootstrap(settings=settings)
    app = create_app(application, public_url=settings.public_url)
    app.router.lifespan_context = _closing(application, app.router.lifespan_context)
    return app


_Lifespan = Callable[[Starlette], contextlib.AbstractAsyncContextManager[None]]


def _closing(
    application: Application,
    serving: Callable[[Starlette], contextlib.AbstractAsyncContextManager[Any]],
) -> _Lifespan:
    """The app's own lifespan, ``serving``, and then the application closed."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            async with serving(app):
                yield
        finally:
            await _close_within(application, CLOSE_SECONDS)

    return lifespan


async def _close_within(application: Application, seconds: float) -> None:
    """Close the application in a thread of its own, and wait for it ``seconds`` at most.

    A database that does not answer must not keep a stopping server alive: the thread is
    a daemon, so the process ends without it.
    """
    loop = asyncio.get_running_loop()
    closed: asyncio.Future[None] = loop.create_future()

    def close() -> None:
        try:
            application.close()
        except Exception as error:  # the server stops all the same
            log.warning("Closing the store failed: %s: %s", type(error).__name__, error)
        with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits
            loop.call_soon_threadsafe(_settle, closed)

    threading.Thread(target=close, name="closing the application", daemon=True).start()
    try:
        await asyncio.wait_for(closed, seconds)
    except TimeoutError:
        log.warning("Closing the store took more than %g s: stopping without it.", seconds)


def _settle(closed: asyncio.Future[None]) -> None:
    if not closed.done():  # given up on, the wait was cancelled
        closed.set_result(None)
