"""Streams in PostgreSQL: one database shared by many application servers."""

from __future__ import annotations

import contextlib
import hashlib
import select
import socket
import time
from collections.abc import Sequence
from typing import Any

try:
    import psycopg
    import psycopg.errors
    import psycopg.sql
    import psycopg_pool  # noqa: F401 - imported here to name the extra when it is missing
except ImportError as error:  # pragma: no cover - the tests run with the extra installed
    from mastermind._install import install_hint

    raise ImportError(f"PostgresEventStore needs psycopg: {install_hint('postgres')}") from error

from mastermind.store._codec import EventCodec
from mastermind.store._port import Metadata, VersionConflict
from mastermind.store._postgres_pool import PostgresPool
from mastermind.store._sql import HEAD, SQLStore
from mastermind.store._watch import Watch

SCHEMA = """\
CREATE TABLE IF NOT EXISTS events (
    position    bigserial   PRIMARY KEY,
    stream_id   text        NOT NULL,
    version     integer     NOT NULL CHECK (version > 0),
    type        text        NOT NULL,
    schema      integer     NOT NULL,
    data        jsonb       NOT NULL,
    metadata    jsonb,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (stream_id, version)
)"""

_HAS_METADATA = (
    "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()"
    " AND table_name = 'events' AND column_name = 'metadata'"
)
_SCHEMA_LOCK = 0x6D6D_6576  # an advisory lock key, so that two servers create it only once
_LOCK = "LOCK TABLE events IN EXCLUSIVE MODE"
_VERSION = "SELECT COALESCE(MAX(version), 0) FROM events WHERE stream_id = %s"
_INSERT = (
    "INSERT INTO events (stream_id, version, type, schema, data, metadata)"
    " VALUES (%s, %s, %s, %s, %s::jsonb, %s::jsonb)"
)
_INSERT_AND_NOTIFY = (
    "WITH inserted AS ("
    f"{_INSERT} RETURNING position"
    ") SELECT pg_notify({channel}, position::text) FROM inserted"
)
"""The insert, with a notification of each new position to the table's listeners: sent
when the transaction commits, and never if it rolls back."""
_TABLE_SCHEMA = (
    "SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
    " WHERE c.oid = 'events'::regclass"
)
_LOAD = (
    "SELECT position, version, type, schema, data, metadata FROM events"
    " WHERE stream_id = %s ORDER BY version"
)
_FEED = (
    "SELECT stream_id, position, version, type, schema, data, metadata FROM events"
    " WHERE position > %s ORDER BY position LIMIT %s"
)


class PostgresEventStore(SQLStore):
    """An event store in a PostgreSQL table, for many processes on many machines.

    Each append takes ``LOCK TABLE events IN EXCLUSIVE MODE`` inside its transaction.
    Appends therefore take turns, and a position is handed out only after every earlier
    append has committed: ``read_all`` never finds a smaller position appearing later.
    Reads never wait for appends: the lock lets them through.

    ``conninfo`` is anything libpq accepts, such as ``postgresql://user@host/db``. The
    store holds at most ``max_connections`` connections, and a call waits at most
    ``connection_wait`` seconds for one before it raises ``StoreUnavailable``.

    Every append notifies the positions it wrote on the channel :attr:`channel`, named
    after the table's schema, when it commits. While a thread waits for the feed to
    grow, the store listens on one more connection, outside the pool, and connects it
    again after losing it, after pauses that double up to two seconds.
    """

    _load_query = _LOAD
    _feed_query = _FEED
    _driver_error = psycopg.Error

    def __init__(
        self,
        conninfo: str,
        *,
        codec: EventCodec | None = None,
        max_connections: int = 10,
        connection_wait: float = 5.0,
    ) -> None:
        self._conninfo = conninfo
        self._codec = codec or EventCodec()
        self._pool = pool = PostgresPool(conninfo, max_size=max_connections, wait=connection_wait)
        try:
            with self._connection() as connection:
                _create_schema(connection)
                self.channel = _channel(connection)
                self._insert = (
                    psycopg.sql.SQL(_INSERT_AND_NOTIFY)
                    .format(channel=psycopg.sql.Literal(self.channel))
                    .as_string(connection)
                )
        except BaseException:
            self._pool.close()
            raise
        self._watch = Watch(
            lambda: _Listener(pool.connect_outside(keepalives=True), self.channel),
            self._unavailable,
            interval=LISTEN_INTERVAL,
            name=f"mastermind-feed {self.channel}",
        )

    def __repr__(self) -> str:
        info = psycopg.conninfo.conninfo_to_dict(self._conninfo)
        return f"PostgresEventStore(host={info.get('host')!r}, dbname={info.get('dbname')!r})"

    def append(
        self,
        stream_id: str,
        events: Sequence[Any],
        expected_version: int,
        *,
        metadata: Metadata | None = None,
    ) -> int:
        rows = self._rows(stream_id, events, expected_version, metadata)
        with self._connection() as connection:
            try:
                with connection.transaction():
                    connection.execute(_LOCK)
                    actual = _version(connection, stream_id)
                    if actual != expected_version:
                        raise VersionConflict(stream_id, expected_version, actual)
                    if rows:
                        connection.cursor().executemany(self._insert, rows)
            except psycopg.errors.UniqueViolation:
                # The unique (stream_id, version) key backs up the check above.
                actual = _version(connection, stream_id)
                raise VersionConflict(stream_id, expected_version, actual) from None
        return expected_version + len(rows)


LISTEN_INTERVAL = 0.5
"""Seconds the listening thread waits for a notification before it looks whether to stop."""
CHECK_EVERY = 30.0
"""Seconds of silence after which the listening connection reads the feed's head, which
finds a connection cut off without a word, and a notification sent by no append."""


def _channel(connection: psycopg.Connection[Any]) -> str:
    """``mastermind_events.<schema>``: the channel of the table this connection appends to.

    Tables in two schemas of one database have channels of their own. A name longer
    than PostgreSQL's 63 bytes is shortened to a digest of the schema's name.
    """
    row = connection.execute(_TABLE_SCHEMA).fetchone()
    assert row is not None
    schema: str = row[0]
    channel = f"mastermind_events.{schema}"
    if len(channel.encode()) > 63:
        channel = f"mastermind_events.{hashlib.sha256(schema.encode()).hexdigest()[:40]}"
    return channel


class _Listener:
    """A connection that listens on a table's channel, used by the store's watching thread.

    It listens first and reads the head after, so that nothing committed in between is
    missed. Payloads that are not positions, sent by some other program, make it read
    the head again. It waits on its socket and on a socket pair of its own, which
    :meth:`interrupt` writes to, so that a closing store need not wait for a timeout.
    """

    def __init__(self, connection: psycopg.Connection[Any], channel: str) -> None:
        self._connection = connection
        self._checked = time.monotonic()
        self._wake_in, self._wake_out = socket.socketpair()
        try:
            self._wake_in.setblocking(False)
            self._wake_out.setblocking(False)
            connection.execute(psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(channel)))
        except BaseException:
            self.close()
            raise

    def head(self) -> int:
        row = self._connection.execute(HEAD).fetchone()
        assert row is not None
        self._checked = time.monotonic()
        head: int = row[0]
        return head

    def wait(self, timeout: float) -> int | None:
        moved = self._received()
        if moved is None:
            woken = self._wake_in.fileno()
            readable, _, _ = select.select([self._connection.fileno(), woken], [], [], timeout)
            if woken in readable:
                with contextlib.suppress(BlockingIOError):
                    self._wake_in.recv(4096)
            moved = self._received()
        if moved is None and time.monotonic() - self._checked > CHECK_EVERY:
            return self.head()
        return moved

    def _received(self) -> int | None:
        """The last position among the notifications received, without waiting; the
        head if some notification named none."""
        latest: int | None = None
        for notification in self._connection.notifies(timeout=0):
            try:
                position = int(notification.payload)
            except ValueError:
                return self.head()
            latest = position if latest is None else max(latest, position)
        return latest

    def interrupt(self) -> None:
        with contextlib.suppress(OSError):  # already woken, or closed
            self._wake_out.send(b"\0")

    def close(self) -> None:
        self._wake_in.close()
        self._wake_out.close()
        self._connection.close()


def _create_schema(connection: psycopg.Connection[Any]) -> None:
    # A user allowed to read and append needs no right to create tables.
    if connection.execute("SELECT to_regclass('events')").fetchone() == (None,):
        with connection.transaction():
            connection.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            connection.execute(SCHEMA)
    if connection.execute(_HAS_METADATA).fetchone() is None:
        # A table made before metadata was kept.
        with connection.transaction():
            connection.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            connection.execute("ALTER TABLE events ADD COLUMN IF NOT EXISTS metadata jsonb")


def _version(connection: psycopg.Connection[Any], stream_id: str) -> int:
    row = connection.execute(_VERSION, (stream_id,)).fetchone()
    assert row is not None
    version: int = row[0]
    return version
