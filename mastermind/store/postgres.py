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

from mastermind.store._codec import EventCodec, legacy_category
from mastermind.store._port import (
    DEFAULT_CATEGORY,
    Metadata,
    StoreError,
    VersionConflict,
    WrongCategory,
)
from mastermind.store._postgres_notify import Notifier
from mastermind.store._postgres_pool import PostgresPool
from mastermind.store._queries import HORIZON, POSITION_BITS, Queries, check_is_events
from mastermind.store._sql import SQLStore
from mastermind.store._watch import Watch
from mastermind.store.checks import check_identifier

__all__ = ["PostgresEventStore"]


SCHEMA = """\
CREATE TABLE IF NOT EXISTS {t} (
    position    bigint      PRIMARY KEY DEFAULT (pg_current_xact_id()::text::bigint << 20),
    stream_id   text        NOT NULL,
    version     integer     NOT NULL CHECK (version > 0),
    type        text        NOT NULL,
    schema      integer     NOT NULL,
    data        jsonb       NOT NULL,
    metadata    jsonb,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    category    text        NOT NULL DEFAULT '',
    UNIQUE (stream_id, version)
);
CREATE INDEX IF NOT EXISTS {i} ON {t} (category, position);
CREATE TABLE IF NOT EXISTS {c} (
    name        text        PRIMARY KEY,
    position    bigint      NOT NULL,
    state       text
);
CREATE TABLE IF NOT EXISTS {s} (
    stream_id   text        PRIMARY KEY,
    version     integer     NOT NULL,
    kind        text        NOT NULL,
    state       text        NOT NULL
)"""
"""The tables of a store: its events, the checkpoints of projections, snapshots."""
_HEAD = f"SELECT COALESCE(MAX(position), 0), {HORIZON} FROM {{t}} WHERE position < {HORIZON}"
"""The feed's head and the horizon, as the listening connection reads them."""
_COLUMNS = "SELECT attname FROM pg_attribute WHERE attrelid = %s::regclass AND attnum > 0"
_SCHEMA_LOCK = 0x6D6D_6576  # an advisory lock key, so that two servers create it only once
_TABLE_SCHEMA = (
    "SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
    " WHERE c.oid = %s::regclass"
)


class PostgresEventStore(SQLStore):
    """An event store in a PostgreSQL table, for many processes on many machines.

    The events are kept in the table ``table``, ``events`` unless named otherwise, in
    the schema ``schema`` (created if missing), or else the first of the connection's
    search path; beside it, ``<table>_checkpoints`` and ``<table>_snapshots`` keep the
    checkpoints of projections and the snapshots of streams.

    Each append is one ``INSERT`` that checks the stream's version and writes its events
    at positions made of its transaction's id, ``xid << 20`` plus the event's ordinal, so
    appends to different streams never wait for each other. The feed (``read_all`` and
    the head that waiters watch) holds only the rows below the horizon, the oldest
    transaction id still running ``<< 20``: every transaction below it has ended, and
    every later one writes above it, so a follower never finds a smaller position
    appearing later. A long write transaction anywhere in the same PostgreSQL cluster
    holds the feed back until it ends; it never makes a follower skip a record.

    ``conninfo`` is anything libpq accepts, such as ``postgresql://user@host/db``. The
    store holds at most ``max_connections`` connections, and a call waits at most
    ``connection_wait`` seconds for one before it raises ``StoreUnavailable``.

    Once an append has committed, a thread of the store notifies the channel
    :attr:`channel`, named after the table and its schema, of the last position written:
    one notification for however many appends committed meanwhile. While a thread waits
    for the feed to grow, the store listens on one more connection, outside the pool, and
    connects it again after losing it, after pauses that double up to two seconds.
    """

    _driver_error = psycopg.Error
    _refusals = (psycopg.DataError,)

    def __init__(
        self,
        conninfo: str,
        *,
        codec: EventCodec | None = None,
        max_connections: int = 10,
        connection_wait: float = 5.0,
        table: str = "events",
        schema: str | None = None,
    ) -> None:
        self.table = check_identifier("table", table)
        self.schema = None if schema is None else check_identifier("schema", schema)
        self._queries = queries = Queries("postgresql", table, schema)
        self._conninfo = conninfo
        self._codec = codec or EventCodec()
        self._pool = pool = PostgresPool(conninfo, max_size=max_connections, wait=connection_wait)
        try:
            with self._connection() as connection:
                _create_schema(connection, queries)
                self.channel = _channel(connection, queries)
        except BaseException:
            self._pool.close()
            raise
        self._notifier = Notifier(pool.connect_outside, self.channel)
        self._watch = Watch(
            lambda: _Listener(
                pool.connect_outside(keepalives=True), self.channel, queries.written(_HEAD)
            ),
            self._unavailable,
            interval=LISTEN_INTERVAL,
            name=f"mastermind-feed {self.channel}",
        )

    def __repr__(self) -> str:
        info = psycopg.conninfo.conninfo_to_dict(self._conninfo)
        table = "" if self.table == "events" else f", table={self.table!r}"
        schema = "" if self.schema is None else f", schema={self.schema!r}"
        return (
            f"PostgresEventStore(host={info.get('host')!r}, dbname={info.get('dbname')!r}"
            f"{schema}{table})"
        )

    def append(
        self,
        stream_id: str,
        events: Sequence[Any],
        expected_version: int,
        *,
        metadata: Metadata | None = None,
        category: str = DEFAULT_CATEGORY,
    ) -> int:
        most = 1 << POSITION_BITS
        rows = self._rows(stream_id, events, expected_version, metadata, category, most)
        with self._connection() as connection:
            if not rows:
                self._check(connection, stream_id, expected_version, category)
                return expected_version
            metadata_text = rows[0][5]
            parameters = (
                stream_id,
                stream_id,
                category,
                expected_version,
                metadata_text,
                [row[2] for row in rows],
                [row[3] for row in rows],
                [row[4] for row in rows],
            )
            try:
                inserted = connection.execute(self._queries.append, parameters).fetchall()
            except psycopg.errors.UniqueViolation:
                # Another append of the stream committed between this one's check and its
                # insert: the unique (stream_id, version) key backs up the check.
                actual, _ = self._last_version(connection, stream_id, category)
                raise VersionConflict(stream_id, expected_version, actual) from None
            if not inserted:
                self._check(connection, stream_id, expected_version, category)
                actual, _ = self._last_version(connection, stream_id, category)
                raise VersionConflict(stream_id, expected_version, actual)
        self._notifier.appended(max(inserted)[0])
        return expected_version + len(rows)

    def close(self) -> None:
        self._notifier.close()
        super().close()

    def _check(
        self,
        connection: psycopg.Connection[Any],
        stream_id: str,
        expected_version: int,
        category: str,
    ) -> None:
        """Raise what an append to the stream as it is now is refused for, if anything."""
        actual, found = self._last_version(connection, stream_id, category)
        if found != category:
            raise WrongCategory(stream_id, category, found)
        if actual != expected_version:
            raise VersionConflict(stream_id, expected_version, actual)

    def _last_version(
        self, connection: psycopg.Connection[Any], stream_id: str, category: str
    ) -> tuple[int, str]:
        """The stream's version and category; a stream with no event is in any category."""
        row = connection.execute(self._queries.last_version, (stream_id,)).fetchone()
        return (0, category) if row is None else (row[0], row[1])


LISTEN_INTERVAL = 0.5
"""Seconds the listening thread waits for a notification before it looks whether to stop."""
CHECK_EVERY = 30.0
"""Seconds of silence after which the listening connection reads the feed's head, which
finds a connection cut off without a word, and a notification sent by no append."""
PENDING_EVERY = 0.03
"""Seconds between two reads of the head while a notified position is above the horizon:
an earlier transaction still runs, and no notification comes when it ends."""
PENDING_LONGEST = 1.0
"""The longest wait between two such reads: each read that finds the horizon where it
was doubles the wait, so that a transaction left open for hours costs a read a second."""


def _channel(connection: psycopg.Connection[Any], queries: Queries) -> str:
    """``mastermind_events.<schema>``, and ``.<table>`` for a table not named ``events``:
    the channel of the table this connection appends to.

    Tables in two schemas of one database, or of two names, have channels of their own.
    A name longer than PostgreSQL's 63 bytes is shortened to a digest of the table's.
    """
    row = connection.execute(_TABLE_SCHEMA, (queries.table,)).fetchone()
    assert row is not None
    where: str = row[0] if queries.name == "events" else f"{row[0]}.{queries.name}"
    channel = f"mastermind_events.{where}"
    if len(channel.encode()) > 63:
        channel = f"mastermind_events.{hashlib.sha256(where.encode()).hexdigest()[:40]}"
    return channel


class _Listener:
    """A connection that listens on a table's channel, used by the store's watching thread.

    It listens first and reads the head after, so that nothing committed in between is
    missed. A notified position is committed, but the feed shows it only once every
    earlier transaction has ended: until the head reaches it, the listener reads the head
    every :data:`PENDING_EVERY` seconds, less often the longer the horizon holds. Payloads
    that are not positions, sent by some other program, make it read the head again. It
    waits on its socket and on a socket pair of its own, which :meth:`interrupt` writes
    to, so that a closing store need not wait for a timeout.
    """

    def __init__(self, connection: psycopg.Connection[Any], channel: str, head: str) -> None:
        self._connection = connection
        self._head = head
        self._checked = time.monotonic()
        self._horizon = 0  # the horizon as last read
        self._pending = 0  # the last position notified
        self._poll = PENDING_EVERY  # the wait between two reads while the horizon holds
        self._wake_in, self._wake_out = socket.socketpair()
        try:
            self._wake_in.setblocking(False)
            self._wake_out.setblocking(False)
            connection.execute(psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(channel)))
        except BaseException:
            self.close()
            raise

    def head(self) -> int:
        row = self._connection.execute(self._head).fetchone()
        assert row is not None
        self._checked = time.monotonic()
        head: int = row[0]
        self._horizon = row[1]
        return head

    def wait(self, timeout: float) -> int | None:
        moved = self._received()
        if moved is None:
            if self._pending >= self._horizon:
                timeout = min(timeout, self._poll)
            woken = self._wake_in.fileno()
            readable, _, _ = select.select([self._connection.fileno(), woken], [], [], timeout)
            if woken in readable:
                with contextlib.suppress(BlockingIOError):
                    self._wake_in.recv(4096)
            moved = self._received()
        if moved is not None:
            self._pending = max(self._pending, moved)
        if self._pending >= self._horizon:
            horizon = self._horizon
            head = self.head()
            held = self._pending >= self._horizon and self._horizon == horizon
            self._poll = min(self._poll * 2, PENDING_LONGEST) if held else PENDING_EVERY
            return head
        if moved is None and time.monotonic() - self._checked > CHECK_EVERY:
            return self.head()
        return moved  # below the horizon: in the feed already

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


def _create_schema(connection: psycopg.Connection[Any], queries: Queries) -> None:
    """Create the tables that are missing, and bring a table that an older version made
    up to date: metadata, categories, checkpoints and snapshots came later. A user
    allowed to read and append needs no right to create tables once they are there."""
    table = queries.table
    exists = connection.execute("SELECT to_regclass(%s)", (table,)).fetchone() != (None,)
    if (
        exists
        and _columns(connection, table) >= {"metadata", "category"}
        and _has_side_tables(connection, queries)
        and _positions_by_transaction(connection, table)
    ):
        return
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
        if queries.schema is not None:
            connection.execute(f'CREATE SCHEMA IF NOT EXISTS "{queries.schema}"')
        if connection.execute("SELECT to_regclass(%s)", (table,)).fetchone() != (None,):
            columns = _columns(connection, table)
            check_is_events(queries.name, columns)
            if "metadata" not in columns:
                connection.execute(f"ALTER TABLE {table} ADD COLUMN metadata jsonb")
            if "category" not in columns:
                connection.execute(
                    f"ALTER TABLE {table} ADD COLUMN category text NOT NULL DEFAULT ''"
                )
                category, types = legacy_category()
                connection.execute(
                    f"UPDATE {table} SET category = %s WHERE type = ANY(%s)",
                    (category, list(types)),
                )
            if not _positions_by_transaction(connection, table):
                _draw_positions_by_transaction(connection, table)
        for statement in queries.written(SCHEMA).split(";"):
            connection.execute(statement)


def _columns(connection: psycopg.Connection[Any], table: str) -> set[str]:
    return {name for (name,) in connection.execute(_COLUMNS, (table,)).fetchall()}


def _has_side_tables(connection: psycopg.Connection[Any], queries: Queries) -> bool:
    found = connection.execute(
        "SELECT to_regclass(%s), to_regclass(%s)",
        (queries.written("{c}"), queries.written("{s}")),
    ).fetchone()
    return found is not None and None not in found


_POSITION_DEFAULT = (
    "SELECT pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a"
    " ON a.attrelid = d.adrelid AND a.attnum = d.adnum"
    " WHERE d.adrelid = %s::regclass AND a.attname = 'position'"
)


def _positions_by_transaction(connection: psycopg.Connection[Any], table: str) -> bool:
    """Whether the table's positions are drawn from transaction ids, not from a sequence
    as the tables of earlier releases had them."""
    row = connection.execute(_POSITION_DEFAULT, (table,)).fetchone()
    return row is not None and "pg_current_xact_id" in row[0]


def _draw_positions_by_transaction(connection: psycopg.Connection[Any], table: str) -> None:
    """Move a table whose positions came from a sequence on to positions drawn from
    transaction ids; the positions already there stay.

    The sequence handed out one position an event, and every append that wrote them had
    a transaction id of its own, smaller than this transaction's: ``xid << 20`` is above
    them all unless those appends wrote about a million events each on average. This
    checks it rather than assumes it, and refuses to go on if not.
    """
    row = connection.execute(
        f"SELECT COALESCE(MAX(position), 0), pg_current_xact_id()::text::bigint << {POSITION_BITS}"
        f" FROM {table}"
    ).fetchone()
    assert row is not None
    if row[0] >= row[1]:
        raise StoreError(
            f"The positions of {table} reach {row[0]:,}, above {row[1]:,}, the first that"
            " a transaction's id gives now: renumber them before opening the store."
        )
    connection.execute(
        f"ALTER TABLE {table} ALTER COLUMN position SET DEFAULT"
        f" (pg_current_xact_id()::text::bigint << {POSITION_BITS})"
    )
