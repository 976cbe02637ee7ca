"""``mastermind play --maker``: a person types the secret, hidden, and the screen clears
for the code breaker at the same keyboard."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from rich.text import Text

from mastermind.cli._making import ask_for_secret
from mastermind.domain import Code, CodeMaker, Rules
from mastermind.service import Games
from mastermind.store import SQLiteEventStore
from tests.cli.conftest import Mastermind, one_line_error
from tests.cli.test_terminal import CLEAR, ended, environment, spawn, transcript

ERASE_SCROLLBACK = "\x1b[3J"
SECRET_NAMES = "Green Blue Purple Orange"
CLASSIC = Rules()
MUM = CodeMaker.person("Mum")


def stored_games(database: Path) -> list[str]:
    store = SQLiteEventStore(database)
    try:
        return [summary.game_id for summary in Games(store).summaries()]
    finally:
        store.close()


def type_hidden(child: pexpect.spawn, prompt: str, line: str) -> None:
    """Type ``line`` at a hidden prompt once the terminal has stopped echoing: the prompt
    may show on a busy machine before getpass has turned the echo off and flushed what
    was typed ahead."""
    child.expect_exact(prompt)
    child.waitnoecho()
    child.sendline(line)


def test_a_whole_game_with_the_secret_typed_hidden_and_the_screen_cleared_for_the_breaker(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.db"
    child = spawn(environment(tmp_path), "play", "--maker", "--name", "Mum", "--db", str(database))
    type_hidden(child, "Secret: ", "gbpo")
    type_hidden(child, "The same secret again: ", "green blue PURPLE orange")
    child.expect_exact("Mum")
    child.expect_exact("set this code, and allows no hints.")
    child.expect_exact("Guess 1 of 12: ")
    child.sendline("rrgg")
    child.expect_exact("Guess 2 of 12: ")
    child.sendline("hint")
    child.expect_exact("The code maker of this game does not allow hints.")
    child.expect_exact("Guess 2 of 12: ")
    in_play = str(child.logfile_read.getvalue())
    child.sendline("GBPO")
    child.expect_exact("Won in 2 guesses.")
    child.expect_exact("Play again? [y/N] ")
    child.sendline("n")
    shown = transcript(child)

    typing, breaker = in_play.split(CLEAR + "\x1b[H" + ERASE_SCROLLBACK, 1)
    assert "Code maker, type a secret of 4 pegs" in typing
    assert "Game " not in typing, "the breaker's board comes after the screen is cleared"
    assert "Mum" in breaker.split(CLEAR)[1], "the breaker's first board names the maker"
    for secret in ("gbpo", "green blue PURPLE orange", SECRET_NAMES):
        assert secret.casefold() not in in_play.casefold(), "the secret never shows in play"
    assert f"({SECRET_NAMES})" in shown[len(in_play) :], "it shows once the game is won"
    assert ended(child) == 0
    assert len(stored_games(database)) == 1


def test_a_refused_secret_is_asked_again_and_ctrl_c_stores_nothing(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    options = ("--length", "3", "--unique", "--db", str(database))
    child = spawn(environment(tmp_path), "play", "--maker", *options)
    child.expect_exact("3 pegs from Red, Green, Blue, Yellow, Purple, Orange, no colour twice")
    for typed, told in [
        ("rgby", "The secret has 4 pegs, not 3."),
        ("rrg", "the secret repeats Red, and no symbol repeats in this game"),
        ("pink red green", "pink, in the secret, is not one of this game's colours, which are Red"),
        ("xyzw", "'xyzw' is neither a colour nor colour initials"),
    ]:
        type_hidden(child, "Secret: ", typed)
        child.expect_exact(told)
    type_hidden(child, "Secret: ", "rgb")
    type_hidden(child, "The same secret again: ", "rgp")
    child.expect_exact("The two differ, so no code is set.")
    child.expect_exact("Secret: ")
    child.waitnoecho()
    child.sendintr()
    child.expect_exact("No code was set, and nothing is saved.")
    assert ended(child) == 130
    assert not database.exists() or stored_games(database) == []


def test_a_setup_no_secret_could_start_is_refused_before_the_secret_is_asked(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.db"
    options = ("--unique", "--colours", "3", "--db", str(database))
    child = spawn(environment(tmp_path), "play", "--maker", *options)
    child.expect_exact("Error: The game cannot start: a code of 4 different symbols needs at")
    shown = transcript(child)
    assert "Secret" not in shown
    assert ended(child) == 2
    assert not database.exists() or stored_games(database) == []


def test_another_game_asks_the_maker_for_a_new_secret(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    child = spawn(environment(tmp_path), "play", "--maker", "--hints", "--db", str(database))
    for typed in ("rgby", "r g b y"):
        child.expect_exact(": ")
        child.sendline(typed)
    child.expect_exact("A person")
    child.expect_exact("set this code, and allows hints.")
    child.expect_exact("Guess 1 of 12: ")
    child.sendline("hint")
    child.expect_exact("codes could still be the secret")
    child.expect_exact("Guess 1 of 12: ")
    child.sendline("give up")
    child.expect_exact("Play again? [y/N] ")
    child.sendline("y")
    child.expect_exact("Code maker, type a secret")
    child.expect_exact("Secret: ")
    child.waitnoecho()
    child.sendeof()
    child.expect_exact("No code was set, and nothing is saved.")
    assert ended(child) == 0
    assert len(stored_games(database)) == 1, "the game given up, and no other"


@pytest.mark.parametrize(
    ("options", "variables"),
    [(("--plain",), {}), ((), {"NO_COLOR": "1"})],
    ids=["--plain", "NO_COLOR"],
)
def test_plain_terminals_are_not_cleared_and_the_typing_still_never_shows(
    tmp_path: Path, options: tuple[str, ...], variables: dict[str, str]
) -> None:
    env = environment(tmp_path, **variables)
    child = spawn(env, "play", "--maker", "--db", str(tmp_path / "games.db"), *options)
    for typed in ("gbpo", "gbpo"):
        child.expect_exact(": ")
        child.sendline(typed)
    child.expect_exact("Guess 1 of 12: ")
    child.sendline("quit")
    shown = transcript(child)
    assert "\x1b[" not in shown
    assert "gbpo" not in shown.casefold()
    assert "A person set this code, and allows no hints." in shown


def test_without_a_terminal_the_maker_gives_the_secret_in_the_environment(
    mastermind: Mastermind, database: Path
) -> None:
    refused = mastermind("play", "--maker", input="rgby\nrgby\n")
    assert refused.exit_code == 2
    assert "standard input is no terminal" in one_line_error(refused)
    assert "MASTERMIND_SECRET" in refused.stderr
    assert not database.exists() or stored_games(database) == []

    played = mastermind(
        "play",
        "--maker",
        "--name",
        "Dad",
        input="rrgg\nrgby\n",
        env={"MASTERMIND_SECRET": "RGBY"},
    )
    assert played.exit_code == 0, played.output
    assert "Dad set this code, and allows no hints." in played.stdout
    assert "Won in 2 guesses." in played.stdout
    in_play = played.stdout[: played.stdout.index("  2  R G B Y")]
    assert "Red Green Blue Yellow" not in in_play


def test_the_makers_game_in_json_names_the_maker_and_hides_the_secret(
    mastermind: Mastermind,
) -> None:
    mastermind("play", "--maker", "--name", "Mum", "--hints", env={"MASTERMIND_SECRET": "RGBY"})
    game_id = mastermind.only_game_id()
    board = mastermind.json("show", game_id)
    assert board["maker"] == {"kind": "person", "name": "Mum", "allows_hints": True}
    assert board["secret"] is None
    (started, *_) = mastermind.json("history", game_id)["events"]
    assert started["data"]["maker"] == board["maker"]
    assert started["data"]["secret"] is None


def test_the_computers_games_name_it_in_json(mastermind: Mastermind) -> None:
    board = mastermind.json("new")
    assert board["maker"] == {"kind": "computer", "name": None, "allows_hints": True}
    (started,) = mastermind.json("history", board["id"])["events"]
    assert started["data"]["maker"] == board["maker"]


@pytest.mark.parametrize(
    ("arguments", "told"),
    [
        (("--name", "Mum"), "--name, --hints and --no-hints go with --maker."),
        (("--hints",), "--name, --hints and --no-hints go with --maker."),
        (("--maker", "--name", "M" * 41), "longer than 40 characters"),
        (("--maker", "--name", "  "), "blank"),
        (
            ("--maker", "--colours", "3"),
            "Y, in the secret, is not one of this game's colours, which are Red, Green, Blue",
        ),
    ],
    ids=["name alone", "hints alone", "long name", "blank name", "secret given"],
)
def test_a_maker_no_game_could_have_is_refused_before_anything_is_asked(
    mastermind: Mastermind, database: Path, arguments: tuple[str, ...], told: str
) -> None:
    refused = mastermind("play", *arguments, env={"MASTERMIND_SECRET": "RGBY"})
    assert refused.exit_code == 2, refused.output
    assert told in one_line_error(refused)
    assert "Secret" not in refused.stdout
    assert "RGBY" not in refused.output, "nor is the secret given shown"
    assert not database.exists() or stored_games(database) == []


def test_a_secret_read_twice_may_be_names_once_and_initials_the_next() -> None:
    typed = iter(["red green blue yellow", "RGBY"])
    told: list[Text] = []
    secret = ask_for_secret(CLASSIC, MUM, lambda prompt: next(typed), told.append)
    assert secret == Code.of("Red", "Green", "Blue", "Yellow")
    assert len(told) == 1, "the instructions, and no complaint"


def test_every_refused_secret_is_told_and_the_maker_asked_again() -> None:
    typed = iter(["", "rgb", "rgby", "rgbp", "Purple Orange Orange Purple", "pOOp"])
    prompts: list[str] = []
    told: list[Text] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(typed)

    secret = ask_for_secret(CLASSIC, MUM, read, told.append)
    assert secret == Code.of("Purple", "Orange", "Orange", "Purple")
    complaints = [text.plain for text in told[1:]]
    assert complaints == [
        "It holds no colour. Type the secret again.",
        "The secret has 3 pegs, not 4. Type the secret again.",
        "The two differ, so no code is set. Type the secret again.",
    ]
    assert prompts.count("The same secret again: ") == 2


def test_ctrl_c_while_the_secret_is_typed_leaves_no_trace(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    child = spawn(environment(tmp_path), "play", "--maker", "--db", str(database))
    type_hidden(child, "Secret: ", "rgby")
    child.expect_exact("The same secret again: ")
    child.waitnoecho()
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in str(child.logfile_read.getvalue())
    assert not database.exists() or stored_games(database) == []
