"""The rules of a game as a value: its size, its symbols, and how a guess is answered.

Mastermind is a family of games. Bulls and Cows, black-peg Mastermind, games with blank
holes or without repeated colours differ only in these rules, so one decider plays them
all, built from the rules each game records when it starts. One set of limits holds for
every way in, the library, the terminal and the HTTP API alike.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, cast

import attrs

from mastermind.domain.code import CLASSIC_PEGS, EXTENDED_PEGS, SEPARATORS, Code, items_of
from mastermind.domain.feedback import Feedback, score

__all__ = [
    "Answer",
    "BLANK",
    "DEFAULT_ATTEMPTS",
    "DEFAULT_LENGTH",
    "DIGITS",
    "MAX_ATTEMPTS",
    "MAX_COLOURS",
    "MAX_COLOUR_NAME",
    "MAX_LENGTH",
    "MAX_NOTE",
    "PRESETS",
    "PRESET_TITLES",
    "Rules",
    "rules_named",
]

DEFAULT_LENGTH = 4
"""The pegs of a secret, unless a game asks for another length."""
DEFAULT_ATTEMPTS = 12
"""The guesses a game allows, unless it asks for another number."""

MAX_LENGTH = 10
"""The most pegs a code has: a row that still fits a phone's screen and 80 columns."""
MAX_ATTEMPTS = 100
"""The most guesses a game allows."""
MAX_COLOURS = 20
"""The most symbols a game has, a blank included."""
MAX_COLOUR_NAME = 20
"""The longest colour name, in characters."""
MAX_NOTE = 140
"""The longest note the code maker leaves the code breaker, in characters."""

BLANK = "Empty"
"""The peg of a hole left blank, in games that allow it: a symbol like any other, whose
initial no classic colour shares, so that ``"RGEY"`` reads Red Green Empty Yellow."""
DIGITS: tuple[str, ...] = tuple("0123456789")
"""The symbols of Bulls and Cows."""


class Answer(enum.StrEnum):
    """How the code maker answers a guess."""

    BLACK_AND_WHITE = "black-and-white"
    """Black pegs for the symbols in place, white pegs for the others in the code."""
    BLACK_ONLY = "black-only"
    """Black pegs for the symbols in place, and nothing about the others."""
    BULLS_AND_COWS = "bulls-and-cows"
    """Bulls for the digits in place, cows for the others in the code."""

    @property
    def words(self) -> tuple[tuple[str, str], ...]:
        """The name of each count the answer gives, singular and plural."""
        return _WORDS[self]

    def describe(self, feedback: Feedback) -> str:
        """``feedback`` in this answer's words, such as ``"1 bull, 2 cows"``."""
        counts = (feedback.black, feedback.white)
        return ", ".join(
            f"{count} {singular if count == 1 else plural}"
            for count, (singular, plural) in zip(counts, self.words, strict=False)
        )

    @property
    def counts_white(self) -> bool:
        """Whether the answer says how many symbols are in the code but out of place."""
        return self is not Answer.BLACK_ONLY


_WORDS = {
    Answer.BLACK_AND_WHITE: (("black", "black"), ("white", "white")),
    Answer.BLACK_ONLY: (("black", "black"),),
    Answer.BULLS_AND_COWS: (("bull", "bulls"), ("cow", "cows")),
}


def _to_symbols(symbols: Iterable[str]) -> tuple[str, ...]:
    # Only the collection is checked here: the names in it are the rules' to judge.
    return cast(tuple[str, ...], items_of(symbols, "symbols", "a sequence of symbol names"))


@attrs.frozen
class Rules:
    """How a game is played. Every field has the classic game's value unless given.

    Values are judged by :meth:`problem`, not as they are given, so that a game asked
    for with impossible rules is refused with the reason, as any other game that cannot
    be played; only a ``symbols`` that is no collection raises ``TypeError`` at once.
    """

    length: int = DEFAULT_LENGTH
    """The pegs of a code."""
    symbols: tuple[str, ...] = attrs.field(default=CLASSIC_PEGS, converter=_to_symbols)
    """The colours, or digits, a code is made of, besides the blank."""
    attempts: int = DEFAULT_ATTEMPTS
    """The guesses the code breaker has."""
    repeats: bool = True
    """Whether a symbol may appear twice in a code; when not, in the secret and in
    every guess alike."""
    blanks: bool = False
    """Whether a hole may stay blank, in the secret and in a guess."""
    answer: Answer = Answer.BLACK_AND_WHITE
    """How each guess is answered."""

    @property
    def pegs(self) -> tuple[str, ...]:
        """What a code may hold: the symbols, and the blank where the rules allow it."""
        return (*self.symbols, BLANK) if self.blanks else self.symbols

    @property
    def name(self) -> str | None:
        """The preset these rules are, such as ``"classic"``; ``None`` for others."""
        return _PRESET_NAMES.get(self)

    @property
    def title(self) -> str | None:
        """The preset's title, such as ``"Bulls and Cows"``; ``None`` for other rules."""
        name = self.name
        return None if name is None else PRESET_TITLES[name]

    def sized(self, length: int) -> Rules:
        """These rules, for codes of ``length`` pegs."""
        return attrs.evolve(self, length=length)

    def changed(
        self,
        *,
        length: int | None = None,
        symbols: Iterable[str] | None = None,
        attempts: int | None = None,
        repeats: bool | None = None,
    ) -> Rules:
        """These rules with each value given in place of theirs; ``None`` keeps theirs.

        Every way in changes a preset so, by the options a player gives beside it.
        """
        given: dict[str, Any] = {
            "length": length,
            "symbols": symbols,
            "attempts": attempts,
            "repeats": repeats,
        }
        return attrs.evolve(
            self, **{name: value for name, value in given.items() if value is not None}
        )

    def score(self, secret: Code, guess: Code) -> Feedback:
        """The answer to ``guess`` when the code is ``secret``."""
        feedback = score(secret, guess)
        return feedback if self.answer.counts_white else _black_only(feedback.black)

    def describe(self, feedback: Feedback) -> str:
        """An answer in the rules' own words, such as ``"1 bull, 2 cows"``."""
        return self.answer.describe(feedback)

    def problem(self) -> str | None:
        """Why no game can be played by these rules, in plain words; ``None`` if one can."""
        return (
            _palette_problem(self.symbols)
            or _count_problem("a code", "peg", self.length, MAX_LENGTH)
            or _count_problem("a game", "attempt", self.attempts, MAX_ATTEMPTS)
            or _choices_problem(self)
        )

    def code_problem(self, pegs: Sequence[str], whose: str) -> str | None:
        """Why a code of ``pegs`` breaks these rules, other than by its length or a symbol
        the game lacks; ``whose`` names it, "the secret" or "a guess"."""
        if not self.blanks and BLANK in pegs and BLANK not in self.symbols:
            return f"{whose} leaves a hole blank, which this game does not allow"
        if not self.repeats:
            repeated = [peg for peg in dict.fromkeys(pegs) if pegs.count(peg) > 1]
            if repeated:
                return f"{whose} repeats {', '.join(repeated)}, and no symbol repeats in this game"
        return None


def _black_only(black: int) -> Feedback:
    return _BLACK_ONLY.get(black) or _BLACK_ONLY.setdefault(black, Feedback(black, 0))


_BLACK_ONLY: dict[int, Feedback] = {}


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


def _choices_problem(rules: Rules) -> str | None:
    for name in ("repeats", "blanks"):
        value = getattr(rules, name)
        if not isinstance(value, bool):
            return f"{name} is true or false, not {value!r}"
    if not isinstance(rules.answer, Answer):
        kinds = ", ".join(answer.value for answer in Answer)
        return f"the answer is one of {kinds}, not {rules.answer!r}"
    if rules.blanks and BLANK.casefold() in {name.casefold() for name in rules.symbols}:
        return f"the palette names {BLANK}, the blank a hole shows in this game"
    if rules.blanks and len(rules.symbols) >= MAX_COLOURS:
        return f"a game has at most {MAX_COLOURS} symbols, the blank included"
    pegs = len(rules.pegs)
    if not rules.repeats and rules.length > pegs:
        return (
            f"a code of {rules.length} different symbols needs at least {rules.length} "
            f"symbols, not {pegs}"
        )
    return None


CLASSIC = Rules()
PRESETS: Mapping[str, Rules] = MappingProxyType(
    {
        "classic": CLASSIC,
        "super": Rules(length=5, symbols=EXTENDED_PEGS),
        "bulls-and-cows": Rules(symbols=DIGITS, repeats=False, answer=Answer.BULLS_AND_COWS),
        "black-peg": Rules(answer=Answer.BLACK_ONLY),
        "blanks": Rules(blanks=True),
        "unique": Rules(repeats=False),
    }
)
"""The members of the family people play, by the names every way in knows them by."""
PRESET_TITLES: Mapping[str, str] = MappingProxyType(
    {
        "classic": "Classic",
        "super": "Super Mastermind",
        "bulls-and-cows": "Bulls and Cows",
        "black-peg": "Black pegs only",
        "blanks": "Blanks",
        "unique": "No repeats",
    }
)
"""How each preset is called where people choose one."""
_PRESET_NAMES = {rules: name for name, rules in PRESETS.items()}


def rules_named(name: str) -> Rules:
    """The preset called ``name``, such as ``"bulls-and-cows"``.

    Raises:
        TypeError: ``name`` is not a str.
        ValueError: no preset has that name; the message lists them.
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    rules = PRESETS.get(name.strip().casefold())
    if rules is None:
        raise ValueError(f"No rules are called {name!r}; choose from {', '.join(PRESETS)}")
    return rules
