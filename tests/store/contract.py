"""What every event store promises, as one suite that each store's test module subclasses.

A subclass provides the ``store`` fixture: a new, empty store for each test.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from mastermind import (
    CLASSIC_PEGS,
    Code,
    Event,
    Feedback,
    GameLost,
    GameStarted,
    GameWon,
    GuessMade,
)
from mastermind.store import EventStore, RecordedEvent, VersionConflict
from tests.store.races import ThreadRace, run_threads

SECRET = Code.parse("RGBY")


def started(game_id: str = "g1") -> GameStarted:
    return GameStarted(game_id, SECRET, 12, CLASSIC_PEGS)


def guessed(game_id: str = "g1", black: int = 1, white: int = 2) -> GuessMade:
    return GuessMade(game_id, Code.parse("Red Blue Orange Green"), Feedback(black, white))


def one_of_each(game_id: str = "g1") -> list[Event]:
    return [started(game_id), guessed(game_id), GameWon(game_id), GameLost(game_id)]


class EventStoreContract(ThreadRace):
    """Appends are atomic and versioned; the feed follows commit order."""

    @pytest.fixture
    def store(self) -> Iterator[EventStore]:
        raise NotImplementedError("each store's test module provides its store")

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
        event = GameStarted(stream_id, Code.of("Bleu 🔵", "O'Brien"), 3, palette)
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

    def test_streams_have_versions_of_their_own(self, store: EventStore) -> None:
        store.append("g1", [started("g1")], 0)
        store.append("g2", [started("g2"), guessed("g2")], 0)
        store.append("g1", [guessed("g1")], 1)
        assert store.load("g1").events == (started("g1"), guessed("g1"))
        assert store.load("g2").version == 2

    def test_read_all_gives_every_record_in_the_order_of_the_appends(
        self, store: EventStore
    ) -> None:
        store.append("g1", [started("g1")], 0)
        store.append("g2", [started("g2"), guessed("g2")], 0)
        store.append("g1", [guessed("g1")], 1)
        feed = store.read_all()
        assert [(record.stream_id, record.version) for record in feed] == [
            ("g1", 1),
            ("g2", 1),
            ("g2", 2),
            ("g1", 2),
        ]
        assert [record.position for record in feed] == sorted({r.position for r in feed})

    def test_read_all_records_equal_the_loaded_ones(self, store: EventStore) -> None:
        store.append("g1", one_of_each("g1"), 0)
        store.append("g2", [started("g2")], 0)
        feed = store.read_all()
        loaded = [*store.load("g1").records, *store.load("g2").records]
        assert feed == loaded

    def test_read_all_pages_through_the_feed_after_a_position(self, store: EventStore) -> None:
        for number in range(10):
            store.append(f"g{number}", [started(f"g{number}"), guessed(f"g{number}")], 0)
        pages = list(_pages(store, limit=3))
        assert [len(page) for page in pages] == [3, 3, 3, 3, 3, 3, 2]
        assert [record for page in pages for record in page] == store.read_all(limit=1000)

    def test_read_all_after_the_last_position_is_empty(self, store: EventStore) -> None:
        store.append("g1", [started()], 0)
        last = store.read_all()[-1].position
        assert store.read_all(after_position=last) == []
        assert store.read_all(after_position=last + 1000) == []

    def test_read_all_refuses_a_limit_below_1(self, store: EventStore) -> None:
        with pytest.raises(ValueError, match="limit"):
            store.read_all(limit=0)

    def test_of_racing_appends_at_one_version_exactly_one_wins(self, store: EventStore) -> None:
        racers = 8
        start = threading.Barrier(racers)
        winners: list[int] = []

        def race(racer: int) -> None:
            start.wait()
            try:
                store.append("g1", [started(f"racer-{racer}"), guessed(f"racer-{racer}")], 0)
            except VersionConflict:
                return
            winners.append(racer)

        run_threads(race, racers)
        assert len(winners) == 1
        events = store.load("g1").events
        assert events == (started(f"racer-{winners[0]}"), guessed(f"racer-{winners[0]}"))

    def test_threads_appending_to_their_own_streams_all_land_in_one_ordered_feed(
        self, store: EventStore
    ) -> None:
        threads, appends = 4, 25

        def write(thread: int) -> None:
            for version in range(appends):
                store.append(f"t{thread}", [guessed(f"t{thread}", black=version % 4)], version)

        run_threads(write, threads)
        feed = [record for page in _pages(store, limit=7) for record in page]
        assert len(feed) == threads * appends
        for thread in range(threads):
            mine = [record for record in feed if record.stream_id == f"t{thread}"]
            assert [record.version for record in mine] == list(range(1, appends + 1))
            assert mine == list(store.load(f"t{thread}").records)


def _pages(store: EventStore, limit: int) -> Iterator[list[RecordedEvent]]:
    """The feed page by page, as a projection reads it: after the last position seen."""
    position = 0
    while page := store.read_all(after_position=position, limit=limit):
        positions = [record.position for record in page]
        assert positions == sorted(set(positions))
        assert positions[0] > position
        yield page
        position = page[-1].position
