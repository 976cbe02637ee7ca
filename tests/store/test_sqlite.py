"""The SQLite store keeps the contract on a real file, shared by threads and processes."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from mastermind import Code, Feedback, GameStarted, GuessMade, Outcome
from mastermind.bootstrap import bootstrap
from mastermind.store import (
    CorruptRecord,
    EventCodec,
    EventStore,
    SQLiteEventStore,
    StoreClosed,
    UnknownEventType,
    mastermind_upcasters,
)
from mastermind.store._queries import Queries
from mastermind.store.sqlite import SCHEMA
from mastermind.testing import EventStoreContract, guessed, started
from tests.store.following import ProcessFollow
from tests.store.races import ProcessRace, ThreadRace


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


class TestSQLiteEventStore(EventStoreContract, ThreadRace, ProcessRace, ProcessFollow):
    @pytest.fixture
    def store_url(self, path: Path) -> str:
        return f"sqlite:///{path}"

    @pytest.fixture
    def store(self, path: Path) -> Iterator[EventStore]:
        store = SQLiteEventStore(path)
        yield store
        store.close()


def insert(path: Path, stream_id: str, version: int, type_name: str, schema: int, data: str) -> int:
    """Write a row as another program, or an older version of this one, might have."""
    with sqlite3.connect(path) as connection:
        cursor = connection.execute(
            "INSERT INTO events (stream_id, version, type, schema, data) VALUES (?, ?, ?, ?, ?)",
            (stream_id, version, type_name, schema, data),
        )
        position = cursor.lastrowid
    connection.close()
    assert position is not None
    return position


def test_events_outlive_the_store_that_appended_them(path: Path) -> None:
    store = SQLiteEventStore(path)
    store.append("g1", [started(), guessed()], 0)
    store.close()
    reopened = SQLiteEventStore(path)
    assert reopened.load("g1").events == (started(), guessed())
    reopened.close()


def test_two_stores_on_one_file_see_each_other_and_conflict(path: Path) -> None:
    first, second = SQLiteEventStore(path), SQLiteEventStore(path)
    first.append("g1", [started()], 0)
    assert second.load("g1").events == (started(),)
    with pytest.raises(Exception, match="version 1, not 0"):
        second.append("g1", [started()], 0)
    first.close()
    second.close()


def test_the_file_is_in_wal_mode(path: Path) -> None:
    SQLiteEventStore(path).close()
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    connection.close()


def test_the_stream_and_version_pair_is_a_unique_key(path: Path) -> None:
    SQLiteEventStore(path).close()
    insert(path, "g1", 1, "GameWon", 1, '{"game_id": "g1"}')
    with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
        insert(path, "g1", 1, "GameWon", 1, '{"game_id": "g1"}')


def test_a_closed_store_refuses_to_work(path: Path) -> None:
    store = SQLiteEventStore(path)
    store.close()
    with pytest.raises(StoreClosed, match="closed"):
        store.load("g1")


def test_a_record_of_an_unknown_type_is_reported_with_its_stream_and_position(
    path: Path,
) -> None:
    store = SQLiteEventStore(path)
    position = insert(path, "g1", 1, "GuessMaid", 1, '{"game_id": "g1"}')
    with pytest.raises(UnknownEventType, match=f"position {position} of stream 'g1'") as error:
        store.load("g1")
    assert (error.value.stream_id, error.value.position, error.value.type_name) == (
        "g1",
        position,
        "GuessMaid",
    )
    with pytest.raises(UnknownEventType):
        store.read_all()
    store.close()


@pytest.mark.parametrize(
    "data",
    ['{"game_id": "g1"', '["g1"]', '{"gameid": "g1"}', '{"game_id": 7}'],
    ids=["truncated", "not an object", "misspelt field", "number for text"],
)
def test_a_corrupt_record_is_reported_with_its_stream_and_position(path: Path, data: str) -> None:
    store = SQLiteEventStore(path)
    store.append("g1", [started()], 0)
    position = insert(path, "g1", 2, "GameWon", 1, data)
    with pytest.raises(CorruptRecord, match=f"position {position} of stream 'g1'"):
        store.load("g1")
    with pytest.raises(CorruptRecord, match=f"position {position} of stream 'g1'"):
        store.read_all()
    store.close()


def test_a_missing_version_is_reported_as_corrupt(path: Path) -> None:
    store = SQLiteEventStore(path)
    store.append("g1", [started()], 0)
    position = insert(path, "g1", 3, "GameWon", 1, '{"game_id": "g1"}')
    with pytest.raises(CorruptRecord, match=f"position {position}.*version 3 where version 2"):
        store.load("g1")
    store.close()


def test_a_guess_stored_by_an_old_version_is_read_through_its_upcaster(path: Path) -> None:
    """Schema 1 of GuessMade kept key pegs as letters; schema 2 counts them."""
    old = '{"game_id": "g1", "guess": ["Red", "Red", "Blue", "Green"], "feedback": "BBW"}'
    SQLiteEventStore(path).close()
    insert(path, "g1", 1, "GuessMade", 1, old)
    upcasters = mastermind_upcasters()

    @upcasters.register("GuessMade", from_version=1)
    def count_key_pegs(data: dict[str, object]) -> dict[str, object]:
        letters = str(data["feedback"])
        return {**data, "feedback": {"black": letters.count("B"), "white": letters.count("W")}}

    store = SQLiteEventStore(path, codec=EventCodec(upcasters=upcasters))
    (event,) = store.load("g1").events
    assert isinstance(event, GuessMade)
    assert event.feedback == Feedback(black=2, white=1)
    store.append("g1", [guessed()], 1)
    store.close()
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT version, schema FROM events ORDER BY version").fetchall()
    connection.close()
    assert rows == [(1, 1), (2, 2)]


def test_a_store_refuses_an_in_memory_database() -> None:
    with pytest.raises(ValueError, match="InMemoryEventStore"):
        SQLiteEventStore(":memory:")


def test_the_documented_schema_is_the_one_the_store_creates() -> None:
    page = Path(__file__).parent.parent.parent / "docs" / "stores.md"
    assert f"```sql\n{Queries('sqlite').written(SCHEMA)}\n```" in page.read_text()


def test_the_feed_reads_on_past_a_gap_in_positions(path: Path) -> None:
    store = SQLiteEventStore(path)
    store.append("g1", [started("g1")], 0)
    gone = insert(path, "gone", 1, "GameWon", 1, '{"game_id": "gone"}')
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM events WHERE position = ?", (gone,))
    connection.close()
    store.append("g2", [started("g2")], 0)
    first, second = store.read_all()
    assert second.position == first.position + 2
    assert store.read_all(after_position=first.position, limit=1) == [second]
    store.close()


OLD_DATABASE = Path(__file__).parent / "data" / "games-0.1.0.db"
"""Three games written by version 0.1.0, before ``unique`` and metadata were recorded."""


def test_a_database_written_by_version_0_1_0_is_read_and_played_on(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    shutil.copyfile(OLD_DATABASE, path)
    application = bootstrap(f"sqlite:///{path}", environment={})
    games = application.games

    won, lost, in_play = games.board("won-game"), games.board("lost-game"), games.board("in-play")
    assert (won.outcome, won.attempts_used, won.secret) == (Outcome.WON, 2, Code.parse("RGBY"))
    assert (lost.outcome, lost.given_up) == (Outcome.LOST, True)
    assert (in_play.available_pegs, in_play.unique) == (("Ash", "Birch", "Cedar", "Dune"), False)
    started = games.history("won-game")[0].event
    assert isinstance(started, GameStarted)
    assert started.rules.repeats is True

    board = games.guess("in-play", "ash birch cedar", idempotency_key="retry-1")
    assert board.outcome is Outcome.WON
    assert games.guess("in-play", "abc", idempotency_key="retry-1") == board
    assert [summary.game_id for summary in games.summaries()] == [
        "won-game",
        "lost-game",
        "in-play",
    ]
    application.close()


def test_a_stream_changed_underneath_between_loads_is_read_as_it_now_is(path: Path) -> None:
    store = SQLiteEventStore(path)
    store.append("g1", [started(), guessed(black=1)], 0)
    for _ in range(3):
        assert store.load("g1").events == (started(), guessed(black=1))
    with sqlite3.connect(path) as connection:
        connection.execute(
            "UPDATE events SET data = ? WHERE stream_id = 'g1' AND version = 2",
            (_guess_data(black=3),),
        )
    connection.close()
    assert store.load("g1").events == (started(), guessed(black=3))
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE events SET data = '{}' WHERE stream_id = 'g1' AND version = 2")
    connection.close()
    with pytest.raises(CorruptRecord):
        store.load("g1")
    store.close()


def _guess_data(black: int) -> str:
    event = guessed(black=black)
    return EventCodec().encode(event).data
