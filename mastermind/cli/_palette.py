"""The colours a game in the terminal is played with, and the terminal colour of each."""

from __future__ import annotations

from rich.color import Color, ColorParseError

from mastermind.domain import CLASSIC_PEGS, split_names

__all__ = [
    "DEFAULT_PALETTE",
    "FEWEST_COLOURS",
    "MOST_COLOURS",
    "PaletteChoiceError",
    "choose_palette",
    "terminal_colour",
]

DEFAULT_PALETTE: tuple[str, ...] = (*CLASSIC_PEGS, "Cyan", "White")
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


def choose_palette(colours: str) -> tuple[str, ...]:
    """The palette ``--colours`` asks for: a count of the default colours, or their names.

    A count takes the first colours of :data:`DEFAULT_PALETTE`. Names make a palette of
    their own, in the order given; the game judges whether they make a playable one.
    """
    text = colours.strip()
    if text.isdecimal():
        count = int(text)
        if not FEWEST_COLOURS <= count <= MOST_COLOURS:
            raise PaletteChoiceError(
                f"{count} is not a number of colours from {FEWEST_COLOURS} to {MOST_COLOURS}."
            )
        return DEFAULT_PALETTE[:count]
    names = tuple(split_names(text))
    if not names:
        raise PaletteChoiceError("give a number of colours, or their names.")
    return names


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
