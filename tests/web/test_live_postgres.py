"""A guess made through one server process reaches a watcher of another within a second:
on PostgreSQL, woken by LISTEN/NOTIFY; on one SQLite file, by polling."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from harness import ServerProcess, with_fresh_schema
from tests.web.sse import applied, watching

KEY = "the key every server of this store shares"
_schemas = itertools.count(1)


def two_servers(store_url: str, tmp_path: Path) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    with (
        ServerProcess(
            store_url, tmp_path / "a.log", MASTERMIND_WEB_SECRET=KEY, MASTERMIND_SECRET="OPYO"
        ) as a,
        ServerProcess(store_url, tmp_path / "b.log", MASTERMIND_WEB_SECRET=KEY) as b,
        httpx.Client(base_url=a.url) as to_a,
        httpx.Client(base_url=b.url) as to_b,
    ):
        yield to_a, to_b


@pytest.fixture
def on_postgres(postgres_url: str, tmp_path: Path) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    yield from two_servers(with_fresh_schema(postgres_url, f"live_{next(_schemas)}"), tmp_path)


@pytest.fixture
def on_sqlite(tmp_path: Path) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    yield from two_servers(f"sqlite:///{tmp_path / 'games.db'}", tmp_path)


def a_guess_through_one_reaches_the_other(a: httpx.Client, b: httpx.Client) -> None:
    game = a.post("/games").json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    with watching(b, game["id"], game["token"]) as stream:
        started = stream.next_event()
        assert started is not None
        assert started.event == "GameStarted"

        for typed in ["RGBY", "OPYO"]:
            made_through_a = a.post(
                f"/games/{game['id']}/guesses", json={"guess": typed}, headers=auth
            )
            assert made_through_a.status_code == 201
            made = stream.next_event()  # read with a one-second timeout: the criterion
            assert made is not None
            assert made.event == "GuessMade"
            assert "".join(peg[0] for peg in made.document["row"]["guess"]) == typed
        won = stream.next_event()
        assert won is not None
        assert won.event == "GameWon"
        assert stream.next_event() is None

    assert [sent.version for sent in stream.received] == [1, 2, 3, 4]
    changes = [sent.document for sent in stream.received[1:]]
    board = functools.reduce(applied, changes, started.document["board"])
    assert board == b.get(f"/games/{game['id']}").json()


def test_a_guess_through_one_postgres_server_reaches_a_watcher_of_another_within_a_second(
    on_postgres: tuple[httpx.Client, httpx.Client],
) -> None:
    a_guess_through_one_reaches_the_other(*on_postgres)


def test_a_guess_through_one_sqlite_server_reaches_a_watcher_of_another_within_a_second(
    on_sqlite: tuple[httpx.Client, httpx.Client],
) -> None:
    a_guess_through_one_reaches_the_other(*on_sqlite)


def test_one_server_of_two_workers_brings_every_guess_to_a_watcher_within_a_second(
    postgres_url: str, tmp_path: Path
) -> None:
    """Each guess is sent on a connection of its own, which either worker may accept: the
    watcher's worker hears of those the other one handled through the database. (The
    tests above pin the two sides to two processes; this one runs `serve --workers 2`.)"""
    store_url = with_fresh_schema(postgres_url, f"live_{next(_schemas)}")
    with (
        ServerProcess(
            store_url,
            tmp_path / "two.log",
            workers=2,
            MASTERMIND_WEB_SECRET=KEY,
            MASTERMIND_SECRET="OPYO",
        ) as server,
        httpx.Client(base_url=server.url) as watcher,
    ):
        game = watcher.post("/games", json={"attempts": 20}).json()
        auth = {"Authorization": f"Bearer {game['token']}"}
        with watching(watcher, game["id"], game["token"]) as stream:
            assert stream.next_event() is not None
            for _ in range(10):
                with httpx.Client(base_url=server.url) as writer:
                    made = writer.post(
                        f"/games/{game['id']}/guesses", json={"guess": "RGBY"}, headers=auth
                    )
                assert made.status_code == 201
                heard = stream.next_event()  # read with a one-second timeout: the criterion
                assert heard is not None
                assert heard.event == "GuessMade"

    assert [sent.version for sent in stream.received] == list(range(1, 12))
