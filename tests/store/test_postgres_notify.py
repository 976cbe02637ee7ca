"""The PostgreSQL store's appends notify the table's channel when they commit, and its
waiters listen on one connection, which is connected again when it is cut off."""

from __future__ import annotations

import time

import psycopg
import psycopg.sql
import pytest

from mastermind.store import (
    PostgresEventStore,
    StoreUnavailable,
    VersionConflict,
    head_position,
    wait_for_events,
)
from mastermind.testing import guessed, started
from mastermind.testing._contract_subscription import PATIENCE, in_thread
from tests.store.test_postgres_pool import backends, eventually


def listening(url: str, channel: str) -> psycopg.Connection[tuple[object, ...]]:
    connection = psycopg.connect(url, autocommit=True)
    connection.execute(psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(channel)))
    return connection


def test_appends_notify_the_last_position_committed_and_nothing_of_a_refused_one(
    database_url: str,
) -> None:
    """Appends in quick succession may share one notification: it names the last."""
    store = PostgresEventStore(database_url)
    listener = listening(database_url, store.channel)
    store.append("g1", [started("g1"), guessed("g1")], 0)
    with pytest.raises(VersionConflict):
        store.append("g1", [guessed("g1")], 0)  # rolled back: nothing to tell
    store.append("g2", [started("g2")], 0)
    _, second, third = store.read_all()
    heard: list[str] = []
    for notification in listener.notifies(timeout=PATIENCE):
        heard.append(notification.payload)
        if notification.payload == str(third.position):
            break
    assert heard in ([str(second.position), str(third.position)], [str(third.position)])
    assert [n.payload for n in listener.notifies(timeout=0.05)] == []
    listener.close()
    store.close()


def test_many_appends_at_once_share_notifications(database_url: str) -> None:
    store = PostgresEventStore(database_url)
    listener = listening(database_url, store.channel)
    appenders = [
        in_thread(lambda n=n: [store.append(f"g{n}-{k}", [started("g")], 0) for k in range(25)])
        for n in range(8)
    ]
    for appended in appenders:
        appended()
    head = head_position(store)
    heard: list[int] = []
    for notification in listener.notifies(timeout=PATIENCE):
        heard.append(int(notification.payload))
        if heard[-1] == head:
            break
    assert heard[-1] == head
    assert heard == sorted(heard)
    assert len(heard) < 200
    listener.close()
    store.close()


def test_a_waiter_is_woken_when_the_transaction_that_held_the_feed_back_rolls_back(
    database_url: str,
) -> None:
    """No notification comes of a rollback: the store reads the horizon again meanwhile."""
    store = PostgresEventStore(database_url)
    store.append("g1", [started("g1")], 0)
    assert wait_for_events(store, 0, PATIENCE) is True  # the store listens
    head = head_position(store)
    with psycopg.connect(database_url) as holder:
        holder.execute(store._queries.append, ("g2", "g2", "", 0, None, ["x"], [1], ["{}"]))
        waiting = in_thread(lambda: wait_for_events(store, head, PATIENCE))
        store.append("g3", [started("g3")], 0)
        assert store.read_all(head) == []  # held back, not skipped
        holder.rollback()
        assert waiting() is True
    assert [record.stream_id for record in store.read_all(head)] == ["g3"]
    store.close()


def test_the_channel_names_the_tables_schema(database_url: str) -> None:
    store = PostgresEventStore(database_url)
    with psycopg.connect(database_url) as connection:
        schema = connection.execute("SELECT current_schema()").fetchone()
    assert schema is not None
    assert store.channel == f"mastermind_events.{schema[0]}"
    store.close()


def test_a_waiter_is_not_woken_by_an_append_to_the_table_of_another_schema(
    postgres_url: str, database_url: str
) -> None:
    from harness import with_fresh_schema

    ours = PostgresEventStore(database_url)
    theirs = PostgresEventStore(with_fresh_schema(postgres_url, "notify_theirs"))
    assert ours.channel != theirs.channel
    ours.append("g1", [started("g1")], 0)
    assert wait_for_events(ours, 0, PATIENCE) is True  # ours listens, and knows its head
    head = head_position(ours)
    waiting = in_thread(lambda: wait_for_events(ours, head, 0.5))
    theirs.append("g1", [started("g1"), guessed("g1"), guessed("g1")], 0)
    assert waiting() is False
    ours.close()
    theirs.close()


def test_a_waiter_is_woken_after_every_connection_of_its_store_was_cut_off(
    database_url: str,
) -> None:
    name = f"notify_test_{time.monotonic_ns()}"
    store = PostgresEventStore(f"{database_url}&application_name={name}")
    writer = PostgresEventStore(database_url)
    writer.append("g1", [started("g1")], 0)
    assert wait_for_events(store, 0, PATIENCE) is True  # the store listens
    with psycopg.connect(database_url, autocommit=True) as admin:
        for pid in backends(database_url, name):
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    writer.append("g2", [started("g2")], 0)

    def woken() -> bool:
        try:
            return wait_for_events(store, 1, PATIENCE)
        except StoreUnavailable:
            return False

    assert eventually(woken, PATIENCE)
    assert head_position(store) == head_position(writer)
    store.close()
    writer.close()


def test_closing_the_store_closes_its_listening_and_notifying_connections(
    database_url: str,
) -> None:
    name = f"notify_test_{time.monotonic_ns()}"
    store = PostgresEventStore(f"{database_url}&application_name={name}", max_connections=1)
    store.append("g1", [started("g1")], 0)
    assert wait_for_events(store, 0, PATIENCE) is True
    # the pool's, the listener's and the notifier's
    assert eventually(lambda: len(backends(database_url, name)) == 3)
    store.close()
    assert eventually(lambda: backends(database_url, name) == set())


def test_the_notifying_connection_closes_once_appends_stop(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mastermind.store import _postgres_notify

    monkeypatch.setattr(_postgres_notify, "IDLE_SECONDS", 0.2)
    name = f"notify_idle_{time.monotonic_ns()}"
    store = PostgresEventStore(f"{database_url}&application_name={name}", max_connections=1)
    listener = listening(database_url, store.channel)
    store.append("g1", [started("g1")], 0)
    assert eventually(lambda: len(backends(database_url, name)) == 1)  # the pool's alone
    store.append("g2", [started("g2")], 0)  # notified again, on a new connection
    heard = [n.payload for n in listener.notifies(timeout=PATIENCE, stop_after=2)]
    assert heard == [str(record.position) for record in store.read_all()]
    listener.close()
    store.close()
