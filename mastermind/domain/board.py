"""The decoding board: what a player sees, folded from a game's events."""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from mastermind.domain.code import Code
from mastermind.domain.feedback import Feedback
from mastermind.domain.messages import Event, GameLost, GameStarted, GameWon, GuessMade


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


@attrs.frozen
class DecodingBoard:
    """A game as the code breaker sees it. The secret stays hidden until the game is over."""

    game_id: str
    outcome: Outcome
    total_attempts: int
    code_length: int
    available_pegs: tuple[str, ...]
    rows: tuple[BoardRow, ...] = ()
    secret: Code | None = None
    """``None`` while the game is in play: the board shows the shield, not the code."""

    @property
    def attempts_used(self) -> int:
        return len(self.rows)

    @property
    def attempts_left(self) -> int:
        return self.total_attempts - self.attempts_used

    @property
    def is_over(self) -> bool:
        return self.outcome in (Outcome.WON, Outcome.LOST)

    @property
    def gave_up(self) -> bool:
        """Lost with attempts to spare: the code breaker surrendered."""
        return self.outcome is Outcome.LOST and self.attempts_left > 0

    @classmethod
    def from_events(cls, events: Iterable[Event], game_id: str = "") -> DecodingBoard:
        """Fold a game's events into its board.

        The secret is read from ``GameStarted`` but only shown once a terminal event has
        been folded, so a board of a game in play cannot leak it.
        """
        board = cls(game_id, Outcome.NOT_STARTED, 0, 0, ())
        secret: Code | None = None
        for event in events:
            match event:
                case GameStarted():
                    secret = event.secret
                    board = cls(
                        event.game_id,
                        Outcome.IN_PROGRESS,
                        event.total_attempts,
                        event.code_length,
                        event.available_pegs,
                    )
                case GuessMade():
                    row = BoardRow(event.guess, event.feedback)
                    board = attrs.evolve(board, rows=(*board.rows, row))
                case GameWon():
                    board = attrs.evolve(board, outcome=Outcome.WON, secret=secret)
                case GameLost():
                    board = attrs.evolve(board, outcome=Outcome.LOST, secret=secret)
        return board
