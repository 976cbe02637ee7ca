"""The web game in a process of its own, as an operator starts it, and the processes it leaves."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Literal

import httpx

from harness.serving import free_port

__all__ = ["GENEROUS_RATES", "ServerProcess", "still_running"]

GENEROUS_RATES = ("--create-rate", "1000000/second", "--hint-rate", "1000000/second")
"""Rates no load meets, so that what it sees is the server's doing, not its limits'."""


class ServerProcess:
    """The web game on a free port of 127.0.0.1, in a process of its own, started at once
    and stopped as Ctrl+C stops it when the block ends.

    ``via`` chooses how it starts: ``serve`` calls ``mastermind.web.serve`` as
    ``mastermind serve`` does; ``command`` runs ``python -m mastermind serve`` itself, with
    ``options`` as they are; ``uvicorn`` runs uvicorn's own command on
    ``app_from_environment``, with ``options`` too. The process has this one's environment
    without its ``MASTERMIND_*`` variables, then ``MASTERMIND_STORE`` and ``environment``.
    Its port stays the same across :meth:`restart`, so that clients carry on where they
    were, and everything it writes goes to ``log``.
    """

    def __init__(
        self,
        store_url: str,
        log: Path,
        *options: str,
        workers: int = 1,
        via: Literal["serve", "command", "uvicorn"] = "serve",
        **environment: str,
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        if via == "serve":
            if options:
                raise ValueError("serve() takes no command-line options: use via='command'")
            code = (
                "from mastermind.web import serve; "
                f"serve('127.0.0.1', {self.port}, {store_url!r}, {workers})"
            )
            self.command = [sys.executable, "-c", code]
        elif via == "command":
            self.command = [
                *(sys.executable, "-m", "mastermind", "serve", "--host", "127.0.0.1"),
                *("--port", str(self.port), "--store", store_url, "--workers", str(workers)),
                *options,
            ]
        else:
            factory = "mastermind.web:app_from_environment"
            self.command = [sys.executable, "-m", "uvicorn", "--factory", factory]
            self.command += ["--port", str(self.port), "--workers", str(workers), *options]
        inherited = {
            name: value for name, value in os.environ.items() if not name.startswith("MASTERMIND_")
        }
        self.environment = {**inherited, "MASTERMIND_STORE": store_url, **environment}
        log.write_text("")
        self.process = self._start()

    def _start(self) -> subprocess.Popen[bytes]:
        with self.log.open("a") as output:
            process = subprocess.Popen(
                self.command, env=self.environment, stdout=output, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"the server stopped:\n{self.log.read_text()}")
            try:
                httpx.get(f"{self.url}/openapi.json", timeout=1)
            except httpx.TransportError:
                time.sleep(0.05)
            else:
                return process
        process.kill()
        process.wait()
        raise RuntimeError(f"the server did not answer:\n{self.log.read_text()}")

    def kill(self) -> list[int]:
        """SIGKILL: the process ends at once, mid-request, with nothing cleaned up.
        Answers the ids of the processes it had started, such as its hint workers."""
        children = _children(self.process.pid)
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        return children

    def restart(self) -> None:
        """Start the server again, on the same port and store."""
        self.process = self._start()

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


def still_running(pids: list[int], *, within: float) -> list[int]:
    """Those of ``pids`` still running after ``within`` seconds; a zombie has ended."""
    deadline = time.monotonic() + within
    while True:
        running = [pid for pid in pids if _state(pid) not in (None, "Z", "X")]
        if not running or time.monotonic() > deadline:
            return running
        time.sleep(0.05)


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, as Linux's ``/proc`` lists them."""
    return [
        int(entry.name)
        for entry in Path("/proc").iterdir()
        if entry.name.isdigit() and _parent(int(entry.name)) == pid
    ]


def _parent(pid: int) -> int | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return int(fields[1])


def _state(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return None
