"""The decoding board: what a player sees, folded from a game's events."""

from __future__ import annotations

import enum
from collections.abc import Iterable

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
    rows: tuple[BoardRow, ...] = ()
    secret: Code | None = None
    """``None`` while the game is in play: the board shows the shield, not the code."""
    maker: CodeMaker = COMPUTER
    """Who made the code, by the name they chose, and whether they allow hints."""
    called_off: bool = False
    """Lost because the code maker ended the game."""
    note: str | None = None
    """The last note the person who made the code left the code breaker."""

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
        return len(self.rows)

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
            board = attrs.evolve(board, rows=(*board.rows, BoardRow(event.guess, event.feedback)))
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
