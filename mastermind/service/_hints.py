"""The port through which ``Games`` asks a code breaker for hints, and its errors."""

from __future__ import annotations

from typing import Protocol

from mastermind.domain import Code, DecodingBoard


class Hint(Protocol):
    """A suggested guess, and how many codes the board still allows."""

    @property
    def guess(self) -> Code: ...

    @property
    def remaining(self) -> int: ...

    @property
    def strategy(self) -> str: ...


class HintSource(Protocol):
    """A code breaker that suggests the next guess from a board's rows, never the secret."""

    def offers(self, board: DecodingBoard) -> bool:
        """Whether hints can be had for a game like this one."""
        ...

    def hint(self, board: DecodingBoard, strategy: str | None = None) -> Hint:
        """The next guess for a board in play, by ``strategy`` or the best there is.

        Raises:
            HintUnavailable: no hint can be given for this game.
            ValueError: the strategy is unknown, or cannot play a game this size.
        """
        ...


class HintUnavailable(Exception):
    """No hint can be had: the code breaker is not installed, or the game is too large."""
