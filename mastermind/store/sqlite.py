"""Streams in one SQLite file: the embedded default, with nothing to install."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Sequence
from typing import Any, Literal

from mastermind.store._codec import EventCodec, legacy_category
from mastermind.store._pool import Pool
from mastermind.store._port import (
    DEFAULT_CATEGORY,
    CorruptDatabase,
    Metadata,
    StoreUnavailable,
    VersionConflict,
    WrongCategory,
)
from mastermind.store._queries import Queries, check_is_events
from mastermind.store._sql import Row, SQLStore, one_line
from mastermind.store._watch import Watch
from mastermind.store.checks import check_identifier

__all__ = ["SQLiteEventStore"]

SCHEMA = """\
CREATE TABLE IF NOT EXISTS {t} (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    stream_id   TEXT    NOT NULL,
    version     INTEGER NOT NULL CHECK (version > 0),
    type        TEXT    NOT NULL,
    schema      INTEGER NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT,
    recorded_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    category    TEXT    NOT NULL DEFAULT '',
    UNIQUE (stream_id, version)
);
CREATE INDEX IF NOT EXISTS {i} ON {t} (category, position);
CREATE TABLE IF NOT EXISTS {c} (
    name        TEXT    PRIMARY KEY,
    position    INTEGER NOT NULL,
    state       TEXT
);
CREATE TABLE IF NOT EXISTS {s} (
    stream_id   TEXT    PRIMARY KEY,
    version     INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    state       TEXT    NOT NULL
)"""
"""The tables of a store: its events, the checkpoints of projections, snapshots."""

Synchronous = Literal["FULL", "NORMAL"]

POLL_INTERVAL = 0.05
"""Seconds between two looks at the file by a store whose feed someone waits on."""

_PLAIN_REASONS = {
    "SQLITE_FULL": "the disk holding {path} is full ({error}); free some space",
    "SQLITE_IOERR": "reading or writing {path} failed ({error}); check the disk",
    "SQLITE_BUSY": "another process kept {path} locked for too long ({error})",
    "SQLITE_READONLY": "{path} cannot be written ({error}); check its and its folder's rights",
    "SQLITE_CANTOPEN": "{path} cannot be opened ({error}); check its folder and rights",
}
"""What the SQLite errors that a store meets at run time mean, by their family's name."""


class SQLiteEventStore(SQLStore):
    """An event store in a SQLite file, in WAL mode.

    Safe to share between threads, and for several processes to open the same file on one
    machine: every append is a ``BEGIN IMMEDIATE`` transaction, so writers take turns and
    positions follow commit order.

    ``synchronous="NORMAL"`` (the default) is SQLite's advice for WAL: a commit survives a
    crash of the process and the file always stays consistent, but a power cut may undo
    the last commits. ``"FULL"`` syncs every commit to disk so that it survives a power
    cut too, at about half the rate of appends.

    A new file is made readable by its owner alone, as SQLite then makes its ``-wal`` and
    ``-shm`` files: it holds every game's secret. Opening a file checks it with
    ``PRAGMA quick_check``, and a damaged file is refused with :class:`CorruptDatabase`.

    The events are kept in the table ``table``, ``events`` unless named otherwise, so
    that applications sharing a file may keep theirs apart; the checkpoints of
    projections and the snapshots of streams in ``<table>_checkpoints`` and
    ``<table>_snapshots``.

    While a thread waits for the feed to grow, one thread of the store asks the file
    every :data:`POLL_INTERVAL` seconds whether anyone committed, with ``PRAGMA
    data_version`` on a connection of its own, which sees the commits of every process.
    """

    _driver_error = sqlite3.Error

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        codec: EventCodec | None = None,
        synchronous: Synchronous = "NORMAL",
        busy_timeout: float = 30.0,
        table: str = "events",
    ) -> None:
        self.table = check_identifier("table", table)
        self._queries = Queries("sqlite", table)
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError(f"synchronous must be FULL or NORMAL, not {synchronous!r}")
        self.path = os.fspath(path)
        if self.path == ":memory:" or not self.path:
            raise ValueError("SQLiteEventStore needs a file; use InMemoryEventStore instead")
        self._codec = codec or EventCodec()
        self.synchronous = synchronous
        self._busy_timeout = busy_timeout
        self._pool: Pool[sqlite3.Connection] = Pool(
            self._open, sqlite3.Connection.close, lambda connection: not connection.in_transaction
        )
        self._watch = Watch(
            lambda: _Probe(self._open(), self._queries.head),
            self._explain,
            interval=POLL_INTERVAL,
            name=f"mastermind-feed {self.path}",
        )
        _create_for_owner_only(self.path)
        try:
            with self._connection() as connection:
                self._create_schema(connection)
                _check_integrity(self.path, connection)
        except BaseException:
            self._pool.close()
            raise

    def __repr__(self) -> str:
        table = "" if self.table == "events" else f", table={self.table!r}"
        return f"SQLiteEventStore({self.path!r}{table})"

    def append(
        self,
        stream_id: str,
        events: Sequence[Any],
        expected_version: int,
        *,
        metadata: Metadata | None = None,
        category: str = DEFAULT_CATEGORY,
    ) -> int:
        rows = self._rows(stream_id, events, expected_version, metadata, category)
        with self._connection() as connection:
            _insert(connection, self._queries, stream_id, expected_version, category, rows)
        if rows:
            self._watch.poke()
        return expected_version + len(rows)

    def _explain(self, error: Exception) -> StoreUnavailable:
        if isinstance(error, sqlite3.Error):
            return self._unavailable(error)
        return StoreUnavailable(f"{one_line(error).rstrip('.')} ({self.path}).")

    def _unavailable(self, error: Exception) -> StoreUnavailable:
        name = getattr(error, "sqlite_errorname", None) or ""
        family = "_".join(name.split("_")[:2])  # SQLITE_IOERR_WRITE is an SQLITE_IOERR
        if family in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
            return CorruptDatabase(self.path, one_line(error))
        plain = _PLAIN_REASONS.get(family, "{error} ({path})")
        return StoreUnavailable(
            plain.format(path=self.path, error=one_line(error).rstrip(".")) + "."
        )

    def _open(self) -> sqlite3.Connection:
        connection = sqlite3.connect(
            self.path, timeout=self._busy_timeout, isolation_level=None, check_same_thread=False
        )
        connection.execute(f"PRAGMA synchronous = {self.synchronous}")
        return connection

    def _create_schema(self, connection: sqlite3.Connection) -> None:
        # Switching to WAL needs a moment alone with the file, which a busy handler does
        # not always wait for when several processes open a new file at once.
        deadline = time.monotonic() + self._busy_timeout
        while True:
            try:
                connection.execute("PRAGMA journal_mode = WAL")
                connection.execute("BEGIN IMMEDIATE")
                self._create_tables(connection)
                connection.execute("COMMIT")
                return
            except sqlite3.OperationalError as error:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _create_tables(self, connection: sqlite3.Connection) -> None:
        """Create the tables that are missing, and bring a table that an older version
        made up to date: metadata and categories came later."""
        table = self._queries.table
        columns = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
        check_is_events(self.table, columns)
        if columns and "metadata" not in columns:
            connection.execute(f"ALTER TABLE {table} ADD COLUMN metadata TEXT")
        if columns and "category" not in columns:
            connection.execute(f"ALTER TABLE {table} ADD COLUMN category TEXT NOT NULL DEFAULT ''")
            category, types = legacy_category()
            connection.execute(
                f"UPDATE {table} SET category = ? WHERE type IN ({', '.join('?' * len(types))})",
                (category, *types),
            )
        for statement in self._queries.written(SCHEMA).split(";"):
            connection.execute(statement)


class _Probe:
    """A connection that asks the file whether anyone committed since it last asked."""

    def __init__(self, connection: sqlite3.Connection, head: str) -> None:
        self._connection = connection
        self._head = head
        self._woken = threading.Event()
        self._version = self._data_version()

    def head(self) -> int:
        head: int = self._connection.execute(self._head).fetchone()[0]
        return head

    def wait(self, timeout: float) -> int | None:
        self._woken.wait(timeout)
        self._woken.clear()
        version = self._data_version()
        if version == self._version:
            return None
        self._version = version
        return self.head()

    def interrupt(self) -> None:
        self._woken.set()

    def close(self) -> None:
        self._connection.close()

    def _data_version(self) -> int:
        version: int = self._connection.execute("PRAGMA data_version").fetchone()[0]
        return version


def _create_for_owner_only(path: str) -> None:
    """Create ``path`` empty, which SQLite takes for a new database, readable by its owner
    alone; leave a file that exists as it is."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass
    except OSError as error:
        raise StoreUnavailable(f"{path} cannot be created ({error.strerror}).") from error


def _check_integrity(path: str, connection: sqlite3.Connection) -> None:
    """Refuse a damaged file at once, rather than fail on the first request that meets
    the damage. ``quick_check`` reads every page, but skips comparing each index with its
    table, which takes ``integrity_check`` twice as long."""
    rows = connection.execute("PRAGMA quick_check").fetchall()
    if rows != [("ok",)]:
        lines = [line for (row,) in rows for line in str(row).splitlines()]
        findings = [line.strip() for line in lines if not line.startswith("***")] or ["?"]
        more = f", and {len(findings) - 1} more findings" if len(findings) > 1 else ""
        raise CorruptDatabase(path, findings[0] + more)


def _insert(
    connection: sqlite3.Connection,
    queries: Queries,
    stream_id: str,
    expected_version: int,
    category: str,
    rows: list[Row],
) -> None:
    """Insert ``rows`` in one transaction, if the stream is at ``expected_version`` in
    ``category``."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        actual, found = _last_version(connection, queries, stream_id, category)
        if found != category:
            raise WrongCategory(stream_id, category, found)
        if actual != expected_version:
            raise VersionConflict(stream_id, expected_version, actual)
        if len(rows) == 1:  # most appends: one event, without executemany's extra steps
            connection.execute(queries.insert, rows[0])
        else:
            connection.executemany(queries.insert, rows)
        connection.execute("COMMIT")
    except sqlite3.IntegrityError:
        # The unique (stream_id, version) key backs up the check above.
        connection.execute("ROLLBACK")
        actual, _ = _last_version(connection, queries, stream_id, category)
        raise VersionConflict(stream_id, expected_version, actual) from None
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _last_version(
    connection: sqlite3.Connection, queries: Queries, stream_id: str, category: str
) -> tuple[int, str]:
    """The stream's version and category; a stream with no event is in any category."""
    row = connection.execute(queries.last_version, (stream_id,)).fetchone()
    return (0, category) if row is None else (row[0], row[1])
