"""The faults themselves: a PostgreSQL server stopped hard, and a filesystem that fills up."""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
import subprocess
from collections.abc import Iterator
from pathlib import Path

from harness.postgres import PostgresCluster

__all__ = ["CannotMount", "StoppablePostgres", "fill", "small_filesystem"]


class StoppablePostgres(PostgresCluster):
    """A throwaway cluster that can be stopped as a crash stops it, and started again."""

    def stop_immediately(self) -> None:
        """``pg_ctl stop -m immediate``: every backend dies at once, no checkpoint."""
        self._options = self._recorded_options()
        self._run("pg_ctl", "stop", "-w", "-m", "immediate", "-D", self._data)

    def start_again(self) -> None:
        """Start the stopped server on its data, port and settings; it recovers from its WAL."""
        log = self._root / "server.log"
        options = self._options
        self._run("pg_ctl", "start", "-w", "-t", "60", "-D", self._data, "-l", log, "-o", options)

    def _recorded_options(self) -> str:
        """The server's options as it recorded them at start, but for its data directory,
        which ``pg_ctl`` passes itself."""
        recorded = shlex.split((self._data / "postmaster.opts").read_text())[1:]
        if "-D" in recorded:
            at = recorded.index("-D")
            del recorded[at : at + 2]
        return shlex.join(recorded)


class CannotMount(RuntimeError):
    """This machine does not let the tests mount a filesystem of their own."""


@contextlib.contextmanager
def small_filesystem(mount_point: Path, megabytes: int) -> Iterator[Path]:
    """A tmpfs of ``megabytes`` mounted at ``mount_point`` while the block runs.

    Raises:
        CannotMount: not root, or the kernel refused the mount (a container without
            ``CAP_SYS_ADMIN``, say).
    """
    if os.geteuid() != 0:
        raise CannotMount("mounting a tmpfs needs root, and the tests do not run as root")
    mount_point.mkdir(parents=True, exist_ok=True)
    command = ["mount", "-t", "tmpfs", "-o", f"size={megabytes}m,mode=0700", "tmpfs"]
    try:
        done = subprocess.run([*command, str(mount_point)], capture_output=True, text=True)
    except FileNotFoundError:
        raise CannotMount("there is no mount command on this machine") from None
    if done.returncode != 0:
        raise CannotMount(f"mount -t tmpfs was refused: {done.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "--lazy", str(mount_point)], capture_output=True)


def fill(folder: Path) -> Path:
    """A file that takes every free byte of ``folder``'s filesystem; delete it to free them."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as output:
        for chunk in (1 << 20, 1 << 12, 1):
            block = b"\0" * chunk
            while True:
                try:
                    output.write(block)
                except OSError as error:
                    if error.errno != errno.ENOSPC:
                        raise
                    break
    return filler
