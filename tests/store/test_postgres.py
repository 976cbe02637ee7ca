"""The PostgreSQL store keeps the contract on a real server, shared by processes."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from mastermind.store import (
    CorruptRecord,
    EventStore,
    PostgresEventStore,
    StoreClosed,
    UnknownEventType,
)
from mastermind.store._queries import Queries
from mastermind.store.postgres import SCHEMA
from mastermind.testing import EventStoreContract, guessed, started
from tests.store.following import ProcessFollow
from tests.store.races import ProcessRace, ThreadRace


class TestPostgresEventStore(EventStoreContract, ThreadRace, ProcessRace, ProcessFollow):
    @pytest.fixture
    def store_url(self, database_url: str) -> str:
        return database_url

    @pytest.fixture
    def store(self, database_url: str) -> Iterator[EventStore]:
        store = PostgresEventStore(database_url)
        yield store
        store.close()


def insert(url: str, stream_id: str, version: int, type_name: str, data: str) -> int:
    """Write a row as another program might have."""
    with psycopg.connect(url, autocommit=True) as connection:
        row = connection.execute(
            "INSERT INTO events (stream_id, version, type, schema, data)"
            " VALUES (%s, %s, %s, 1, %s::jsonb) RETURNING position",
            (stream_id, version, type_name, data),
        ).fetchone()
    assert row is not None
    position: int = row[0]
    return position


def test_events_outlive_the_store_that_appended_them(database_url: str) -> None:
    store = PostgresEventStore(database_url)
    store.append("g1", [started(), guessed()], 0)
    store.close()
    reopened = PostgresEventStore(database_url)
    assert reopened.load("g1").events == (started(), guessed())
    reopened.close()


def test_stores_opening_one_database_at_once_create_the_table_once(database_url: str) -> None:
    stores: list[PostgresEventStore] = []
    start = threading.Barrier(4)

    def open_store() -> None:
        start.wait()
        stores.append(PostgresEventStore(database_url))

    threads = [threading.Thread(target=open_store) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(stores) == 4
    stores[0].append("g1", [started()], 0)
    assert stores[3].load("g1").version == 1
    for store in stores:
        store.close()


def test_an_append_waits_for_the_one_before_it_to_commit(database_url: str) -> None:
    """The table lock: a position is handed out only once every earlier append committed."""
    store = PostgresEventStore(database_url)
    with psycopg.connect(database_url) as holder:
        holder.execute("LOCK TABLE events IN EXCLUSIVE MODE")
        appended = threading.Event()

        def append() -> None:
            store.append("g2", [started("g2")], 0)
            appended.set()

        waiting = threading.Thread(target=append)
        waiting.start()
        assert not appended.wait(0.3)
        assert store.read_all() == []  # readers do not wait
        holder.execute(
            "INSERT INTO events (stream_id, version, type, schema, data)"
            " VALUES ('g1', 1, 'GameWon', 1, '{\"game_id\": \"g1\"}')"
        )
    waiting.join(timeout=10)
    assert [record.stream_id for record in store.read_all()] == ["g1", "g2"]
    store.close()


def test_a_record_of_an_unknown_type_is_reported_with_its_stream_and_position(
    database_url: str,
) -> None:
    store = PostgresEventStore(database_url)
    position = insert(database_url, "g1", 1, "GuessMaid", '{"game_id": "g1"}')
    with pytest.raises(UnknownEventType, match=f"position {position} of stream 'g1'"):
        store.load("g1")
    store.close()


def test_a_corrupt_record_is_reported_with_its_stream_and_position(database_url: str) -> None:
    store = PostgresEventStore(database_url)
    position = insert(database_url, "g1", 1, "GameWon", '{"gameid": "g1"}')
    with pytest.raises(CorruptRecord, match=f"position {position} of stream 'g1'"):
        store.read_all()
    store.close()


def test_a_closed_store_refuses_to_work(database_url: str) -> None:
    store = PostgresEventStore(database_url)
    store.close()
    with pytest.raises(StoreClosed, match="closed"):
        store.load("g1")


def test_the_documented_schema_is_the_one_the_store_creates() -> None:
    page = Path(__file__).parent.parent.parent / "docs" / "stores.md"
    assert f"```sql\n{Queries('postgresql').written(SCHEMA)}\n```" in page.read_text()


def test_the_feed_reads_on_past_a_gap_in_positions(database_url: str) -> None:
    """A sequence value drawn by a transaction that rolled back is never used."""
    store = PostgresEventStore(database_url)
    store.append("g1", [started("g1")], 0)
    with psycopg.connect(database_url, autocommit=True) as connection:
        connection.execute("SELECT nextval('events_position_seq')")
    store.append("g2", [started("g2")], 0)
    first, second = store.read_all()
    assert second.position == first.position + 2
    assert store.read_all(after_position=first.position, limit=1) == [second]
    store.close()


def test_a_user_without_the_right_to_create_tables_opens_an_existing_store(
    database_url: str,
) -> None:
    """SELECT and INSERT to read and append, UPDATE for the lock; no UPDATE is ever run."""
    PostgresEventStore(database_url).close()
    with psycopg.connect(database_url, autocommit=True) as admin:
        schema = admin.execute("SELECT current_schema()").fetchone()
        assert schema is not None
        player = f"player_{schema[0]}"
        admin.execute(f"CREATE ROLE {player} LOGIN")
        admin.execute(f"GRANT USAGE ON SCHEMA {schema[0]} TO {player}")
        admin.execute(f"GRANT SELECT, INSERT, UPDATE ON events TO {player}")
        admin.execute(f"GRANT USAGE ON SEQUENCE events_position_seq TO {player}")
    info = psycopg.conninfo.conninfo_to_dict(database_url)
    store = PostgresEventStore(psycopg.conninfo.make_conninfo(**{**info, "user": player}))
    store.append("g1", [started()], 0)
    assert store.load("g1").version == 1
    store.close()
