"""The runner keeps the folded state of the streams it used last and folds only the events
appended since; whatever another writer appended is read, and no answer changes."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mastermind.service import CommandRunner, IdempotencyKeyReused, SnapshotPolicy
from mastermind.store import EventStore, InMemoryEventStore, SQLiteEventStore, Stream
from tests.service.snapshot_stores import STORES, TALLY_CODEC, Add, Added, Tally, new_store, tally

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    with new_store(request.param, tmp_path, request, TALLY_CODEC) as store:
        yield store


class CountingStore:
    """A store that counts the records it hands out: what the runner read."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.read = 0

    def load(self, stream_id: str, **arguments: Any) -> Stream:
        stream = self.store.load(stream_id, **arguments)
        self.read += len(stream.records)
        return stream

    def append(self, *arguments: Any, **keywords: Any) -> int:
        return self.store.append(*arguments, **keywords)


def test_a_command_reads_only_the_events_since_the_last_one_it_read() -> None:
    counting = CountingStore(InMemoryEventStore(codec=TALLY_CODEC))
    runner = CommandRunner(tally, counting)  # type: ignore[arg-type]
    runner.handle("t", Add(1, times=50))
    assert runner.handle("t", Add(2)).state == Tally(51, 52)
    counting.read = 0
    assert runner.handle("t", Add(3)).state == Tally(52, 55)
    # The last event read, to see that it is still there, and the one appended since.
    assert counting.read == 2
    assert runner.handle("t", Add(4)).state == Tally(53, 59)
    assert counting.read == 4


def test_a_runner_sees_what_another_runner_appended_to_the_same_store(store: EventStore) -> None:
    first, second = CommandRunner(tally, store), CommandRunner(tally, store)
    first.handle("t", Add(1))
    first.handle("t", Add(2))
    second.handle("t", Add(10, times=3))
    handled = first.handle("t", Add(100))
    assert handled.state == Tally(6, 133)
    assert handled.events == (Added(1), Added(2), Added(10), Added(10), Added(10), Added(100))
    assert handled.state == tally.fold(store.load("t").events)


def test_a_runner_sees_what_another_process_appended(tmp_path: Path) -> None:
    path = tmp_path / "events.db"
    store = SQLiteEventStore(path, codec=TALLY_CODEC)
    try:
        runner = CommandRunner(tally, store)
        runner.handle("t", Add(1, times=2))
        appended = (
            "import sys; from mastermind.store import SQLiteEventStore;"
            "from tests.service.snapshot_stores import TALLY_CODEC, Added;"
            "store = SQLiteEventStore(sys.argv[1], codec=TALLY_CODEC);"
            "store.append('t', [Added(5), Added(7)], 2); store.close()"
        )
        subprocess.run([sys.executable, "-c", appended, str(path)], cwd=ROOT, check=True)
        assert runner.handle("t", Add(100)).state == Tally(5, 114)
    finally:
        store.close()


def test_a_conflict_with_another_writer_is_decided_again_on_the_fresh_state(
    store: EventStore,
) -> None:
    runner, other = CommandRunner(tally, store, backoff_seconds=0), CommandRunner(tally, store)
    runner.handle("t", Add(1))
    seen: list[Tally] = []

    def command(state: Tally) -> Add:
        seen.append(state)
        if len(seen) == 1:  # another writer gets there between this load and its append
            other.handle("t", Add(10))
        return Add(state.count)

    handled = runner.handle("t", command)
    assert seen == [Tally(1, 1), Tally(2, 11)]
    assert handled.state == Tally(3, 13) == tally.fold(store.load("t").events)
    assert runner.handle("t", Add(0)).state == Tally(4, 13)


def test_the_runner_keeps_as_many_streams_as_it_is_told_the_least_recently_used_dropped() -> None:
    store = InMemoryEventStore(codec=TALLY_CODEC)
    for stream_id in ("a", "b", "c"):
        store.append(stream_id, [Added(0)], 0)
    runner = CommandRunner(tally, store, cached_streams=2)
    for stream_id in ("a", "b", "a", "c"):
        runner.handle(stream_id, Add(1))
    assert (len(runner.folded), "a" in runner.folded, "b" in runner.folded) == (2, True, False)
    assert runner.handle("b", Add(1)).state == Tally(3, 2)


def test_a_runner_told_to_keep_no_stream_keeps_none() -> None:
    runner = CommandRunner(tally, InMemoryEventStore(codec=TALLY_CODEC), cached_streams=0)
    runner.handle("t", Add(1))
    assert runner.handle("t", Add(1)).state == Tally(2, 2)
    assert runner.handle("t", Add(1)).state == Tally(3, 3)
    assert len(runner.folded) == 0


@pytest.mark.parametrize("wrong", [-1, 1.5, True, "2"])
def test_the_streams_kept_are_a_whole_number_of_at_least_0(wrong: object) -> None:
    with pytest.raises(TypeError if not isinstance(wrong, int) or wrong is True else ValueError):
        CommandRunner(tally, InMemoryEventStore(), cached_streams=wrong)  # type: ignore[arg-type]


class Swappable:
    """A store whose events can be swapped for another's, as when a database is restored."""

    def __init__(self, store: EventStore) -> None:
        self.store = store

    def load(self, stream_id: str, **arguments: Any) -> Stream:
        return self.store.load(stream_id, **arguments)

    def append(self, *arguments: Any, **keywords: Any) -> int:
        return self.store.append(*arguments, **keywords)


def test_a_stream_that_no_longer_holds_the_event_last_read_is_folded_from_its_start() -> None:
    swappable = Swappable(InMemoryEventStore(codec=TALLY_CODEC))
    runner = CommandRunner(tally, swappable)  # type: ignore[arg-type]
    runner.handle("t", Add(1, times=3))
    runner.handle("t", Add(1))
    restored = InMemoryEventStore(codec=TALLY_CODEC)
    restored.append("other", [Added(0)], 0)  # so that positions differ from the lost ones
    restored.append("t", [Added(50)] * 4, 0)
    swappable.store = restored
    assert runner.handle("t", Add(1)).state == Tally(5, 201)


def test_a_key_replays_its_first_answer_whatever_the_runner_kept(store: EventStore) -> None:
    runner = CommandRunner(tally, store, snapshots=SnapshotPolicy(2, Tally))
    first = runner.handle("t", Add(1), idempotency_key="k1")
    runner.handle("t", Add(2, times=3))
    runner.handle("t", Add(3))  # kept from the snapshot on: keys before it are not known
    again = runner.handle("t", Add(1), idempotency_key="k1")
    assert (again.replayed, again.state, again.new_events) == (True, first.state, (Added(1),))
    with pytest.raises(IdempotencyKeyReused):
        runner.handle("t", Add(9), idempotency_key="k1")
    fresh = runner.handle("t", Add(4), idempotency_key="k2")
    assert (fresh.replayed, fresh.state) == (False, Tally(6, 14))
    assert runner.handle("t", Add(4), idempotency_key="k2").replayed


def test_a_key_used_by_another_runner_is_replayed_by_this_one(store: EventStore) -> None:
    runner, other = CommandRunner(tally, store), CommandRunner(tally, store)
    runner.handle("t", Add(1))
    first = other.handle("t", Add(5), idempotency_key="k")
    again = runner.handle("t", Add(5), idempotency_key="k")
    assert (again.replayed, again.state, again.events) == (True, first.state, first.events)
