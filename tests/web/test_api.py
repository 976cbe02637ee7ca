"""The HTTP API over real HTTP: games, guesses, giving up, and every way a request fails."""

from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from harness import serving
from mastermind.bootstrap import Application
from mastermind.service import FixedSecrets, Games
from mastermind.store import SQLiteEventStore, Stream
from mastermind.web import PlayerTokens, create_app
from tests.web.conftest import SECRET, Player, app_over, assert_problem, client_of

CLASSIC = ["Red", "Green", "Blue", "Yellow", "Purple", "Orange"]


# Starting a game


def test_a_new_game_answers_201_with_its_location_board_and_token(player: Player) -> None:
    response = player.start()

    assert response.status_code == 201
    created = response.json()
    assert response.headers["location"] == f"/games/{created['id']}"
    assert created["status"] == "in progress"
    assert created["attempts"] == {"total": 12, "used": 0, "left": 12}
    assert (created["length"], created["colours"], created["rows"]) == (4, CLASSIC, [])
    assert created["secret"] is None
    assert len(created["token"]) == 43


def test_a_new_game_takes_length_attempts_colours_and_unique(store: SQLiteEventStore) -> None:
    setup = {"length": 3, "attempts": 5, "colours": ["Ash", "Birch", "Cedar"], "unique": True}
    response = client_of(app_over(store)).post("/games", json=setup)

    assert response.status_code == 201, response.text
    board = response.json()
    assert (board["attempts"]["total"], board["length"]) == (5, 3)
    assert board["colours"] == ["Ash", "Birch", "Cedar"]


def test_a_body_left_out_starts_a_classic_game(client: TestClient) -> None:
    response = client.post("/games", content=b"")

    assert response.status_code == 201
    assert response.json()["colours"] == CLASSIC


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"attempts": 0}, "at least 1 attempt"),
        ({"length": 0}, "at least 1 peg"),
        ({"colours": []}, "no colours"),
        ({"colours": ["Red", "red"]}, "names a colour twice"),
        ({"length": 4, "colours": ["A", "B"], "unique": True}, "needs at least 4 symbols"),
        ({"length": 11}, "at most 10 pegs"),
        ({"attempts": 101}, "at most 100 attempts"),
        ({"colours": [f"C{n}" for n in range(21)]}, "at most 20 colours"),
        ({"colours": ["Dark Blue", "Red"]}, "cannot hold spaces"),
        ({"colours": ["Red\u0000", "Blue"]}, "printable"),
    ],
)
def test_a_setup_that_cannot_be_played_is_a_400_problem(
    client: TestClient, setup: dict[str, object], words: str
) -> None:
    problem = assert_problem(client.post("/games", json=setup), 400, "InvalidGameSetup")

    assert words in str(problem["detail"])
    assert str(problem["detail"]).startswith("The game cannot start: ")


@pytest.mark.parametrize(
    ("setup", "field"),
    [
        ({"length": "4"}, "length"),
        ({"attempts": True}, "attempts"),
        ({"attempts": 1.5}, "attempts"),
        ({"colours": "RGB"}, "colours"),
        ({"colours": ["Red", 2]}, "colours"),
        ({"unique": "yes"}, "unique"),
    ],
)
def test_setup_fields_of_the_wrong_type_are_422(
    client: TestClient, setup: dict[str, object], field: str
) -> None:
    problem = assert_problem(client.post("/games", json=setup), 422, "InvalidField")

    assert problem["field"] == field


def test_unknown_setup_fields_are_422_and_name_the_known_ones(client: TestClient) -> None:
    problem = assert_problem(client.post("/games", json={"colors": ["A"]}), 422, "UnknownField")

    assert problem["allowed_fields"] == [
        "length",
        "attempts",
        "colours",
        "unique",
        "secret",
        "maker_name",
        "hints",
        "rules",
    ]


# The board


def test_the_board_of_a_game_in_play_hides_the_secret(player: Player) -> None:
    player.start()
    player.guess("Red Green Blue Yellow")

    board = player.board().json()

    assert board["secret"] is None
    assert board["rows"] == [
        {
            "guess": ["Red", "Green", "Blue", "Yellow"],
            "feedback": {"black": 0, "white": 1},
            "key_pegs": "○ · · ·",
            "said": "0 black, 1 white",
        }
    ]
    assert "token" not in board


def test_an_unknown_game_is_a_404_problem(client: TestClient) -> None:
    problem = assert_problem(client.get("/games/no-such-game"), 404, "GameNotFound")

    assert problem["detail"] == "There is no game with id 'no-such-game'."


@pytest.mark.parametrize(
    "game_id", ["x" * 101, "%00", "%0A", "%F0%9F%98%80", "%20", "%FF%FE", "%ED%A0%80"]
)
def test_odd_game_ids_are_404_problems(client: TestClient, game_id: str) -> None:
    assert_problem(client.get(f"/games/{game_id}"), 404, "GameNotFound")


# Guessing


def test_a_guess_as_a_list_of_names_answers_201_with_the_board(player: Player) -> None:
    player.start()

    response = player.guess(["Orange", "Yellow", "Purple", "Red"])

    assert response.status_code == 201
    assert response.headers["location"] == f"/games/{player.game_id}"
    board = response.json()
    assert board["rows"][-1]["feedback"] == {"black": 1, "white": 2}
    assert board["rows"][-1]["key_pegs"] == "● ○ ○ ·"
    assert board["attempts"] == {"total": 12, "used": 1, "left": 11}


@pytest.mark.parametrize("typed", ["OYPR", "orange yellow purple red", "O, Y, P, R"])
def test_a_guess_as_text_is_read_as_a_person_types_it(player: Player, typed: str) -> None:
    player.start()

    board = player.guess(typed).json()

    assert board["rows"][-1]["guess"] == ["Orange", "Yellow", "Purple", "Red"]


def test_names_in_a_list_may_be_initials_or_in_any_case(player: Player) -> None:
    player.start()

    board = player.guess(["o", "YELLOW", "P", "red"]).json()

    assert board["rows"][-1]["guess"] == ["Orange", "Yellow", "Purple", "Red"]


@pytest.mark.parametrize(
    ("guess", "error", "words"),
    [
        (["Red", "Green", "Blue"], "GuessTooShort", "The guess has 3 pegs, but the code has 4"),
        ("RGBYR", "GuessTooLong", "the code has only 4 pegs"),
        (["Red", "Pink", "Blue", "RG"], "InvalidPegInGuess", "no colours 'Pink', 'RG'"),
        ("", "GuessTooShort", "The guess has 0 pegs"),
        ([], "GuessTooShort", "The guess has 0 pegs"),
    ],
)
def test_a_guess_the_rules_refuse_is_a_400_problem_with_their_message(
    player: Player, guess: object, error: str, words: str
) -> None:
    player.start()

    problem = assert_problem(player.guess(guess), 400, error)

    assert words in str(problem["detail"])
    assert problem["game_id"] == player.game_id
    assert player.board().json()["attempts"]["used"] == 0


def test_a_refusal_carries_the_errors_details(player: Player) -> None:
    player.start()

    too_short = player.guess("RGB").json()
    invalid = player.guess("RGBX").json()

    assert (too_short["required_length"], too_short["actual_length"]) == (4, 3)
    assert (invalid["invalid_pegs"], invalid["available_pegs"]) == (["X"], CLASSIC)


def test_breaking_the_code_wins_and_reveals_the_secret(player: Player) -> None:
    player.start()
    player.guess("RGBY")

    board = player.guess(SECRET).json()

    assert board["status"] == "won"
    assert board["secret"] == SECRET.split()
    assert board["rows"][-1]["key_pegs"] == "● ● ● ●"


def test_no_guess_after_the_game_is_won(player: Player) -> None:
    player.start()
    player.guess(SECRET)

    problem = assert_problem(player.guess(SECRET), 400, "GameAlreadyWon")

    assert problem["detail"] == "The game is over: you have already won it."


def test_running_out_of_attempts_loses(player: Player) -> None:
    player.start(attempts=2)
    player.guess("RRRR")

    board = player.guess("GGGG").json()

    assert (board["status"], board["secret"]) == ("lost", SECRET.split())
    assert_problem(player.guess(SECRET), 400, "GameAlreadyLost")


def test_a_guess_on_an_unknown_game_is_404_even_with_its_token(
    client: TestClient, tokens: PlayerTokens
) -> None:
    response = client.post(
        "/games/nobody/guesses",
        json={"guess": "RGBY"},
        headers={"Authorization": f"Bearer {tokens.issue('nobody')}"},
    )

    assert_problem(response, 404, "GameNotFound")


# Giving up


def test_giving_up_loses_the_game_and_reveals_the_secret(player: Player) -> None:
    player.start()
    player.guess("RGBY")

    response = player.give_up()

    assert response.status_code == 200
    board = response.json()
    assert (board["status"], board["secret"]) == ("lost", SECRET.split())
    assert board["attempts"]["left"] == 11


def test_giving_up_twice_is_a_400_problem(player: Player) -> None:
    player.start()
    player.give_up()

    assert_problem(player.give_up(), 400, "GameAlreadyLost")


# Tokens


def test_guessing_without_a_token_is_401_with_a_bearer_challenge(
    client: TestClient, player: Player
) -> None:
    player.start()

    response = client.post(f"/games/{player.game_id}/guesses", json={"guess": "RGBY"})

    assert_problem(response, 401, "MissingToken")
    assert response.headers["www-authenticate"] == 'Bearer realm="mastermind"'
    assert player.board().json()["rows"] == []


@pytest.mark.parametrize("header", ["Basic dXNlcjpwYXNz", "Bearer", "bearer", "token"])
def test_a_header_without_a_bearer_token_is_401(
    client: TestClient, player: Player, header: str
) -> None:
    player.start()

    response = client.post(f"/games/{player.game_id}/give-up", headers={"Authorization": header})

    assert_problem(response, 401, "MissingToken")


def test_the_token_of_another_game_is_403(client: TestClient) -> None:
    first, second = Player(client), Player(client)
    first.start()
    second.start()

    response = client.post(
        f"/games/{first.game_id}/give-up", headers={"Authorization": f"Bearer {second.token}"}
    )

    assert_problem(response, 403, "WrongToken")
    assert first.board().json()["status"] == "in progress"


def test_a_token_cut_short_is_403(client: TestClient, player: Player) -> None:
    player.start()

    response = client.post(
        f"/games/{player.game_id}/guesses",
        json={"guess": "RGBY"},
        headers={"Authorization": f"Bearer {player.token[:-1]}"},
    )

    assert_problem(response, 403, "WrongToken")


def test_every_game_has_its_own_random_looking_token(player: Player) -> None:
    tokens = {player.start().json()["token"] for _ in range(20)}

    assert len(tokens) == 20


def test_servers_with_the_same_key_accept_each_others_tokens(store: SQLiteEventStore) -> None:
    key = "a key both servers were given, long enough"
    first = app_over(store, FixedSecrets(SECRET), tokens=PlayerTokens(key))
    second = app_over(store, tokens=PlayerTokens(key))
    other = app_over(store, tokens=PlayerTokens("another key, just as long as that"))
    player = Player(client_of(first))
    player.start()
    player.client = client_of(second)
    assert player.guess("RGBY").status_code == 201
    player.client = client_of(other)
    assert_problem(player.guess("RGBY"), 403, "WrongToken")


# Bodies


def test_a_body_over_16_kib_is_413(player: Player) -> None:
    player.start()

    response = player.guess("R" * 17_000)

    problem = assert_problem(response, 413, "BodyTooLarge")
    assert problem["max_bytes"] == 16 * 1024


def test_a_chunked_body_over_16_kib_is_413_before_its_end(app: Starlette, player: Player) -> None:
    player.start()
    with serving(app) as url:
        host, port = url.removeprefix("http://").split(":")
        head = (
            f"POST /games/{player.game_id}/guesses HTTP/1.1\r\nHost: {host}\r\n"
            f"Authorization: Bearer {player.token}\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"400\r\n" + b"R" * 1024 + b"\r\n"
        with socket.create_connection((host, int(port)), timeout=10) as connection:
            connection.sendall(head.encode() + b'b\r\n{"guess": "\r\n' + chunk * 20)
            answer = connection.recv(65536).decode()

    assert answer.startswith("HTTP/1.1 413 ")
    assert "application/problem+json" in answer
    assert player.board().json()["rows"] == []


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_body_that_is_not_json_is_415(player: Player, content_type: str | None) -> None:
    player.start()
    headers = {**player.auth, **({"Content-Type": content_type} if content_type else {})}

    response = player.client.post(
        f"/games/{player.game_id}/guesses", content=b'{"guess": "RGBY"}', headers=headers
    )

    assert_problem(response, 415, "UnsupportedMediaType")


def test_json_with_a_suffix_type_is_json(player: Player) -> None:
    player.start()

    response = player.client.post(
        f"/games/{player.game_id}/guesses",
        content=b'{"guess": "RGBY"}',
        headers={**player.auth, "Content-Type": "application/merge-patch+json; charset=utf-8"},
    )

    assert response.status_code == 201


@pytest.mark.parametrize(
    "body",
    [b"{", b"", b"NaN", b'{"guess": Infinity}', b"\xff\xfe", b"[" * 5000, b'{"guess": "\\ud800"}'],
)
def test_malformed_json_is_422(player: Player, body: bytes) -> None:
    player.start()

    response = player.client.post(
        f"/games/{player.game_id}/guesses",
        content=body,
        headers={**player.auth, "Content-Type": "application/json"},
    )

    assert_problem(response, 422, "MalformedJson")


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (b"[]", "MalformedJson"),
        (b'"RGBY"', "MalformedJson"),
        (b"{}", "MissingField"),
        (b'{"guess": 1234}', "InvalidField"),
        (b'{"guess": [1, 2, 3, 4]}', "InvalidField"),
        (b'{"guess": null}', "InvalidField"),
        (b'{"guess": "RGBY", "cheat": true}', "UnknownField"),
    ],
)
def test_a_guess_body_of_the_wrong_shape_is_422(player: Player, body: bytes, error: str) -> None:
    player.start()

    response = player.client.post(
        f"/games/{player.game_id}/guesses",
        content=body,
        headers={**player.auth, "Content-Type": "application/json"},
    )

    assert_problem(response, 422, error)
    assert player.board().json()["rows"] == []


# Conflicts


class RivalWriterStore(SQLiteEventStore):
    """A real store where another player's guess lands between every read and write."""

    rival_game = ""

    def load(self, stream_id: str, **options: Any) -> Stream:
        stream = super().load(stream_id, **options)
        if stream_id == self.rival_game and stream.version:
            rival = Games(self)
            self.rival_game, game = "", self.rival_game
            try:
                rival.guess(game, "RRRR")
            finally:
                self.rival_game = game
        return stream


def test_a_conflict_that_outlives_the_retries_is_409(tmp_path: Path) -> None:
    store = RivalWriterStore(tmp_path / "games.db")
    games = Games(store, FixedSecrets(SECRET), max_attempts=3)
    tokens = PlayerTokens.random()
    application = Application(games, lambda: tokens, store)
    player = Player(client_of(create_app(application)))
    player.start()
    store.rival_game = player.game_id

    problem = assert_problem(player.guess("GGGG"), 409, "Conflict")

    store.rival_game = ""
    assert "try again" in str(problem["detail"])
    assert [row["guess"] for row in player.board().json()["rows"]] == [["Red"] * 4] * 3
    store.close()


# Everything else


def test_unknown_paths_and_methods_are_problems_too(client: TestClient) -> None:
    assert_problem(client.get("/nothing/here"), 404, "NotFound")
    response = client.delete("/games/some-game")
    assert_problem(response, 405, "MethodNotAllowed")
    assert set(response.headers["allow"].split(", ")) == {"GET", "HEAD"}


def test_answers_are_not_cached_framed_or_sniffed(player: Player) -> None:
    response = player.start()

    assert response.headers["cache-control"] == "no-store"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]


def test_the_page_and_its_assets_are_served(client: TestClient) -> None:
    page = client.get("/")
    script = client.get("/static/app.js")
    style = client.get("/static/app.css")
    icon = client.get("/static/favicon.svg")

    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert '<script type="module" src="static/app.js">' in page.text
    assert script.status_code == style.status_code == icon.status_code == 200
    assert "text/css" in style.headers["content-type"]


def test_every_module_the_page_imports_is_served_as_javascript(client: TestClient) -> None:
    pending, served = ["app.js"], set()
    while pending:
        name = pending.pop()
        module = client.get(f"/static/{name}")
        assert module.status_code == 200, name
        assert "javascript" in module.headers["content-type"], name
        served.add(name)
        pending += (
            set(re.findall(r'^import .* from "\./([\w-]+\.js)";$', module.text, re.M)) - served
        )
    assert {"app.js", "api.js", "pegs.js", "review.js", "stats.js", "view.js"} <= served
