"""Servers for the tests, on free ports of 127.0.0.1: in a background thread, or a process."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import uvicorn
from starlette.types import ASGIApp


@contextlib.contextmanager
def serving(app: ASGIApp, *, access_log: bool = False) -> Iterator[str]:
    """Serve ``app`` over real HTTP while the block runs; yield its base URL.

    Logging is left as it is, so that uvicorn's records reach pytest's ``caplog``.
    """
    # IPPROTO_TCP, or asyncio leaves Nagle on and every answer waits for a delayed ACK.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, lifespan="off", access_log=access_log, log_config=None)
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listener.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``mastermind.web.serve`` in a process of its own, as ``mastermind serve`` runs it."""

    def __init__(
        self, store_url: str, log: Path, *, workers: int = 1, uvicorn: bool = False, **env: str
    ) -> None:
        """With ``uvicorn``, run uvicorn's own command on ``app_from_environment`` instead."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        code = (
            "from mastermind.web import serve; "
            f"serve('127.0.0.1', {self.port}, {store_url!r}, {workers})"
        )
        command = [sys.executable, "-c", code]
        if uvicorn:
            factory = "mastermind.web:app_from_environment"
            command = [sys.executable, "-m", "uvicorn", "--factory", factory]
            command += ["--port", str(self.port), "--workers", str(workers)]
        environment = {
            name: value
            for name, value in os.environ.items()
            if name not in ("MASTERMIND_SECRET", "MASTERMIND_STORE", "MASTERMIND_WEB_SECRET")
        }
        with log.open("w") as output:
            self.process = subprocess.Popen(
                command,
                env={**environment, "MASTERMIND_STORE": store_url, **env},
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        self._wait_until_it_answers()

    def _wait_until_it_answers(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped:\n{self.log.read_text()}")
            try:
                httpx.get(f"{self.url}/openapi.json", timeout=1)
            except httpx.TransportError:
                time.sleep(0.05)
            else:
                return
        self.stop()
        raise RuntimeError(f"the server did not answer:\n{self.log.read_text()}")

    def stop(self) -> str:
        """Stop as Ctrl+C does; answer everything the server wrote."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.log.read_text()

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
