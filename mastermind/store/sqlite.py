"""Streams in one SQLite file: the embedded default, with nothing to install."""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Sequence
from typing import Any, Literal

from mastermind.store._codec import EventCodec
from mastermind.store._pool import Pool
from mastermind.store._port import Metadata, VersionConflict
from mastermind.store._sql import Row, SQLStore

SCHEMA = """\
CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    stream_id   TEXT    NOT NULL,
    version     INTEGER NOT NULL CHECK (version > 0),
    type        TEXT    NOT NULL,
    schema      INTEGER NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT,
    recorded_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (stream_id, version)
)"""

_INSERT = (
    "INSERT INTO events (stream_id, version, type, schema, data, metadata)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)
_VERSION = "SELECT COALESCE(MAX(version), 0) FROM events WHERE stream_id = ?"
_LOAD = (
    "SELECT position, version, type, schema, data, metadata FROM events"
    " WHERE stream_id = ? ORDER BY version"
)
_FEED = (
    "SELECT stream_id, position, version, type, schema, data, metadata FROM events"
    " WHERE position > ? ORDER BY position LIMIT ?"
)

Synchronous = Literal["FULL", "NORMAL"]


class SQLiteEventStore(SQLStore):
    """An event store in a SQLite file, in WAL mode.

    Safe to share between threads, and for several processes to open the same file on one
    machine: every append is a ``BEGIN IMMEDIATE`` transaction, so writers take turns and
    positions follow commit order.

    ``synchronous="NORMAL"`` (the default) is SQLite's advice for WAL: a commit survives a
    crash of the process and the file always stays consistent, but a power cut may undo
    the last commits. ``"FULL"`` syncs every commit to disk so that it survives a power
    cut too, at about half the rate of appends.
    """

    _load_query = _LOAD
    _feed_query = _FEED
    _driver_error = sqlite3.Error

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        codec: EventCodec | None = None,
        synchronous: Synchronous = "NORMAL",
        busy_timeout: float = 30.0,
    ) -> None:
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
        with self._connection() as connection:
            self._create_schema(connection)

    def __repr__(self) -> str:
        return f"SQLiteEventStore({self.path!r})"

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
            _insert(connection, stream_id, expected_version, rows)
        return expected_version + len(rows)

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
                connection.execute(SCHEMA)
                columns = {row[1] for row in connection.execute("PRAGMA table_info(events)")}
                if "metadata" not in columns:  # a file written before metadata was kept
                    connection.execute("ALTER TABLE events ADD COLUMN metadata TEXT")
                connection.execute("COMMIT")
                return
            except sqlite3.OperationalError as error:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)


def _insert(
    connection: sqlite3.Connection, stream_id: str, expected_version: int, rows: list[Row]
) -> None:
    """Insert ``rows`` in one transaction, if the stream is at ``expected_version``."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        actual = connection.execute(_VERSION, (stream_id,)).fetchone()[0]
        if actual != expected_version:
            raise VersionConflict(stream_id, expected_version, actual)
        if len(rows) == 1:  # most appends: one event, without executemany's extra steps
            connection.execute(_INSERT, rows[0])
        else:
            connection.executemany(_INSERT, rows)
        connection.execute("COMMIT")
    except sqlite3.IntegrityError:
        # The unique (stream_id, version) key backs up the check above.
        connection.execute("ROLLBACK")
        actual = connection.execute(_VERSION, (stream_id,)).fetchone()[0]
        raise VersionConflict(stream_id, expected_version, actual) from None
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
