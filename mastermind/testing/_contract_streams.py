"""The contract's promises about streams: appends, versions, and what comes back."""

from __future__ import annotations

import pytest

from mastermind.domain import Code, GameLost, GameStarted, GameWon, Rules
from mastermind.store import EventStore, VersionConflict
from mastermind.testing._samples import guessed, one_of_each, started

__all__ = ["StreamContract"]


class StreamContract:
    """Appends are atomic and versioned, and a stream loads as it was appended."""

    def test_an_unknown_stream_is_empty_at_version_0(self, store: EventStore) -> None:
        stream = store.load("nobody")
        assert (stream.stream_id, stream.records, stream.version) == ("nobody", (), 0)

    def test_append_answers_the_new_version(self, store: EventStore) -> None:
        assert store.append("g1", [started()], expected_version=0) == 1
        assert store.append("g1", [guessed(), guessed()], expected_version=1) == 3

    def test_a_stream_loads_its_events_in_order_with_versions_from_1(
        self, store: EventStore
    ) -> None:
        store.append("g1", [started()], 0)
        store.append("g1", [guessed(black=0), guessed(black=1)], 1)
        stream = store.load("g1")
        assert stream.version == 3
        assert stream.events == (started(), guessed(black=0), guessed(black=1))
        assert [record.version for record in stream.records] == [1, 2, 3]
        assert {record.stream_id for record in stream.records} == {"g1"}

    def test_every_event_type_comes_back_equal(self, store: EventStore) -> None:
        store.append("g1", one_of_each(), 0)
        assert list(store.load("g1").events) == one_of_each()

    def test_odd_stream_ids_and_colour_names_are_kept_as_they_are(self, store: EventStore) -> None:
        stream_id = "game 'quoted' \"twice\"; DROP TABLE events; -- ünïcödé 🎲"
        palette = ("Rouge", "Vert", "Bleu 🔵", "O'Brien")
        event = GameStarted(stream_id, Code.of("Bleu 🔵", "O'Brien"), Rules(2, palette, 3))
        store.append(stream_id, [event], 0)
        assert store.load(stream_id).events == (event,)

    def test_a_batch_is_appended_whole(self, store: EventStore) -> None:
        store.append("g1", [started(), guessed(), GameWon("g1")], 0)
        assert len(store.load("g1").records) == 3
        assert len(store.read_all()) == 3

    def test_a_stale_expected_version_raises_version_conflict(self, store: EventStore) -> None:
        store.append("g1", [started(), guessed()], 0)
        with pytest.raises(VersionConflict) as conflict:
            store.append("g1", [guessed()], expected_version=1)
        assert (conflict.value.stream_id, conflict.value.expected, conflict.value.actual) == (
            "g1",
            1,
            2,
        )

    def test_an_expected_version_ahead_of_the_stream_raises_version_conflict(
        self, store: EventStore
    ) -> None:
        with pytest.raises(VersionConflict) as conflict:
            store.append("g1", [started()], expected_version=3)
        assert (conflict.value.expected, conflict.value.actual) == (3, 0)

    def test_a_duplicate_version_is_rejected_and_the_stream_unchanged(
        self, store: EventStore
    ) -> None:
        store.append("g1", [started()], 0)
        with pytest.raises(VersionConflict):
            store.append("g1", [started("g1-again")], 0)
        assert store.load("g1").events == (started(),)

    def test_a_refused_batch_leaves_none_of_its_events(self, store: EventStore) -> None:
        store.append("g1", [started()], 0)
        with pytest.raises(VersionConflict):
            store.append("g1", [guessed(), guessed(), GameLost("g1")], 0)
        assert store.load("g1").version == 1
        assert [record.event for record in store.read_all()] == [started()]

    def test_appending_no_events_keeps_the_version(self, store: EventStore) -> None:
        store.append("g1", [started()], 0)
        assert store.append("g1", [], 1) == 1
        with pytest.raises(VersionConflict):
            store.append("g1", [], 0)
        assert store.load("g1").version == 1

    def test_appending_at_the_current_version_never_raises_version_conflict(
        self, store: EventStore
    ) -> None:
        for version in range(5):
            for stream_id in ("g1", "g2", "g3"):
                assert store.append(stream_id, [guessed(stream_id)], version) == version + 1
        assert [store.load(stream_id).version for stream_id in ("g1", "g2", "g3")] == [5, 5, 5]

    def test_after_a_conflict_an_append_at_the_actual_version_succeeds(
        self, store: EventStore
    ) -> None:
        store.append("g1", [started(), guessed()], 0)
        with pytest.raises(VersionConflict) as conflict:
            store.append("g1", [GameWon("g1")], 1)
        assert store.append("g1", [GameWon("g1")], conflict.value.actual) == 3
        assert store.load("g1").events == (started(), guessed(), GameWon("g1"))

    def test_streams_have_versions_of_their_own(self, store: EventStore) -> None:
        store.append("g1", [started("g1")], 0)
        store.append("g2", [started("g2"), guessed("g2")], 0)
        store.append("g1", [guessed("g1")], 1)
        assert store.load("g1").events == (started("g1"), guessed("g1"))
        assert store.load("g2").version == 2

    def test_metadata_given_to_an_append_comes_back_on_each_record_of_that_append(
        self, store: EventStore
    ) -> None:
        metadata = {"command_id": "c-1", "ünïcödé 🎲": "'quoted' \"twice\""}
        store.append("g1", [started(), guessed()], 0, metadata=metadata)
        store.append("g1", [GameWon("g1")], 2, metadata={"command_id": "c-2"})
        expected = [metadata, metadata, {"command_id": "c-2"}]
        assert [dict(record.metadata) for record in store.load("g1").records] == expected
        assert [dict(record.metadata) for record in store.read_all()] == expected

    def test_an_append_without_metadata_records_empty_metadata(self, store: EventStore) -> None:
        store.append("g1", [started()], 0)
        store.append("g1", [guessed()], 1, metadata=None)
        store.append("g1", [GameWon("g1")], 2, metadata={})
        assert [dict(record.metadata) for record in store.load("g1").records] == [{}, {}, {}]
        assert [dict(record.metadata) for record in store.read_all()] == [{}, {}, {}]

    def test_metadata_changed_after_its_append_leaves_the_records_alone(
        self, store: EventStore
    ) -> None:
        metadata = {"command_id": "c-1"}
        store.append("g1", [started()], 0, metadata=metadata)
        metadata["command_id"] = "changed"
        assert dict(store.load("g1").records[0].metadata) == {"command_id": "c-1"}
