"""``mastermind daily``: today's daily code, of the local store or of a server."""

from __future__ import annotations

import contextlib
import http.client
import io
import stat
import urllib.request
import urllib.response
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from starlette.types import ASGIApp, Receive, Scope, Send

from mastermind import CLASSIC_PEGS, Code, GameStarted
from mastermind.bootstrap import bootstrap
from mastermind.service import KEY_VARIABLE, DailyCodes, daily_number
from mastermind.store import SQLiteEventStore
from mastermind.testing import Calendar
from mastermind.web import create_app
from tests.cli.conftest import Mastermind, one_line_error
from tests.web.conftest import UNLIMITED, client_of

KEY = "the daily key of the terminal's tests"
SERVER_DAY = date(2026, 11, 23)
WITH_KEY: dict[str, str | None] = {KEY_VARIABLE: KEY}


class InProcess(urllib.request.BaseHandler):
    """urllib's requests to the host of ``url``, answered by ``app`` in this process
    through the test client: urllib reads the answer, and raises an error status, as it
    reads a server's. Each request is a new client's, which keeps no cookies, as urllib
    keeps none."""

    handler_order = 100
    """Before urllib's own handler of HTTP, which would connect to the host."""

    def __init__(self, url: str, app: ASGIApp) -> None:
        self.host = urlsplit(url).netloc
        self.app = app

    def http_open(self, request: urllib.request.Request) -> urllib.response.addinfourl | None:
        if request.host != self.host:
            return None  # another host's, for urllib's own handler
        answer = client_of(self.app).request(
            request.get_method(),
            request.full_url,
            content=request.data,  # type: ignore[arg-type]
            headers=request.header_items(),
        )
        headers = http.client.HTTPMessage()
        for name, value in answer.headers.multi_items():
            headers[name] = value
        response = urllib.response.addinfourl(
            io.BytesIO(answer.content), headers, request.full_url, answer.status_code
        )
        response.msg = answer.reason_phrase  # type: ignore[attr-defined]
        return response


def url_of(app: ASGIApp, monkeypatch: pytest.MonkeyPatch) -> str:
    """A server's URL, for ``--server``, whose every request ``app`` answers in this
    process until the test ends."""
    url = "http://mastermind.test"
    opener = urllib.request.build_opener(InProcess(url, app))
    monkeypatch.setattr(urllib.request, "urlopen", opener.open)
    return url


def winning_lines(key: str = KEY) -> list[str]:
    """Today's secret, then tomorrow's: one of them wins, even if the day turns meanwhile."""
    codes, today = DailyCodes(key), date.today()
    days = [today + timedelta(days=offset) for offset in (-1, 0, 1)]
    return [codes.secret(day).initials() for day in days]


def stored_events(database: Path) -> list[GameStarted | object]:
    store = SQLiteEventStore(database)
    try:
        return [record.event for record in store.read_all()]
    finally:
        store.close()


def the_secret(database: Path, game_id: str) -> Code:
    store = SQLiteEventStore(database)
    try:
        started = store.load(game_id).events[0]
    finally:
        store.close()
    assert isinstance(started, GameStarted)
    return started.secret


def as_another_user(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / name))


def share_of(output: str) -> list[str]:
    lines = output.splitlines()
    start = lines.index("Share your result:") + 1
    end = next(at for at in range(start, len(lines)) if not lines[at].strip())
    return lines[start:end]


def test_daily_plays_today_s_code_and_ends_with_a_result_that_shows_no_colour(
    mastermind: Mastermind, database: Path
) -> None:
    result = mastermind("daily", input="rrrr\n" + "\n".join(winning_lines()) + "\n", env=WITH_KEY)
    assert result.exit_code == 0, result.output
    header, *marks = share_of(result.stdout)
    assert header.startswith("Mastermind #")
    assert header.endswith("/12")
    assert marks[-1] == "●●●●"
    assert all(set(line) <= {"●", "○", "·"} and len(line) == 4 for line in marks)
    for colour in CLASSIC_PEGS:
        assert colour.casefold() not in "\n".join([header, *marks]).casefold()
    assert "Today so far: 1 player, 1 won, 0 lost." in result.stdout
    (started, *_) = stored_events(database)
    assert isinstance(started, GameStarted)
    day = date.fromisoformat(started.game_id[len("daily-") :][:10])
    assert header == f"Mastermind #{daily_number(day)} {len(marks)}/12"
    assert started.secret == DailyCodes(KEY).secret(day)


def test_asking_again_the_same_day_resumes_the_same_game(
    mastermind: Mastermind, database: Path
) -> None:
    first = mastermind.json("daily", env=WITH_KEY)
    mastermind("guess", first["id"], "rgby")
    stored = len(stored_events(database))
    again = mastermind.json("daily", env=WITH_KEY)
    assert again["id"] == first["id"]
    assert again["attempts"]["used"] == 1
    assert (again["secret"], again["share"]) == (None, None)
    assert len(stored_events(database)) == stored


def test_every_player_of_a_store_gets_the_same_secret_in_a_game_of_their_own(
    mastermind: Mastermind, database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    boards = []
    for name in ("ann", "bob"):
        as_another_user(monkeypatch, tmp_path, name)
        game = mastermind.json("daily", env=WITH_KEY)
        boards.append(mastermind.json("give-up", game["id"]))
    assert boards[0]["id"] != boards[1]["id"]
    assert boards[0]["secret"] == boards[1]["secret"]


def test_without_the_variable_the_key_is_the_one_a_server_of_the_store_would_use(
    mastermind: Mastermind, database: Path
) -> None:
    game = mastermind.json("daily")
    key = database.with_name(database.name + ".key").read_text().strip()
    day = date.fromisoformat(game["day"])
    assert the_secret(database, game["id"]) == DailyCodes(key).secret(day)


def test_the_daily_code_gives_no_hint_at_the_prompt_and_the_game_goes_on(
    mastermind: Mastermind,
) -> None:
    result = mastermind("daily", "--plain", input="hint\nrgby\n", env=WITH_KEY)
    assert result.exit_code == 0, result.output
    assert "does not allow hints" in result.stdout
    assert "Guess 2 of 12" in result.stdout
    assert "Resume it with: mastermind daily --db " in result.stdout


def test_the_player_is_kept_in_the_user_s_data_directory_for_the_user_alone(
    mastermind: Mastermind, tmp_path: Path
) -> None:
    mastermind.json("daily", env=WITH_KEY)
    book = tmp_path / "data" / "mastermind" / "daily-players.json"
    assert stat.S_IMODE(book.stat().st_mode) == 0o600


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The URL of a server whose day is always ``SERVER_DAY``, its app in this process."""
    store = SQLiteEventStore(tmp_path / "server.db")
    application = bootstrap(
        store,
        hints=None,
        environment={KEY_VARIABLE: KEY},
        limits=UNLIMITED,
        today=lambda: SERVER_DAY,
    )
    yield url_of(create_app(application), monkeypatch)
    store.close()


def test_daily_plays_a_server_s_code_and_resumes_it_the_same_day(
    mastermind: Mastermind, server: str
) -> None:
    secret = DailyCodes(KEY).secret(SERVER_DAY)
    wrong = next(code for code in ("RRRR", "GGGG") if Code.parse(code) != secret)
    left = mastermind("daily", "--server", server, input=f"{wrong}\n", db=False)
    assert left.exit_code == 0, left.output
    assert f"Resume it with: mastermind daily --server {server}" in left.stdout
    won = mastermind(
        "daily", "--server", server, "--plain", input=f"{secret.initials()}\n", db=False
    )
    assert won.exit_code == 0, won.output
    assert "Guess 2 of 12" in won.stdout
    header, *marks = share_of(won.stdout)
    assert header == "Mastermind #1 2/12"
    assert marks[-2] == "●●●●"
    assert marks[-1] == f"{server}/?daily=2026-11-23"
    assert "Today so far: 1 player, 1 won, 0 lost." in won.stdout


def test_players_of_a_server_share_its_secret_and_a_second_visit_starts_nothing(
    mastermind: Mastermind, server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = mastermind.json("daily", "--server", server, db=False)
    assert first["day"] == "2026-11-23"
    assert mastermind.json("daily", "--server", server, db=False)["id"] == first["id"]
    as_another_user(monkeypatch, tmp_path, "bob")
    other = mastermind.json("daily", "--server", server, db=False)
    assert other["id"] != first["id"]
    given_up = mastermind("daily", "--server", server, input="give up\n", db=False)
    assert given_up.exit_code == 0, given_up.output
    secret = DailyCodes(KEY).secret(SERVER_DAY)
    assert " ".join(secret.pegs) not in given_up.stdout
    assert "The secret is shown at 00:00 UTC on 24 November." in given_up.stdout
    assert share_of(given_up.stdout) == ["Mastermind #1 X/12", f"{server}/?daily=2026-11-23"]


def test_a_server_that_forgot_the_player_makes_a_new_one(
    mastermind: Mastermind, server: str, tmp_path: Path
) -> None:
    book = tmp_path / "data" / "mastermind" / "daily-players.json"
    book.parent.mkdir(parents=True)
    forged = DailyCodes("the key the server had before, long").new_player()
    book.write_text(f'{{"server {server}": "{forged}"}}')
    game = mastermind.json("daily", "--server", server, db=False)
    assert game["attempts"]["used"] == 0
    assert forged not in book.read_text()


class Watched:
    """A server's app, as it is: it counts the daily games asked for, and turns the
    server's day just after the first guess it answers, as midnight would."""

    def __init__(self, app: ASGIApp, calendar: Calendar) -> None:
        self.app, self.calendar = app, calendar
        self.daily_asked = 0
        self.turned = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            self.daily_asked += scope["path"] == "/daily"
        await self.app(scope, receive, send)
        if scope["type"] == "http" and scope["path"].endswith("/guesses") and not self.turned:
            self.turned = True
            self.calendar.turn()


@contextlib.contextmanager
def watched_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, Watched]]:
    store = SQLiteEventStore(tmp_path / "server.db")
    calendar = Calendar(SERVER_DAY)
    application = bootstrap(
        store, hints=None, environment={KEY_VARIABLE: KEY}, limits=UNLIMITED, today=calendar
    )
    watched = Watched(create_app(application), calendar)
    yield url_of(watched, monkeypatch), watched
    store.close()


def test_a_game_won_as_the_server_s_day_turns_shares_its_own_result_and_starts_no_other(
    mastermind: Mastermind, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = DailyCodes(KEY).secret(SERVER_DAY)
    with watched_server(tmp_path, monkeypatch) as (url, watched):
        won = mastermind("daily", "--server", url, input=f"{secret.initials()}\n", db=False)
        next_day = mastermind("daily", "--server", url, "--results", "--json", db=False)

    assert won.exit_code == 0, won.output
    assert watched.turned
    assert share_of(won.stdout)[0] == "Mastermind #1 1/12"
    assert "Today so far: 1 player, 1 won, 0 lost." in won.stdout
    assert '"players": 0' in next_day.stdout, "no game of the next day was started"


def test_daily_json_asks_the_server_once(
    mastermind: Mastermind, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with watched_server(tmp_path, monkeypatch) as (url, watched):
        first = mastermind.json("daily", "--server", url, db=False)
        asked_first = watched.daily_asked
        again = mastermind.json("daily", "--server", url, db=False)

    assert (asked_first, watched.daily_asked) == (1, 2)
    assert again["id"] == first["id"]
    assert (first["day"], first["number"]) == ("2026-11-23", 1)
    assert first["stats"]["played"] == 1


def test_a_server_that_does_not_answer_is_one_line_of_error(mastermind: Mastermind) -> None:
    from harness import free_port

    result = mastermind("daily", "--server", f"http://127.0.0.1:{free_port()}", db=False)
    assert result.exit_code == 1
    assert "No answer from the server at http://127.0.0.1:" in one_line_error(result)


def test_a_server_of_another_api_is_one_line_of_error(
    mastermind: Mastermind, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starlette.applications import Starlette
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    async def not_a_board(request: object) -> JSONResponse:
        return JSONResponse({"id": "x", "status": "somewhere else"})

    other = Starlette(routes=[Route("/daily", not_a_board, methods=["POST"])])
    url = url_of(other, monkeypatch)
    result = mastermind("daily", "--server", url, db=False)
    assert result.exit_code == 1
    assert f"The server at {url} answered not a BoardAnswer" in one_line_error(result)


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        (("--server", "ftp://example.org"), "is no server's URL"),
        (("--server", "http://127.0.0.1:1", "--db", "games.db"), "not both"),
    ],
)
def test_a_server_must_be_a_web_address_and_comes_without_a_store(
    mastermind: Mastermind, arguments: tuple[str, ...], complaint: str
) -> None:
    result = mastermind("daily", *arguments, db=False)
    assert result.exit_code == 2
    assert complaint in one_line_error(result)


def test_results_show_the_day_s_players_wins_and_guesses_without_playing(
    mastermind: Mastermind, database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = mastermind("daily", input="\n".join(winning_lines()) + "\n", env=WITH_KEY)
    assert result.exit_code == 0, result.output
    as_another_user(monkeypatch, tmp_path, "bob")
    game = mastermind.json("daily", env=WITH_KEY)
    mastermind("give-up", game["id"])
    stored = len(stored_events(database))
    document = mastermind.json("daily", "--results", env=WITH_KEY)
    won_in = int(next(iter(document["histogram"])))
    assert document == {
        "day": game["day"],
        "number": game["number"],
        "players": 2,
        "wins": 1,
        "losses": 1,
        "in_play": 0,
        "histogram": {str(won_in): 1},
        "secret": None,
    }
    text = mastermind("daily", "--results", env=WITH_KEY)
    assert text.stdout.splitlines()[0] == (
        f"The daily code of {game['day']}: 2 players, 1 won, 1 lost."
    )
    assert len(stored_events(database)) == stored


def test_results_of_a_server_are_its_own(mastermind: Mastermind, server: str) -> None:
    mastermind("daily", "--server", server, input="give up\n", db=False)
    result = mastermind("daily", "--server", server, "--results", db=False)
    assert result.exit_code == 0, result.output
    assert result.stdout == "The daily code of 2026-11-23: 1 player, 0 won, 1 lost.\n"


def test_a_key_too_short_to_keep_the_code_secret_is_one_line_of_error(
    mastermind: Mastermind, database: Path
) -> None:
    result = mastermind("daily", env={KEY_VARIABLE: "short"})
    assert result.exit_code == 1
    assert "16 bytes" in one_line_error(result)
    assert not database.exists() or stored_events(database) == []


def test_a_servers_daily_code_gives_no_hint_at_the_prompt_either(
    mastermind: Mastermind, server: str
) -> None:
    result = mastermind("daily", "--server", server, "--plain", input="hint\nrgby\n", db=False)
    assert result.exit_code == 0, result.output
    assert "does not allow hints" in result.stdout
    assert "Guess 2 of 12" in result.stdout
