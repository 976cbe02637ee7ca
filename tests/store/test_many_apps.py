"""One database for many applications: Mastermind's games beside a library's loans, in
one table by category, or in tables (and PostgreSQL schemas) of their own."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import psycopg
import pytest

from harness import with_fresh_schema
from mastermind import Outcome
from mastermind.domain import Decider
from mastermind.service import CommandRunner, GameNotFound, Games, Subscription
from mastermind.store import (
    EVENT_TYPES,
    MASTERMIND_CATEGORY,
    EventCodec,
    EventStore,
    ForeignTable,
    InMemoryEventStore,
    WrongCategory,
    connect,
    head_position,
)


@attrs.frozen
class Lend:
    book_id: str
    reader: str


@attrs.frozen
class BookRegistered:
    book_id: str


@attrs.frozen
class BookLent:
    book_id: str
    reader: str


LOAN_EVENTS = {"BookRegistered": BookRegistered, "BookLent": BookLent}


def _decide(command: Lend, lent: tuple[str, ...] | None) -> list[object]:
    new: list[object] = [] if lent is not None else [BookRegistered(command.book_id)]
    return [*new, BookLent(command.book_id, command.reader)]


def _evolve(lent: tuple[str, ...] | None, event: object) -> tuple[str, ...]:
    readers = lent or ()
    return (*readers, event.reader) if isinstance(event, BookLent) else readers


loans: Decider[Lend, object, tuple[str, ...] | None] = Decider(
    _decide, _evolve, None, lambda _: False
)

Opened = tuple[EventStore, EventStore]
"""The store the games are kept in, and the store the loans are kept in."""


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def two_apps(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opened]:
    """Games and loans in one table: through one store with both apps' events, in memory,
    or through two stores of their own codecs on one database."""
    if request.param == "memory":
        shared = InMemoryEventStore(codec=EventCodec({**EVENT_TYPES, **LOAN_EVENTS}))
        yield shared, shared
        shared.close()
        return
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'shared.db'}"
    else:
        postgres_url = request.getfixturevalue("postgres_url")
        url = with_fresh_schema(postgres_url, f"apps_{abs(hash(request.node.name)) % 10**8}")
    games_store, loans_store = connect(url), connect(url, codec=EventCodec(LOAN_EVENTS))
    yield games_store, loans_store
    games_store.close()
    loans_store.close()


def _lend(store: EventStore, book_id: str, reader: str) -> None:
    CommandRunner(loans, store, category="loans").handle(book_id, Lend(book_id, reader))


def test_a_libraries_loans_in_the_same_table_never_reach_the_games(two_apps: Opened) -> None:
    games_store, loans_store = two_apps
    games = Games(games_store)
    _lend(loans_store, "b1", "Ada")
    won = games.start(secret="RGBY").game_id
    _lend(loans_store, "b1", "Grace")
    games.guess(won, "RGBY")
    _lend(loans_store, "b2", "Alan")
    in_play = games.start().game_id

    assert [summary.game_id for summary in games.summaries()] == [won, in_play]
    statistics = games.statistics()
    assert (statistics.games_played, statistics.won, statistics.in_progress) == (2, 1, 1)
    assert games.board(won).outcome is Outcome.WON
    with pytest.raises(GameNotFound):
        games.board("b1")
    assert games.find(won[:8]) == won
    assert CommandRunner(loans, loans_store, category="loans").handle("b1", Lend("b1", "Ken")).state
    assert loans_store.load("b1").version == 4


def test_the_games_feed_hands_out_games_alone_and_moves_past_the_rest(two_apps: Opened) -> None:
    games_store, loans_store = two_apps
    games = Games(games_store)
    _lend(loans_store, "b1", "Ada")
    game = games.start(secret="RGBY").game_id
    _lend(loans_store, "b2", "Alan")
    with games.subscribe(0) as subscription:
        records = subscription.wait(2.0)
        assert [(record.stream_id, record.category) for record in records] == [
            (game, MASTERMIND_CATEGORY)
        ]
        _lend(loans_store, "b3", "Edsger")
        assert subscription.wait(0.3) == []
        assert subscription.position == head_position(games_store)
        games.guess(game, "RGBY")
        assert [record.version for record in subscription.wait(2.0)] == [2, 3]


def test_an_id_taken_by_another_apps_stream_is_refused_for_a_game(two_apps: Opened) -> None:
    games_store, loans_store = two_apps
    _lend(loans_store, "b1", "Ada")
    with pytest.raises(WrongCategory, match="'loans'"):
        Games(games_store).start(game_id="b1")
    assert loans_store.load("b1").version == 2


def test_a_library_of_its_own_reads_its_category_alone(two_apps: Opened) -> None:
    games_store, loans_store = two_apps
    Games(games_store).start()
    _lend(loans_store, "b1", "Ada")
    feed = Subscription(loans_store, categories=["loans"]).poll()
    assert [type(record.event) for record in feed] == [BookRegistered, BookLent]


Connect = Callable[..., EventStore]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'shared.db'}"
    postgres_url: str = request.getfixturevalue("postgres_url")
    return with_fresh_schema(postgres_url, f"tables_{abs(hash(request.node.name)) % 10**8}")


def test_two_apps_on_two_tables_of_one_database_work_side_by_side(database: str) -> None:
    games_store = connect(database)
    loans_store = connect(database, table="loans", codec=EventCodec(LOAN_EVENTS))
    try:
        games = Games(games_store)
        game = games.start(secret="RGBY").game_id
        _lend(loans_store, "b1", "Ada")
        _lend(loans_store, game, "Grace")  # the same id, in a table of its own

        assert [record.stream_id for record in games_store.read_all()] == [game]
        assert [record.stream_id for record in loans_store.read_all()] == ["b1", "b1", game, game]
        assert games.board(game).attempts_used == 0
        assert "table='loans'" in repr(loans_store)
    finally:
        games_store.close()
        loans_store.close()


def test_a_table_named_in_the_url_is_the_table_named_by_keyword(database: str) -> None:
    separator = "&" if "?" in database else "?"
    by_url = connect(f"{database}{separator}table=loans", codec=EventCodec(LOAN_EVENTS))
    by_keyword = connect(database, table="loans", codec=EventCodec(LOAN_EVENTS))
    try:
        _lend(by_url, "b1", "Ada")
        assert by_keyword.load("b1").version == 2
    finally:
        by_url.close()
        by_keyword.close()


@pytest.mark.parametrize("table", ["", "1st", "loans;drop", "loäns", "a" * 64, 'x"y'])
def test_a_table_that_is_no_plain_name_is_refused(tmp_path: Path, table: str) -> None:
    with pytest.raises(ValueError, match="table must be"):
        connect(f"sqlite:///{tmp_path / 'x.db'}", table=table)


def test_a_table_named_twice_differently_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="'a' in the URL but 'b' given"):
        connect(f"sqlite:///{tmp_path / 'x.db'}?table=a", table="b")


def test_a_postgresql_schema_of_its_own_keeps_an_apps_tables(postgres_url: str) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute("DROP SCHEMA IF EXISTS lending CASCADE")
    loans_store = connect(postgres_url, schema="lending", codec=EventCodec(LOAN_EVENTS))
    games_store = connect(with_fresh_schema(postgres_url, "games_beside_lending"))
    try:
        _lend(loans_store, "b1", "Ada")
        Games(games_store).start()
        assert [record.stream_id for record in loans_store.read_all()] == ["b1", "b1"]
        assert len(games_store.read_all()) == 1
        with psycopg.connect(postgres_url) as admin:
            tables = admin.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'lending' ORDER BY 1"
            ).fetchall()
        assert tables == [("events",), ("events_checkpoints",), ("events_snapshots",)]
    finally:
        loans_store.close()
        games_store.close()


OLD_TABLE = """
CREATE TABLE events (
    position    bigserial   PRIMARY KEY,
    stream_id   text        NOT NULL,
    version     integer     NOT NULL CHECK (version > 0),
    type        text        NOT NULL,
    schema      integer     NOT NULL,
    data        jsonb       NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (stream_id, version)
)"""
"""The table as version 0.1.0 made it, before metadata and categories."""


def test_a_postgresql_table_of_version_0_1_0_opens_and_reads_as_before(
    postgres_url: str,
) -> None:
    url = with_fresh_schema(postgres_url, "made_by_0_1_0")
    started = (
        '{"game_id":"old","secret":["Red","Green","Blue","Yellow"],"total_attempts":12,'
        '"available_pegs":["Red","Green","Blue","Yellow","Orange","Purple"]}'
    )
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(OLD_TABLE)
        connection.execute(
            "INSERT INTO events (stream_id, version, type, schema, data) VALUES"
            " ('old', 1, 'GameStarted', 1, %s), ('old', 2, 'GameWon', 1, '{\"game_id\":\"old\"}')",
            (started,),
        )
    store = connect(url)
    try:
        games = Games(store)
        assert games.board("old").outcome is Outcome.WON
        assert [summary.game_id for summary in games.summaries()] == ["old"]
        assert {record.category for record in store.read_all()} == {MASTERMIND_CATEGORY}
    finally:
        store.close()


def test_another_programs_table_of_the_same_name_is_refused_untouched(database: str) -> None:
    if database.startswith("sqlite"):
        connection = sqlite3.connect(database.removeprefix("sqlite:///"))
        connection.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, what TEXT)")
        connection.commit()
        columns = lambda: [row[1] for row in connection.execute("PRAGMA table_info(events)")]  # noqa: E731
    else:
        connection = psycopg.connect(database, autocommit=True)
        connection.execute("CREATE TABLE events (id integer PRIMARY KEY, what text)")
        columns = lambda: [  # noqa: E731
            name
            for (name,) in connection.execute(
                "SELECT attname FROM pg_attribute WHERE attrelid = 'events'::regclass"
                " AND attnum > 0 ORDER BY attnum"
            ).fetchall()
        ]
    try:
        with pytest.raises(ForeignTable, match="The table events is not a table of events"):
            connect(database)
        assert columns() == ["id", "what"]
        beside = connect(database, table="game_events")
        Games(beside).start()
        beside.close()
    finally:
        connection.close()
