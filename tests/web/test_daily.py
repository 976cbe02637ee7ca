"""The daily code over HTTP: ``POST /daily`` and ``GET /daily/results``, asked of the app
in this process by clients that keep cookies, as a browser does, or keep none."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from mastermind import CLASSIC_PEGS, Code, GameStarted
from mastermind.bootstrap import Limits, bootstrap
from mastermind.service import KEY_VARIABLE, DailyCodes
from mastermind.store import InMemoryEventStore, SQLiteEventStore
from mastermind.web import create_app
from tests.web.conftest import UNLIMITED, assert_problem, client_of

KEY = "the daily key of the web tests, 32 bytes"
DAY = date(2026, 11, 23)
SECRET = DailyCodes(KEY).secret(DAY)
WRONG = next(code for code in ("RRRR", "GGGG", "BBBB") if Code.parse(code) != SECRET)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteEventStore]:
    store = SQLiteEventStore(tmp_path / "games.db")
    yield store
    store.close()


def daily_app(store: SQLiteEventStore, limits: Limits = UNLIMITED) -> Starlette:
    application = bootstrap(
        store,
        hints=None,
        reviews=None,
        environment={KEY_VARIABLE: KEY},
        limits=limits,
        today=lambda: DAY,
    )
    return create_app(application)


@pytest.fixture
def app(store: SQLiteEventStore) -> Starlette:
    return daily_app(store)


@pytest.fixture
def visitor(app: Starlette) -> Iterator[TestClient]:
    """A client that keeps cookies, as a browser does; each ``client_of(app)`` is a new
    client, which has none."""
    client = client_of(app)
    yield client
    client.close()


def events(store: SQLiteEventStore) -> int:
    return len(list(store.read_all()))


def secret_of(store: SQLiteEventStore, game_id: str) -> Code:
    started = store.load(game_id).events[0]
    assert isinstance(started, GameStarted)
    return started.secret


def test_the_first_visit_starts_today_s_game_and_keeps_the_player_in_a_cookie(
    visitor: TestClient, store: SQLiteEventStore
) -> None:
    response = visitor.post("/daily")
    assert response.status_code == 200, response.text
    game = response.json()
    assert game["day"] == "2026-11-23"
    assert game["id"].startswith("daily-2026-11-23-")
    assert (game["status"], game["secret"], game["share"]) == ("in progress", None, None)
    assert (game["length"], game["colours"], game["attempts"]["total"]) == (
        4,
        ["Red", "Green", "Blue", "Yellow", "Purple", "Orange"],
        12,
    )
    assert game["hints"] is False
    assert game["role"] == "breaker"
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"mastermind_player={game['player']};")
    assert {"HttpOnly", "Path=/", "SameSite=lax"} <= {part.strip() for part in cookie.split(";")}
    assert secret_of(store, game["id"]) == SECRET


def test_a_second_visit_the_same_day_answers_the_same_game_and_stores_nothing(
    visitor: TestClient, store: SQLiteEventStore
) -> None:
    first = visitor.post("/daily").json()
    stored = events(store)
    again = visitor.post("/daily").json()
    assert again["id"] == first["id"]
    assert again["token"] == first["token"]
    assert "player" not in again
    assert events(store) == stored


def test_a_client_without_cookies_names_its_player_with_the_token_it_was_given(
    app: Starlette, store: SQLiteEventStore
) -> None:
    first = client_of(app).post("/daily").json()
    headers = {"X-Player-Token": first["player"]}
    again = client_of(app).post("/daily", headers=headers)
    assert again.json()["id"] == first["id"]
    assert "set-cookie" not in again.headers
    other = client_of(app).post("/daily").json()
    assert other["id"] != first["id"]
    assert secret_of(store, other["id"]) == secret_of(store, first["id"]) == SECRET


def test_the_daily_game_is_played_through_the_games_routes_and_shares_no_colour(
    visitor: TestClient,
) -> None:
    game = visitor.post("/daily").json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    path = f"/games/{game['id']}/guesses"
    assert visitor.post(path, json={"guess": WRONG}, headers=auth).status_code == 201
    won = visitor.post(path, json={"guess": SECRET.initials()}, headers=auth).json()
    assert won["status"] == "won"
    over = visitor.post("/daily").json()
    assert over["status"] == "won"
    assert over["secret"] is None  # until the day is over, for everyone
    assert over["link"] == "/?daily=2026-11-23"
    header, *lines = over["share"].splitlines()
    assert header == "Mastermind #1 2/12"
    assert lines[-1] == "●●●●"
    assert all(set(line) <= {"●", "○", "·"} for line in lines)
    assert not any(colour.casefold() in over["share"].casefold() for colour in CLASSIC_PEGS)


def test_the_daily_game_refuses_hints(visitor: TestClient) -> None:
    game = visitor.post("/daily").json()
    hint = visitor.get(
        f"/games/{game['id']}/hint", headers={"Authorization": f"Bearer {game['token']}"}
    )
    assert_problem(hint, 403, "HintsNotAllowed")


@pytest.mark.parametrize(
    "token",
    ["nonsense", "0" * 32 + "." + "A" * 43, DailyCodes("another server's key, long").new_player()],
    ids=["nonsense", "well-formed-unsigned", "another-servers"],
)
def test_a_player_token_this_server_did_not_give_is_refused_and_nothing_is_stored(
    app: Starlette, store: SQLiteEventStore, token: str
) -> None:
    response = client_of(app).post("/daily", headers={"X-Player-Token": token})
    problem = assert_problem(response, 403, "InvalidPlayerToken")
    assert "not given by this server" in str(problem["detail"])
    assert events(store) == 0


def test_a_forged_cookie_is_refused_and_forgotten_so_the_next_visit_is_a_new_player(
    visitor: TestClient, store: SQLiteEventStore
) -> None:
    player = visitor.post("/daily").json()["player"]
    (kept,) = visitor.cookies.jar
    forged = ("1" if player[0] == "0" else "0") + player[1:]
    visitor.cookies.set("mastermind_player", forged, domain=kept.domain, path=kept.path)
    stored = events(store)
    refused = visitor.post("/daily")
    assert_problem(refused, 403, "InvalidPlayerToken")
    assert "Max-Age=0" in refused.headers["set-cookie"]
    assert events(store) == stored
    assert "mastermind_player" not in visitor.cookies
    fresh = visitor.post("/daily").json()
    assert fresh["player"] != player


def test_the_request_body_may_hold_nothing_but_the_day(visitor: TestClient) -> None:
    response = visitor.post("/daily", json={"date": "2026-12-25"})
    assert_problem(response, 422, "UnknownField")


def test_asking_for_a_games_day_once_the_day_has_turned_answers_that_game(
    store: SQLiteEventStore,
) -> None:
    days = [DAY]
    application = bootstrap(
        store,
        hints=None,
        reviews=None,
        environment={KEY_VARIABLE: KEY},
        limits=UNLIMITED,
        today=lambda: days[-1],
    )
    visitor = client_of(create_app(application))
    yesterdays = visitor.post("/daily").json()
    days.append(DAY + timedelta(days=1))
    stored = events(store)
    again = visitor.post("/daily", json={"day": DAY.isoformat()})
    never_begun = visitor.post("/daily", json={"day": "2026-11-22"})

    assert (again.status_code, again.json()["id"]) == (200, yesterdays["id"])
    assert_problem(never_begun, 404, "GameNotFound")
    assert events(store) == stored


def test_the_results_count_players_wins_and_guesses_per_win(app: Starlette) -> None:
    for guesses in (2, 2, 1):
        game = client_of(app).post("/daily").json()
        auth = {"Authorization": f"Bearer {game['token']}"}
        for guess in [WRONG] * (guesses - 1) + [SECRET.initials()]:
            client_of(app).post(f"/games/{game['id']}/guesses", json={"guess": guess}, headers=auth)
    lost = client_of(app).post("/daily").json()
    client_of(app).post(
        f"/games/{lost['id']}/give-up",
        headers={"Authorization": f"Bearer {lost['token']}"},
    )
    client_of(app).post("/daily")
    results = client_of(app).get("/daily/results")
    assert results.status_code == 200
    assert results.json() == {
        "day": "2026-11-23",
        "number": 1,
        "players": 5,
        "wins": 3,
        "losses": 1,
        "in_play": 1,
        "histogram": {"1": 1, "2": 2},
        "secret": None,
    }
    another_day = client_of(app).get("/daily/results", params={"day": "2026-11-22"}).json()
    assert (another_day["players"], another_day["histogram"]) == (0, {})


@pytest.mark.parametrize(
    "day",
    ["yesterday", "2026-13-01", "2026-11-23T00:00", "20261123", "2026-W01-1", "\uff12026-11-23"],
)
def test_a_day_not_written_yyyy_mm_dd_is_refused(app: Starlette, day: str) -> None:
    response = client_of(app).get("/daily/results", params={"day": day})
    assert_problem(response, 400, "InvalidDay")


def test_the_daily_game_counts_as_a_game_created_against_the_client_s_rate(
    store: SQLiteEventStore,
) -> None:
    limits = Limits(create_rate="2/minute", hint_rate="1000/second")
    visitor = client_of(daily_app(store, limits))
    assert visitor.post("/daily").status_code == 200
    assert visitor.post("/daily").status_code == 200
    assert_problem(visitor.post("/daily"), 429, "TooManyRequests")


def test_a_server_whose_key_dies_with_it_offers_no_daily_code_and_stores_nothing() -> None:
    store = InMemoryEventStore()
    application = bootstrap(store, hints=None, reviews=None, environment={}, limits=UNLIMITED)
    client = client_of(create_app(application))
    refused = client.post("/daily")
    results = client.get("/daily/results")
    assert_problem(refused, 404, "DailyCodeUnavailable")
    assert_problem(results, 404, "DailyCodeUnavailable")
    assert store.read_all() == []
