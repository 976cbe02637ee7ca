"""Who made the code: the computer, or a person sitting across from the code breaker."""

from __future__ import annotations

import enum

import attrs

__all__ = ["COMPUTER", "CodeMaker", "MAX_MAKER_NAME", "MakerKind"]

MAX_MAKER_NAME = 40
"""The longest display name a code maker may choose, in characters."""


class MakerKind(enum.StrEnum):
    COMPUTER = "computer"
    PERSON = "person"


@attrs.frozen(repr=False)
class CodeMaker:
    """The code maker of a game, as the game records it.

    A person may go by a display name, shown to the code breaker, and decides whether
    the code breaker may ask for hints. The computer never minds.
    """

    kind: MakerKind = attrs.field(default=MakerKind.COMPUTER, converter=MakerKind)
    name: str | None = None
    allows_hints: bool = True

    @classmethod
    def computer(cls, *, allows_hints: bool = True) -> CodeMaker:
        return cls(MakerKind.COMPUTER, None, allows_hints)

    @classmethod
    def person(cls, name: str | None = None, *, allows_hints: bool = False) -> CodeMaker:
        return cls(MakerKind.PERSON, name, allows_hints)

    def __repr__(self) -> str:
        hints = (
            "" if self.allows_hints is (not self.is_person) else f"allows_hints={self.allows_hints}"
        )
        if not self.is_person:
            return f"CodeMaker.computer({hints})"
        arguments = ", ".join(
            part for part in (repr(self.name) if self.name else "", hints) if part
        )
        return f"CodeMaker.person({arguments})"

    @property
    def is_person(self) -> bool:
        return self.kind is MakerKind.PERSON

    def problem(self) -> str | None:
        """Why this maker cannot start a game, or ``None`` when it can."""
        if self.name is None:
            return None
        if not self.is_person:
            return "only a person code maker goes by a name"
        if not self.name.strip():
            return "the code maker's name is blank"
        if len(self.name) > MAX_MAKER_NAME:
            return f"the code maker's name is longer than {MAX_MAKER_NAME} characters"
        if not self.name.isprintable():
            return "the code maker's name has characters that cannot be shown"
        return None


COMPUTER = CodeMaker()
"""The code maker of every game nobody set a secret for."""
