"""A SQLite file that is damaged, or on a disk that fills up: the store says so plainly,
loses no acknowledged append, and works again on the same object once the cause is gone."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from mastermind.store import (
    CorruptDatabase,
    SQLiteEventStore,
    StoreError,
    StoreUnavailable,
    connect,
)
from mastermind.testing import guessed, started


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


def games(store: SQLiteEventStore, count: int) -> None:
    for number in range(count):
        store.append(f"g{number}", [started(f"g{number}")], 0)


def index_page(path: Path) -> tuple[int, int]:
    """The offset and size of the root page of the index on ``(stream_id, version)``."""
    with sqlite3.connect(path) as connection:
        (root,) = connection.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_events_1'"
        ).fetchone()
        (size,) = connection.execute("PRAGMA page_size").fetchone()
    connection.close()
    return (root - 1) * size, size


def overwrite(path: Path, offset: int, data: bytes) -> bytes:
    """Write ``data`` at ``offset`` behind SQLite's back; answer what was there."""
    with path.open("r+b") as file:
        file.seek(offset)
        before = file.read(len(data))
        file.seek(offset)
        file.write(data)
    return before


def test_a_damaged_index_page_is_refused_at_open_in_one_line_that_says_what_to_do(
    path: Path,
) -> None:
    store = SQLiteEventStore(path)
    games(store, 300)
    store.close()
    offset, size = index_page(path)
    overwrite(path, offset, b"\xff" * size)

    with pytest.raises(CorruptDatabase) as raised:
        SQLiteEventStore(path)
    message = str(raised.value)
    assert "\n" not in message
    assert message.startswith(f"The event store is unavailable: the SQLite file {path} is damaged")
    assert "restore it from a backup" in message
    assert isinstance(raised.value, StoreUnavailable)
    with pytest.raises(CorruptDatabase):
        connect(f"sqlite:///{path}")


def test_a_file_that_is_no_database_is_refused_at_open_as_damaged(path: Path) -> None:
    path.write_bytes(b"not a database, " * 512)
    with pytest.raises(CorruptDatabase, match="file is not a database") as raised:
        SQLiteEventStore(path)
    assert raised.value.path == str(path)
    assert isinstance(raised.value, StoreError)
    assert isinstance(raised.value.__cause__, sqlite3.DatabaseError)


def test_a_page_damaged_while_the_store_is_open_fails_each_call_until_it_is_restored(
    path: Path,
) -> None:
    store = SQLiteEventStore(path)
    games(store, 300)
    with sqlite3.connect(path) as other:
        other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    offset, size = index_page(path)
    healthy = overwrite(path, offset, b"\xff" * size)
    with sqlite3.connect(path) as other:  # another writer: the store reads the file anew
        other.execute("CREATE TABLE elsewhere (x)")
    other.close()

    for call in [lambda: store.load("g1"), lambda: store.append("g1", [guessed()], 1)]:
        with pytest.raises(CorruptDatabase, match=f"the SQLite file {path} is damaged"):
            call()

    overwrite(path, offset, healthy)
    assert store.load("g1").events == (started("g1"),)
    assert store.append("g1", [guessed()], 1) == 2
    store.close()


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs of 1 MiB, mounted for this test alone."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs to fill up needs root, and this test runs as a user")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(f"this machine allows no tmpfs to be mounted: {mounted.stderr.strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "--lazy", str(disk)], check=True)


def fill(disk: Path, leaving: int) -> Path:
    """A file that takes all of ``disk`` but ``leaving`` bytes."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as file:
        try:
            while True:
                file.write(b"\0" * 65536)
        except OSError as error:
            if error.errno != errno.ENOSPC:
                raise
        file.truncate(max(file.tell() - leaving, 0))
    return filler


def test_a_full_disk_fails_appends_loses_none_acknowledged_and_appends_again_once_freed(
    small_disk: Path,
) -> None:
    path = small_disk / "games.db"
    store = SQLiteEventStore(path)
    acknowledged: dict[str, int] = {}

    def append_one(number: int) -> None:
        stream_id = f"g{number % 20}"
        version = acknowledged.get(stream_id, 0)
        store.append(stream_id, [guessed() if version else started(stream_id)], version)
        acknowledged[stream_id] = version + 1

    for number in range(40):
        append_one(number)
    filler = fill(small_disk, leaving=64 * 1024)
    failures: list[StoreUnavailable] = []
    for number in range(40, 5000):
        try:
            append_one(number)
        except StoreUnavailable as error:
            failures.append(error)
            if len(failures) == 3:
                break

    assert len(failures) == 3, "the disk never filled up"
    assert all(failure.reason == failures[0].reason for failure in failures)
    assert failures[0].reason == (
        f"the disk holding {path} is full (database or disk is full); free some space."
    )
    assert store.load("g0").version == acknowledged["g0"]  # reading needs no room

    filler.unlink()
    for number in range(5000, 5005):
        append_one(number)
    store.close()

    reopened = SQLiteEventStore(path)
    for stream_id, version in acknowledged.items():
        stream = reopened.load(stream_id)
        assert [record.version for record in stream.records] == list(range(1, version + 1))
    assert len(reopened.read_all(limit=10_000)) == sum(acknowledged.values())
    reopened.close()
