"""The contract's promises about snapshots, for a store that keeps them.

A store is :class:`~mastermind.store.Snapshots` if it has ``snapshot``,
``save_snapshot`` and ``delete_snapshots``; these tests are skipped for a store that is
not. They say what a runner that folds from a snapshot counts on: the latest snapshot of
each stream, kept whole; an earlier one never written over a later one; and the stream's
records after the snapshot's version.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mastermind.domain import GameWon
from mastermind.store import EventStore, Snapshot, Snapshots, StoreClosed
from mastermind.store.checks import MAX_VERSION
from mastermind.testing._samples import guessed, started

__all__ = ["SnapshotContract"]

Call = Callable[[Any], object]
"""A call on a store; the store is untyped since the calls are wrong on purpose."""

STATE = '{"attempts_used":2,"palette":["Rouge","Bleu 🔵","O\'Brien"]}'


def _saved(snapshot: object) -> Call:
    return lambda store: store.save_snapshot(snapshot)


def _saved_with(**fields: Any) -> Call:
    """A save of a snapshot of stream g1, at version 1, whose other fields are ``fields``."""
    return _saved(
        Snapshot(**{"stream_id": "g1", "version": 1, "kind": "k", "state": "{}", **fields})
    )


# Each hostile snapshot is refused as mastermind.store.checks.check_snapshot refuses it,
# naming the argument or the field that is wrong, and nothing is kept.
HOSTILE_SNAPSHOTS = [
    pytest.param(_saved(None), TypeError, "snapshot", id="None"),
    pytest.param(_saved(("g1", 1, "k", "{}")), TypeError, "snapshot", id="a-tuple"),
    pytest.param(_saved_with(stream_id=7), TypeError, "snapshot.stream_id", id="id-7"),
    pytest.param(_saved_with(stream_id=""), ValueError, "snapshot.stream_id", id="id-empty"),
    pytest.param(_saved_with(stream_id="g\x00"), ValueError, "snapshot.stream_id", id="id-NUL"),
    pytest.param(_saved_with(version=True), TypeError, "snapshot.version", id="version-True"),
    pytest.param(_saved_with(version="1"), TypeError, "snapshot.version", id="version-text"),
    pytest.param(_saved_with(version=-1), ValueError, "snapshot.version", id="version-minus-1"),
    pytest.param(
        _saved_with(version=MAX_VERSION + 1),
        ValueError,
        "snapshot.version",
        id="version-past-the-largest",
    ),
    pytest.param(_saved_with(kind=None), TypeError, "snapshot.kind", id="kind-None"),
    pytest.param(_saved_with(kind=""), ValueError, "snapshot.kind", id="kind-empty"),
    pytest.param(_saved_with(kind="k\udc80"), ValueError, "snapshot.kind", id="kind-surrogate"),
    pytest.param(_saved_with(state=None), TypeError, "snapshot.state", id="state-None"),
    pytest.param(_saved_with(state=b"{}"), TypeError, "snapshot.state", id="state-bytes"),
    pytest.param(_saved_with(state="{\x00}"), ValueError, "snapshot.state", id="state-NUL"),
    pytest.param(_saved_with(state="\ud800"), ValueError, "snapshot.state", id="state-surrogate"),
    pytest.param(lambda store: store.snapshot(None), TypeError, "stream_id", id="read-id-None"),
    pytest.param(lambda store: store.snapshot(""), ValueError, "stream_id", id="read-id-empty"),
    pytest.param(
        lambda store: store.snapshot("g" * 1_000_000), ValueError, "stream_id", id="read-id-1MB"
    ),
]


class SnapshotContract:
    """The latest snapshot of each stream, kept whole, never replaced by an earlier one,
    and forgotten on demand; wrong snapshots refused before anything is kept."""

    @pytest.fixture
    def snapshot_store(self, store: EventStore) -> Snapshots:
        """The store, if it keeps snapshots; the test is skipped if it does not."""
        if not isinstance(store, Snapshots):
            pytest.skip(f"{type(store).__name__} keeps no snapshots")
        return store

    def test_a_stream_has_no_snapshot_until_one_is_saved(self, snapshot_store: Snapshots) -> None:
        assert snapshot_store.snapshot("g1") is None

    def test_a_saved_snapshot_comes_back_equal(self, snapshot_store: Snapshots) -> None:
        snapshot = Snapshot("g1", 3, "Game@1:ab12", STATE)
        snapshot_store.save_snapshot(snapshot)
        assert snapshot_store.snapshot("g1") == snapshot

    def test_a_long_snapshot_comes_back_whole(self, snapshot_store: Snapshots) -> None:
        state = "[" + ",".join(f'"row {n} ünïcödé 🎲"' for n in range(20_000)) + "]"
        snapshot_store.save_snapshot(Snapshot("g1", 100, "Rows@0:ff", state))
        found = snapshot_store.snapshot("g1")
        assert found is not None
        assert found.state == state

    def test_a_later_snapshot_replaces_an_earlier_one(self, snapshot_store: Snapshots) -> None:
        snapshot_store.save_snapshot(Snapshot("g1", 3, "k", "three"))
        snapshot_store.save_snapshot(Snapshot("g1", 6, "k", "six"))
        assert snapshot_store.snapshot("g1") == Snapshot("g1", 6, "k", "six")

    def test_an_earlier_snapshot_never_replaces_a_later_one(
        self, snapshot_store: Snapshots
    ) -> None:
        snapshot_store.save_snapshot(Snapshot("g1", 6, "k", "six"))
        snapshot_store.save_snapshot(Snapshot("g1", 3, "k", "three"))
        assert snapshot_store.snapshot("g1") == Snapshot("g1", 6, "k", "six")

    def test_a_snapshot_at_the_same_version_replaces_the_one_kept(
        self, snapshot_store: Snapshots
    ) -> None:
        snapshot_store.save_snapshot(Snapshot("g1", 6, "old shape", "six"))
        snapshot_store.save_snapshot(Snapshot("g1", 6, "new shape", "6"))
        assert snapshot_store.snapshot("g1") == Snapshot("g1", 6, "new shape", "6")

    def test_streams_keep_snapshots_of_their_own(self, snapshot_store: Snapshots) -> None:
        snapshot_store.save_snapshot(Snapshot("g1", 9, "k", "nine"))
        snapshot_store.save_snapshot(Snapshot("g2", 2, "k", "two"))
        assert snapshot_store.snapshot("g1") == Snapshot("g1", 9, "k", "nine")
        assert snapshot_store.snapshot("g2") == Snapshot("g2", 2, "k", "two")

    def test_deleting_snapshots_forgets_every_one_and_keeps_every_event(
        self, snapshot_store: Snapshots, store: EventStore
    ) -> None:
        store.append("g1", [started(), guessed()], 0)
        snapshot_store.save_snapshot(Snapshot("g1", 2, "k", "two"))
        snapshot_store.save_snapshot(Snapshot("g2", 5, "k", "five"))
        snapshot_store.delete_snapshots()
        assert (snapshot_store.snapshot("g1"), snapshot_store.snapshot("g2")) == (None, None)
        assert store.load("g1").events == (started(), guessed())
        snapshot_store.save_snapshot(Snapshot("g1", 1, "k", "one"))
        assert snapshot_store.snapshot("g1") == Snapshot("g1", 1, "k", "one")

    def test_a_stream_loads_the_records_after_its_snapshot_with_its_whole_version(
        self, snapshot_store: Snapshots, store: EventStore
    ) -> None:
        store.append("g1", [started(), guessed(black=0), guessed(black=1)], 0)
        snapshot_store.save_snapshot(Snapshot("g1", 2, "k", "two"))
        store.append("g1", [guessed(black=4), GameWon("g1")], 3)
        snapshot = snapshot_store.snapshot("g1")
        assert snapshot is not None
        stream = store.load("g1", after_version=snapshot.version)
        assert [record.version for record in stream.records] == [3, 4, 5]
        assert stream.events == (guessed(black=1), guessed(black=4), GameWon("g1"))
        assert stream.version == 5

    @pytest.mark.parametrize(("call", "error", "named"), HOSTILE_SNAPSHOTS)
    def test_a_wrong_snapshot_argument_is_refused_as_the_checks_refuse_it(
        self,
        snapshot_store: Snapshots,
        call: Call,
        error: type[Exception],
        named: str,
    ) -> None:
        snapshot_store.save_snapshot(Snapshot("g1", 1, "k", "one"))
        with pytest.raises(error) as refused:
            call(snapshot_store)
        assert str(refused.value).startswith(f"{named} "), refused.value
        assert snapshot_store.snapshot("g1") == Snapshot("g1", 1, "k", "one")

    def test_a_closed_store_keeps_and_answers_no_snapshot(
        self, snapshot_store: Snapshots, store: EventStore
    ) -> None:
        snapshot_store.save_snapshot(Snapshot("g1", 1, "k", "one"))
        store.close()
        with pytest.raises(StoreClosed):
            snapshot_store.snapshot("g1")
        with pytest.raises(StoreClosed):
            snapshot_store.save_snapshot(Snapshot("g1", 2, "k", "two"))
        with pytest.raises(StoreClosed):
            snapshot_store.delete_snapshots()
