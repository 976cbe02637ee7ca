"""The colours, or digits, a game in the terminal is played with, and the terminal colour of
each."""

from __future__ import annotations

from collections.abc import Sequence

from rich.color import Color, ColorParseError

from mastermind.domain import CLASSIC_PEGS, EXTENDED_PEGS, split_names

__all__ = [
    "DEFAULT_PALETTE",
    "FEWEST_COLOURS",
    "MOST_COLOURS",
    "PaletteChoiceError",
    "choose_palette",
    "symbol_noun",
    "terminal_colour",
]

DEFAULT_PALETTE: tuple[str, ...] = EXTENDED_PEGS
"""The classic six and two more, every initial distinct: ``--colours N`` takes the first N."""

FEWEST_COLOURS = 2
MOST_COLOURS = len(DEFAULT_PALETTE)

_TERMINAL_COLOURS = {
    "Red": "red1",
    "Green": "green3",
    "Blue": "dodger_blue1",
    "Yellow": "yellow1",
    "Purple": "purple",
    "Orange": "dark_orange",
    "Cyan": "cyan1",
    "White": "grey93",
}


class PaletteChoiceError(ValueError):
    """``--colours`` asked for a palette that cannot be offered."""


def choose_palette(colours: str, symbols: tuple[str, ...] = CLASSIC_PEGS) -> tuple[str, ...]:
    """The palette ``--colours`` asks for in a game of ``symbols``: a count of them, or
    names of one's own.

    A count of colours takes the first of :data:`DEFAULT_PALETTE`, which goes on past
    the classic six; a count of digits, or of any other symbols the rules name, the
    first of ``symbols``. Names make a palette of their own, in the order given; the
    game judges whether they make a playable one.
    """
    text = colours.strip()
    if text.isdecimal():
        count = int(text)
        offered = DEFAULT_PALETTE if DEFAULT_PALETTE[: len(symbols)] == symbols else symbols
        most = max(len(offered), FEWEST_COLOURS)
        if not FEWEST_COLOURS <= count <= most:
            raise PaletteChoiceError(
                f"{count} is not a number of {symbol_noun(offered)}s from "
                f"{FEWEST_COLOURS} to {most}."
            )
        return offered[:count]
    names = tuple(split_names(text))
    if not names:
        raise PaletteChoiceError("give a number of colours, or their names.")
    return names


def symbol_noun(symbols: Sequence[str]) -> str:
    """What a game's symbols are called: ``"digit"`` where each is one, else ``"colour"``."""
    is_digit = all(len(symbol) == 1 and symbol.isdecimal() for symbol in symbols)
    return "digit" if symbols and is_digit else "colour"


def terminal_colour(peg: str) -> str | None:
    """The colour to draw ``peg`` in, or ``None`` for a name no terminal colour matches."""
    known = _TERMINAL_COLOURS.get(peg)
    if known is not None:
        return known
    try:
        Color.parse(peg.casefold())
    except ColorParseError:
        return None
    return peg.casefold()
