"""The terminal the game talks to: whether it gets colour, and how lines are read from it."""

from __future__ import annotations

import contextlib
import importlib
import os
import sys

import attrs
import click
from rich.console import Console, RenderableType

from mastermind.cli._session import ReadLine

_UNWRAPPED_WIDTH = 1000


@attrs.frozen
class Terminal:
    """Where the game writes, and whether in colour."""

    console: Console
    colour: bool

    @classmethod
    def open(cls, colour: bool | None) -> Terminal:
        """Standard output, in colour if asked for, or else if it suits the conventions."""
        wanted = wants_colour(colour)
        console = Console(
            # A file or a pipe has no width to wrap lines at, unlike a terminal.
            width=None if sys.stdout.isatty() else _UNWRAPPED_WIDTH,
            color_system="auto" if wanted else None,
            force_terminal=wanted or None,
            no_color=not wanted,
            highlight=False,
            markup=False,
            emoji=False,
        )
        return cls(console, wanted)

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


def wants_colour(asked: bool | None) -> bool:
    """Colour when asked with ``--color``, never with ``--no-color``, and otherwise only
    on a terminal that can show it, unless ``NO_COLOR`` is set (https://no-color.org)."""
    if asked is not None:
        return asked
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdout.isatty()


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
