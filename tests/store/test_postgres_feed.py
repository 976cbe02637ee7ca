"""The PostgreSQL feed stays exact while appends run side by side and some die mid-way.

Sixteen writers append to eight shared streams, without waiting for each other; every
fourth append of a writer is made by hand in a transaction that holds its row until
the server ends its backend. Four followers, each through a store of its own, wait for
the feed and read it page by page. Every follower must see every committed event once,
none of a killed transaction, in one order that agrees with every stream's versions.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Iterator

import psycopg
import psycopg.errors
import pytest

from mastermind.store import PostgresEventStore, VersionConflict, wait_for_events
from mastermind.testing import guessed
from mastermind.testing._threads import run_threads

WRITERS = 16
FOLLOWERS = 4
STREAMS = 8
ROUNDS = 8
"""Appends each writer makes, committed or killed."""
KILL_EVERY = 4
"""Every fourth append of a writer is held open and killed."""
PATIENCE = 30.0
"""Seconds a follower waits for the last committed event, at most: a bound, not a pace."""

Seen = tuple[str, int, str, int]
"""``stream_id, version, the append's tag, position`` as a follower read it."""


@pytest.fixture
def store(database_url: str) -> Iterator[PostgresEventStore]:
    store = PostgresEventStore(database_url, max_connections=WRITERS)
    yield store
    store.close()


def killed_append(url: str, store: PostgresEventStore, tag: str, doomed: queue.Queue[int]) -> None:
    """Insert one event as the store does, then hold the transaction until it is killed."""
    stream_id = f"s{int(tag.split('-')[1]) % STREAMS}"
    _, _, data = store._codec._encode_fields(guessed(stream_id))
    metadata = json.dumps({"tag": tag})
    with psycopg.connect(url) as connection:
        while True:  # until its row is in, past the appends that won the version
            row = connection.execute(store._queries.last_version, (stream_id,)).fetchone()
            version = 0 if row is None else row[0]
            parameters = (stream_id, stream_id, "", version, metadata, ["GuessMade"], [1], [data])
            try:
                if connection.execute(store._queries.append, parameters).fetchall():
                    break
            except psycopg.errors.UniqueViolation:
                pass
            connection.rollback()
        (pid,) = connection.execute("SELECT pg_backend_pid()").fetchone() or (0,)
        doomed.put(pid)
        with pytest.raises(psycopg.OperationalError):
            connection.execute("SELECT pg_sleep(60)")


def test_followers_see_every_committed_event_once_and_none_killed_in_one_order(
    database_url: str, store: PostgresEventStore
) -> None:
    committed: set[str] = set()
    killed: set[str] = set()
    doomed: queue.Queue[int] = queue.Queue()
    writing = threading.Event()
    writing.set()

    def killer() -> None:
        with psycopg.connect(database_url, autocommit=True) as admin:
            while writing.is_set() or not doomed.empty():
                try:
                    pid = doomed.get(timeout=0.05)
                except queue.Empty:
                    continue
                time.sleep(0.03)  # others commit above it meanwhile
                admin.execute("SELECT pg_terminate_backend(%s)", (pid,))

    def writer(number: int) -> None:
        for round_ in range(ROUNDS):
            tag = f"w{number}-{number * ROUNDS + round_}"
            if round_ % KILL_EVERY == KILL_EVERY - 1:
                killed_append(database_url, store, tag, doomed)
                killed.add(tag)
                continue
            stream_id = f"s{(number * ROUNDS + round_) % STREAMS}"
            while True:
                version = store.load(stream_id).version
                try:
                    store.append(stream_id, [guessed(stream_id)], version, metadata={"tag": tag})
                    break
                except VersionConflict:
                    continue
            committed.add(tag)

    followers: list[list[Seen]] = [[] for _ in range(FOLLOWERS)]

    def follower(number: int) -> None:
        reader = PostgresEventStore(database_url, max_connections=2)
        seen = followers[number]
        position = 0
        deadline = time.monotonic() + PATIENCE
        try:
            while time.monotonic() < deadline:
                page = reader.read_all(position, limit=50)
                seen += [(r.stream_id, r.version, r.metadata["tag"], r.position) for r in page]
                if page:
                    position = page[-1].position
                elif not writing.is_set() and len(seen) >= len(committed):
                    break
                else:
                    wait_for_events(reader, position, 0.5)
        finally:
            reader.close()

    finished_writers: list[int] = []

    def writer_or_follower(number: int) -> None:
        # One run starts every thread: a thread started while another run switches
        # threads every microsecond may miss the tracer of coverage on Python 3.11.
        if number >= WRITERS:
            follower(number - WRITERS)
            return
        try:
            writer(number)
        finally:
            finished_writers.append(number)
            if len(finished_writers) == WRITERS:
                writing.clear()

    killing = threading.Thread(target=killer)
    killing.start()
    try:
        run_threads(writer_or_follower, WRITERS + FOLLOWERS)
    finally:
        writing.clear()
        killing.join()

    print(
        f"\ncommitted {len(committed)}, killed {len(killed)}, seen per follower"
        f" {[len(seen) for seen in followers]}"
    )
    assert len(killed) == WRITERS * ROUNDS // KILL_EVERY
    first = followers[0]
    for seen in followers:
        tags = [tag for _, _, tag, _ in seen]
        assert len(tags) == len(set(tags)), "a follower saw an event twice"
        assert set(tags) == committed
        assert seen == first, "two followers saw the feed in different orders"
    positions = [position for *_, position in first]
    assert positions == sorted(set(positions))
    for stream in {stream_id for stream_id, *_ in first}:
        versions = [version for stream_id, version, *_ in first if stream_id == stream]
        assert versions == list(range(1, len(versions) + 1))
