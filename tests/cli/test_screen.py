"""What a player's screen shows: the game in a real terminal emulator, read back line by line.

tmux runs the game in a window of its own and answers what that window shows, as a player
would see it, after every move.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.cli.test_terminal import environment

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

PATIENCE = 30.0
"""Seconds to wait for the screen to show what a test waits for, before it fails."""


class Screen:
    """One tmux window of 24 lines by 90 columns, running one command."""

    def __init__(self, socket: Path) -> None:
        self.socket = socket

    def tmux(self, *arguments: str) -> str:
        command = ["tmux", "-S", str(self.socket), *arguments]
        return subprocess.run(command, check=True, capture_output=True, text=True).stdout

    def start(self, command: list[str], env: dict[str, str]) -> None:
        self.tmux("-f", "/dev/null", "new-session", "-d", "-x", "90", "-y", "24", "sleep 600")
        self.tmux("set-option", "-g", "remain-on-exit", "on")
        variables = [part for name, value in env.items() for part in ("-e", f"{name}={value}")]
        self.tmux("respawn-pane", "-k", *variables, "--", *command)

    def lines(self) -> list[str]:
        """The window's lines as shown now, without trailing spaces."""
        return [line.rstrip() for line in self.tmux("capture-pane", "-p").splitlines()]

    def ended(self) -> bool:
        return self.tmux("display-message", "-p", "#{pane_dead}").strip() == "1"

    def wait_for(self, shows: Callable[[list[str]], bool]) -> list[str]:
        """The lines shown once they are as ``shows`` wants them, or when patience ends."""
        deadline = time.monotonic() + PATIENCE
        while True:
            lines = self.lines()
            if shows(lines) or time.monotonic() > deadline:
                return lines
            time.sleep(0.05)

    def type(self, line: str) -> None:
        self.tmux("send-keys", "-l", line)
        self.tmux("send-keys", "Enter")


@pytest.fixture
def screen(tmp_path: Path) -> Iterator[Screen]:
    screen = Screen(tmp_path / "tmux.socket")
    yield screen
    subprocess.run(["tmux", "-S", str(screen.socket), "kill-server"], capture_output=True)


def prompt_is(prompt: str) -> Callable[[list[str]], bool]:
    """Whether the last line written is ``prompt``, waiting for an answer."""
    return lambda lines: last_line(lines) == prompt.rstrip()


def last_line(lines: list[str]) -> str | None:
    written = [line for line in lines if line]
    return written[-1] if written else None


def test_the_board_stays_in_place_and_shows_each_pegs_letter(
    screen: Screen, tmp_path: Path
) -> None:
    command = [sys.executable, "-m", "mastermind", "play", "--db", str(tmp_path / "games.db")]
    screen.start(command, environment(tmp_path, MASTERMIND_SECRET="RGBY"))
    screen.wait_for(prompt_is("Guess 1 of 12: "))
    screen.type("rybg")
    screen.wait_for(prompt_is("Guess 2 of 12: "))
    screen.type("clear")
    lines = screen.wait_for(lambda lines: any("No attempt used." in line for line in lines))

    assert lines[0].startswith("Game ")
    assert lines[0].endswith(": 4 pegs from 6 colours, 12 attempts")
    assert sum("4 pegs from 6 colours" in line for line in lines) == 1, "one board, redrawn"
    assert "  1   R   Y   B   G   │ ● ● ○ ○" in lines
    assert [line.strip() for line in lines[3:14]] == [str(number) for number in range(2, 13)]
    assert "Secret:  ?   ?   ?   ?" in lines
    assert "Key pegs: ● right colour, right place   ○ right colour, wrong place   · none" in lines
    assert "'clear' is neither a colour nor colour initials; choose from Red, Green," in lines[19]
    assert last_line(lines) == "Guess 2 of 12:"

    screen.type("rgby")
    screen.wait_for(prompt_is("Play again? [y/N] "))
    screen.type("n")
    lines = screen.wait_for(lambda _: screen.ended())
    assert screen.ended()
    assert "  2   R   G   B   Y   │ ● ● ● ●" in lines
    assert "Secret:  R   G   B   Y  (Red Green Blue Yellow)" in lines
    assert "Won in 2 guesses." in lines, "the last board stays once the game is done"
    assert any(line.startswith("Review the game with:") for line in lines)
