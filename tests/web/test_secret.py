"""No answer, header or log line shows the secret before the game is over: the answers
are the app's, asked in this process, but the access log is a real server's."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette

from harness import serving
from mastermind.store import SQLiteEventStore
from tests.web.conftest import (
    SECRET,
    Answer,
    Player,
    app_over,
    client_of,
    first_consistent_code,
    same_secret,
)

PEGS = SECRET.split()
FORMS = [
    SECRET,
    ", ".join(PEGS),
    ",".join(PEGS),
    "".join(PEGS),
    json.dumps(PEGS),
    json.dumps(PEGS, separators=(",", ":")),
]
INITIALS = "".join(peg[0] for peg in PEGS)


def shows_the_secret(text: str) -> bool:
    folded = text.casefold()
    return INITIALS in text or any(form.casefold() in folded for form in FORMS)


class Recorder:
    """Everything a player and an onlooker could see: status lines, headers and bodies."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def __call__(self, response: Answer) -> None:
        response.read()
        self.seen.append(f"{response.status_code} {response.headers.multi_items()}")
        self.seen.append(response.text)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Starlette]:
    store = SQLiteEventStore(tmp_path / "games.db")
    yield app_over(store, same_secret, hints=first_consistent_code)
    store.close()


@pytest.fixture
def recorded(app: Starlette) -> Iterator[tuple[Player, Recorder]]:
    recorder = Recorder()
    client = client_of(app)
    client.event_hooks = {"response": [recorder]}
    yield Player(client), recorder
    client.close()


@pytest.fixture
def logged(app: Starlette) -> Iterator[tuple[Player, Recorder]]:
    """``recorded``, over a real server that writes its access log, as one deployed does."""
    recorder = Recorder()
    with (
        serving(app, access_log=True) as url,
        httpx.Client(base_url=url, event_hooks={"response": [recorder]}) as client,
    ):
        yield Player(client), recorder


def test_the_scan_finds_the_secret_once_the_game_is_over(
    recorded: tuple[Player, Recorder],
) -> None:
    player, recorder = recorded
    player.start()

    player.give_up()

    assert shows_the_secret(recorder.seen[-1])


def test_nothing_shows_the_secret_while_the_game_is_in_play(
    logged: tuple[Player, Recorder], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    player, recorder = logged
    client = player.client
    player.start()
    player.start(length=4, attempts=3)
    for guess in ["RGBY", ["Orange", "Purple", "Yellow", "Red"], "OPY", "OPYOO", "OPYX", ""]:
        player.guess(guess)
    player.guess(["Orange", "Purple", "Yellow"])
    player.board()
    client.get(f"/games/{player.game_id}/hint", headers=player.auth)
    client.post(f"/games/{player.game_id}/guesses", json={"guess": "OPYO"})
    client.post(
        f"/games/{player.game_id}/guesses",
        json={"guess": "OPYO"},
        headers={"Authorization": "Bearer x"},
    )
    for body in [b"{", b'{"guess": 1}', b'{"nope": 2}', b"x" * 20_000]:
        client.post(
            f"/games/{player.game_id}/guesses",
            content=body,
            headers={**player.auth, "Content-Type": "application/json"},
        )
    client.get("/openapi.json")
    client.get("/")

    assert len(recorder.seen) > 30
    leaks = [seen for seen in recorder.seen if shows_the_secret(seen)]
    assert leaks == []
    logged = [record.getMessage() for record in caplog.records]
    assert any("/guesses" in line for line in logged), "the access log was not captured"
    assert [line for line in logged if shows_the_secret(line)] == []


@pytest.mark.parametrize(
    "setup",
    [
        {"colours": ["Orange", "Purple", "Red", "Blue"]},
        {"unique": True},
        {"colours": ["Red", "Blue", "Red", "Green"]},
    ],
    ids=["palette-without-its-colours", "unique-but-it-repeats", "palette-with-a-repeat"],
)
def test_a_setup_the_code_makers_secret_does_not_fit_never_shows_it(
    recorded: tuple[Player, Recorder], setup: dict[str, object]
) -> None:
    player, recorder = recorded
    response = player.client.post("/games", json=setup)
    assert response.status_code == 400
    assert not shows_the_secret(recorder.seen[-1])
