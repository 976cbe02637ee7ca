"""Key pegs and the scoring rule."""

from __future__ import annotations

import enum
from collections import Counter

import attrs

from mastermind.domain.code import Code


class KeyPeg(enum.StrEnum):
    """A small peg the code maker places beside a guess."""

    BLACK = "B"
    """Right colour in the right place."""
    WHITE = "W"
    """Right colour in the wrong place."""


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

    def __str__(self) -> str:
        return " ".join(self.pegs)


def score(secret: Code, guess: Code) -> Feedback:
    """The key pegs the code maker gives for ``guess`` against ``secret``.

    Each guess peg earns at most one key peg, and a colour earns no more key pegs
    than the secret has pegs of that colour.
    """
    if len(secret.pegs) != len(guess.pegs):
        raise ValueError(
            f"Cannot score a guess of {len(guess.pegs)} pegs against a code of {len(secret.pegs)}"
        )
    unmatched_secret: list[str] = []
    unmatched_guess: list[str] = []
    for secret_peg, guess_peg in zip(secret.pegs, guess.pegs, strict=True):
        if secret_peg != guess_peg:
            unmatched_secret.append(secret_peg)
            unmatched_guess.append(guess_peg)
    black = len(secret.pegs) - len(unmatched_secret)
    if not unmatched_guess:
        return _feedback(black, 0)
    white = (Counter(unmatched_secret) & Counter(unmatched_guess)).total()
    return _feedback(black, white)


_FEEDBACKS: dict[tuple[int, int], Feedback] = {}


def _feedback(black: int, white: int) -> Feedback:
    """Share one instance per result: scoring is the solver's inner loop."""
    key = (black, white)
    found = _FEEDBACKS.get(key)
    if found is None:
        found = _FEEDBACKS[key] = Feedback(black=black, white=white)
    return found
