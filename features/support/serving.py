"""A web application over real HTTP, on uvicorn in a thread of this process.

The HTTP stage serves its games this way, and ships with the features, so that an
installed wheel runs it; the tests and the benchmarks of a checkout take it from here
through ``harness``.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import uvicorn
from starlette.types import ASGIApp

__all__ = ["serving"]


@contextlib.contextmanager
def serving(
    app: ASGIApp, *, access_log: bool = False, log_level: str | None = None, http: Any = "auto"
) -> Iterator[str]:
    """Serve ``app`` on a free port of 127.0.0.1 while the block runs; yield its base URL.

    Logging is left as it is, so that uvicorn's records reach whoever listens, such as
    pytest's ``caplog``; ``log_level`` quietens uvicorn's loggers, as a benchmark wants.
    ``http`` is uvicorn's protocol of a connection, such as ``mastermind serve``'s own.
    """
    # IPPROTO_TCP, or asyncio leaves Nagle on and every answer waits for a delayed ACK.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.bind(("127.0.0.1", 0))
    url = f"http://127.0.0.1:{listener.getsockname()[1]}"
    config = uvicorn.Config(
        app,
        lifespan="off",
        access_log=access_log,
        log_config=None,
        log_level=log_level,
        http=http,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            listener.close()
            raise RuntimeError(f"the server for {url} did not start")
        time.sleep(0.01)
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listener.close()
