"""The contract's promises about categories: many applications' streams in one store, each
read apart, and streams loaded from a version on."""

from __future__ import annotations

import pytest

from mastermind.domain import GameLost, GameWon
from mastermind.store import EventStore, VersionConflict, WrongCategory
from mastermind.testing._samples import guessed, started

__all__ = ["CategoryContract"]


def _positions(store: EventStore, **filters: object) -> list[tuple[str, int]]:
    return [
        (record.stream_id, record.version)
        for record in store.read_all(0, 100, **filters)  # type: ignore[arg-type]
    ]


class CategoryContract:
    """A stream belongs to the category of its first append; the feed reads by category
    and by event type; a stream loads from any version on."""

    def _two_apps(self, store: EventStore) -> None:
        store.append("a1", [started("a1")], 0, category="app-a")
        store.append("b1", [started("b1"), guessed("b1")], 0, category="app-b")
        store.append("a1", [guessed("a1"), GameWon("a1")], 1, category="app-a")
        store.append("n1", [GameLost("n1")], 0)

    def test_records_and_streams_say_their_category(self, store: EventStore) -> None:
        self._two_apps(store)
        assert [record.category for record in store.read_all()] == [
            "app-a",
            "app-b",
            "app-b",
            "app-a",
            "app-a",
            "",
        ]
        assert store.load("b1").category == "app-b"
        assert store.load("n1").category == ""

    def test_the_feed_of_one_category_holds_its_streams_alone_in_commit_order(
        self, store: EventStore
    ) -> None:
        self._two_apps(store)
        assert _positions(store, categories=["app-a"]) == [("a1", 1), ("a1", 2), ("a1", 3)]
        assert _positions(store, categories={"app-b", ""}) == [("b1", 1), ("b1", 2), ("n1", 1)]
        assert _positions(store, categories=[]) == []

    def test_the_feed_of_some_event_types_holds_those_alone(self, store: EventStore) -> None:
        self._two_apps(store)
        assert _positions(store, types=["GuessMade"]) == [("b1", 2), ("a1", 2)]
        assert _positions(store, types=["GameWon"], categories=["app-b"]) == []
        assert _positions(store, types=["GameStarted"], categories=["app-b"]) == [("b1", 1)]

    def test_a_filtered_feed_pages_after_a_position_and_within_a_limit(
        self, store: EventStore
    ) -> None:
        self._two_apps(store)
        first = store.read_all(0, 2, categories=["app-a"])
        assert [record.version for record in first] == [1, 2]
        rest = store.read_all(first[-1].position, 2, categories=["app-a"])
        assert [(record.stream_id, record.version) for record in rest] == [("a1", 3)]

    def test_appending_to_a_stream_of_another_category_is_refused_and_changes_nothing(
        self, store: EventStore
    ) -> None:
        self._two_apps(store)
        with pytest.raises(WrongCategory) as refused:
            store.append("b1", [GameWon("b1")], 2, category="app-a")
        assert (refused.value.stream_id, refused.value.actual) == ("b1", "app-b")
        assert "app-b" in str(refused.value)
        assert store.load("b1").version == 2
        assert len(store.read_all()) == 6

    def test_a_stream_of_another_category_loads_empty_for_that_category(
        self, store: EventStore
    ) -> None:
        self._two_apps(store)
        stream = store.load("b1", category="app-a")
        assert (stream.records, stream.version, stream.category) == ((), 0, "app-a")
        assert store.load("b1", category="app-b").version == 2

    def test_a_version_conflict_is_still_a_version_conflict_within_a_category(
        self, store: EventStore
    ) -> None:
        store.append("a1", [started("a1")], 0, category="app-a")
        with pytest.raises(VersionConflict):
            store.append("a1", [guessed("a1")], 0, category="app-a")

    def test_a_stream_loads_from_a_version_on_with_the_whole_streams_version(
        self, store: EventStore
    ) -> None:
        self._two_apps(store)
        stream = store.load("a1", after_version=1)
        assert [record.version for record in stream.records] == [2, 3]
        assert stream.events == (guessed("a1"), GameWon("a1"))
        assert (stream.version, stream.category) == (3, "app-a")
        at_end = store.load("a1", after_version=3)
        assert (at_end.records, at_end.version) == ((), 3)

    def test_a_stream_loaded_after_a_version_it_never_reached_answers_its_version(
        self, store: EventStore
    ) -> None:
        self._two_apps(store)
        beyond = store.load("b1", after_version=9)
        assert (beyond.records, beyond.version) == ((), 2)
        unknown = store.load("nobody", after_version=4)
        assert (unknown.records, unknown.version) == ((), 0)
