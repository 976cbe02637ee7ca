"""The runner keeps snapshots every so many events and folds from the latest one; a
snapshot it cannot trust is ignored, and none changes an answer."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from mastermind.domain import Decider
from mastermind.service import CommandRunner, SnapshotPolicy
from mastermind.store import (
    EventStore,
    InMemoryEventStore,
    Snapshot,
    Snapshots,
    StoreUnavailable,
)
from tests.service.snapshot_stores import STORES, TALLY_CODEC, Add, Added, Tally, new_store, tally

EVERY_3 = SnapshotPolicy(3, Tally)


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    with new_store(request.param, tmp_path, request, TALLY_CODEC) as store:
        yield store


def snapshots_of(store: EventStore) -> Snapshots:
    assert isinstance(store, Snapshots)
    return store


def position(store: EventStore, version: int) -> int:
    """The position in the feed of the event at ``version`` of stream t."""
    return store.load("t").records[version - 1].position


def as_kept(store: EventStore, version: int, text: str) -> str:
    """A snapshot's state as the runner keeps it: the position of its event, then ``text``."""
    return f"{position(store, version)} {text}"


def add(runner: CommandRunner[Add, Added, Tally], *amounts: int) -> Tally:
    state = Tally()
    for amount in amounts:
        state = runner.handle("t", Add(amount)).state
    return state


def test_a_snapshot_is_saved_when_an_append_reaches_or_passes_a_multiple_of_every(
    store: EventStore,
) -> None:
    runner = CommandRunner(tally, store, snapshots=EVERY_3)
    kept = []
    for times in (2, 2, 2, 1, 1):
        runner.handle("t", Add(1, times))
        snapshot = snapshots_of(store).snapshot("t")
        kept.append(None if snapshot is None else (snapshot.version, snapshot.state))
    assert kept == [
        None,
        (4, as_kept(store, 4, '{"count":4,"total":4}')),
        (6, as_kept(store, 6, '{"count":6,"total":6}')),
        (6, as_kept(store, 6, '{"count":6,"total":6}')),
        (6, as_kept(store, 6, '{"count":6,"total":6}')),
    ]


def test_the_runner_folds_the_events_after_the_latest_snapshot(store: EventStore) -> None:
    runner = CommandRunner(tally, store, snapshots=EVERY_3)
    add(runner, 1, 2, 3, 4)
    handled = runner.handle("t", Add(5))
    assert (handled.from_version, handled.events, handled.new_events) == (
        3,
        (Added(4), Added(5)),
        (Added(5),),
    )
    assert handled.state == Tally(5, 15)


def test_a_snapshot_of_the_right_kind_is_trusted_as_the_state_at_its_version(
    store: EventStore,
) -> None:
    runner = CommandRunner(tally, store, snapshots=EVERY_3)
    add(runner, 1, 1, 1)
    forged = as_kept(store, 3, EVERY_3.write(Tally(3, 90)))
    snapshots_of(store).save_snapshot(Snapshot("t", 3, EVERY_3.kind, forged))
    assert runner.handle("t", Add(1)).state == Tally(4, 91)


VALID = '{"count":2,"total":3}'


@pytest.mark.parametrize(
    ("version", "kind", "text"),
    [
        pytest.param(2, "another kind", VALID, id="another-kind"),
        pytest.param(40, EVERY_3.kind, VALID, id="beyond-the-stream"),
        pytest.param(2, EVERY_3.kind, "not JSON", id="not-json"),
        pytest.param(2, EVERY_3.kind, '{"count":"two"}', id="another-shape"),
        pytest.param(2, EVERY_3.kind, '{"count":2,"total":3,"x":1}', id="more-fields"),
    ],
)
def test_a_snapshot_the_runner_cannot_trust_is_ignored(
    store: EventStore, version: int, kind: str, text: str
) -> None:
    runner = CommandRunner(tally, store, snapshots=EVERY_3)
    add(runner, 1, 2)
    snapshots_of(store).save_snapshot(Snapshot("t", version, kind, f"{position(store, 2)} {text}"))
    handled = runner.handle("t", Add(4))
    assert (handled.state, handled.from_version) == (Tally(3, 7), 0)
    assert handled.events == (Added(1), Added(2), Added(4))


@pytest.mark.parametrize(
    "kept",
    [
        pytest.param(lambda position: VALID, id="without-a-position"),
        pytest.param(lambda position: f"{position + 1000} {VALID}", id="at-another-position"),
    ],
)
def test_a_snapshot_whose_event_is_not_at_its_position_is_ignored(
    store: EventStore, kept: Callable[[int], str]
) -> None:
    runner = CommandRunner(tally, store, snapshots=EVERY_3)
    add(runner, 1, 2)
    snapshots_of(store).save_snapshot(Snapshot("t", 2, EVERY_3.kind, kept(position(store, 2))))
    handled = runner.handle("t", Add(4))
    assert (handled.state, handled.from_version) == (Tally(3, 7), 0)


def test_a_snapshot_of_events_since_lost_is_ignored_once_the_stream_grows_past_it() -> None:
    before_the_loss = InMemoryEventStore(codec=TALLY_CODEC)
    CommandRunner(tally, before_the_loss, snapshots=EVERY_3).handle("t", Add(50, times=3))
    lost = before_the_loss.snapshot("t")
    assert lost is not None
    # The store lost stream t, and kept its snapshot; other events took its positions.
    store = InMemoryEventStore(codec=TALLY_CODEC)
    store.append("another stream", [Added(0)], 0)
    store.save_snapshot(lost)
    runner = CommandRunner(tally, store, snapshots=EVERY_3)
    assert runner.handle("t", Add(1, times=2)).from_version == 0
    handled = runner.handle("t", Add(1, times=2))
    assert (handled.state, handled.from_version) == (Tally(4, 4), 0)


def test_deleting_every_snapshot_changes_no_answer(store: EventStore) -> None:
    # Keeping no folded state, the runner reads the latest snapshot on every command.
    runner = CommandRunner(tally, store, snapshots=EVERY_3, cached_streams=0)
    add(runner, *range(1, 8))
    with_snapshot = runner.handle("t", Add(10))
    snapshots_of(store).delete_snapshots()
    without = runner.handle("t", Add(10))
    assert (with_snapshot.state, with_snapshot.from_version) == (Tally(8, 38), 6)
    assert (without.state, without.from_version) == (Tally(9, 48), 0)


def test_a_snapshot_written_by_a_changed_state_class_is_ignored(store: EventStore) -> None:
    older = attrs.make_class("Tally", {"count": attrs.field(type=int)}, frozen=True)
    older.__module__ = Tally.__module__  # the same class as it was: only its fields differ
    older_tally: Decider[Add, Added, Any] = Decider(
        tally.decide, lambda state, _: older(state.count + 1), older(0), lambda _: False
    )
    old_policy: SnapshotPolicy[Any] = SnapshotPolicy(3, older)
    CommandRunner(older_tally, store, snapshots=old_policy).handle("t", Add(5, times=3))
    old = snapshots_of(store).snapshot("t")
    assert old is not None
    assert old.state == as_kept(store, 3, '{"count":3}')

    # The old text would read as Tally(3, 0), since total has a default: its kind says no.
    assert EVERY_3.read('{"count":3}') == Tally(3, 0)
    assert old_policy.kind.partition("@")[0] == EVERY_3.kind.partition("@")[0] == "Tally"
    assert old_policy.kind != EVERY_3.kind
    handled = CommandRunner(tally, store, snapshots=EVERY_3).handle("t", Add(1))
    assert (handled.state, handled.from_version) == (Tally(4, 16), 0)


def test_a_keyed_command_finds_its_first_use_older_than_the_snapshot(store: EventStore) -> None:
    runner = CommandRunner(tally, store, snapshots=EVERY_3)
    first = runner.handle("t", Add(7), idempotency_key="key-1")
    add(runner, 1, 1, 1, 1, 1)
    assert snapshots_of(store).snapshot("t") is not None
    again = runner.handle("t", Add(7), idempotency_key="key-1")
    assert again.replayed
    assert (again.new_events, again.state) == (first.new_events, first.state)
    assert store.load("t").version == 6


def test_a_keyed_command_is_folded_from_the_whole_stream_and_still_leaves_snapshots(
    store: EventStore,
) -> None:
    runner = CommandRunner(tally, store, snapshots=EVERY_3)
    add(runner, 1, 1, 1, 1)
    handled = runner.handle("t", Add(1, times=2), idempotency_key="key-2")
    assert (handled.from_version, handled.state) == (0, Tally(6, 6))
    assert snapshots_of(store).snapshot("t") == Snapshot(
        "t", 6, EVERY_3.kind, as_kept(store, 6, '{"count":6,"total":6}')
    )


def test_a_policy_may_write_the_state_its_own_way(store: EventStore) -> None:
    def write(state: Tally) -> str:
        return f"{state.count} {state.total}"

    def read(text: str) -> Tally:
        count, total = text.split()
        return Tally(int(count), int(total))

    policy = SnapshotPolicy(2, Tally, write=write, read=read)
    runner = CommandRunner(tally, store, snapshots=policy)
    add(runner, 5, 5)
    assert snapshots_of(store).snapshot("t") == Snapshot(
        "t", 2, policy.kind, as_kept(store, 2, "2 10")
    )
    assert runner.handle("t", Add(1)).state == Tally(3, 11)


class EventsOnly:
    """A store of its own that keeps events and nothing beside them."""

    def __init__(self) -> None:
        self._store = InMemoryEventStore(codec=TALLY_CODEC)
        self.load = self._store.load
        self.append = self._store.append
        self.read_all = self._store.read_all
        self.close = self._store.close


def test_a_store_without_snapshots_is_folded_from_the_start() -> None:
    store = EventsOnly()
    assert not isinstance(store, Snapshots)
    runner = CommandRunner(tally, store, snapshots=EVERY_3)
    add(runner, *range(1, 7))
    handled = runner.handle("t", Add(10))
    assert (handled.state, handled.from_version, len(handled.events)) == (Tally(7, 31), 0, 7)


class SnapshotsUnavailable(InMemoryEventStore):
    """A store whose snapshots cannot be read or saved, as a lost connection would have it,
    while its events can."""

    def __init__(self) -> None:
        super().__init__(codec=TALLY_CODEC)
        self.tried = 0

    def snapshot(self, stream_id: str) -> Snapshot | None:
        self.tried += 1
        raise StoreUnavailable("the connection was lost.")

    def save_snapshot(self, snapshot: Snapshot) -> None:
        self.tried += 1
        raise StoreUnavailable("the connection was lost.")


def test_snapshots_that_cannot_be_read_or_saved_fail_no_command() -> None:
    store = SnapshotsUnavailable()
    runner = CommandRunner(tally, store, snapshots=EVERY_3, cached_streams=0)
    assert add(runner, *range(1, 8)) == Tally(7, 28)
    assert store.load("t").version == 7
    assert store.tried == 7 + 2


def test_a_state_that_cannot_be_written_is_not_kept_and_fails_no_command() -> None:
    def write(state: Tally) -> str:
        if state.total > 5:
            raise OverflowError("too large for this format")
        return str(state.total)

    def read(text: str) -> Tally:
        return Tally(int(text), int(text))

    store = InMemoryEventStore(codec=TALLY_CODEC)
    policy = SnapshotPolicy(1, Tally, write=write, read=read)
    runner = CommandRunner(tally, store, snapshots=policy)
    runner.handle("t", Add(1))
    with pytest.warns(RuntimeWarning, match="too large for this format"):
        handled = runner.handle("t", Add(9))
    assert handled.state == Tally(2, 10)
    assert store.load("t").version == 2
    assert store.snapshot("t") == Snapshot("t", 1, policy.kind, as_kept(store, 1, "1"))


def test_a_state_that_does_not_read_back_equal_is_not_kept() -> None:
    policy = SnapshotPolicy(
        1, Tally, write=lambda state: str(state.count), read=lambda text: Tally()
    )
    store = InMemoryEventStore(codec=TALLY_CODEC)
    runner = CommandRunner(tally, store, snapshots=policy)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        runner.handle("t", Add(1))
    assert [str(warning.message) for warning in caught] == [
        f"A snapshot of kind {policy.kind!r} is not kept: it does not read back equal."
        " Streams are folded from their last snapshot kept, or from their start."
    ]
    assert store.snapshot("t") is None
