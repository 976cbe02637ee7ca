"""Key pegs and the scoring rule."""

from __future__ import annotations

import enum

import attrs

from mastermind.domain.code import Code

__all__ = ["Feedback", "KeyMark", "KeyPeg", "score"]


class KeyPeg(enum.StrEnum):
    """A small peg the code maker places beside a guess."""

    BLACK = "B"
    """Right colour in the right place."""
    WHITE = "W"
    """Right colour in the wrong place."""


class KeyMark(enum.StrEnum):
    """How a key peg is shown to a player, wherever text shows one: on the terminal's
    board, in the games' answers, in a result to share. Symbols, not letters, so that
    no key peg reads as a colour's initial (B is Blue's as well as black's)."""

    RIGHT_PLACE = "●"
    """●: a right colour in the right place (a black key peg)."""
    WRONG_PLACE = "○"
    """○: a right colour in the wrong place (a white key peg)."""
    NONE = "·"
    """·: a peg of the guess that earned no key peg."""


def _non_negative(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 0:
        raise ValueError(f"{attribute.name} must not be negative, got {value}")


@attrs.frozen
class Feedback:
    """The key pegs given for one guess."""

    black: int = attrs.field(validator=_non_negative)
    white: int = attrs.field(validator=_non_negative)

    @classmethod
    def parse(cls, text: str) -> Feedback:
        """Read the notation of the specification: ``"B B W"``, ``"BBW"`` or ``""``."""
        letters = text.replace(" ", "").upper()
        unknown = set(letters) - {KeyPeg.BLACK.value, KeyPeg.WHITE.value}
        if unknown:
            raise ValueError(f"Feedback uses only B and W, not {''.join(sorted(unknown))!r}")
        return cls(black=letters.count(KeyPeg.BLACK), white=letters.count(KeyPeg.WHITE))

    @property
    def pegs(self) -> tuple[KeyPeg, ...]:
        """The key pegs, black ones first."""
        return (KeyPeg.BLACK,) * self.black + (KeyPeg.WHITE,) * self.white

    def marks(self, length: int | None = None, separator: str = " ") -> str:
        """The key pegs as a player is shown them: ``"● ● ○ ·"``, right places first,
        then wrong places, then, given the guess's ``length``, a dot for each peg of
        it that earned none.

        Raises:
            TypeError: ``length`` is neither an int nor ``None`` (a bool is no length),
                or ``separator`` is no str.
            ValueError: ``length`` is shorter than the key pegs.
        """
        if length is not None and (not isinstance(length, int) or isinstance(length, bool)):
            raise TypeError(f"length must be an int or None, not {type(length).__name__}")
        if not isinstance(separator, str):
            raise TypeError(f"separator must be a str, not {type(separator).__name__}")
        earned = (KeyMark.RIGHT_PLACE,) * self.black + (KeyMark.WRONG_PLACE,) * self.white
        if length is None:
            return separator.join(earned)
        if length < len(earned):
            raise ValueError(f"{len(earned)} key pegs do not fit a guess of {length} pegs")
        return separator.join(earned + (KeyMark.NONE,) * (length - len(earned)))

    def __str__(self) -> str:
        """The specification's notation, ``"B B W"``, that :meth:`parse` reads; a
        player is shown :meth:`marks`."""
        return " ".join(self.pegs)


def score(secret: Code, guess: Code) -> Feedback:
    """The key pegs the code maker gives for ``guess`` against ``secret``.

    Each guess peg earns at most one key peg, and a colour earns no more key pegs
    than the secret has pegs of that colour.
    """
    secret_pegs, guess_pegs = secret.pegs, guess.pegs
    length = len(secret_pegs)
    if length != len(guess_pegs):
        raise ValueError(
            f"Cannot score a guess of {len(guess_pegs)} pegs against a code of {length}"
        )
    # This is the solver's inner loop: plain loops and tuple.count beat Counter here.
    black = 0
    for secret_peg, guess_peg in zip(secret_pegs, guess_pegs):  # noqa: B905
        if secret_peg == guess_peg:
            black += 1
    in_common = 0
    for colour in set(guess_pegs):
        in_secret = secret_pegs.count(colour)
        if in_secret:
            in_guess = guess_pegs.count(colour)
            in_common += in_secret if in_secret < in_guess else in_guess
    return _feedbacks(length)[black][in_common - black]


_FEEDBACKS: dict[int, list[list[Feedback]]] = {}


def _feedbacks(length: int) -> list[list[Feedback]]:
    """One shared instance per result, by code length, so scoring allocates nothing."""
    table = _FEEDBACKS.get(length)
    if table is None:
        table = _FEEDBACKS[length] = [
            [Feedback(black, white) for white in range(length + 1 - black)]
            for black in range(length + 1)
        ]
    return table
