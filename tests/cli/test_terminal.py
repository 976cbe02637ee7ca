"""Real games in a pseudo-terminal: ``python -m mastermind`` as a player meets it."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from mastermind.service import FixedSecrets, Games
from mastermind.store import SQLiteEventStore

RESUME_HINT = re.compile(r"Resume it with:\s+.*mastermind resume ([0-9a-f]{8}) --db ")
RED_R = "48;5;196m R "
"""A red code peg in colour: a red cell with its letter on it."""
CLEAR = "\x1b[2J"


def environment(tmp_path: Path, **variables: str) -> dict[str, str]:
    """The test's environment for a colour terminal, without the tester's own settings."""
    cleared = {
        "NO_COLOR",
        "FORCE_COLOR",
        "COLORTERM",
        "MASTERMIND_SECRET",
        "MASTERMIND_STORE",
        "MASTERMIND_CACHE_DIR",
    }
    env = {name: value for name, value in os.environ.items() if name not in cleared}
    env.update(
        TERM="xterm-256color",
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CACHE_HOME=str(tmp_path / "cache"),
    )
    env.update(variables)
    return env


def spawn(env: dict[str, str], *arguments: str) -> pexpect.spawn:
    """The command on a terminal of 50 lines by 120 columns; all it writes is kept in
    ``child.logfile_read``."""
    # The size in the environment too: on a busy machine the command may ask the terminal
    # its size before the terminal has been given one.
    child = pexpect.spawn(
        sys.executable,
        ["-m", "mastermind", *arguments],
        env={**env, "LINES": "50", "COLUMNS": "120"},
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 120),
    )
    child.logfile_read = io.StringIO()
    return child


def transcript(child: pexpect.spawn) -> str:
    """Everything the command wrote to its terminal, once it has ended."""
    child.expect(pexpect.EOF)
    return str(child.logfile_read.getvalue())


def ended(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return int(child.exitstatus)


def test_a_player_loses_wins_leaves_with_ctrl_c_and_resumes_in_another_process(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.db"
    env = environment(tmp_path, MASTERMIND_SECRET="RGBY")
    first = spawn(env, "play", "--db", str(database), "--attempts", "2")

    first.expect_exact("Guess 1 of 2: ")
    first.sendline("pppp")
    first.expect_exact("Guess 2 of 2: ")
    first.sendline("Orange orange ORANGE o")
    first.expect_exact("Lost: all 2 attempts used.")
    first.expect_exact("Play again? [y/N] ")
    first.sendline("y")

    first.expect_exact("Guess 1 of 2: ")
    first.sendline("red green blue")
    first.expect_exact("No attempt used.")
    first.expect_exact("Guess 1 of 2: ")
    first.sendline("rgby")
    first.expect_exact("Won in 1 guess.")
    first.expect_exact("Play again? [y/N] ")
    first.sendline("yes")

    first.expect_exact("Guess 1 of 2: ")
    first.sendline("rybg")
    first.expect_exact("Guess 2 of 2: ")
    first.sendintr()
    first.expect(RESUME_HINT)
    game_id = first.match.group(1)
    assert ended(first) == 0, "Ctrl-C at the prompt leaves the game, as quit does"

    second = spawn(env, "resume", game_id, "--db", str(database))
    second.expect_exact("Guess 2 of 2: ")
    assert RED_R in second.before, "a terminal gets coloured pegs with their letters"
    second.sendline("rgby")
    second.expect_exact("Won in 2 guesses.")
    second.expect_exact(f"mastermind review {game_id} --db {database}")
    second.expect_exact("Play again? [y/N] ")
    second.sendline("n")
    assert ended(second) == 0

    listed = subprocess.run(
        [sys.executable, "-m", "mastermind", "games", "--json", "--db", str(database)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    games = json.loads(listed.stdout)["games"]
    assert [(game["status"], game["attempts"]["used"]) for game in games] == [
        ("lost", 2),
        ("won", 1),
        ("won", 2),
    ]


def test_the_end_of_input_at_the_prompt_leaves_the_game_saved(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    child = spawn(environment(tmp_path), "play", "--db", str(database))
    child.expect_exact("Guess 1 of 12: ")
    child.sendeof()
    child.expect(RESUME_HINT)
    assert ended(child) == 0


@pytest.fixture
def finished_game(tmp_path: Path) -> tuple[Path, str]:
    database = tmp_path / "games.db"
    store = SQLiteEventStore(database)
    games = Games(store, FixedSecrets("RGBY"))
    game_id = games.join()
    games.guess(game_id, "rybg")
    games.give_up(game_id)
    store.close()
    return database, game_id


@pytest.mark.parametrize(
    ("options", "variables", "in_colour"),
    [
        ((), {}, True),
        (("--no-color",), {}, False),
        ((), {"NO_COLOR": "1"}, False),
        ((), {"NO_COLOR": ""}, True),
        ((), {"TERM": "dumb"}, False),
        (("--color",), {"NO_COLOR": "1"}, True),
    ],
    ids=["terminal", "--no-color", "NO_COLOR", "empty NO_COLOR", "dumb", "--color"],
)
def test_colour_follows_the_conventions_on_a_terminal(
    tmp_path: Path,
    finished_game: tuple[Path, str],
    options: tuple[str, ...],
    variables: dict[str, str],
    in_colour: bool,
) -> None:
    database, game_id = finished_game
    child = spawn(
        environment(tmp_path, **variables), "show", game_id, "--db", str(database), *options
    )
    child.expect(pexpect.EOF)
    shown = child.before
    if in_colour:
        assert RED_R in shown
        assert "  1  R Y B G" not in shown
    else:
        assert "\x1b[" not in shown
        assert "  1  R Y B G  | ● ● ○ ○" in shown
        assert "Secret: R G B Y (Red Green Blue Yellow)" in shown


def test_on_a_terminal_every_move_redraws_the_whole_board_in_place(tmp_path: Path) -> None:
    env = environment(tmp_path, MASTERMIND_SECRET="RGBY")
    child = spawn(env, "play", "--db", str(tmp_path / "games.db"))
    for typed in ("rybg", "xyzw", "rgby"):
        child.expect_exact("Guess ")
        child.sendline(typed)
    child.expect_exact("Play again? [y/N] ")
    child.sendline("n")
    frames = transcript(child).split(CLEAR)[1:]
    assert len(frames) == 1 + 3, "the new board, and one redraw a move"
    assert all(frame.count(": 4 pegs from 6 colours, 12 attempts") == 1 for frame in frames)
    unreadable = "'xyzw' is neither a colour nor colour initials"
    assert [unreadable in frame for frame in frames] == [False, False, True, False]
    assert frames[-1].count(RED_R) == 2 + 1 + 1, "both guesses, the secret, the legend"
    assert "Won in 2 guesses." in frames[-1]


@pytest.mark.parametrize(
    ("options", "variables"),
    [(("--plain",), {}), ((), {"NO_COLOR": "1"}), ((), {"TERM": "dumb"})],
    ids=["--plain", "NO_COLOR", "dumb"],
)
def test_plain_terminals_get_the_game_line_after_line_never_cleared(
    tmp_path: Path, options: tuple[str, ...], variables: dict[str, str]
) -> None:
    env = environment(tmp_path, MASTERMIND_SECRET="RGBY", **variables)
    child = spawn(env, "play", "--db", str(tmp_path / "games.db"), *options)
    child.expect_exact("Guess 1 of 12: ")
    child.sendline("rybg")
    child.expect_exact("Guess 2 of 12: ")
    child.sendline("rgby")
    child.expect_exact("Play again? [y/N] ")
    child.sendline("n")
    shown = transcript(child)
    assert "\x1b[" not in shown
    assert "Key pegs: ● right colour, right place   ○ right colour, wrong place" in shown
    assert "  1  R Y B G  | ● ● ○ ○\r\n" in shown
    assert "  2  R G B Y  | ● ● ● ●\r\nSecret: R G B Y (Red Green Blue Yellow)" in shown


def test_colour_and_plain_together_are_a_usage_error(tmp_path: Path) -> None:
    child = spawn(environment(tmp_path), "play", "--plain", "--color")
    child.expect_exact("Error: Give --color or --plain, not both.")
    assert ended(child) == 2


@pytest.mark.parametrize(
    ("rules", "secret", "guesses", "answered"),
    [
        ("bulls-and-cows", "1234", ("0123", "1234"), ("0 bulls, 3 cows", "4 bulls, 0 cows")),
        ("black-peg", "RGBY", ("rybg", "rgby"), ("black pegs only",)),
    ],
)
def test_a_game_of_another_member_of_the_family_is_drawn_in_its_rules_words(
    tmp_path: Path, rules: str, secret: str, guesses: tuple[str, ...], answered: tuple[str, ...]
) -> None:
    env = environment(tmp_path, MASTERMIND_SECRET=secret)
    child = spawn(env, "play", "--rules", rules, "--db", str(tmp_path / "games.db"))
    for typed in guesses:
        child.expect_exact("Guess ")
        child.sendline(typed)
    child.expect_exact("Play again? [y/N] ")
    child.sendline("n")
    last = transcript(child).split(CLEAR)[-1]
    assert f"({rules}): " in last
    assert all(words in last for words in answered)
    assert "Won in 2 guesses." in last
    if rules == "black-peg":
        assert "○" not in last, "no white key peg, not even in the legend"
