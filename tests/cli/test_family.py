"""Every member of the family in the terminal: ``--rules`` for ``play``, ``new``, ``solve``
and ``review``, each game drawn and answered in its rules' own words."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console, RenderableType
from rich.text import Text

from mastermind.cli._making import ask_for_secret
from mastermind.cli._reviewing import review_view
from mastermind.domain import PRESETS, Code, CodeMaker, Feedback, rules_named
from mastermind.service import GameReview, GuessReview
from tests.cli.conftest import Mastermind, one_line_error

PRESET_LIST = ", ".join(f"'{name}'" for name in PRESETS)


def plain(renderable: RenderableType) -> str:
    output = io.StringIO()
    Console(file=output, color_system=None, width=120).print(renderable)
    return output.getvalue()


def test_bulls_and_cows_takes_digits_and_answers_in_bulls_and_cows(
    mastermind: Mastermind,
) -> None:
    result = mastermind.play(
        "0123", "1123", "1 2 3 4", secret="1234", options=("--rules", "bulls-and-cows")
    )
    assert result.exit_code == 0, result.output
    assert "Break a code of 4 pegs from 10 digits in 12 attempts, no digit twice." in result.stdout
    assert "Digits: 0 1 2 3 4 5 6 7 8 9\n" in result.stdout
    assert 'typed as digits, such as "0 1 2 3" or "0123".' in result.stdout
    assert "Guess 1 of 12: 0123\n  1  0 1 2 3  | 0 bulls, 3 cows\n" in result.stdout
    refused = "Guess 2 of 12: 1123\nThe guess cannot be played: the guess repeats 1, and no"
    assert refused in result.stdout
    assert "  2  1 2 3 4  | 4 bulls, 0 cows\nSecret: 1 2 3 4\nWon in 2 guesses." in result.stdout
    board = mastermind.json("show")
    assert (board["rules"]["name"], board["rules"]["words"][0]) == (
        "bulls-and-cows",
        ["bull", "bulls"],
    )
    assert [row["said"] for row in board["rows"]] == ["0 bulls, 3 cows", "4 bulls, 0 cows"]


def test_black_peg_mastermind_never_shows_a_white_peg(mastermind: Mastermind) -> None:
    result = mastermind.play("rybg", "oooo", "rgby", options=("--rules", "black-peg"))
    assert result.exit_code == 0, result.output
    assert "Break a code of 4 pegs from 6 colours in 12 attempts, black pegs only." in result.stdout
    assert "  1  R Y B G  | ● ● · ·\n" in result.stdout
    assert "  2  O O O O  | · · · ·\n" in result.stdout
    assert "  3  R G B Y  | ● ● ● ●\nSecret: R G B Y (Red Green Blue Yellow)\n" in result.stdout
    assert "wrong place" not in result.stdout.replace(
        "no peg tells a right colour in the wrong", ""
    )
    board = mastermind.json("show")
    assert [row["feedback"] for row in board["rows"]] == [{"black": 2}, {"black": 0}, {"black": 4}]
    assert [row["said"] for row in board["rows"]] == ["2 black", "0 black", "4 black"]
    events = mastermind.json("history")["events"]
    assert [event["data"]["feedback"] for event in events if event["type"] == "GuessMade"] == [
        {"black": 2},
        {"black": 0},
        {"black": 4},
    ]
    assert "feedback: 2 black\n" in mastermind("history").stdout


def test_a_review_of_black_peg_mastermind_shows_no_white_peg() -> None:
    rules = rules_named("black-peg")
    guessed = GuessReview(
        1, Code.parse("RYBG"), Feedback(2, 0), 1296, 100, True, 4.5, 4.6, 3.5, 0.1, None, True
    )
    review = GameReview("g1", "won", False, True, "best", 4.5, (guessed,), 0.1, "Solved.", rules)
    drawn = plain(review_view(review, colour=False, label="g1"))
    assert "1  R Y B G  ● ● · ·   yes" in drawn
    assert "Key pegs: ● right colour, right place   · any other" in drawn


def test_blanks_are_typed_as_e_or_empty_and_drawn_as_holes(mastermind: Mastermind) -> None:
    result = mastermind.play(
        "red green empty yellow", "rgeo", secret="RGEO", options=("--rules", "blanks")
    )
    assert result.exit_code == 0, result.output
    assert "Break a code of 4 pegs from 6 colours and the blank in 12 attempts." in result.stdout
    assert "O Orange  _ Empty\n" in result.stdout
    assert 'Type "e" or "empty" for a hole left blank.' in result.stdout
    assert "  1  R G _ Y  | ● ● ● ·\n" in result.stdout
    assert "  2  R G _ O  | ● ● ● ●\nSecret: R G _ O (Red Green Empty Orange)\n" in result.stdout
    assert mastermind.json("show")["secret"] == ["Red", "Green", "Empty", "Orange"]


def test_a_blank_is_no_peg_of_a_game_without_blanks(mastermind: Mastermind) -> None:
    result = mastermind.play("rgey", "rgby")
    assert "This game has no colour 'E'." in result.stdout
    assert "Won in 1 guess." in result.stdout


@pytest.mark.parametrize(
    ("preset", "shown"),
    [
        ("super", "Break a code of 5 pegs from 8 colours in 12 attempts."),
        ("unique", "Break a code of 4 pegs from 6 colours in 12 attempts, no colour twice."),
        ("classic", "Break a code of 4 pegs from 6 colours in 12 attempts.\n"),
    ],
)
def test_every_preset_is_played_by_its_rules(
    mastermind: Mastermind, preset: str, shown: str
) -> None:
    result = mastermind("play", "--rules", preset, input="give up\n")
    assert result.exit_code == 0, result.output
    assert shown in result.stdout
    rules = mastermind.json("show")["rules"]
    assert (rules["name"], rules["length"]) == (preset, PRESETS[preset].length)


def test_a_unique_game_refuses_a_guess_that_repeats_a_colour(mastermind: Mastermind) -> None:
    result = mastermind.play("rrgb", "rgby", options=("--rules", "unique"))
    assert "the guess repeats Red, and no symbol repeats in this game. No attempt used." in (
        result.stdout
    )
    assert "Won in 1 guess." in result.stdout


def test_the_options_change_the_rules_chosen_where_given(mastermind: Mastermind) -> None:
    rules = mastermind.json("new", "--rules", "super", "--length", "4", "--attempts", "8")["rules"]
    assert (rules["name"], rules["length"], rules["attempts"], len(rules["symbols"])) == (
        None,
        4,
        8,
        8,
    )
    rules = mastermind.json("new", "--rules", "Bulls-and-Cows", "--colours", "6")["rules"]
    assert (rules["symbols"], rules["repeats"], rules["answer"]) == (
        list("012345"),
        False,
        "bulls-and-cows",
    )
    rules = mastermind.json("new", "--rules", "black-peg", "--unique")["rules"]
    assert (rules["answer"], rules["repeats"]) == ("black-only", False)


def test_a_count_of_digits_is_a_number_of_the_rules_digits(mastermind: Mastermind) -> None:
    result = mastermind("new", "--rules", "bulls-and-cows", "--colours", "11")
    assert result.exit_code == 2
    assert "11 is not a number of digits from 2 to 10." in one_line_error(result)


@pytest.mark.parametrize("command", ["play", "new", "solve", "review"])
def test_unknown_rules_are_refused_in_one_line_that_lists_the_presets(
    mastermind: Mastermind, command: str
) -> None:
    result = mastermind(command, "--rules", "chess", db=command != "solve")
    assert result.exit_code == 2
    error = one_line_error(result)
    assert f"Invalid value for '--rules': 'chess' is not one of {PRESET_LIST}." in error


def test_new_tells_how_to_guess_in_digits(mastermind: Mastermind) -> None:
    result = mastermind("new", "--rules", "bulls-and-cows")
    assert result.exit_code == 0, result.output
    assert "New game " in result.stdout
    assert " (bulls-and-cows)\n" in result.stdout
    assert " guess " in result.stdout
    assert " 0 1 2 3 --db " in result.stdout


@pytest.mark.parametrize(
    ("preset", "secret", "said"),
    [("bulls-and-cows", "1 2 3 4", "4 bulls, 0 cows"), ("blanks", "rgey", "4 black, 0 white")],
)
def test_solve_plays_by_the_rules_named(
    mastermind: Mastermind, preset: str, secret: str, said: str
) -> None:
    game = mastermind.json("solve", "--rules", preset, *secret.split(), db=False)
    assert (game["status"], game["rules"]["name"]) == ("won", preset)
    assert game["rows"][-1]["said"] == said
    for row in game["rows"]:
        assert game["rules"]["repeats"] or len(set(row["guess"])) == len(row["guess"])


def test_solve_shows_bulls_and_cows_in_words(mastermind: Mastermind) -> None:
    result = mastermind("solve", "--rules", "bulls-and-cows", "1234", db=False)
    assert result.exit_code == 0, result.output
    assert " 1 2 3 4  | 4 bulls, 0 cows\nSecret: 1 2 3 4\nSolved in " in result.stdout


def test_review_without_a_game_takes_the_latest_finished_game_of_the_rules_named(
    mastermind: Mastermind,
) -> None:
    mastermind.play("1234", secret="1234", options=("--rules", "bulls-and-cows"))
    bulls_and_cows = mastermind.json("show")["id"]
    mastermind.play("rgby")
    review = mastermind.json("review", "--rules", "bulls-and-cows")
    assert (review["id"], review["rules"]["name"]) == (bulls_and_cows, "bulls-and-cows")
    shown = mastermind("review", "--rules", "bulls-and-cows")
    assert "  answer  " in shown.stdout
    assert "4 bulls, 0 cows" in shown.stdout
    missing = mastermind("review", "--rules", "unique")
    assert missing.exit_code == 1
    assert "No game played by the unique rules is over yet." in one_line_error(missing)
    both = mastermind("review", bulls_and_cows, "--rules", "classic")
    assert both.exit_code == 2
    assert "Give GAME_ID or --rules, not both" in one_line_error(both)


def test_the_code_maker_types_digits_by_the_rules() -> None:
    told: list[Text] = []
    typed = iter(["1123", "1234", "1234"])
    rules = rules_named("bulls-and-cows")
    secret = ask_for_secret(rules, CodeMaker.person("Mum"), lambda prompt: next(typed), told.append)
    assert secret == Code.parse("1234", rules.symbols)
    assert "from 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, no digit twice, as digits." in told[0].plain
    assert "the secret repeats 1, and no symbol repeats in this game" in told[1].plain


@pytest.mark.parametrize(
    ("preset", "total", "secrets"),
    [("bulls-and-cows", "26,280", "5,040"), ("blanks", "11,228", "2,401")],
)
def test_solve_every_secret_reports_the_total_of_the_rules_tree(
    mastermind: Mastermind, preset: str, total: str, secrets: str
) -> None:
    result = mastermind("solve", "--every-secret", "--rules", preset, db=False)
    assert result.exit_code == 0, result.output
    assert f"all {secrets} secrets of {preset} in {total} guesses" in result.stdout


def test_black_peg_best_is_measured_against_codes_that_fit_drawn_at_random(
    mastermind: Mastermind,
) -> None:
    totals = {}
    for strategy in ("best", "random-consistent"):
        result = mastermind(
            "solve",
            "--every-secret",
            "--rules",
            "black-peg",
            "--strategy",
            strategy,
            "--json",
            db=False,
        )
        assert result.exit_code == 0, result.output
        totals[strategy] = json.loads(result.stdout)["total"]
    assert totals["best"] < totals["random-consistent"]


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (("RGBY",), "give no SECRET"),
        (("--length", "9", "--colours", "8"), "134,217,728 secrets are too many"),
    ],
)
def test_solve_every_secret_refuses_what_it_cannot_do_in_one_line(
    mastermind: Mastermind, arguments: tuple[str, ...], words: str
) -> None:
    result = mastermind("solve", "--every-secret", *arguments, db=False)
    assert result.exit_code == 2
    assert words in one_line_error(result)
