"""How a SQL store borrows connections, and the small pool that lends SQLite's."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from mastermind.store._port import StoreClosed

__all__ = ["Lender", "Pool", "current_pid"]

C = TypeVar("C")

_pid = os.getpid()
"""This process's id, kept current across ``fork``: the pools check it at every use, and
``os.getpid()`` is a system call."""


def _after_fork_in_child() -> None:
    global _pid
    _pid = os.getpid()


if hasattr(os, "register_at_fork"):  # no fork, and no need, elsewhere
    os.register_at_fork(after_in_child=_after_fork_in_child)


def current_pid() -> int:
    """This process's id, without a system call."""
    return _pid


class Lender(Protocol[C]):
    """Lends a thread a connection from :meth:`take` to :meth:`give_back`."""

    def take(self) -> C:
        """A connection for this thread alone, until it is given back.

        Raises:
            StoreClosed: after :meth:`close`.
            StoreUnavailable: no connection could be had; or a driver's error.
        """
        ...

    def give_back(self, connection: C, *, failed: bool = False) -> None:
        """Take ``connection`` back; ``failed`` if the driver raised while it was used."""
        ...

    def lost(self, connection: C) -> bool:
        """Whether ``connection``, which failed, was cut off: a read may then be tried again."""
        ...

    def close(self) -> None: ...


class Pool(Generic[C]):
    """Hands each thread a connection of its own for as long as it needs one, from
    :meth:`take` to :meth:`give_back`.

    Connections are opened on demand, so the pool grows to the number of threads that use
    the store at once; at most ``max_idle`` are kept open between uses. A connection that
    failed is closed, so that the next use starts afresh. A connection is never shared
    across a ``fork``: the child process opens its own.
    """

    def __init__(
        self,
        open_connection: Callable[[], C],
        close_connection: Callable[[C], None],
        reusable: Callable[[C], bool],
        max_idle: int = 8,
    ) -> None:
        self._open = open_connection
        self._close = close_connection
        self._reusable = reusable
        self._max_idle = max_idle
        self._lock = threading.Lock()
        self._idle: list[C] = []
        self._pid = _pid
        self._closed = False

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        if self._pid == _pid:
            for connection in idle:
                self._close(connection)

    def take(self) -> C:
        """A connection of this process, idle or new, until :meth:`give_back`."""
        with self._lock:
            if self._closed:
                raise StoreClosed()
            if self._pid != _pid:
                # Forked: the parent's connections belong to the parent. Leave them alone.
                self._idle, self._pid = [], _pid
            if self._idle:
                return self._idle.pop()
        return self._open()

    def give_back(self, connection: C, *, failed: bool = False) -> None:
        """Keep ``connection`` for the next :meth:`take`, or close it."""
        if not failed and self._reusable(connection):
            with self._lock:
                open_here = not self._closed and self._pid == _pid
                if open_here and len(self._idle) < self._max_idle:
                    self._idle.append(connection)
                    return
        self._close(connection)

    def lost(self, connection: C) -> bool:
        """Never: a connection to a file fails with the file, and is replaced anyway."""
        return False
