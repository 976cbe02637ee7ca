"""The protocol every stage's driver keeps, and the plain values it answers with.

Steps speak only to a driver, in the words of the features, so the same scenarios
check the decider, the application service, the terminal game and the HTTP API.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

import attrs

from mastermind import (
    CLASSIC_PEGS,
    DEFAULT_ATTEMPTS,
    DEFAULT_LENGTH,
    CodeMaker,
    DecodingBoard,
    GameError,
    Rules,
    rules_named,
)
from mastermind.service import BoardAnswer, CommandKind, Role, command_kind


@attrs.frozen
class GameSetup:
    """What the Given steps arrange before the code breaker joins."""

    total_attempts: int = DEFAULT_ATTEMPTS
    available_pegs: tuple[str, ...] = CLASSIC_PEGS
    secret: tuple[str, ...] | None = None
    """``None`` lets the code maker choose."""
    rules: str | None = None
    """The preset the game is asked for by name, as each way in names it; ``None`` for a
    game of the attempts and colours above, its codes as long as the secret."""

    @classmethod
    def of_preset(cls, name: str) -> GameSetup:
        """A game by the preset ``name``: its attempts and pegs are the preset's."""
        rules = rules_named(name)
        return cls(rules.attempts, rules.pegs, rules=name)

    def game_rules(self) -> Rules:
        """The rules asked for, as the decider takes them."""
        if self.rules is not None:
            return rules_named(self.rules)
        length = DEFAULT_LENGTH if self.secret is None else len(self.secret)
        return Rules(length, self.available_pegs, self.total_attempts)


@attrs.frozen
class Row:
    guess: tuple[str, ...]
    feedback: str
    """The key pegs, as the specification writes them: "B B W"."""
    said: str
    """The answer in the rules' own words: "1 bull, 2 cows"."""
    white: int | None
    """The white pegs, or cows, counted; ``None`` where the rules count none."""


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
    rules: str | None
    """The preset the game is played by, by name; ``None`` for rules of its own."""
    note: str | None = None
    """The last note the person who made the code left."""

    @classmethod
    def of(cls, board: DecodingBoard) -> BoardView:
        rules = board.rules
        return cls(
            outcome=board.outcome.value,
            attempts_left=board.attempts_left,
            rows=tuple(
                Row(
                    row.guess.pegs,
                    str(row.feedback),
                    rules.describe(row.feedback),
                    row.feedback.white if rules.answer.counts_white else None,
                )
                for row in board.rows
            ),
            secret=board.secret.pegs if board.secret else None,
            code_length=board.code_length,
            rules=rules.name,
            note=board.note,
        )

    @classmethod
    def answered(cls, answer: BoardAnswer) -> BoardView:
        """The board as a way in wrote it: the rules' name, the words said and the white
        pegs counted are the answer's own, not worked out again from its counts."""
        view = cls.of(answer.board())
        rows = tuple(
            attrs.evolve(row, said=written.said, white=written.feedback.white)
            for row, written in zip(view.rows, answer.rows, strict=True)
        )
        return attrs.evolve(view, rows=rows, rules=answer.rules.name)


class Rejected(Exception):
    """The game refused a command. ``error`` is the name of the domain error."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(f"{error}: {message}")
        self.error = error
        self.message = message


@contextmanager
def rejections() -> Iterator[None]:
    """Raise the rules' refusal of what the block sends as :class:`Rejected`."""
    try:
        yield
    except GameError as error:
        raise Rejected(type(error).__name__, error.message) from error


def sent_by_its_role(name: str, by: Role | None, why: str) -> CommandKind:
    """The command ``name``, which a stage that cannot tell the roles apart sends only
    as the role it is for; ``NotImplementedError``, saying ``why``, for the other."""
    kind = command_kind(name)
    if by is not None and by is not kind.role:
        raise NotImplementedError(why)
    return kind


class GameDriver(Protocol):
    """A code breaker's hands on one game. Refusals raise :class:`Rejected`."""

    def join(self, setup: GameSetup) -> None: ...

    def send(self, name: str, /, *, by: Role | None = None, **fields: Any) -> BoardView:
        """Send the command ``name`` of ``mastermind.service.COMMANDS``, its request made
        of ``fields`` (a guess as typed by a person: ``send("guess", guess="RGBY")``), as
        the role ``by`` or else the one it is for; answer the board after it."""
        ...

    def guess_before_joining(self, setup: GameSetup, typed: str) -> None: ...

    def join_again(self) -> None: ...

    def board(self) -> BoardView: ...

    def close(self) -> None: ...


class TwoPlayerDriver(GameDriver, Protocol):
    """The same code breaker's hands, in a game whose code a person made: the maker's
    view besides, and the maker's moves sent ``by=Role.MAKER``. A stage that cannot tell
    the roles apart raises ``NotImplementedError`` for the moves one role is refused."""

    def make_code(self, setup: GameSetup, maker: CodeMaker) -> None:
        """The person ``maker`` sets ``setup.secret``, and the game begins."""
        ...

    def maker_board(self) -> BoardView:
        """The board as the code maker sees it: the secret shows while in play."""
        ...

    def hint(self) -> tuple[str, ...]:
        """The code breaker asks for a hint; answer the guess suggested."""
        ...

    def code_maker(self) -> tuple[str, str | None]:
        """Who made the code, as the code breaker's board tells it: kind and name."""
        ...
