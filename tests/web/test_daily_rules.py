"""The daily code's rules over HTTP, asked of an app whose day a test turns: nobody sees
the day's secret before the day is over, not even in the live stream of a real server, a
day gone by takes no guess, new players are held to a rate of their own, and each player
has a record of streaks."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette

from harness import serving
from mastermind import Code
from mastermind.bootstrap import Limits, bootstrap
from mastermind.service import KEY_VARIABLE, DailyCodes
from mastermind.store import SQLiteEventStore
from mastermind.testing import Calendar
from mastermind.web import create_app
from tests.web.conftest import UNLIMITED, assert_problem, client_of
from tests.web.sse import watching

KEY = "the daily key of the web rules' tests, 32 bytes"
DAY = date(2026, 11, 23)
SECRET = DailyCodes(KEY).secret(DAY)
WRONG = next(code for code in ("RRRR", "GGGG", "BBBB") if Code.parse(code) != SECRET)
SPOKEN = json.dumps(list(SECRET.pegs), separators=(",", ":"))
"""The secret as an answer would write it, were it to show."""


@contextlib.contextmanager
def daily_app(
    tmp_path: Path, calendar: Calendar, limits: Limits = UNLIMITED
) -> Iterator[Starlette]:
    store = SQLiteEventStore(tmp_path / "games.db")
    application = bootstrap(
        store,
        hints=None,
        reviews=None,
        environment={KEY_VARIABLE: KEY},
        limits=limits,
        today=calendar,
    )
    yield create_app(application)
    store.close()


@pytest.fixture
def calendar() -> Calendar:
    return Calendar(DAY)


@pytest.fixture
def app(tmp_path: Path, calendar: Calendar) -> Iterator[Starlette]:
    """The app, asked in this process: each ``client_of(app)`` is a new client, with no
    cookies, unless a test keeps one to play as a browser does."""
    with daily_app(tmp_path, calendar) as app:
        yield app


@pytest.fixture
def base_url(app: Starlette) -> Iterator[str]:
    """A real server of the app, for a test that reads its live stream too."""
    with serving(app) as url:
        yield url


def bearer(game: dict[str, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {game['token']}"}


def test_a_fresh_identity_that_gives_up_learns_nothing_of_the_secret_anywhere(
    base_url: str,
) -> None:
    game = httpx.post(f"{base_url}/daily").json()
    path = f"{base_url}/games/{game['id']}"
    given_up = httpx.post(f"{path}/give-up", headers=bearer(game))
    assert given_up.status_code == 200
    again = httpx.post(f"{base_url}/daily", headers={"X-Player-Token": game["player"]})
    board = httpx.get(path, headers=bearer(game))
    review = httpx.get(f"{path}/review", headers=bearer(game))
    with (
        httpx.Client(base_url=base_url, timeout=10) as client,
        watching(client, game["id"], game["token"]) as stream,
    ):
        streamed = stream.rest()
    for answer in (given_up, again, board):
        assert answer.json()["status"] == "lost"
        assert answer.json()["secret"] is None
        assert SPOKEN not in answer.text
    assert again.json()["secret_notice"] == "The secret is shown at 00:00 UTC on 24 November."
    assert again.json()["secret_shown_at"] == "2026-11-24T00:00:00Z"
    problem = assert_problem(review, 409, "DailyReviewTooEarly")
    assert "00:00 UTC on 24 November" in str(problem["detail"])
    assert problem["shown_at"] == "2026-11-24T00:00:00Z"
    assert streamed
    assert streamed[0].document["board"]["secret"] is None
    assert all(SPOKEN not in json.dumps(sent.document, separators=(",", ":")) for sent in streamed)
    results = httpx.get(f"{base_url}/daily/results").json()
    assert results["secret"] is None


def test_the_secret_shows_once_the_day_is_over_to_the_board_and_the_results(
    app: Starlette, calendar: Calendar
) -> None:
    game = client_of(app).post("/daily").json()
    client_of(app).post(f"/games/{game['id']}/give-up", headers=bearer(game))
    calendar.day = DAY + timedelta(days=1)
    board = client_of(app).get(f"/games/{game['id']}", headers=bearer(game)).json()
    assert board["secret"] == list(SECRET.pegs)
    results = client_of(app).get("/daily/results", params={"day": "2026-11-23"}).json()
    assert (results["number"], results["secret"]) == (1, list(SECRET.pegs))
    assert client_of(app).get("/daily/results").json()["secret"] is None


def test_a_guess_or_a_give_up_on_an_earlier_day_s_game_is_refused_and_nothing_is_stored(
    app: Starlette, calendar: Calendar
) -> None:
    game = client_of(app).post("/daily").json()
    path = f"/games/{game['id']}"
    client_of(app).post(f"{path}/guesses", json={"guess": WRONG}, headers=bearer(game))
    calendar.day = DAY + timedelta(days=1)
    refused = client_of(app).post(
        f"{path}/guesses", json={"guess": SECRET.initials()}, headers=bearer(game)
    )
    problem = assert_problem(refused, 409, "DailyGameClosed")
    assert problem["day"] == "2026-11-23"
    given_up = client_of(app).post(f"{path}/give-up", headers=bearer(game))
    assert_problem(given_up, 409, "DailyGameClosed")
    board = client_of(app).get(path, headers=bearer(game)).json()
    assert (board["status"], board["attempts"]["used"]) == ("in progress", 1)


def test_new_players_are_held_to_their_own_rate_while_returning_players_are_served(
    tmp_path: Path, calendar: Calendar
) -> None:
    limits = Limits(create_rate="1000/second", hint_rate="1000/second", new_player_rate="2/minute")
    with daily_app(tmp_path, calendar, limits) as app:
        visitor = client_of(app)
        first = visitor.post("/daily")  # keeps its cookie, as a browser does
        second = client_of(app).post("/daily")
        assert (first.status_code, second.status_code) == (200, 200)
        third = client_of(app).post("/daily")
        problem = assert_problem(third, 429, "TooManyRequests")
        assert "new players of the daily code" in str(problem["detail"])
        assert int(third.headers["Retry-After"]) >= 1
        for _ in range(3):
            assert visitor.post("/daily").status_code == 200
            by_token = {"X-Player-Token": second.json()["player"]}
            assert client_of(app).post("/daily", headers=by_token).status_code == 200
        assert client_of(app).post("/games", json={}).status_code == 201


def test_a_new_player_refused_for_the_rate_of_games_uses_up_no_new_player(
    tmp_path: Path, calendar: Calendar
) -> None:
    limits = Limits(create_rate="1/second", hint_rate="1000/second", new_player_rate="1/minute")
    with daily_app(tmp_path, calendar, limits) as app:
        assert client_of(app).post("/games", json={}).status_code == 201
        refused = client_of(app).post("/daily")
        problem = assert_problem(refused, 429, "TooManyRequests")
        assert "games created" in str(problem["detail"])

        time.sleep(int(refused.headers["Retry-After"]))

        assert client_of(app).post("/daily").status_code == 200


def test_the_link_to_share_is_relative_whatever_host_the_request_names(app: Starlette) -> None:
    game = client_of(app).post("/daily", headers={"Host": "evil.example"}).json()
    assert game["link"] == "/?daily=2026-11-23"
    assert game["number"] == 1


def test_the_player_s_record_counts_daily_games_alone_with_streaks(
    app: Starlette, calendar: Calendar
) -> None:
    assert client_of(app).get("/daily/stats").json() == {
        "number": 1,
        "day": "2026-11-23",
        "played": 0,
        "won": 0,
        "streak": 0,
        "best_streak": 0,
        "next_code_at": "2026-11-24T00:00:00Z",
    }
    player = None
    for _ in range(2):
        headers = {} if player is None else {"X-Player-Token": player}
        game = client_of(app).post("/daily", headers=headers).json()
        player = player or game["player"]
        secret = DailyCodes(KEY).secret(calendar.day).initials()
        path = f"/games/{game['id']}/guesses"
        client_of(app).post(path, json={"guess": secret}, headers=bearer(game))
        calendar.day += timedelta(days=1)
    client_of(app).post("/games", json={})  # another game counts for nothing here
    stats = client_of(app).get("/daily/stats", headers={"X-Player-Token": player}).json()
    assert (stats["number"], stats["played"], stats["won"]) == (3, 2, 2)
    assert (stats["streak"], stats["best_streak"]) == (2, 2)
    today = client_of(app).post("/daily", headers={"X-Player-Token": player}).json()
    assert today["stats"] == {**stats, "played": 3}
    forged = client_of(app).get("/daily/stats", headers={"X-Player-Token": "x" * 20})
    assert_problem(forged, 403, "InvalidPlayerToken")
