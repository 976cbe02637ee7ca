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
    head_position,
)
from mastermind.store._codec import EventCodec
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


def test_the_feed_holds_back_a_commit_until_every_earlier_transaction_ended(
    database_url: str,
) -> None:
    """A position is the transaction's id: a row of a transaction that began writing
    later and committed first shows only once the earlier transaction is over."""
    store = PostgresEventStore(database_url)
    with psycopg.connect(database_url) as holder:
        holder.execute(
            "INSERT INTO events (stream_id, version, type, schema, data)"
            " VALUES ('g1', 1, 'GameWon', 1, '{\"game_id\": \"g1\"}')"
        )
        store.append("g2", [started("g2")], 0)  # not waiting for the holder
        assert store.read_all() == []
        assert head_position(store) == 0
    assert [record.stream_id for record in store.read_all()] == ["g1", "g2"]
    store.close()


def test_an_append_of_a_million_events_or_more_is_refused(database_url: str) -> None:
    store = PostgresEventStore(database_url)
    with pytest.raises(ValueError, match="fewer than 1,048,576 events"):
        store.append("g1", [started()] * (1 << 20), 0)
    assert store.read_all() == []
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


def test_the_feed_reads_on_past_the_positions_of_a_transaction_that_rolled_back(
    database_url: str,
) -> None:
    store = PostgresEventStore(database_url)
    store.append("g1", [started("g1")], 0)
    with psycopg.connect(database_url) as connection:
        connection.execute(store._queries.append, ("g2", "g2", "", 0, None, ["x"], [1], ["{}"]))
        connection.rollback()
    store.append("g2", [started("g2")], 0)
    first, second = store.read_all()
    assert second.position - first.position > 1 << 20  # a transaction id between them
    assert store.read_all(after_position=first.position, limit=1) == [second]
    store.close()


def test_a_user_without_the_right_to_create_tables_opens_an_existing_store(
    database_url: str,
) -> None:
    """SELECT and INSERT to read and append: no lock, no sequence."""
    PostgresEventStore(database_url).close()
    with psycopg.connect(database_url, autocommit=True) as admin:
        schema = admin.execute("SELECT current_schema()").fetchone()
        assert schema is not None
        player = f"player_{schema[0]}"
        admin.execute(f"CREATE ROLE {player} LOGIN")
        admin.execute(f"GRANT USAGE ON SCHEMA {schema[0]} TO {player}")
        admin.execute(f"GRANT SELECT, INSERT ON events TO {player}")
    info = psycopg.conninfo.conninfo_to_dict(database_url)
    store = PostgresEventStore(psycopg.conninfo.make_conninfo(**{**info, "user": player}))
    store.append("g1", [started()], 0)
    assert store.load("g1").version == 1
    store.close()


def test_a_table_numbered_by_a_sequence_keeps_its_positions_and_appends_above_them(
    database_url: str,
) -> None:
    old = SCHEMA.replace(
        "bigint      PRIMARY KEY DEFAULT (pg_current_xact_id()::text::bigint << 20)",
        "bigserial   PRIMARY KEY",
    )
    assert old != SCHEMA
    type_name, schema, data = EventCodec()._encode_fields(started("g1"))
    with psycopg.connect(database_url, autocommit=True) as connection:
        for statement in Queries("postgresql").written(old).split(";"):
            connection.execute(statement)
        connection.execute(
            "INSERT INTO events (stream_id, version, type, schema, data)"
            " VALUES ('g1', 1, %s, %s, %s::jsonb)",
            (type_name, schema, data),
        )
    store = PostgresEventStore(database_url)
    store.append("g1", [guessed("g1")], 1)
    feed = store.read_all()
    assert feed[0].position == 1
    assert [record.version for record in feed] == [1, 2]
    assert insert(database_url, "g3", 1, "GameWon", '{"game_id": "g3"}') > feed[-1].position
    store.close()
