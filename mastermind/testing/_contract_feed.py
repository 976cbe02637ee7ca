"""The contract's promises about the global feed, and about appends that race."""

from __future__ import annotations

import threading
from collections.abc import Iterator

from mastermind.store import EventStore, RecordedEvent, VersionConflict
from mastermind.testing._samples import guessed, one_of_each, started
from mastermind.testing._threads import run_threads

__all__ = ["FeedContract", "RaceContract"]

RACE_PATIENCE = 30.0
"""Seconds the threads of a race have to finish: a hundred appends on a database across
a network take a few seconds, and a store that deadlocks fails after this, instead of
hanging its test."""


class FeedContract:
    """The feed holds every record once, in commit order, and pages after a position."""

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
        pages = list(pages_of_the_feed(store, limit=3))
        assert [len(page) for page in pages] == [3, 3, 3, 3, 3, 3, 2]
        assert [record for page in pages for record in page] == store.read_all(limit=1000)

    def test_read_all_after_the_last_position_is_empty(self, store: EventStore) -> None:
        store.append("g1", [started()], 0)
        last = store.read_all()[-1].position
        assert store.read_all(after_position=last) == []
        assert store.read_all(after_position=last + 1000) == []


class RaceContract:
    """Threads sharing one store: one winner per version, and no record lost."""

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

        run_threads(race, racers, timeout=RACE_PATIENCE)
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

        run_threads(write, threads, timeout=RACE_PATIENCE)
        feed = [record for page in pages_of_the_feed(store, limit=7) for record in page]
        assert len(feed) == threads * appends
        for thread in range(threads):
            mine = [record for record in feed if record.stream_id == f"t{thread}"]
            assert [record.version for record in mine] == list(range(1, appends + 1))
            assert mine == list(store.load(f"t{thread}").records)


def pages_of_the_feed(store: EventStore, limit: int) -> Iterator[list[RecordedEvent]]:
    """The feed page by page, as a projection reads it: after the last position seen."""
    position = 0
    while page := store.read_all(after_position=position, limit=limit):
        positions = [record.position for record in page]
        assert positions == sorted(set(positions))
        assert positions[0] > position
        yield page
        position = page[-1].position
