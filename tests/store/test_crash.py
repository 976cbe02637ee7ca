"""A writer killed with SIGKILL in the middle of its appends leaves no partial batch."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from mastermind import GuessMade
from mastermind.store import EventStore, connect

ROOT = Path(__file__).parent.parent.parent
KILLS = 12


def kill_writers_repeatedly(url: str, kills: int = KILLS) -> None:
    """Start a writer of batches of three, kill it at a random moment, reopen and check."""
    chance = random.Random(0)
    for _ in range(kills):
        writer = subprocess.Popen(
            [sys.executable, "-m", "tests.store.workers", url],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert writer.stdout is not None
        assert writer.stdout.readline() == "appending\n", "the writer did not start appending"
        time.sleep(chance.uniform(0, 0.15))
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=30)
        writer.stdout.close()
        assert writer.returncode == -signal.SIGKILL
        statements_of_the_killed_end(url)
        store = connect(url)
        assert_whole_batches(store)
        store.close()


def statements_of_the_killed_end(url: str) -> None:
    """Wait until no other client of the server is in a statement. A PostgreSQL server
    finishes, and commits, the statement of a client killed while it ran: until then, one
    read may see its batch and the next not. A file has no such server."""
    if not url.startswith("postgres"):
        return
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        for _ in range(3000):
            row = connection.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid()"
                " AND datname = current_database() AND backend_type = 'client backend'"
                " AND state <> 'idle'"
            ).fetchone()
            if row is not None and row[0] == 0:
                return
            time.sleep(0.01)
    raise AssertionError("the statement of a killed client never ended")


def assert_whole_batches(store: EventStore) -> int:
    """Every stream holds contiguous versions in whole, ordered batches; answer the count."""
    batches = 0
    for number in range(10):
        stream = store.load(f"crash-{number}")
        assert [record.version for record in stream.records] == list(range(1, stream.version + 1))
        assert stream.version % 3 == 0, f"crash-{number} ends in a partial batch"
        events = list(stream.events)
        for start in range(0, len(events), 3):
            batch = events[start : start + 3]
            assert all(isinstance(event, GuessMade) for event in batch)
            labels = [event.game_id.split() for event in batch]
            assert len({label for label, _ in labels}) == 1, "a batch mixes two appends"
            assert [part for _, part in labels] == ["1/3", "2/3", "3/3"]
            batches += 1
    assert len(store.read_all(limit=100_000)) == 3 * batches
    return batches


def test_sqlite_reopens_after_each_kill_with_whole_batches_only(tmp_path: Path) -> None:
    path = tmp_path / "crash.db"
    kill_writers_repeatedly(f"sqlite:///{path}")
    store = connect(f"sqlite:///{path}")
    assert assert_whole_batches(store) >= KILLS
    store.append("crash-0", [], store.load("crash-0").version)
    store.close()
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    connection.close()


def test_postgres_keeps_whole_batches_only_when_its_clients_are_killed(
    database_url: str,
) -> None:
    kill_writers_repeatedly(database_url)
    store = connect(database_url)
    assert assert_whole_batches(store) >= KILLS
    store.close()
