"""The rules of a game's setup: what a game may be, judged before any secret is drawn.

One set of limits holds for every way in, the library, the terminal and the HTTP API
alike, so that a game one of them starts is a game every other can show and play.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from mastermind.domain.code import SEPARATORS

__all__ = [
    "DEFAULT_ATTEMPTS",
    "DEFAULT_LENGTH",
    "MAX_NOTE",
    "GameSetup",
    "MAX_ATTEMPTS",
    "MAX_COLOURS",
    "MAX_COLOUR_NAME",
    "MAX_LENGTH",
]

DEFAULT_LENGTH = 4
"""The pegs of a secret the computer draws, unless a game asks for another length."""
DEFAULT_ATTEMPTS = 12
"""The guesses a game allows, unless it asks for another number."""

MAX_LENGTH = 10
"""The most pegs a code has: a row that still fits a phone's screen and 80 columns."""
MAX_ATTEMPTS = 100
"""The most guesses a game allows."""
MAX_COLOURS = 20
"""The most colours a palette has."""
MAX_COLOUR_NAME = 20
"""The longest colour name, in characters."""
MAX_NOTE = 140
"""The longest note the code maker leaves the code breaker, in characters."""


@attrs.frozen
class GameSetup:
    """How a game is played: its code's length, its attempts, its palette, and whether
    no colour may repeat in the secret."""

    length: int
    total_attempts: int
    available_pegs: tuple[str, ...]
    unique: bool = False

    def problem(self) -> str | None:
        """Why no game can be played this way, in plain words; ``None`` if one can."""
        return (
            _palette_problem(self.available_pegs)
            or _count_problem("a code", "peg", self.length, MAX_LENGTH)
            or _count_problem("a game", "attempt", self.total_attempts, MAX_ATTEMPTS)
            or _unique_problem(self)
        )


def _palette_problem(palette: Sequence[str]) -> str | None:
    if isinstance(palette, str) or not all(isinstance(name, str) for name in palette):
        return "the palette must list colour names"
    if not palette:
        return "the palette has no colours"
    if len(palette) > MAX_COLOURS:
        return f"a palette has at most {MAX_COLOURS} colours, not {len(palette)}"
    for name in palette:
        if not name.strip():
            return "a colour in the palette has no name"
        if SEPARATORS.search(name):
            return "a colour's name cannot hold spaces, commas or semicolons"
        if len(name) > MAX_COLOUR_NAME or not name.isprintable():
            return f"a colour's name has at most {MAX_COLOUR_NAME} printable characters"
    if len({name.casefold() for name in palette}) != len(palette):
        return f"the palette names a colour twice ({', '.join(palette)})"
    return None


def _count_problem(what: str, unit: str, value: object, most: int) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool):
        return f"the number of {unit}s must be a whole number, not {value!r}"
    if value < 1:
        return f"{what} needs at least 1 {unit}, not {value}"
    if value > most:
        return f"{what} has at most {most} {unit}s, not {value}"
    return None


def _unique_problem(setup: GameSetup) -> str | None:
    if not isinstance(setup.unique, bool):
        return f"unique is true or false, not {setup.unique!r}"
    if setup.unique and setup.length > len(setup.available_pegs):
        return (
            f"a code of {setup.length} different colours needs at least {setup.length} "
            f"colours, not {len(setup.available_pegs)}"
        )
    return None
