"""Finished hints kept between processes, in one SQLite file: the terminal game's memory.

Every command of the terminal game is a process of its own, and the solver's first
answer for a game's size costs it most of its time: loading numpy, reading its shipped
trees, building its tables, searching. ``CachedHints`` keeps the hints a code breaker
finished, so that the same question in a later process is answered from the file.

A hint is kept under everything it depends on: the version of the code that worked it
out, the strategy asked for (none, for the best), the number of colours, the length,
whether colours are unique, the rows so far with their guesses written as colour
numbers in palette order, and, for a game that counts only pegs in place, that it does.
Games of renamed palettes share their hints; the guess is answered in the names of the
asking game's palette.

The cache is bounded: at most ``max_entries`` hints, the least recently used evicted
first, in a file of at most ``max_bytes``. Hints the time ran out on (``incomplete``)
are never kept. The file is a help, never a need: a damaged one is built again, and one
that cannot be opened or written is passed by, so that the player gets the hint either
way. Processes share the file safely: SQLite locks it, each transaction is short, and
one that waits too long for another's is given up.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import attrs

from mastermind.domain import Code, DecodingBoard
from mastermind.hints._version import hints_version
from mastermind.service import Hint, HintSource

__all__ = [
    "CACHE_FILE",
    "MAX_BYTES",
    "MAX_ENTRIES",
    "CachedHint",
    "CachedHints",
]

CACHE_FILE = "hints.sqlite3"
"""The file's name within the cache directory."""
MAX_ENTRIES = 10_000
"""The most hints kept: each takes about a hundred bytes."""
MAX_BYTES = 4 * 1024 * 1024
"""The largest the file grows: room for every entry several times over."""
WAIT_SECONDS = 0.5
"""The longest a process waits for another's transaction before it passes the file by."""
SCHEMA = 1
"""The layout of the file, kept in its ``user_version``: another is dropped and made again."""
_DAMAGED = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
_BUSY = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)

T = TypeVar("T")

_CREATE = (
    "DROP TABLE IF EXISTS hints",
    "CREATE TABLE hints ("
    " key BLOB PRIMARY KEY,"
    " guess TEXT NOT NULL,"
    " remaining INTEGER,"
    " strategy TEXT NOT NULL,"
    " used INTEGER NOT NULL"
    ") WITHOUT ROWID",
    "CREATE INDEX hints_by_use ON hints (used)",
    f"PRAGMA user_version = {SCHEMA}",
)


@attrs.frozen
class CachedHint:
    """A hint read back from the cache: always one whose search finished."""

    guess: Code
    remaining: int | None
    strategy: str
    incomplete: bool = False


class CachedHints:
    """A ``HintSource`` that keeps the finished hints of ``source`` in the SQLite file at
    ``path``, and answers them again from it.

    ``version`` names the code the hints come from (by default :func:`hints_version`):
    hints of another version are never answered. The file is opened on the first hint,
    so that a command that asks none never touches it. Safe to share between threads.
    """

    def __init__(
        self,
        source: HintSource,
        path: Path,
        *,
        version: str | None = None,
        max_entries: int = MAX_ENTRIES,
        max_bytes: int = MAX_BYTES,
        wait: float = WAIT_SECONDS,
    ) -> None:
        if max_entries < 1 or max_bytes < 64 * 1024:
            raise ValueError("A cache of hints needs room for one entry and 64 KiB at least")
        self.source = source
        self.path = Path(path)
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._version = version
        self._wait = wait
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self._rebuilt = False
        self._passed_by = False

    @property
    def version(self) -> str:
        if self._version is None:
            self._version = hints_version()
        return self._version

    def offers(self, board: DecodingBoard) -> bool:
        return self.source.offers(board)

    def hint(self, board: DecodingBoard, strategy: str | None = None) -> Hint:
        """The hint kept for this board and strategy, or else the source's, kept if finished.

        Raises:
            What ``source.hint`` raises; never an error of the cache itself.
        """
        key = self._key(board, strategy)
        kept = self._recall(key, board)
        if kept is not None:
            return kept
        hint = self.source.hint(board, strategy)
        if not hint.incomplete:
            self._keep(key, board, hint)
        return hint

    def entries(self) -> int:
        """How many hints the file keeps now: 0 if it cannot be read."""
        found = self._run(lambda db: db.execute("SELECT count(*) FROM hints").fetchone())
        return int(found[0]) if found else 0

    def close(self) -> None:
        """Close the file; the next hint opens it again."""
        with self._lock:
            connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(sqlite3.Error):
                connection.close()

    def _key(self, board: DecodingBoard, strategy: str | None) -> bytes:
        number = {name: at for at, name in enumerate(board.available_pegs)}
        rows = [
            [[number[peg] for peg in row.guess.pegs], row.feedback.black, row.feedback.white]
            for row in board.rows
        ]
        question = [
            self.version,
            strategy,
            len(board.available_pegs),
            board.code_length,
            board.unique,
            rows,
            *([] if board.rules.answer.counts_white else ["black-only"]),
        ]
        text = json.dumps(question, separators=(",", ":"))
        return hashlib.sha256(text.encode()).digest()

    def _recall(self, key: bytes, board: DecodingBoard) -> CachedHint | None:
        def read(db: sqlite3.Connection) -> tuple[str, int | None, str] | None:
            row: tuple[str, int | None, str] | None = db.execute(
                "SELECT guess, remaining, strategy FROM hints WHERE key = ?", (key,)
            ).fetchone()
            if row is not None:
                # A hint read is a hint used, unless another process holds the file: then
                # it keeps its place among the hints to evict, and is answered all the same.
                with contextlib.suppress(sqlite3.OperationalError):
                    db.execute("UPDATE hints SET used = ? WHERE key = ?", (time.time_ns(), key))
            return row

        row = self._run(read)
        if row is None:
            return None
        guess, remaining, strategy = row
        try:
            numbers = [int(number) for number in guess.split(",")]
            pegs = tuple(board.available_pegs[number] for number in numbers)
        except (ValueError, IndexError, AttributeError):
            return None  # not written by this code: a miss, to be written over
        if len(pegs) != board.code_length or min(numbers) < 0:
            return None
        if remaining is not None and not isinstance(remaining, int):
            return None
        return CachedHint(Code(pegs), remaining, str(strategy))

    def _keep(self, key: bytes, board: DecodingBoard, hint: Hint) -> None:
        number = {name: at for at, name in enumerate(board.available_pegs)}
        try:
            guess = ",".join(str(number[peg]) for peg in hint.guess.pegs)
        except KeyError:
            return  # a guess outside the palette: nothing the cache could answer again
        remaining = None if hint.remaining is None else int(hint.remaining)
        if remaining is not None and not 0 <= remaining < 2**63:
            return
        entry = (key, guess, remaining, str(hint.strategy), time.time_ns())

        def write(db: sqlite3.Connection) -> bool:
            try:
                self._insert(db, entry)
            except sqlite3.OperationalError as error:
                if _code(error) != sqlite3.SQLITE_FULL:
                    raise
                # The file is at its size: make room by the older half, and try once more.
                self._evict(db, keep=self._count(db) // 2)
                self._insert(db, entry)
            return True

        self._run(write)

    def _insert(self, db: sqlite3.Connection, entry: tuple[object, ...]) -> None:
        with _transaction(db):
            db.execute(
                "INSERT OR REPLACE INTO hints (key, guess, remaining, strategy, used)"
                " VALUES (?, ?, ?, ?, ?)",
                entry,
            )
            if self._count(db) > self.max_entries:
                self._evict(db, keep=self.max_entries)

    @staticmethod
    def _count(db: sqlite3.Connection) -> int:
        return int(db.execute("SELECT count(*) FROM hints").fetchone()[0])

    @staticmethod
    def _evict(db: sqlite3.Connection, *, keep: int) -> None:
        """Delete all but the ``keep`` hints used last."""
        db.execute(
            "DELETE FROM hints WHERE key NOT IN (SELECT key FROM hints ORDER BY used DESC LIMIT ?)",
            (keep,),
        )

    def _run(self, work: Callable[[sqlite3.Connection], T]) -> T | None:
        """What ``work`` answers from the file, or ``None`` where the file fails it: a
        damaged file is made again once, and any other failure passes the file by."""
        with self._lock:
            while True:
                db = self._open()
                if db is None:
                    return None
                try:
                    return work(db)
                except sqlite3.DatabaseError as error:
                    if _code(error) in _DAMAGED and not self._rebuilt:
                        self._rebuild()
                        continue
                    return None
                except (sqlite3.Error, OSError, OverflowError):
                    return None

    def _open(self) -> sqlite3.Connection | None:
        """The connection to the file, opened and laid out on first use; ``None`` once the
        file has been passed by."""
        while self._connection is None and not self._passed_by:
            try:
                self._connection = self._connect()
            except sqlite3.DatabaseError as error:
                if _code(error) in _DAMAGED and not self._rebuilt:
                    self._rebuild()
                    continue
                if _code(error) in _BUSY:
                    return None  # another process holds the file too long: not this time
                self._passed_by = True
            except (sqlite3.Error, OSError):
                self._passed_by = True
        return self._connection

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            if self.path.stat().st_size > self.max_bytes:  # grown by another bound: anew
                self._remove_files()
        db = sqlite3.connect(
            self.path, timeout=self._wait, isolation_level=None, check_same_thread=False
        )
        try:
            # A lost write costs a hint worked out again; a damaged file is made again.
            db.execute("PRAGMA synchronous = OFF")
            page_size = int(db.execute("PRAGMA page_size").fetchone()[0])
            db.execute(f"PRAGMA max_page_count = {max(self.max_bytes // page_size, 16)}")
            if _schema(db) != SCHEMA:
                with _transaction(db):
                    if _schema(db) != SCHEMA:  # unless another process laid it out meanwhile
                        for statement in _CREATE:
                            db.execute(statement)
        except BaseException:
            db.close()
            raise
        return db

    def _rebuild(self) -> None:
        """Throw a damaged file away, for the next use to make it again: once a process."""
        self._rebuilt = True
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(sqlite3.Error):
                connection.close()
        try:
            self._remove_files()
        except OSError:
            self._passed_by = True

    def _remove_files(self) -> None:
        for suffix in ("", "-journal", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(f"{self.path}{suffix}")


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    """A write transaction that takes the file's lock at once, so that it never has to
    wait for a reader half way through."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _schema(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _code(error: sqlite3.Error) -> int | None:
    """SQLite's primary result code for ``error``, if SQLite gave one."""
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF
