"""Code pegs, codes, and reading codes from text."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import cast

import attrs

__all__ = [
    "CLASSIC_PEGS",
    "EXTENDED_PEGS",
    "Code",
    "NotAColour",
    "SEPARATOR_CHARACTERS",
    "UnreadableCode",
    "has_unique_initials",
    "split_names",
]

CLASSIC_PEGS: tuple[str, ...] = ("Red", "Green", "Blue", "Yellow", "Purple", "Orange")
"""The six colours of the classic board game, in the order the solver numbers them."""
EXTENDED_PEGS: tuple[str, ...] = (*CLASSIC_PEGS, "Cyan", "White")
"""The classic six and two more, every initial distinct: Super Mastermind's eight."""

SEPARATOR_CHARACTERS = r"\s,;"
"""What separates the colours of a typed code, and so what no colour's name may hold,
as the inside of a regular expression's character class (for JSON Schema patterns too)."""

SEPARATORS = re.compile(f"[{SEPARATOR_CHARACTERS}]+")


def split_names(text: str) -> list[str]:
    """The words of ``text``, as a code or a palette is typed: ``"Red, green blue"``.

    Raises:
        TypeError: ``text`` is not a str.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    return [word for word in SEPARATORS.split(text) if word]


def has_unique_initials(palette: Sequence[str]) -> bool:
    """Whether every colour of ``palette`` can be shown, and typed, by its initial alone.

    Raises:
        TypeError: ``palette`` is not a sequence of colour names.
    """
    return bool(_initials(names_of(palette, "palette", "a sequence of colour names")))


def items_of(value: object, argument: str, wanted: str) -> tuple[object, ...]:
    """The items ``value`` holds, when it is a collection such as a list or a tuple.

    One str, or bytes, is refused rather than read character by character: ``"Red"``
    given for a list of names is a mistake, not the pegs R, e and d.

    Raises:
        TypeError: ``value`` is no collection; the message names ``argument`` and says
            that it must be ``wanted``.
    """
    if type(value) is tuple:  # the common case, first: codes are built in hot loops
        return value
    if isinstance(value, (str, bytes, bytearray)):
        raise TypeError(f"{argument} must be {wanted}, not {type(value).__name__}")
    try:
        return tuple(cast(Iterable[object], value))
    except TypeError:
        if isinstance(value, Iterable):
            raise  # a collection that failed as it was read: its own error says more
        raise TypeError(f"{argument} must be {wanted}, not {type(value).__name__}") from None


def names_of(value: object, argument: str, wanted: str) -> tuple[str, ...]:
    """The names ``value`` holds, when it is a collection of str; see :func:`items_of`.

    Raises:
        TypeError: ``value`` is no collection of str; the message names ``argument`` and
            says that it must be ``wanted``.
    """
    names = items_of(value, argument, wanted)
    for name in names:
        if type(name) is not str and not isinstance(name, str):
            raise TypeError(
                f"{argument} must be {wanted}, not {type(value).__name__} "
                f"holding {type(name).__name__}"
            )
    return cast(tuple[str, ...], names)


class UnreadableCode(ValueError):
    """Text that holds no code at all: an empty line, a lone comma, or a single word that
    is neither a colour of the palette nor a row of its initials, such as ``"xyzw"``."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"Cannot read a code from {text!r}: {reason}.")


class NotAColour(UnreadableCode):
    """A guess typed as one word that names no colour and spells no row of initials."""

    def __init__(self, text: str, available_pegs: Sequence[str]) -> None:
        word = text.strip()
        choices = ", ".join(available_pegs)
        reason = f"{word!r} is neither a colour nor colour initials; choose from {choices}"
        ValueError.__init__(self, reason)
        self.text = text
        self.reason = reason


def _to_pegs(pegs: Iterable[str]) -> tuple[str, ...]:
    return names_of(pegs, "pegs", "an iterable of colour names")


@attrs.frozen
class Code:
    """An ordered row of code pegs, each one a colour name.

    A code may hold names from outside any palette: whether it fits a game is the
    game's decision, which then names the colours it accepts. Pegs that are not str, or
    one str given for all of them, raise ``TypeError``: text is read by :meth:`parse`.
    """

    pegs: tuple[str, ...] = attrs.field(converter=_to_pegs)

    @classmethod
    def of(cls, *pegs: str) -> Code:
        """Build a code from colour names: ``Code.of("Red", "Green", "Blue", "Yellow")``."""
        return cls(pegs)

    @classmethod
    def parse(cls, text: str, available_pegs: Sequence[str] = CLASSIC_PEGS) -> Code:
        """Read a code typed by a person.

        Accepts names in any case separated by spaces or commas (``"red, GREEN blue yellow"``)
        and, when the palette's initials are unique, initials (``"RGBY"``, ``"r g b y"``).
        Words that are no colour of the palette are kept as typed, so that the game can
        reject them and list the colours it accepts. A single word that is mostly
        initials, such as ``"RGBX"``, is read letter by letter; among several words, a
        misspelt name such as ``"Grey"`` stays a name.

        Raises:
            TypeError: ``text`` is not a str, or ``available_pegs`` no sequence of names.
            UnreadableCode: the text holds no peg at all.
            NotAColour: the text is one word that is no colour and no row of initials,
                so it cannot be meant as a code of several pegs.
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        available_pegs = names_of(available_pegs, "available_pegs", "a sequence of colour names")
        words = split_names(text)
        if not words:
            raise UnreadableCode(text, "it holds no colour")
        by_name = {name.casefold(): name for name in available_pegs}
        by_initial = _initials(available_pegs)
        if len(words) == 1 and not _readable_alone(words[0].casefold(), by_name, by_initial):
            raise NotAColour(text, available_pegs)
        pegs: list[str] = []
        for word in words:
            folded = word.casefold()
            if folded in by_name:
                pegs.append(by_name[folded])
            elif by_initial and _initials_only(folded, by_initial, alone=len(words) == 1):
                pegs.extend(by_initial.get(letter, letter.upper()) for letter in folded)
            else:
                pegs.append(word)
        return cls(pegs)

    @classmethod
    def from_names(cls, names: Iterable[str], available_pegs: Sequence[str] = CLASSIC_PEGS) -> Code:
        """A code given peg by peg, each a colour's name or initial in any case.

        ``["red", "G", "Blue", "y"]`` reads as Red Green Blue Yellow. A peg that names no
        colour of the palette is kept as given, for the game to refuse by name.

        Raises:
            TypeError: ``names`` or ``available_pegs`` is no collection of str.
        """
        names = names_of(names, "names", "an iterable of colour names")
        available_pegs = names_of(available_pegs, "available_pegs", "a sequence of colour names")
        by_name = {name.casefold(): name for name in available_pegs}
        by_initial = _initials(available_pegs)
        return cls(
            by_name.get(name.casefold()) or by_initial.get(name.casefold(), name) for name in names
        )

    def __len__(self) -> int:
        return len(self.pegs)

    def __str__(self) -> str:
        return " ".join(self.pegs)

    def initials(self) -> str:
        """The code in its compact form, such as ``"RGBY"``."""
        return "".join(peg[:1].upper() for peg in self.pegs)


def _initials(available_pegs: Sequence[str]) -> dict[str, str]:
    """Map each initial to its colour, or nothing if two colours share an initial."""
    by_initial = {name[:1].casefold(): name for name in available_pegs if name}
    return by_initial if by_initial and len(by_initial) == len(available_pegs) else {}


def _readable_alone(word: str, by_name: dict[str, str], by_initial: dict[str, str]) -> bool:
    """Whether ``word``, typed alone, is a colour's name or a row of initials."""
    return word in by_name or bool(by_initial and _initials_only(word, by_initial, alone=True))


def _initials_only(word: str, by_initial: dict[str, str], alone: bool) -> bool:
    """Whether to read ``word`` letter by letter: all initials, or mostly when typed alone."""
    known = sum(letter in by_initial for letter in word)
    return known == len(word) or (alone and len(word) > 1 and 2 * known > len(word))
