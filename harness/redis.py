"""A throwaway Redis server: on a free port of 127.0.0.1, in a temporary directory, keeping
nothing on disk, and stopped, with its directory removed, when the block ends."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType

import redis

from harness.serving import free_port
from harness.waiting import eventually

__all__ = ["RedisServer", "RedisUnavailable"]


class RedisUnavailable(Exception):
    """No ``redis-server`` to start: ``tools/system-packages.sh`` installs it."""


class RedisServer:
    """``with RedisServer() as server:`` gives a running Redis at ``server.url``.

    :meth:`stop` and :meth:`start` stop it and start it again on the same port, as an
    operator restarting it would, empty: it persists nothing.
    """

    def __init__(self) -> None:
        program = shutil.which("redis-server")
        if program is None:
            raise RedisUnavailable("redis-server is not installed: run tools/system-packages.sh")
        self.program = program
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}"
        self._root = Path(tempfile.mkdtemp(prefix="mastermind-redis-"))
        self._process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> RedisServer:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def start(self) -> None:
        """Start the server, and wait until it answers."""
        command = [self.program, "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--dir", str(self._root), "--save", "", "--appendonly", "no"]
        command += ["--logfile", str(self._root / "server.log")]
        self._process = subprocess.Popen(command, cwd=self._root)
        if not eventually(self._answers, seconds=20):
            self.stop()
            raise RedisUnavailable(f"redis-server did not answer on port {self.port}")

    def stop(self) -> None:
        """Stop the server at once, as a crash would; what it held is gone."""
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait(timeout=10)
        self._process = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self._root, ignore_errors=True)

    def client(self) -> redis.Redis:
        """A client of the server."""
        return redis.Redis.from_url(self.url, socket_timeout=2)

    def _answers(self) -> bool:
        if self._process is None or self._process.poll() is not None:
            return False
        try:
            return bool(self.client().ping())
        except redis.RedisError:
            return False
