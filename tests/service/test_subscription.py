"""A subscription hands out the feed after its checkpoint once and in order, waits for
what comes next on any store, heals when the store fails, and stops when closed."""

from __future__ import annotations

import itertools
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from harness import with_fresh_schema
from mastermind import GameStarted
from mastermind.service import Games, RecordedEvent, StoreUnavailable, Subscription
from mastermind.store import (
    CorruptRecord,
    EventStore,
    InMemoryEventStore,
    PostgresEventStore,
    SQLiteEventStore,
    StoreClosed,
)
from mastermind.testing import guessed, started
from mastermind.testing._contract_subscription import PATIENCE, in_thread
from tests.store.following import AppendingProcess

_schemas = itertools.count(1)


class PlainStore:
    """A store of someone else's, which cannot wake its waiters: it is read at intervals."""

    def __init__(self) -> None:
        self._kept = InMemoryEventStore()
        self.reads = 0

    def append(
        self, stream_id: str, events: Sequence[Any], expected_version: int, **options: Any
    ) -> int:
        return self._kept.append(stream_id, events, expected_version, **options)

    def load(self, stream_id: str, **options: Any) -> Any:
        return self._kept.load(stream_id, **options)

    def read_all(
        self, after_position: int = 0, limit: int = 1000, **filters: Any
    ) -> list[RecordedEvent]:
        self.reads += 1
        return self._kept.read_all(after_position, limit, **filters)

    def close(self) -> None:
        self._kept.close()


class FailingStore(PlainStore):
    """A store whose database is unreachable while ``down`` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.down = threading.Event()

    def read_all(self, after_position: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        if self.down.is_set():
            raise StoreUnavailable("the database is down.")
        return super().read_all(after_position, limit)


@pytest.fixture(params=["memory", "plain", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    made: EventStore = {
        "memory": InMemoryEventStore,
        "plain": PlainStore,
        "sqlite": lambda: SQLiteEventStore(tmp_path / "games.db"),
    }[request.param]()
    yield made
    made.close()


def append_games(store: EventStore, *game_ids: str) -> None:
    for game_id in game_ids:
        store.append(game_id, [started(game_id), guessed(game_id)], 0)


def test_a_subscription_hands_out_every_record_after_its_checkpoint_in_order_page_by_page(
    store: EventStore,
) -> None:
    append_games(store, "g1", "g2", "g3")
    subscription = Subscription(store, after_position=store.read_all()[1].position, page_size=3)
    pages = [subscription.poll(), subscription.poll(), subscription.poll()]
    assert [len(page) for page in pages] == [3, 1, 0]
    assert [*pages[0], *pages[1]] == store.read_all()[2:]
    assert subscription.position == store.read_all()[-1].position


def test_a_subscription_resumed_at_the_position_of_another_goes_on_without_loss_or_repeat(
    store: EventStore,
) -> None:
    append_games(store, "g1", "g2")
    first = Subscription(store, page_size=3)
    seen = first.poll()
    first.close()
    append_games(store, "g3")
    resumed = Subscription(store, after_position=first.position)
    seen += resumed.wait(PATIENCE)
    assert seen == store.read_all()


def test_a_subscription_at_the_head_hands_out_only_what_is_appended_after_it_began(
    store: EventStore,
) -> None:
    append_games(store, "old")
    subscription = Subscription.at_head(store)
    assert subscription.position == store.read_all()[-1].position
    assert subscription.poll() == []
    append_games(store, "new")
    assert [record.stream_id for record in subscription.wait(PATIENCE)] == ["new", "new"]
    assert Subscription(store, after_position=None).position == subscription.position


def test_wait_answers_a_record_that_another_thread_appends_while_it_waits(
    store: EventStore,
) -> None:
    subscription = Subscription(store)
    waiting = in_thread(lambda: subscription.wait(PATIENCE))
    store.append("g1", [started("g1")], 0)
    assert waiting() == store.read_all()


def test_wait_answers_nothing_when_nothing_is_appended_in_time(store: EventStore) -> None:
    append_games(store, "g1")
    subscription = Subscription.at_head(store)
    assert subscription.wait(0.05) == []
    assert subscription.position == store.read_all()[-1].position


def test_close_wakes_a_wait_in_another_thread_which_then_answers_nothing(
    store: EventStore,
) -> None:
    subscription = Subscription(store)
    began = threading.Event()

    def wait() -> list[RecordedEvent]:
        began.set()
        return subscription.wait(3600)

    waiting = in_thread(wait)
    began.wait(PATIENCE)
    subscription.close()
    assert waiting() == []
    append_games(store, "g1")
    assert subscription.poll() == []
    assert subscription.closed


def test_iterating_yields_each_record_as_it_comes_until_the_subscription_is_closed(
    store: EventStore,
) -> None:
    subscription = Subscription(store)
    records: list[RecordedEvent] = []

    def follow() -> None:
        for record in subscription:
            records.append(record)
            if len(records) == 4:
                subscription.close()

    following = in_thread(follow)
    append_games(store, "g1", "g2")
    following()
    assert records == store.read_all()


def test_a_store_without_the_waiting_capability_is_read_at_the_poll_interval() -> None:
    store = PlainStore()
    subscription = Subscription(store, poll_interval=0.01)
    assert subscription.wait(0.2) == []
    assert store.reads > 2  # read again and again, not once


def test_a_wait_heals_when_the_store_comes_back_and_says_what_failed_meanwhile() -> None:
    store = FailingStore()
    subscription = Subscription(store, poll_interval=0.01)
    store.down.set()
    assert subscription.wait(0.2) == []
    assert isinstance(subscription.fault, StoreUnavailable)
    assert "the database is down" in str(subscription.fault)
    waiting = in_thread(lambda: subscription.wait(PATIENCE))
    store.append("g1", [started("g1")], 0)
    store.down.clear()
    assert waiting() == store.read_all()
    assert subscription.fault is None


def test_a_closed_store_ends_a_wait_with_store_closed(store: EventStore) -> None:
    subscription = Subscription(store)
    store.close()
    with pytest.raises(StoreClosed):
        subscription.wait(PATIENCE)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"page_size": 0}, "page_size must be a whole number of at least 1"),
        ({"poll_interval": 0}, "poll_interval must be more than 0 seconds"),
        ({"after_position": -1}, "after_position must be a position of at least 0, or None"),
        ({"after_position": "3"}, "after_position must be a position of at least 0, or None"),
    ],
)
def test_wrong_arguments_are_refused_with_what_is_expected(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Subscription(InMemoryEventStore(), **options)


def test_games_subscribe_follows_every_game_from_a_position_or_from_now_on() -> None:
    games = Games(InMemoryEventStore())
    first = games.join()
    everything, from_now_on = games.subscribe(), games.subscribe(after_position=None)
    second = games.join()
    assert [record.stream_id for record in everything.poll()] == [first, second]
    [record] = from_now_on.poll()
    assert isinstance(record.event, GameStarted)
    assert record.stream_id == second


def test_a_subscription_on_sqlite_hears_of_another_processs_append_within_a_second(
    tmp_path: Path,
) -> None:
    """The acceptance criterion of live updates on SQLite: a watcher in one process sees a
    record that another process appends within a second."""
    store = SQLiteEventStore(tmp_path / "games.db")
    subscription = Subscription.at_head(store)
    assert subscription.wait(0.01) == []  # the store watches its file from now on
    with AppendingProcess(f"sqlite:///{tmp_path / 'games.db'}", "there") as other:
        other.go()
        records = subscription.wait(timeout=1.0)
    assert [record.event for record in records] == [started("there")]
    store.close()


def test_a_subscription_on_postgresql_hears_of_another_processs_append_within_a_second(
    postgres_url: str,
) -> None:
    """The acceptance criterion of live updates on PostgreSQL, without a web server."""
    url = with_fresh_schema(postgres_url, f"subscription_{next(_schemas)}")
    store = PostgresEventStore(url)
    subscription = Subscription.at_head(store)
    store.append("here", [started("here")], 0)
    assert len(subscription.wait(PATIENCE)) == 1  # the store listens from now on
    with AppendingProcess(url, "there") as other:
        other.go()
        records = subscription.wait(timeout=1.0)
    assert [record.event for record in records] == [started("there")]
    store.close()


def test_a_subscription_skips_past_a_record_it_cannot_read_and_goes_on(tmp_path: Path) -> None:
    store = SQLiteEventStore(tmp_path / "games.db")
    store.append("g1", [started("g1")], 0)
    with sqlite3.connect(tmp_path / "games.db") as connection:
        connection.execute("UPDATE events SET data = '{}' WHERE stream_id = 'g1'")
    connection.close()
    store.append("g2", [started("g2")], 0)
    subscription = Subscription(store)
    with pytest.raises(CorruptRecord) as damaged:
        subscription.poll()
    subscription.skip_past(damaged.value.position)
    assert [record.stream_id for record in subscription.poll()] == ["g2"]
    store.close()
