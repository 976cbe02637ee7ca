"""What the commands print for scripts (``--json``) and for people, and what they never print."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Mastermind

SECRET = {"MASTERMIND_SECRET": "Purple Orange Orange Purple"}


@pytest.fixture
def game_id(mastermind: Mastermind) -> str:
    started = mastermind.json("new", "--attempts", "3", env=SECRET)
    return str(started["id"])


def test_a_new_game_as_json_is_its_empty_board(mastermind: Mastermind) -> None:
    board = mastermind.json("new", "--length", "3", "--colours", "4")
    assert board == {
        "id": board["id"],
        "status": "in progress",
        "given_up": False,
        "called_off": False,
        "attempts": {"total": 12, "used": 0, "left": 12},
        "length": 3,
        "colours": ["Red", "Green", "Blue", "Yellow"],
        "unique": False,
        "rules": {
            "name": None,
            "title": None,
            "length": 3,
            "symbols": ["Red", "Green", "Blue", "Yellow"],
            "attempts": 12,
            "repeats": True,
            "blanks": False,
            "blank": None,
            "answer": "black-and-white",
            "words": [["black", "black"], ["white", "white"]],
        },
        "rows": [],
        "secret": None,
        "hints": False,
        "maker": {"kind": "computer", "name": None, "allows_hints": True},
        "note": None,
    }


def test_a_guess_as_json_answers_the_board_with_its_row(
    mastermind: Mastermind, game_id: str
) -> None:
    board = mastermind.json("guess", game_id, "oppo")
    assert board["rows"] == [
        {
            "guess": ["Orange", "Purple", "Purple", "Orange"],
            "feedback": {"black": 0, "white": 4},
            "key_pegs": "○ ○ ○ ○",
            "said": "0 black, 4 white",
        }
    ]
    assert (board["attempts"]["left"], board["secret"]) == (2, None)


def test_giving_up_as_json_answers_the_board_with_the_secret(
    mastermind: Mastermind, game_id: str
) -> None:
    board = mastermind.json("give-up", game_id)
    assert (board["status"], board["given_up"]) == ("lost", True)
    assert board["secret"] == ["Purple", "Orange", "Orange", "Purple"]


def test_a_refusal_as_json_names_the_error_and_its_details(
    mastermind: Mastermind, game_id: str
) -> None:
    result = mastermind("guess", "--json", game_id, "pink", "red")
    assert result.exit_code == 1
    assert result.stderr == ""
    assert mastermind.json("guess", game_id, "pink", "red") == {
        "type": "/problems/guess-too-short",
        "title": "Guess too short",
        "status": 400,
        "detail": "The guess has 2 pegs, but the code has 4 pegs.",
        "error": "GuessTooShort",
        "game_id": game_id,
        "required_length": 4,
        "actual_length": 2,
    }
    unknown = mastermind.json("guess", game_id, "pink red blue yellow")
    assert (unknown["error"], unknown["invalid_pegs"]) == ("InvalidPegInGuess", ["pink"])


def test_an_unknown_game_as_json_is_an_error_document(mastermind: Mastermind) -> None:
    assert mastermind.json("show", "nope")["error"] == "GameNotFound"


def test_an_impossible_setup_as_json_exits_as_a_usage_error(mastermind: Mastermind) -> None:
    result = mastermind("new", "--json", "--attempts", "0")
    assert result.exit_code == 2
    assert '"error": "InvalidGameSetup"' in result.stdout


def test_history_as_json_lists_the_records_with_the_secret_hidden_until_the_end(
    mastermind: Mastermind, game_id: str
) -> None:
    mastermind("guess", game_id, "rgby")
    events = mastermind.json("history", game_id)["events"]
    assert events == [
        {
            "position": 1,
            "version": 1,
            "type": "GameStarted",
            "data": {
                "secret": None,
                "rules": {
                    "name": None,
                    "title": None,
                    "length": 4,
                    "symbols": ["Red", "Green", "Blue", "Yellow", "Purple", "Orange"],
                    "attempts": 3,
                    "repeats": True,
                    "blanks": False,
                    "blank": None,
                    "answer": "black-and-white",
                    "words": [["black", "black"], ["white", "white"]],
                },
                "maker": {"kind": "computer", "name": None, "allows_hints": True},
            },
        },
        {
            "position": 2,
            "version": 2,
            "type": "GuessMade",
            "data": {
                "guess": ["Red", "Green", "Blue", "Yellow"],
                "feedback": {"black": 0, "white": 0},
            },
        },
    ]
    mastermind("give-up", game_id)
    events = mastermind.json("history", game_id)["events"]
    assert events[0]["data"]["secret"] == ["Purple", "Orange", "Orange", "Purple"]
    assert events[-1] == {
        "position": 3,
        "version": 3,
        "type": "GameLost",
        "data": {"called_off": False},
    }


def test_games_and_stats_as_json(mastermind: Mastermind, game_id: str) -> None:
    mastermind("guess", game_id, "pOoP")
    assert mastermind.json("games") == {
        "games": [
            {
                "id": game_id,
                "status": "won",
                "given_up": False,
                "called_off": False,
                "attempts": {"total": 3, "used": 1, "left": 2},
                "length": 4,
                "colours": 6,
                "rules": None,
            }
        ]
    }
    assert mastermind.json("stats") == {
        "games_played": 1,
        "won": 1,
        "lost": 0,
        "given_up": 0,
        "called_off": 0,
        "in_progress": 0,
        "average_guesses_per_win": 1.0,
        "guesses_per_win": {"1": 1},
    }


def test_no_command_reveals_the_secret_of_a_game_in_play(
    mastermind: Mastermind, game_id: str
) -> None:
    mastermind("guess", game_id, "rgby")
    outputs = [
        mastermind(*command).output
        for command in [
            ["show", game_id],
            ["history", game_id],
            ["games"],
            ["stats"],
            ["show", "--json", game_id],
            ["history", "--json", game_id],
            ["games", "--json"],
            ["resume", game_id],
        ]
    ]
    for output in outputs:
        assert "Purple Orange Orange Purple" not in output
        assert "P O O P" not in output
        assert '"Purple",\n      "Orange",\n      "Orange"' not in output


def test_output_that_is_not_a_terminal_is_plain(mastermind: Mastermind, game_id: str) -> None:
    shown = mastermind("show", game_id).stdout
    assert "\x1b[" not in shown
    assert "Colours: R Red  G Green  B Blue  Y Yellow  P Purple  O Orange" in shown


def test_colour_can_be_asked_for_and_beats_no_color(mastermind: Mastermind, game_id: str) -> None:
    shown = mastermind("show", "--color", game_id, env={"NO_COLOR": "1"}).stdout
    assert "●" in shown
    assert "\x1b[" in shown
