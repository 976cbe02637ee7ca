"""Help wrapped at words: click's wrapping breaks words at their hyphens, so that a name
such as ``bulls-and-cows``, typed as it is shown, would be cut in two.

It imports click alone, as the listing of the commands does.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

import click
from click.formatting import iter_rows, measure_table

__all__ = ["HelpContext", "WordWrappingFormatter", "wrapped_at_words"]

_NARROWEST = 10
"""The narrowest column of text, as click keeps it, however narrow the terminal."""


def _wrapped(text: str, width: int, indent: str = "") -> str:
    """Each paragraph of ``text`` filled to ``width``, broken only between words."""
    wrapper = textwrap.TextWrapper(
        width=max(width, len(indent) + _NARROWEST),
        initial_indent=indent,
        subsequent_indent=indent,
        break_on_hyphens=False,
        break_long_words=False,
    )
    paragraphs = (" ".join(paragraph.split()) for paragraph in text.split("\n\n"))
    return "\n\n".join(wrapper.fill(paragraph) for paragraph in paragraphs if paragraph)


class WordWrappingFormatter(click.HelpFormatter):
    """Click's formatter, its text and its lists of options wrapped between words alone."""

    def write_text(self, text: str) -> None:
        self.write(_wrapped(text, self.width, " " * self.current_indent))
        self.write("\n")

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        rows = list(rows)
        widths = measure_table(rows)
        if len(widths) != 2:
            raise TypeError("Expected two columns for definition list")
        first_col = min(widths[0], col_max) + col_spacing
        for first, second in iter_rows(rows, len(widths)):
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if len(first) <= first_col - col_spacing:
                self.write(" " * (first_col - len(first)))
            else:
                self.write("\n")
                self.write(" " * (first_col + self.current_indent))
            lines = _wrapped(second, max(self.width - first_col - 2, _NARROWEST)).splitlines()
            self.write(f"{lines[0] if lines else ''}\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n" if line else "\n")


class HelpContext(click.Context):
    """A command's context whose help is wrapped at words."""

    formatter_class = WordWrappingFormatter


def wrapped_at_words(command: click.Command) -> click.Command:
    """``command``, and every command beneath it, showing help wrapped at words."""
    command.context_class = HelpContext
    if isinstance(command, click.Group):
        for subcommand in command.commands.values():
            wrapped_at_words(subcommand)
    return command
