"""``mastermind play``: a game at the prompt, its options, and what it refuses."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Mastermind, one_line_error


def test_a_winning_guess_ends_the_game_and_reveals_the_secret(mastermind: Mastermind) -> None:
    result = mastermind.play("rybg", "rgby")
    assert result.exit_code == 0, result.output
    assert "Guess 1 of 12: rybg\n  1  R Y B G  | ● ● ○ ○\n" in result.stdout
    assert "Guess 2 of 12: rgby\n  2  R G B Y  | ● ● ● ●\n" in result.stdout
    assert "Secret: R G B Y (Red Green Blue Yellow)\nWon in 2 guesses.\n" in result.stdout
    review = f"mastermind review {mastermind.only_game_id()[:8]} --db {mastermind.database}"
    assert result.stdout.endswith(f"Review the game with: {review}\nPlay again? [y/N] \n")


def test_the_last_wrong_guess_loses_the_game_and_reveals_the_secret(
    mastermind: Mastermind,
) -> None:
    result = mastermind.play("pppp", "oooo", options=("--attempts", "2"))
    assert result.exit_code == 0, result.output
    assert "  2  O O O O  | · · · ·\nSecret: R G B Y (Red Green Blue Yellow)\n" in result.stdout
    assert "Lost: all 2 attempts used." in result.stdout
    assert mastermind.json("games")["games"][0]["status"] == "lost"


@pytest.mark.parametrize(
    "typed", ["rgby", "RGBY", "red green blue yellow", "Red, GREEN, blue,yEllow", "r g b y"]
)
def test_guesses_are_read_as_names_or_initials_in_any_case(
    mastermind: Mastermind, typed: str
) -> None:
    result = mastermind.play(typed)
    assert "  1  R G B Y  | ● ● ● ●" in result.stdout


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("rgb", "The guess has 3 pegs, but the code has 4 pegs."),
        ("rgbyo", "The guess has 5 pegs, but the code has only 4 pegs."),
        (
            "red green pink yellow",
            "This game has no colour 'pink'. Choose from Red, Green, Blue, Yellow, Purple, Orange.",
        ),
        ("rgbx", "This game has no colour 'X'."),
        (
            "xyzw",
            "'xyzw' is neither a colour nor colour initials; choose from Red, Green, Blue, "
            "Yellow, Purple, Orange.",
        ),
        ("clear", "'clear' is neither a colour nor colour initials; choose from Red,"),
        ("🔴🟢🔵🟡", "'🔴🟢🔵🟡' is neither a colour nor colour initials; choose from Red,"),
    ],
)
def test_a_refused_guess_gets_its_reason_and_uses_no_attempt(
    mastermind: Mastermind, typed: str, reason: str
) -> None:
    result = mastermind.play(typed, "rgby")
    assert f"Guess 1 of 12: {typed}\n{reason}" in result.stdout
    assert "No attempt used.\nGuess 1 of 12: rgby\n  1  R G B Y  | ● ● ● ●" in result.stdout
    assert "Won in 1 guess." in result.stdout
    assert "The guess has 1 peg" not in result.stdout


def test_blank_lines_are_no_guess(mastermind: Mastermind) -> None:
    result = mastermind.play("", "   ", "rgby")
    assert result.stdout.count("Guess 1 of 12: ") == 3
    assert "Won in 1 guess." in result.stdout


def test_a_question_mark_explains_how_to_guess_and_what_else_to_type(
    mastermind: Mastermind,
) -> None:
    result = mastermind.play("?")
    assert 'such as "red green blue yellow" or "rgby"' in result.stdout
    assert "Colours: R Red  G Green  B Blue  Y Yellow  P Purple  O Orange" in result.stdout
    for command in ("give up", "quit"):
        assert f"\n  {command} " in result.stdout
    assert "Guess 1 of 12: ?\n" in result.stdout


def test_giving_up_reveals_the_secret_and_counts_as_given_up(mastermind: Mastermind) -> None:
    result = mastermind.play("rybg", "give up")
    assert "Secret: R G B Y (Red Green Blue Yellow)\nGiven up after 1 guess." in result.stdout
    (game,) = mastermind.json("games")["games"]
    assert (game["status"], game["given_up"]) == ("lost", True)


def test_the_end_of_input_leaves_the_game_saved_and_says_how_to_resume_it(
    mastermind: Mastermind,
) -> None:
    result = mastermind.play("rybg")
    assert result.exit_code == 0, result.output
    game_id = mastermind.only_game_id()
    resume = f"mastermind resume {game_id[:8]} --db {mastermind.database}"
    assert result.stdout.endswith(f"Game saved. Resume it with: {resume}\n")
    board = mastermind.json("show", game_id)
    assert (board["status"], board["attempts"]["used"]) == ("in progress", 1)


def test_quit_leaves_the_game_saved(mastermind: Mastermind) -> None:
    result = mastermind.play("rybg", "quit", "rgby")
    assert result.exit_code == 0, result.output
    assert "Guess 2 of 12: quit\nGame saved. Resume it with: mastermind resume" in result.stdout
    assert "Guess 3 of 12" not in result.stdout
    assert "Won" not in result.stdout
    assert mastermind.json("games")["games"][0]["status"] == "in progress"


def test_another_game_follows_with_the_same_options_when_the_player_wants_one(
    mastermind: Mastermind,
) -> None:
    result = mastermind.play("rgby", "y", "give up", "n", options=("--attempts", "3"))
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Break a code of 4 pegs from 6 colours in 3 attempts.") == 2
    outcomes = [game["status"] for game in mastermind.json("games")["games"]]
    assert outcomes == ["won", "lost"]


def test_length_attempts_and_a_number_of_colours_shape_the_game(mastermind: Mastermind) -> None:
    result = mastermind(
        "play", "--length", "6", "--attempts", "7", "--colours", "8", input="give up\n"
    )
    assert "Break a code of 6 pegs from 8 colours in 7 attempts." in result.stdout
    assert "C Cyan  W White" in result.stdout
    board = mastermind.json("show", mastermind.only_game_id())
    assert (board["length"], board["attempts"]["total"]) == (6, 7)
    assert board["colours"] == [
        "Red",
        "Green",
        "Blue",
        "Yellow",
        "Purple",
        "Orange",
        "Cyan",
        "White",
    ]


def test_fewer_colours_are_the_first_of_the_palette(mastermind: Mastermind) -> None:
    mastermind("play", "--colors", "3", input="give up\n")
    board = mastermind.json("show", mastermind.only_game_id())
    assert board["colours"] == ["Red", "Green", "Blue"]
    assert set(board["secret"]) <= {"Red", "Green", "Blue"}


def test_colours_of_ones_own_are_shown_by_initial_and_typed_by_name_or_initial(
    mastermind: Mastermind,
) -> None:
    result = mastermind.play(
        "birch ash", "ca", secret="Cedar Ash", options=("--colours", "Ash Birch Cedar")
    )
    assert "Colours: A Ash  B Birch  C Cedar" in result.stdout
    assert "  1  B A  | ● ·" in result.stdout
    assert "  2  C A  | ● ●\nSecret: C A (Cedar Ash)" in result.stdout


def test_a_unique_secret_never_repeats_a_colour(mastermind: Mastermind) -> None:
    answers = "give up\ny\n" * 10 + "give up\nn\n"
    mastermind("play", "--unique", "--length", "6", input=answers)
    for game in mastermind.json("games")["games"]:
        secret = mastermind.json("show", game["id"])["secret"]
        assert sorted(secret) == sorted(["Red", "Green", "Blue", "Yellow", "Purple", "Orange"])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--length", "0"), "The game cannot start: a code needs at least 1 peg, not 0."),
        (("--length", "11"), "The game cannot start: a code has at most 10 pegs, not 11."),
        (
            ("--length", "four"),
            "Invalid value for '--length': 'four' is not a valid integer.",
        ),
        (("--colours", "1"), "1 is not a number of colours from 2 to 8."),
        (("--colours", "9"), "9 is not a number of colours from 2 to 8."),
        (("--colours", " , "), "give a number of colours, or their names."),
        (("--attempts", "0"), "The game cannot start: a game needs at least 1 attempt, not 0."),
        (("--attempts=-3",), "The game cannot start: a game needs at least 1 attempt, not -3."),
        (("--attempts", "101"), "The game cannot start: a game has at most 100 attempts, not 101."),
        (("--colours", "Ash " + "B" * 21), "a colour's name has at most 20 printable characters."),
        (
            ("--unique", "--length", "7"),
            "a code of 7 different symbols needs at least 7 symbols, not 6.",
        ),
        (("--colours", "Red Green RED"), "the palette names a colour twice (Red, Green, RED)."),
        (("--lenght", "5"), "No such option '--lenght'. Did you mean '--length'?"),
    ],
)
def test_options_that_cannot_make_a_game_are_usage_errors_in_one_line(
    mastermind: Mastermind, options: tuple[str, ...], message: str
) -> None:
    result = mastermind("play", *options, input="rgby\n")
    assert result.exit_code == 2
    assert message in one_line_error(result)
    assert result.stdout == ""


def test_the_injected_secret_must_fit_the_game(mastermind: Mastermind) -> None:
    result = mastermind.play("rgby", secret="Red Pink Blue Yellow")
    assert result.exit_code == 2
    assert (
        "Pink, in the secret, is not one of this game's colours, which are Red"
        in one_line_error(result)
    )


def test_a_resumed_game_that_ends_offers_another_round_of_the_same_setup(
    mastermind: Mastermind,
) -> None:
    mastermind.play("rybg", options=("--attempts", "5"))
    game_id = mastermind.only_game_id()
    resumed = mastermind(
        "resume", game_id[:8], input="rgby\ny\ngive up\n", env={"MASTERMIND_SECRET": "RGBY"}
    )
    assert resumed.exit_code == 0, resumed.output
    assert f"Review the game with: mastermind review {game_id[:8]} --db" in resumed.stdout
    assert "Play again? [y/N] y\nNew game " in resumed.stdout
    assert "Break a code of 4 pegs from 6 colours in 5 attempts." in resumed.stdout
    outcomes = [game["status"] for game in mastermind.json("games")["games"]]
    assert outcomes == ["won", "lost"]
