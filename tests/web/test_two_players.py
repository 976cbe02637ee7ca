"""A person sets the code over HTTP: two tokens, each refused the other's actions, and a
secret the breaker never sees until the game is over."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from harness import serving
from mastermind.bootstrap import bootstrap
from mastermind.service import KEY_VARIABLE, PlayerTokens
from mastermind.store import SQLiteEventStore
from mastermind.web import create_app
from tests.web.conftest import (
    DAILY_KEY,
    SECRET,
    UNLIMITED,
    Client,
    assert_problem,
    client_of,
    first_consistent_code,
)
from tests.web.conftest import app_over as plain_app_over
from tests.web.test_secret import Recorder, shows_the_secret

PEGS = SECRET.split()


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Starlette]:
    store = SQLiteEventStore(tmp_path / "games.db")
    yield plain_app_over(store, hints=first_consistent_code)
    store.close()


@pytest.fixture
def recorded(app: Starlette) -> Iterator[tuple[TestClient, Recorder]]:
    recorder = Recorder()
    client = client_of(app)
    client.event_hooks = {"response": [recorder]}
    yield client, recorder
    client.close()


@pytest.fixture
def logged(app: Starlette) -> Iterator[tuple[httpx.Client, Recorder]]:
    """``recorded``, over a real server that writes its access log, as one deployed does."""
    recorder = Recorder()
    with (
        serving(app, access_log=True) as url,
        httpx.Client(base_url=url, event_hooks={"response": [recorder]}) as client,
    ):
        yield client, recorder


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def make_game(client: Client, **setup: object) -> tuple[str, str, str]:
    """A game whose code a person sets: its id, the maker's and the breaker's tokens."""
    response = client.post("/games", json={"secret": PEGS, "maker_name": "Mum", **setup})
    assert response.status_code == 201, response.text
    made = response.json()
    return made["id"], made["token"], made["invite"]["token"]


def test_a_maker_gets_their_token_the_secret_and_an_invite_for_the_breaker(
    recorded: tuple[TestClient, Recorder],
) -> None:
    client, _ = recorded
    response = client.post("/games", json={"secret": "OPYO", "maker_name": "Mum"})
    made = response.json()
    assert response.status_code == 201
    assert (made["role"], made["secret"], made["maker"]) == (
        "maker",
        PEGS,
        {"kind": "person", "name": "Mum", "allows_hints": False},
    )
    invite = urlsplit(made["invite"]["url"])
    assert invite.query == ""  # the token rides in the fragment, which no browser sends
    assert parse_qs(invite.fragment) == {"game": [made["id"]], "token": [made["invite"]["token"]]}
    assert made["invite"]["token"] != made["token"]


FORGED = {"Host": "evil.example", "X-Forwarded-Host": "evil.example"}
"""What a sender who wants invites to lead to its own site would send."""


def test_an_invite_is_a_link_relative_to_the_page_whatever_host_the_request_names(
    recorded: tuple[TestClient, Recorder],
) -> None:
    client, _ = recorded
    response = client.post("/games", json={"secret": PEGS}, headers=FORGED)
    made = response.json()
    assert response.status_code == 201
    assert made["invite"]["url"] == f"/#game={made['id']}&token={made['invite']['token']}"
    assert "evil" not in response.text


@pytest.mark.parametrize("given", ["https://mastermind.example", "https://mastermind.example/"])
def test_an_invite_is_built_on_the_public_url_and_never_on_the_host_named(
    tmp_path: Path, given: str
) -> None:
    store = SQLiteEventStore(tmp_path / "games.db")
    application = bootstrap(
        store,
        hints=None,
        tokens=PlayerTokens.random(),
        environment={KEY_VARIABLE: DAILY_KEY},
        limits=UNLIMITED,
    )
    client = client_of(create_app(application, public_url=given))
    response = client.post("/games", json={"secret": PEGS}, headers=FORGED)
    store.close()
    made = response.json()
    assert made["invite"]["url"] == (
        f"https://mastermind.example/#game={made['id']}&token={made['invite']['token']}"
    )
    assert "evil" not in response.text


@pytest.mark.parametrize(
    ("given", "error"),
    [
        ("ftp://mastermind.example", ValueError),
        ("mastermind.example", ValueError),
        ("https://mastermind.example/?from=invite", ValueError),
        ("https://mastermind.example/#top", ValueError),
        ("https://someone:password@mastermind.example", ValueError),
        ("https://mastermind.example:99999", ValueError),
        (b"https://mastermind.example", TypeError),
    ],
)
def test_an_app_given_a_public_url_that_is_no_page_address_is_refused(
    tmp_path: Path, given: object, error: type[Exception]
) -> None:
    store = SQLiteEventStore(tmp_path / "games.db")
    application = bootstrap(store, hints=None, tokens=PlayerTokens.random(), limits=UNLIMITED)
    with pytest.raises(error, match=r"public_url|address|URL|query|user"):
        create_app(application, public_url=given)  # type: ignore[arg-type]
    store.close()


def test_the_breaker_plays_with_the_invites_token_and_the_maker_sees_every_guess(
    recorded: tuple[TestClient, Recorder],
) -> None:
    client, _ = recorded
    game_id, maker, breaker = make_game(client)
    guessed = client.post(
        f"/games/{game_id}/guesses", json={"guess": "RRGG"}, headers=bearer(breaker)
    )
    assert guessed.status_code == 201
    assert guessed.json()["secret"] is None
    seen_by_maker = client.get(f"/games/{game_id}", headers=bearer(maker)).json()
    assert seen_by_maker["secret"] == PEGS
    assert [row["guess"] for row in seen_by_maker["rows"]] == [["Red", "Red", "Green", "Green"]]
    won = client.post(f"/games/{game_id}/guesses", json={"guess": PEGS}, headers=bearer(breaker))
    assert won.json()["status"] == "won"


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/guesses", {"guess": "RRGG"}),
        ("POST", "/give-up", None),
        ("GET", "/hint", None),
        ("GET", "/review", None),
    ],
)
def test_the_makers_token_is_refused_the_breakers_actions_and_changes_nothing(
    recorded: tuple[TestClient, Recorder], method: str, path: str, body: object
) -> None:
    client, _ = recorded
    game_id, maker, _ = make_game(client, hints=True)
    response = client.request(method, f"/games/{game_id}{path}", json=body, headers=bearer(maker))
    assert_problem(response, 403, "WrongRole")
    board = client.get(f"/games/{game_id}").json()
    assert (board["status"], board["rows"]) == ("in progress", [])


def test_the_breakers_token_cannot_end_the_game_the_makers_can(
    recorded: tuple[TestClient, Recorder],
) -> None:
    client, _ = recorded
    game_id, maker, breaker = make_game(client)
    assert_problem(client.post(f"/games/{game_id}/end", headers=bearer(breaker)), 403, "WrongRole")
    assert client.get(f"/games/{game_id}").json()["status"] == "in progress"
    ended = client.post(f"/games/{game_id}/end", headers=bearer(maker))
    assert ended.status_code == 200
    board = ended.json()
    assert (board["status"], board["called_off"], board["given_up"]) == ("lost", True, False)
    assert board["secret"] == PEGS


def test_a_game_of_the_computers_has_no_maker_to_end_it(
    recorded: tuple[TestClient, Recorder],
) -> None:
    client, _ = recorded
    started = client.post("/games").json()
    assert started["role"] == "breaker"
    response = client.post(f"/games/{started['id']}/end", headers=bearer(started["token"]))
    assert_problem(response, 403, "WrongRole")


def test_hints_are_refused_to_the_breaker_unless_the_maker_allowed_them(
    recorded: tuple[TestClient, Recorder],
) -> None:
    client, _ = recorded
    strict_id, _, strict_breaker = make_game(client)
    assert (
        client.get(f"/games/{strict_id}", headers=bearer(strict_breaker)).json()["hints"] is False
    )
    refused = client.get(f"/games/{strict_id}/hint", headers=bearer(strict_breaker))
    assert_problem(refused, 403, "HintsNotAllowed")
    kind_id, _, kind_breaker = make_game(client, hints=True)
    assert client.get(f"/games/{kind_id}/hint", headers=bearer(kind_breaker)).status_code == 200


@pytest.mark.parametrize(
    ("setup", "error"),
    [
        ({"maker_name": "Mum"}, "MissingField"),
        ({"secret": PEGS, "maker_name": 7}, "InvalidField"),
        ({"secret": PEGS, "maker_name": "\u202e evil"}, "InvalidGameSetup"),
        ({"secret": "RGBX"}, "InvalidGameSetup"),
        ({"secret": ["Red"]}, "InvalidGameSetup"),
    ],
    ids=["name-without-secret", "name-not-text", "name-unprintable", "unknown-colour", "short"],
)
def test_a_makers_game_set_up_wrong_is_refused_and_nothing_is_stored(
    recorded: tuple[TestClient, Recorder], setup: dict[str, object], error: str
) -> None:
    client, _ = recorded
    response = client.post("/games", json={"length": 4, **setup})
    assert response.status_code in (400, 422), response.text
    assert response.json()["error"] == error


def test_the_breaker_sees_nothing_of_the_secret_until_the_game_is_over(
    logged: tuple[httpx.Client, Recorder], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    client, recorder = logged
    game_id, maker, breaker = make_game(client, hints=True)
    recorder.seen.clear()  # the maker's own answer shows the secret, rightly
    for guess in ["RGBY", "RRGG", "OPY", "OPYX", "BBBB"]:
        client.post(f"/games/{game_id}/guesses", json={"guess": guess}, headers=bearer(breaker))
    client.get(f"/games/{game_id}", headers=bearer(breaker))
    client.get(f"/games/{game_id}")
    client.get(f"/games/{game_id}/hint", headers=bearer(breaker))
    client.get(f"/games/{game_id}/review", headers=bearer(breaker))
    client.post(f"/games/{game_id}/end", headers=bearer(breaker))
    client.get("/")

    assert len(recorder.seen) > 15
    assert [seen for seen in recorder.seen if shows_the_secret(seen)] == []
    logged = [record.getMessage() for record in caplog.records]
    assert any("/guesses" in line for line in logged), "the access log was not captured"
    assert [line for line in logged if shows_the_secret(line)] == []
    assert shows_the_secret(client.get(f"/games/{game_id}", headers=bearer(maker)).text)


def test_an_unknown_game_is_not_found_whatever_token_is_sent(
    recorded: tuple[TestClient, Recorder],
) -> None:
    client, _ = recorded
    _, maker, _ = make_game(client)
    assert_problem(client.get("/games/no-such-game", headers=bearer(maker)), 404, "GameNotFound")


def test_the_makers_board_offers_no_hints_which_only_the_breaker_may_ask_for(
    recorded: tuple[TestClient, Recorder],
) -> None:
    client, _ = recorded
    game_id, maker, breaker = make_game(client, hints=True)
    assert client.get(f"/games/{game_id}", headers=bearer(breaker)).json()["hints"] is True
    seen_by_maker = client.get(f"/games/{game_id}", headers=bearer(maker)).json()
    assert (seen_by_maker["hints"], seen_by_maker["maker"]["allows_hints"]) == (False, True)


def test_the_maker_leaves_a_note_that_the_breakers_board_shows(
    recorded: tuple[TestClient, Recorder],
) -> None:
    client, _ = recorded
    game_id, maker, breaker = make_game(client)
    noted = client.post(
        f"/games/{game_id}/note", json={"text": "Think of a rainbow"}, headers=bearer(maker)
    )
    assert noted.status_code == 200, noted.text
    assert (noted.json()["note"], noted.json()["secret"]) == ("Think of a rainbow", PEGS)
    seen_by_breaker = client.get(f"/games/{game_id}", headers=bearer(breaker)).json()
    assert (seen_by_breaker["note"], seen_by_breaker["secret"]) == ("Think of a rainbow", None)
    assert seen_by_breaker["attempts"]["used"] == 0


def test_only_the_maker_leaves_notes_and_a_refused_note_changes_nothing(
    recorded: tuple[TestClient, Recorder],
) -> None:
    client, _ = recorded
    game_id, maker, breaker = make_game(client)
    note = f"/games/{game_id}/note"
    assert_problem(
        client.post(note, json={"text": "Mine"}, headers=bearer(breaker)), 403, "WrongRole"
    )
    assert_problem(
        client.post(note, json={"text": "x" * 141}, headers=bearer(maker)), 400, "InvalidNote"
    )
    assert_problem(client.post(note, json={}, headers=bearer(maker)), 422, "MissingField")
    assert_problem(client.post(note, json={"text": 7}, headers=bearer(maker)), 422, "InvalidField")
    assert client.get(f"/games/{game_id}", headers=bearer(breaker)).json()["note"] is None
