"""The terminal the game talks to: how the game is drawn on it, how lines are read from it,
and how the player runs this program again from where they are."""

from __future__ import annotations

import contextlib
import importlib
import os
import shlex
import shutil
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import attrs
import click
from rich.console import Console, RenderableType
from rich.text import Text

from mastermind.cli._board import board_view, introduction, row_line, secret_line
from mastermind.cli._pegs import PegLook
from mastermind.cli._session import Display, ReadLine
from mastermind.domain import DecodingBoard

__all__ = [
    "LineDisplay",
    "PROGRAM",
    "ScreenDisplay",
    "Terminal",
    "display_mode",
    "program_command",
    "read_line_from_stdin",
    "say",
    "wants_colour",
]

_UNWRAPPED_WIDTH = 1000
PROGRAM = "mastermind"


@attrs.frozen
class Terminal:
    """Where the game writes; whether in colour; and whether a game's board is redrawn in
    place after every move, or written line after line."""

    console: Console
    colour: bool
    redraw: bool = False

    @classmethod
    def open(cls, colour: bool | None, plain: bool = False) -> Terminal:
        """Standard output, in the mode that :func:`display_mode` chooses for it."""
        colour, redraw = display_mode(colour, plain, os.environ, sys.stdout.isatty())
        console = Console(
            # A file or a pipe has no width to wrap lines at, unlike a terminal.
            width=None if sys.stdout.isatty() else _UNWRAPPED_WIDTH,
            color_system="auto" if colour else None,
            force_terminal=colour or None,
            no_color=not colour,
            highlight=False,
            markup=False,
            emoji=False,
        )
        return cls(console, colour, redraw)

    def show(self, renderable: RenderableType) -> None:
        if self.colour:
            self.console.print(renderable)
            return
        # Tables pad every cell to its column's width: plain text is better off without
        # the trailing spaces, which a file or a pipe would keep.
        with self.console.capture() as captured:
            self.console.print(renderable)
        self.console.file.write(
            "".join(line.rstrip() + "\n" for line in captured.get().splitlines())
        )

    def display(self) -> Display:
        """How a game at the prompt is drawn here: a board redrawn in place, or lines."""
        return ScreenDisplay(self) if self.redraw else LineDisplay(self)


def display_mode(
    colour: bool | None, plain: bool, environment: Mapping[str, str], is_terminal: bool
) -> tuple[bool, bool]:
    """Whether to draw in colour, and whether to redraw a game's board in place.

    The one place that decides. Colour when asked with ``--color``, never with
    ``--no-color`` or ``--plain``, and otherwise only on a terminal that can show it,
    unless ``NO_COLOR`` is set (https://no-color.org). The board is redrawn only in
    colour on a terminal that can clear its screen; everywhere else, for pipes, files,
    screen readers and ``TERM=dumb``, the game is written line after line.
    """
    if plain:
        if colour:
            raise click.UsageError("Give --color or --plain, not both.")
        return False, False
    dumb = environment.get("TERM") == "dumb"
    wanted = colour if colour is not None else not (environment.get("NO_COLOR") or dumb)
    in_colour = wanted and (colour is True or is_terminal)
    return in_colour, in_colour and is_terminal and not dumb


def wants_colour(asked: bool | None) -> bool:
    """Whether standard output gets colour: see :func:`display_mode`."""
    return display_mode(asked, False, os.environ, sys.stdout.isatty())[0]


class _Drawn:
    """A display on a terminal: the last word, beneath everything, is the same for all."""

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal

    def say(self, text: Text, command: str | None = None) -> None:
        say(self.terminal.console, text, command)


class LineDisplay(_Drawn):
    """Line after line, as a log, a pipe or a screen reader takes it: the board once,
    then each new row, the secret at the end, and every message."""

    legends_shown = False

    def __init__(self, terminal: Terminal) -> None:
        super().__init__(terminal)
        self.game_id: str | None = None
        self.rows_shown = 0
        self.revealed = False

    def show(self, board: DecodingBoard, label: str, message: RenderableType | None) -> None:
        colour = self.terminal.colour
        if board.game_id != self.game_id:
            self.game_id, self.rows_shown, self.revealed = board.game_id, 0, board.is_over
            if board.rows:
                self.terminal.show(board_view(board, colour, label=label, message=message))
                self.rows_shown = board.attempts_used
                return
            self.terminal.show(introduction(board, colour, label))
        look = PegLook.of(board.rules, colour)
        for number in range(self.rows_shown + 1, board.attempts_used + 1):
            self.terminal.show(row_line(number, board.rows[number - 1], board, look))
        self.rows_shown = board.attempts_used
        if board.is_over and not self.revealed:
            self.terminal.show(secret_line(board, look))
            self.revealed = True
        if message is not None:
            self.terminal.show(message)

    def again(self) -> None:
        """A blank line typed: the prompt again is enough."""


class ScreenDisplay(_Drawn):
    """The whole board on a cleared screen after every move: the rows so far, the empty
    ones left, the legends, and one message, with the prompt beneath. The screen is
    cleared, not swapped for another, so the last board stays once the game is done."""

    legends_shown = True

    def __init__(self, terminal: Terminal) -> None:
        super().__init__(terminal)
        self.last: tuple[DecodingBoard, str, RenderableType | None] | None = None

    def show(self, board: DecodingBoard, label: str, message: RenderableType | None) -> None:
        self.last = (board, label, message)
        console = self.terminal.console
        news = message if message is not None else Text()
        room = console.height - len(console.render_lines(news, pad=False)) - 1
        console.clear()
        console.print(board_view(board, colour=True, label=label, message=news, room=room))

    def again(self) -> None:
        """A blank line typed: the board again, with a fresh prompt beneath and whatever
        was said after the last move, such as a refusal, gone."""
        if self.last is not None:
            board, label, _ = self.last
            self.show(board, label, None)


def say(console: Console, text: Text, command: str | None = None) -> None:
    """``text`` wrapped at words, and the ``command`` it offers, where there is one, after
    it on the same line if both fit, else on a line of its own: a terminal that wrapped
    it would break it at any character, and it is to be copied whole."""
    if command is None:
        console.print(text)
        return
    line = Text.assemble(text, " ", (command, "bold"))
    if line.cell_len <= console.width:
        console.print(line)
        return
    console.print(text)
    console.print(Text(command, style="bold"), soft_wrap=True)


def read_line_from_stdin() -> ReadLine:
    """Lines typed at a terminal, with line editing; or lines piped in, echoed as read."""
    interactive = sys.stdin.isatty()
    if interactive:
        # Importing readline is what gives input() line editing and history.
        with contextlib.suppress(ImportError):
            importlib.import_module("readline")

    def read_line(prompt: str) -> str:
        line = input(prompt)
        if not interactive:
            # Piped input is not echoed by a terminal: show it, so the output reads as a game.
            click.echo(line)
        return line

    return read_line


def program_command(
    argv0: str | None = None,
    *,
    which: Callable[[str], str | None] = shutil.which,
    executable: str | None = None,
    cwd: Path | None = None,
) -> str:
    """The command that runs this program again, as typed in a shell where the player is.

    ``mastermind`` where the shell finds this very program by that name; else the path
    the program was started by, relative to the current directory where that is shorter,
    such as ``.venv/bin/mastermind`` after ``make play``; or ``python -m mastermind``
    with the interpreter's path. A program started some other way, such as by a test
    runner, is named ``mastermind``.
    """
    started = Path(argv0 if argv0 is not None else sys.argv[0])
    python = Path(executable or sys.executable)
    found = which(PROGRAM)
    if started.name == "__main__.py":
        beside = python.with_name(PROGRAM)
        if found is not None and _same_file(found, beside):
            return PROGRAM
        return f"{_shortest(python, cwd)} -m {PROGRAM}"
    if started.stem != PROGRAM:
        return PROGRAM
    if found is not None and _same_file(found, started):
        return PROGRAM
    return _shortest(started, cwd)


def _same_file(one: str | Path, other: str | Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def _shortest(path: Path, cwd: Path | None) -> str:
    """The path as typed in a shell: absolute, or relative to ``cwd`` where shorter."""
    here = cwd or Path.cwd()
    absolute = str(path if path.is_absolute() else here / path)
    absolute = os.path.normpath(absolute)
    relative = os.path.relpath(absolute, here)
    if os.sep not in relative:
        relative = f".{os.sep}{relative}"
    return shlex.quote(relative if len(relative) < len(absolute) else absolute)
