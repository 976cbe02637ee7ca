"""The Mastermind family over HTTP: ``POST /games`` with ``rules``, a preset's name or rules
of one's own, and boards that say their rules and answer in their words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from harness import serving
from mastermind.domain import PRESET_TITLES, PRESETS, Code
from mastermind.service import RulesAnswer, encode
from mastermind.store import InMemoryEventStore, SQLiteEventStore
from mastermind.web._schema import openapi_document
from tests.web.conftest import (
    EvenReviews,
    Player,
    app_over,
    assert_problem,
    client_of,
    family_secret,
)
from tests.web.sse import watching

SECRETS = {
    name: family_secret(rules.pegs, rules.length, not rules.repeats)
    for name, rules in PRESETS.items()
}
"""The secret of each preset's games of this module's app."""
GUESSES: dict[str, Any] = {
    "classic": ["Red", "Orange", "Yellow", "Purple"],
    "super": "RGBYC",
    "bulls-and-cows": "1234",
    "black-peg": ["Red", "Orange", "Yellow", "Purple"],
    "blanks": ["Empty", "Orange", "Yellow", "Empty"],
    "unique": "ROYP",
}
"""A guess each preset takes, names or text as a person types it."""


@pytest.fixture(scope="module")
def family_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Starlette]:
    store = SQLiteEventStore(tmp_path_factory.mktemp("family") / "games.db")
    yield app_over(store, family_secret, reviews=EvenReviews())
    store.close()


@pytest.fixture
def player(family_app: Starlette) -> Iterator[Player]:
    client = client_of(family_app)
    yield Player(client)
    client.close()


@pytest.fixture
def watcher(family_app: Starlette) -> Iterator[Player]:
    """A player of a real server of the app, for a test that reads the live stream."""
    with serving(family_app) as url, httpx.Client(base_url=url, timeout=10) as client:
        yield Player(client)


def started(player: Player, **setup: object) -> dict[str, Any]:
    response = player.start(**setup)
    assert response.status_code == 201, response.text
    board: dict[str, Any] = response.json()
    return board


def guessed(player: Player, guess: object) -> dict[str, Any]:
    response = player.guess(guess)
    assert response.status_code == 201, response.text
    board: dict[str, Any] = response.json()
    return board


def without_white(document: object) -> bool:
    """Whether no ``white`` count is anywhere in ``document``."""
    if isinstance(document, dict):
        return "white" not in document and all(map(without_white, document.values()))
    if isinstance(document, list):
        return all(map(without_white, document))
    return True


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_starts_by_name_says_its_rules_and_answers_in_their_words(
    player: Player, name: str
) -> None:
    rules = PRESETS[name]
    board = started(player, rules=name)

    assert board["rules"] == encode(RulesAnswer.of(rules))
    assert board["rules"]["name"] == name
    assert (board["length"], board["attempts"]["total"]) == (rules.length, rules.attempts)
    assert board["colours"] == list(rules.pegs)
    assert board["unique"] is not rules.repeats

    after = guessed(player, GUESSES[name])

    (row,) = after["rows"]
    feedback = rules.score(SECRETS[name], Code(row["guess"]))
    assert row["said"] == rules.describe(feedback)
    assert row["feedback"]["black"] == feedback.black
    assert row["feedback"].get("white") == (feedback.white if rules.answer.counts_white else None)
    assert player.board().json()["rules"] == board["rules"]


def test_a_bulls_and_cows_guess_typed_as_digits_is_answered_in_bulls_and_cows(
    player: Player,
) -> None:
    started(player, rules="bulls-and-cows")

    board = guessed(player, "4217")

    assert board["rows"][0]["guess"] == ["4", "2", "1", "7"]
    assert board["rows"][0]["said"] == "2 bulls, 2 cows"
    assert board["rules"]["words"] == [["bull", "bulls"], ["cow", "cows"]]
    won = guessed(player, "4271")
    assert (won["status"], won["rows"][-1]["said"]) == ("won", "4 bulls, 0 cows")


def test_a_guess_against_the_rules_is_a_400_problem_and_uses_no_attempt(player: Player) -> None:
    started(player, rules="bulls-and-cows")

    problem = assert_problem(player.guess("1123"), 400, "GuessAgainstRules")

    assert "repeats 1" in str(problem["detail"])
    assert player.board().json()["attempts"]["used"] == 0


def test_rules_of_ones_own_fill_what_they_leave_out_from_the_classic_game(
    player: Player,
) -> None:
    symbols = ["Orange", "Purple", "Yellow"]
    board = started(player, rules={"length": 3, "symbols": symbols, "answer": "black-only"})

    assert board["rules"] == {
        "name": None,
        "title": None,
        "length": 3,
        "symbols": symbols,
        "attempts": 12,
        "repeats": True,
        "blanks": False,
        "blank": None,
        "answer": "black-only",
        "words": [["black", "black"]],
    }


def test_rules_that_are_a_preset_are_named_as_it(player: Player) -> None:
    board = started(player, rules={"answer": "black-only"})

    assert board["rules"]["name"] == "black-peg"


def test_the_other_fields_change_the_rules_named(player: Player) -> None:
    board = started(player, rules="super", attempts=8, unique=True)

    assert board["rules"]["name"] is None
    assert (board["rules"]["length"], board["rules"]["attempts"]) == (5, 8)
    assert board["rules"]["repeats"] is False
    assert len(board["rules"]["symbols"]) == 8

    digits = started(player, rules="bulls-and-cows", length=3)
    assert (digits["rules"]["answer"], digits["length"]) == ("bulls-and-cows", 3)


def test_a_black_peg_game_never_sends_a_white_count(watcher: Player) -> None:
    started(watcher, rules="black-peg")
    with watching(watcher.client, watcher.game_id, watcher.token) as stream:
        stream.next_event()
        guessed(watcher, ["Orange", "Orange", "Purple", "Purple"])
        made = stream.next_event()
        won = guessed(watcher, SECRETS["black-peg"].pegs)

    assert made is not None
    assert made.document["row"]["feedback"] == {"black": 1}
    assert without_white(made.document)
    assert [row["said"] for row in won["rows"]] == ["1 black", "4 black"]
    assert without_white(won)
    assert without_white(watcher.board().json())
    review = watcher.client.get(f"/games/{watcher.game_id}/review", headers=watcher.auth)
    assert review.status_code == 200, review.text
    assert review.json()["rules"]["answer"] == "black-only"
    assert [guess["said"] for guess in review.json()["guesses"]] == ["1 black", "4 black"]
    assert without_white(review.json())


@pytest.mark.parametrize(
    ("rules", "error", "words"),
    [
        ("chess", "InvalidField", "one of classic, super, bulls-and-cows, black-peg, blanks"),
        (4, "InvalidField", "'rules' must be one of"),
        ({"length": "4"}, "InvalidField", "'rules.length' must be a whole number"),
        ({"answer": "red-only"}, "InvalidField", "'rules.answer' must be one of black-and-white"),
        ({"colours": ["Red"]}, "UnknownField", "send only length, symbols, attempts"),
    ],
)
def test_rules_no_game_can_have_are_a_422_problem(
    player: Player, rules: object, error: str, words: str
) -> None:
    problem = assert_problem(player.client.post("/games", json={"rules": rules}), 422, error)

    assert words in str(problem["detail"])


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"rules": {"repeats": False, "length": 7}}, "needs at least 7 symbols"),
        ({"rules": {"blanks": True, "symbols": ["Red", "Empty"]}}, "names Empty"),
        ({"rules": "bulls-and-cows", "length": 11}, "at most 10 pegs"),
        ({"rules": "unique", "colours": ["Red", "Green"]}, "needs at least 4 symbols"),
    ],
)
def test_rules_that_cannot_be_played_are_a_400_problem_and_nothing_is_stored(
    tmp_path: Path, setup: dict[str, object], words: str
) -> None:
    store = SQLiteEventStore(tmp_path / "games.db")
    try:
        response = client_of(app_over(store, family_secret)).post("/games", json=setup)
        problem = assert_problem(response, 400, "InvalidGameSetup")
        assert words in str(problem["detail"])
        assert store.read_all() == []
    finally:
        store.close()


def test_the_document_lists_the_presets_and_describes_the_rules_asked_and_answered() -> None:
    schemas = openapi_document(app_over(InMemoryEventStore()).routes)["components"]["schemas"]

    assert sorted(schemas["PresetName"]["enum"]) == sorted(PRESETS)
    assert schemas["NewGame"]["properties"]["rules"]["anyOf"] == [
        {"$ref": "#/components/schemas/PresetName"},
        {"$ref": "#/components/schemas/RulesRequest"},
    ]
    asked = schemas["RulesRequest"]["properties"]
    assert list(asked) == ["length", "symbols", "attempts", "repeats", "blanks", "answer"]
    assert sorted(asked["answer"]["enum"]) == ["black-and-white", "black-only", "bulls-and-cows"]
    assert schemas["BoardAnswer"]["properties"]["rules"] == {
        "$ref": "#/components/schemas/RulesAnswer"
    }
    assert "said" in schemas["RowAnswer"]["required"]
    assert "white" not in schemas["FeedbackAnswer"]["required"]


def test_the_presets_are_listed_as_the_domain_declares_them(family_app: Starlette) -> None:
    answer = client_of(family_app).get("/rules")
    assert answer.status_code == 200
    presets = answer.json()["presets"]
    assert [preset["name"] for preset in presets] == list(PRESETS)
    assert [preset["title"] for preset in presets] == list(PRESET_TITLES.values())
    assert presets[2]["words"] == [["bull", "bulls"], ["cow", "cows"]]
