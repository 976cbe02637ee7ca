"""Hints: a suggested guess from the hint provider, for the player of a game in play."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

from mastermind.domain import Code, score
from mastermind.store import InMemoryEventStore, SQLiteEventStore
from mastermind.web._schema import openapi_document
from tests.hints.sources import CountedHints
from tests.web.conftest import (
    SECRET,
    Player,
    app_over,
    assert_problem,
    client_of,
    first_consistent_code,
    same_secret,
)


@pytest.fixture
def hinted(tmp_path: Path) -> Iterator[Player]:
    store = SQLiteEventStore(tmp_path / "games.db")
    app = app_over(store, same_secret, hints=first_consistent_code)
    client = client_of(app)
    yield Player(client)
    client.close()
    store.close()


def hint(player: Player, **headers: str) -> httpx2.Response:
    return player.client.get(f"/games/{player.game_id}/hint", headers=headers or player.auth)


def test_a_board_says_whether_hints_are_offered(hinted: Player, player: Player) -> None:
    assert hinted.start().json()["hints"] is True
    assert player.start().json()["hints"] is False


def test_a_hint_is_a_guess_that_fits_every_row(hinted: Player) -> None:
    hinted.start()
    hinted.guess("RRGG")
    hinted.guess("OOPP")

    response = hint(hinted)

    assert response.status_code == 200
    suggestion = Code(response.json()["guess"])
    assert response.json()["initials"] == suggestion.initials()
    assert response.json()["strategy"] == "first consistent code"
    assert response.json()["incomplete"] is False
    assert response.json()["remaining"] >= 1
    board = hinted.board().json()
    for row in board["rows"]:
        feedback = score(suggestion, Code(row["guess"]))
        assert (feedback.black, feedback.white) == tuple(row["feedback"].values())
    assert board["attempts"]["used"] == 2


def test_following_the_hints_breaks_the_code(hinted: Player) -> None:
    hinted.start()

    while (board := hinted.board().json())["status"] == "in progress":
        hinted.guess(hint(hinted).json()["guess"])

    assert (board["status"], board["secret"]) == ("won", SECRET.split())
    assert board["hints"] is False


def test_no_hint_once_the_game_is_over(hinted: Player) -> None:
    hinted.start()
    hinted.give_up()

    assert_problem(hint(hinted), 400, "GameAlreadyLost")


def test_only_the_player_gets_hints(hinted: Player) -> None:
    hinted.start()

    assert_problem(hint(hinted, Accept="application/json"), 401, "MissingToken")
    assert_problem(hint(hinted, Authorization="Bearer not-it"), 403, "WrongToken")


def test_a_server_without_a_solver_says_so(player: Player) -> None:
    player.start()

    problem = assert_problem(hint(player), 404, "HintsUnavailable")

    assert "solver" in str(problem["detail"])


@pytest.fixture
def uncounted(tmp_path: Path) -> Iterator[Player]:
    store = SQLiteEventStore(tmp_path / "games.db")
    source = CountedHints(remaining=None, incomplete=True)
    client = client_of(app_over(store, hints=source))
    yield Player(client)
    client.close()
    store.close()


def test_a_hint_says_when_the_codes_left_are_too_many_to_count_and_time_ran_out(
    uncounted: Player,
) -> None:
    uncounted.start()

    response = hint(uncounted)

    assert response.status_code == 200
    assert response.json() == {
        "guess": ["Red", "Green", "Blue", "Yellow"],
        "initials": "RGBY",
        "remaining": None,
        "incomplete": True,
        "strategy": "counted",
    }


def test_the_hint_schema_documents_every_field_of_the_answer() -> None:
    app = app_over(InMemoryEventStore())
    schema = openapi_document(app.routes)["components"]["schemas"]["HintAnswer"]

    assert (
        set(schema["required"])
        == set(schema["properties"])
        == {
            "guess",
            "initials",
            "remaining",
            "incomplete",
            "strategy",
        }
    )
    assert {"type": "null"} in schema["properties"]["remaining"]["anyOf"]
    assert schema["properties"]["incomplete"]["type"] == "boolean"
    for field in schema["properties"].values():
        assert field["description"]
