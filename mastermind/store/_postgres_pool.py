"""The PostgreSQL store's connections: psycopg_pool's pool, bounded, and told apart when
it cannot serve because it is busy or because the server is gone."""

from __future__ import annotations

import math
import os
import select
import sys
import threading
import time
from typing import Any

import psycopg
import psycopg.conninfo
from psycopg_pool import ConnectionPool, PoolClosed, PoolTimeout

from mastermind.store._pool import current_pid
from mastermind.store._port import StoreClosed, StoreUnavailable
from mastermind.store._sql import one_line

__all__ = ["PostgresPool"]

Connection = psycopg.Connection[Any]

_KEEPALIVES = {
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 5,
    "keepalives_count": 3,
}
"""libpq's TCP keepalive settings for a connection that waits in silence."""

_forking = threading.Lock()
"""Held while a pool is replaced after a ``fork``, so that two threads make one."""


def _after_fork_in_child() -> None:
    global _forking
    _forking = threading.Lock()  # the parent's may have been held by a thread now gone


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


class PostgresPool:
    """Lends the connections of a :class:`psycopg_pool.ConnectionPool`: at most
    ``max_size`` at once, each waited for at most ``wait`` seconds.

    psycopg_pool opens, replaces and retires the connections, in threads of its own.
    This class adds what a store's callers need on top:

    - A wait that ends says why: every connection busy, or none could be opened.
    - A connection the server closed while it sat idle, as a restart closes them all, is
      found before use by a look at its socket, which costs no round trip; then every
      idle connection is checked at once. psycopg_pool's own check costs a round trip
      at every use, and pauses for a second, then two, four..., at each further dead
      connection, which can take longer than ``wait`` after a restart.
    - Once a connection was found cut off, or a wait ended with none opened, a call
      asks the server directly for a connection, and fails at once with the reason it
      got, instead of waiting ``wait`` seconds in the pool's queue; the first call
      after the server is back goes through.
    """

    def __init__(self, conninfo: str, *, max_size: int, wait: float) -> None:
        if max_size < 1:
            raise ValueError(f"max_connections must be at least 1, not {max_size}")
        if not wait > 0:
            raise ValueError(f"connection_wait must be more than 0 seconds, not {wait}")
        self._conninfo = conninfo
        self._max_size = max_size
        self._wait = wait
        self._kwargs: dict[str, Any] = {"autocommit": True}
        if "connect_timeout" not in _parameters(conninfo):
            self._kwargs["connect_timeout"] = max(2, math.ceil(wait))  # libpq's least is 2
        self._lent: set[int] = set()
        self._closed = False
        self._suspect = True  # until a connection was made: the first call asks directly
        self._failure = ""
        self._failed_at = 0.0
        self._asking = threading.Lock()
        self._pid = current_pid()
        self._abandoned: list[ConnectionPool[Connection]] = []
        self._pool = self._new_pool()

    def _new_pool(self) -> ConnectionPool[Connection]:
        return ConnectionPool(
            self._conninfo,
            kwargs=self._kwargs,
            min_size=1,
            max_size=self._max_size,
            open=True,
            timeout=self._wait,
            # Connections lost in an outage are opened again on demand once this is
            # over, rather than on a schedule that backs off for minutes.
            reconnect_timeout=max(self._wait, 1.0),
            name="mastermind-store",
        )

    def take(self) -> Connection:
        if self._closed:
            raise StoreClosed()
        if self._pid != current_pid():
            self._after_fork()
        if self._suspect:
            self._ask_the_server()
        deadline = time.monotonic() + self._wait
        try:
            connection = self._pool.getconn()
            if _closed_by_server(connection):
                # A restart closes every session: the idle ones are likely dead too. Check
                # them all now, which costs no wait, rather than one at each take.
                self._pool.putconn(connection)  # closed: the pool replaces it
                self._pool.check()
                self._suspect = True
                self._ask_the_server()  # fail at once if it is still down
                connection = self._pool.getconn(max(deadline - time.monotonic(), 0.001))
        except PoolTimeout:
            raise StoreUnavailable(self._timed_out()) from None
        except PoolClosed:
            raise StoreClosed() from None
        self._lent.add(id(connection))
        return connection

    def give_back(self, connection: Connection, *, failed: bool = False) -> None:
        self._lent.discard(id(connection))
        if failed and connection.closed:
            self._suspect = True
        self._pool.putconn(connection)  # which rolls back, or replaces a closed connection

    def lost(self, connection: Connection) -> bool:
        return connection.closed

    def connect_outside(self, *, keepalives: bool = False) -> Connection:
        """A connection of its own, outside the pool, opened as the pool opens them.

        ``keepalives``: for a connection that waits in silence, have the system probe
        the server after 10 s of it, so that a server gone without a word is noticed
        within about half a minute; unless ``conninfo`` sets these itself.
        """
        if self._closed:
            raise StoreClosed()
        options = dict(self._kwargs)
        if keepalives and not _KEEPALIVES.keys() & _parameters(self._conninfo).keys():
            options.update(_KEEPALIVES)
        return psycopg.connect(self._conninfo, **options)

    def close(self) -> None:
        self._closed = True
        if self._pid == current_pid():
            self._pool.close()

    def _timed_out(self) -> str:
        if len(self._lent) >= self._max_size:
            return (
                f"all {self._max_size} database connections of this process are busy,"
                f" and none came free within {self._wait:g} s."
            )
        self._suspect = True
        return f"no connection to the database could be opened within {self._wait:g} s."

    def _ask_the_server(self) -> None:
        """Open a connection outside the pool, to learn at once whether the server is
        back; one thread asks at a time, and those that waited share its answer."""
        asked = time.monotonic()
        with self._asking:
            if not self._suspect:
                return
            if self._failed_at > asked:
                raise StoreUnavailable(self._failure)
            try:
                psycopg.connect(self._conninfo, **self._kwargs).close()
            except psycopg.Error as error:
                self._failure, self._failed_at = one_line(error), time.monotonic()
                raise StoreUnavailable(self._failure) from error
            self._suspect = False

    def _after_fork(self) -> None:
        """Leave the parent's pool alone, its connections open for the parent, and make
        this process a pool of its own."""
        with _forking:
            if self._pid == current_pid():
                return
            self._abandoned.append(self._pool)
            self._pool, self._lent, self._suspect = self._new_pool(), set(), True
            self._asking = threading.Lock()
            self._pid = current_pid()


def _parameters(conninfo: str) -> dict[str, Any]:
    try:
        return psycopg.conninfo.conninfo_to_dict(conninfo)
    except psycopg.Error:
        return {}  # the first connection says what is wrong with it, as the store's error


def _closed_by_server(connection: Connection) -> bool:
    """Whether the server ended this idle connection.

    An idle connection's socket has nothing to read, unless the server said goodbye or
    hung up; only then does a round trip tell for sure.
    """
    try:
        if not _readable(connection.fileno()):
            return False
        ConnectionPool.check_connection(connection)
    except psycopg.Error:
        return True
    return False


def _readable(descriptor: int) -> bool:
    if sys.platform == "win32":
        return bool(select.select([descriptor], [], [], 0)[0])
    poller = select.poll()
    poller.register(descriptor, select.POLLIN)
    return bool(poller.poll(0))
