"""The decoding board: what a player sees, folded from a game's events."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from typing import cast, overload

import attrs

from mastermind.domain.code import Code
from mastermind.domain.decider import View
from mastermind.domain.errors import (
    GameAlreadyLost,
    GameAlreadyWon,
    GameNotStarted,
    HintsNotAllowed,
)
from mastermind.domain.feedback import Feedback
from mastermind.domain.maker import COMPUTER, CodeMaker
from mastermind.domain.messages import Event, GameLost, GameStarted, GameWon, GuessMade, NoteLeft
from mastermind.domain.rules import Rules

__all__ = ["BoardRow", "BoardSoFar", "DecodingBoard", "Outcome", "board_view", "is_given_up"]


class Outcome(enum.StrEnum):
    NOT_STARTED = "not started"
    IN_PROGRESS = "in progress"
    WON = "won"
    LOST = "lost"


@attrs.frozen
class BoardRow:
    """One guess and the key pegs it earned."""

    guess: Code
    feedback: Feedback


class _Rows(Sequence[BoardRow]):
    """A board's rows, grown one at a time without copying those before.

    Each row added links to the rows before it; the tuple of them all is built once, when
    first read, and kept, after which the links are let go. Folding a game of n guesses
    so costs n steps, not n * n / 2 copies. The rows never change: only the tuple made
    of them is remembered.
    """

    __slots__ = ("_all", "_before", "_last", "_length")

    def __init__(
        self,
        before: _Rows | None,
        last: BoardRow | None,
        length: int,
        everything: tuple[BoardRow, ...] | None,
    ) -> None:
        self._before = before
        self._last = last
        self._length = length
        self._all = everything

    @classmethod
    def of(cls, rows: Iterable[BoardRow]) -> _Rows:
        if isinstance(rows, _Rows):
            return rows
        everything = tuple(rows)
        return cls(None, None, len(everything), everything)

    def add(self, row: BoardRow) -> _Rows:
        return _Rows(self, row, self._length + 1, None)

    def all(self) -> tuple[BoardRow, ...]:
        everything = self._all
        if everything is None:
            later = []
            rows = self
            while True:
                # The links before the tuple, the reverse of the order they are let go in
                # below: links found gone mean the tuple is there.
                before, last = rows._before, rows._last
                found = rows._all
                if found is not None:
                    break
                later.append(last)
                rows = before  # type: ignore[assignment]  # only a tuple ends the chain
            later.reverse()
            everything = found + tuple(later)  # type: ignore[arg-type]
            # The tuple first, then the links: a thread reading meanwhile finds one or both.
            self._all = everything
            self._before = self._last = None
        return everything

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> BoardRow: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[BoardRow, ...]: ...
    def __getitem__(self, index: int | slice) -> BoardRow | tuple[BoardRow, ...]:
        return self.all()[index]

    def __iter__(self) -> Iterator[BoardRow]:
        return iter(self.all())

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, _Rows):
            return self._length == other._length and self.all() == other.all()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.all())

    def __repr__(self) -> str:
        return repr(self.all())


def _rows_of(rows: Iterable[BoardRow]) -> Sequence[BoardRow]:
    return _Rows.of(rows)


def _grown(board: DecodingBoard) -> _Rows:
    return cast(_Rows, board._rows)


_NO_ROWS = _Rows.of(())


def is_given_up(
    outcome: Outcome, attempts_used: int, total_attempts: int, *, called_off: bool
) -> bool:
    """Whether a game was given up: lost with attempts to spare, and not ended by the
    person who made the code. Every view of a game judges it so."""
    return outcome is Outcome.LOST and attempts_used < total_attempts and not called_off


@attrs.frozen
class DecodingBoard:
    """A game as the code breaker sees it. The secret stays hidden until the game is over."""

    game_id: str
    outcome: Outcome
    rules: Rules
    """How the game is played: its size, its symbols, and how a guess is answered."""
    # Given as ``rows=``, read as ``rows``: kept so that adding a row copies none.
    _rows: Sequence[BoardRow] = attrs.field(default=_NO_ROWS, converter=_rows_of, alias="rows")
    secret: Code | None = None
    """``None`` while the game is in play: the board shows the shield, not the code."""
    maker: CodeMaker = COMPUTER
    """Who made the code, by the name they chose, and whether they allow hints."""
    called_off: bool = False
    """Lost because the code maker ended the game."""
    note: str | None = None
    """The last note the person who made the code left the code breaker."""

    @property
    def rows(self) -> tuple[BoardRow, ...]:
        """The guesses so far, each with the key pegs it earned, first guess first."""
        return _grown(self).all()

    @property
    def total_attempts(self) -> int:
        return self.rules.attempts

    @property
    def code_length(self) -> int:
        return self.rules.length

    @property
    def available_pegs(self) -> tuple[str, ...]:
        """What a code of this game may hold: its symbols, and the blank if allowed."""
        return self.rules.pegs

    @property
    def unique(self) -> bool:
        """No symbol appears twice in a code."""
        return not self.rules.repeats

    @property
    def attempts_used(self) -> int:
        return len(self._rows)

    @property
    def attempts_left(self) -> int:
        return self.rules.attempts - self.attempts_used

    @property
    def is_over(self) -> bool:
        return self.outcome in (Outcome.WON, Outcome.LOST)

    @property
    def given_up(self) -> bool:
        """Lost with attempts to spare: the code breaker surrendered."""
        return is_given_up(
            self.outcome, self.attempts_used, self.total_attempts, called_off=self.called_off
        )

    def in_play(self) -> DecodingBoard:
        """This board, if its game is in play: the rules take guesses and hints for it.

        Raises:
            GameNotStarted, GameAlreadyWon, GameAlreadyLost: as the decider would.
        """
        if self.outcome is Outcome.WON:
            raise GameAlreadyWon(self.game_id)
        if self.outcome is Outcome.LOST:
            raise GameAlreadyLost(self.game_id)
        if self.outcome is Outcome.NOT_STARTED:
            raise GameNotStarted(self.game_id)
        return self

    def hints_allowed(self) -> DecodingBoard:
        """This board, if its code maker lets the code breaker ask for hints.

        Raises:
            HintsNotAllowed: a person made the code and does not allow hints.
        """
        if not self.maker.allows_hints:
            raise HintsNotAllowed(self.game_id)
        return self

    def with_secret(self, secret: Code | None) -> DecodingBoard:
        """This board with its secret in view, as the code maker sees it while in play."""
        return attrs.evolve(self, secret=secret)

    @classmethod
    def from_events(cls, events: Iterable[Event], game_id: str = "") -> DecodingBoard:
        """Fold a game's events into its board.

        The secret is read from ``GameStarted`` but only shown once a terminal event has
        been folded, so a board of a game in play cannot leak it.
        """
        board = board_view.fold(events).board
        return (
            board
            if board.outcome is not Outcome.NOT_STARTED
            else attrs.evolve(board, game_id=game_id)
        )


@attrs.frozen
class BoardSoFar:
    """The board folded so far, and the secret it keeps behind the shield until the end."""

    board: DecodingBoard
    secret: Code | None = attrs.field(default=None, repr=False)


def _evolve(folded: BoardSoFar, event: Event) -> BoardSoFar:
    board = folded.board
    match event:
        case GameStarted():
            started = DecodingBoard(
                event.game_id, Outcome.IN_PROGRESS, event.rules, maker=event.maker
            )
            return BoardSoFar(started, event.secret)
        case GuessMade():
            row = BoardRow(event.guess, event.feedback)
            board = attrs.evolve(board, rows=_grown(board).add(row))
        case GameWon():
            board = attrs.evolve(board, outcome=Outcome.WON, secret=folded.secret)
        case GameLost():
            board = attrs.evolve(
                board, outcome=Outcome.LOST, secret=folded.secret, called_off=event.called_off
            )
        case NoteLeft():
            board = attrs.evolve(board, note=event.text)
    return BoardSoFar(board, folded.secret)


board_view: View[Event, BoardSoFar] = View(
    _evolve, BoardSoFar(DecodingBoard("", Outcome.NOT_STARTED, Rules(0, (), 0)))
)
"""The decoding board as a view of a game's events: ``board_view.fold(events).board``."""
