"""The protocol every stage's driver keeps, and the plain values it answers with.

Steps speak only to a driver, in the words of the features, so the same scenarios
check the decider, the application service, the terminal game and the HTTP API.
"""

from __future__ import annotations

from typing import Protocol

import attrs

from mastermind import CodeMaker, DecodingBoard


@attrs.frozen
class GameSetup:
    """What the Given steps arrange before the code breaker joins."""

    total_attempts: int = 12
    available_pegs: tuple[str, ...] = ("Red", "Green", "Blue", "Yellow", "Purple", "Orange")
    secret: tuple[str, ...] | None = None
    """``None`` lets the code maker choose."""


@attrs.frozen
class Row:
    guess: tuple[str, ...]
    feedback: str


@attrs.frozen
class BoardView:
    """The decoding board as the code breaker sees it, in any stage."""

    outcome: str
    """One of "in progress", "won" or "lost"."""
    attempts_left: int
    rows: tuple[Row, ...]
    secret: tuple[str, ...] | None
    code_length: int
    """The holes in a row: what a code breaker knows of the secret before guessing."""

    @classmethod
    def of(cls, board: DecodingBoard) -> BoardView:
        return cls(
            outcome=board.outcome.value,
            attempts_left=board.attempts_left,
            rows=tuple(Row(row.guess.pegs, str(row.feedback)) for row in board.rows),
            secret=board.secret.pegs if board.secret else None,
            code_length=board.code_length,
        )


class Rejected(Exception):
    """The game refused a command. ``error`` is the name of the domain error."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(f"{error}: {message}")
        self.error = error
        self.message = message


class GameDriver(Protocol):
    """A code breaker's hands on one game. Refusals raise :class:`Rejected`."""

    def join(self, setup: GameSetup) -> None: ...

    def guess(self, typed: str) -> str:
        """Make a guess as typed by a person; answer the key pegs, as in "B B W"."""
        ...

    def guess_before_joining(self, setup: GameSetup, typed: str) -> None: ...

    def join_again(self) -> None: ...

    def give_up(self) -> None: ...

    def board(self) -> BoardView: ...

    def close(self) -> None: ...


class TwoPlayerDriver(GameDriver, Protocol):
    """The same code breaker's hands, in a game whose code a person made: the maker's
    moves and views besides. A stage that cannot tell the roles apart raises
    ``NotImplementedError`` for the moves one role is refused."""

    def make_code(self, setup: GameSetup, maker: CodeMaker) -> None:
        """The person ``maker`` sets ``setup.secret``, and the game begins."""
        ...

    def maker_board(self) -> BoardView:
        """The board as the code maker sees it: the secret shows while in play."""
        ...

    def maker_guess(self, typed: str) -> None:
        """The code maker tries the code breaker's move."""
        ...

    def maker_ends(self) -> None: ...

    def breaker_ends(self) -> None:
        """The code breaker tries the code maker's move: ending the game."""
        ...

    def hint(self) -> tuple[str, ...]:
        """The code breaker asks for a hint; answer the guess suggested."""
        ...

    def code_maker(self) -> tuple[str, str | None]:
        """Who made the code, as the code breaker's board tells it: kind and name."""
        ...
