"""What the games answer, each declared once.

An answer is an attrs class whose fields are the JSON it is written as. The same class
answers ``GET /games/{id}``, prints ``mastermind show --json``, travels in the live stream
and is read back by the terminal's client of a server; the OpenAPI document describes it
from its annotations; ``encode`` and ``decode`` write and read it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

import attrs
from msgspec import Meta

from mastermind.domain import (
    Code,
    CodeMaker,
    DecodingBoard,
    GuessMade,
    MakerKind,
    NoteLeft,
    Outcome,
)
from mastermind.service._answer_rows import (
    Colours,
    Count,
    FeedbackAnswer,
    RowAnswer,
    RulesAnswer,
    encode,
)
from mastermind.service._daily_rule import utc_text
from mastermind.service._daily_streaks import DailyStats
from mastermind.service.projections import GameSummary, Statistics

if TYPE_CHECKING:
    from mastermind.service._daily_results import DailyGame

__all__ = [
    "AttemptsAnswer",
    "BoardAnswer",
    "DailyStatsAnswer",
    "LiveChange",
    "LiveDropped",
    "LiveMessage",
    "MakerAnswer",
    "OutcomeAnswer",
    "StatisticsAnswer",
    "SummaryAnswer",
    "daily_fields",
]

Status = Literal["in progress", "won", "lost"]


@attrs.frozen
class AttemptsAnswer:
    total: Annotated[int, Meta(ge=1)]
    used: Count
    left: Count


@attrs.frozen
class MakerAnswer:
    """Who made the code."""

    kind: Literal["computer", "person"]
    name: str | None
    allows_hints: Annotated[
        bool, Meta(description="Whether the code maker lets the breaker ask for hints.")
    ]

    @classmethod
    def of(cls, maker: CodeMaker) -> MakerAnswer:
        return cls(maker.kind.value, maker.name, maker.allows_hints)

    def maker(self) -> CodeMaker:
        return CodeMaker(MakerKind(self.kind), self.name, self.allows_hints)


@attrs.frozen
class BoardAnswer:
    """The decoding board: everything a player may see."""

    id: str
    status: Status
    given_up: Annotated[bool, Meta(description="Lost by giving up, with attempts to spare.")]
    called_off: Annotated[bool, Meta(description="Lost because the code maker ended the game.")]
    attempts: AttemptsAnswer
    length: Annotated[int, Meta(ge=1)]
    colours: Colours
    unique: Annotated[bool, Meta(description="Whether no colour appears twice in a code.")]
    rules: RulesAnswer
    rows: list[RowAnswer]
    secret: Annotated[
        list[str] | None,
        Meta(
            description="null until the game is over, but for the code maker; for a daily "
            "game, null for everyone until its day is over in UTC."
        ),
    ]
    hints: Annotated[bool, Meta(description="Whether a hint may be asked for now.")]
    maker: MakerAnswer
    note: Annotated[
        str | None, Meta(description="The last note the code maker left; null for none.")
    ]

    @classmethod
    def of(
        cls, board: DecodingBoard, *, hints: bool, reveal: bool = False, rows: bool = True
    ) -> BoardAnswer:
        """The board of a started game; without ``rows``, its rows left out, for a writer
        that writes them itself.

        ``secret`` is ``None`` until the game is over, unless ``reveal`` says the answer is
        the code maker's and the board is the maker's (``Games.maker_board``): this is the
        only place an answer could show it, and both must agree before it does.
        """
        shown = board.secret is not None and (board.is_over or reveal)
        return cls(
            id=board.game_id,
            status=board.outcome.value,  # type: ignore[arg-type]
            given_up=board.given_up,
            called_off=board.called_off,
            attempts=AttemptsAnswer(board.total_attempts, board.attempts_used, board.attempts_left),
            length=board.code_length,
            colours=list(board.available_pegs),
            unique=board.unique,
            rules=RulesAnswer.of(board.rules),
            rows=[RowAnswer.of(row, board.rules) for row in board.rows] if rows else [],
            secret=list(board.secret.pegs) if shown and board.secret else None,
            hints=hints and not board.is_over,
            maker=MakerAnswer.of(board.maker),
            note=board.note,
        )

    def board(self) -> DecodingBoard:
        """The board this answer shows, as far as it shows it."""
        return DecodingBoard(
            self.id,
            Outcome(self.status),
            self.rules.rules(),
            rows=tuple(row.row() for row in self.rows),
            secret=None if self.secret is None else Code(self.secret),
            maker=self.maker.maker(),
            called_off=self.called_off,
            note=self.note,
        )


@attrs.frozen
class LiveMessage:
    """The first message of a game's live stream: its last event, and the board after it."""

    version: Annotated[int, Meta(ge=1, description="The game's version after the event.")]
    type: Annotated[str, Meta(examples=["GuessMade"], description="The event's name.")]
    board: BoardAnswer
    guess: Annotated[list[str] | None, Meta(description="The guess made; null for others.")]
    feedback: FeedbackAnswer | None

    @classmethod
    def of(
        cls, version: int, event: object, board: DecodingBoard, *, hints: bool, reveal: bool
    ) -> LiveMessage:
        """The message of ``event``, the game's ``version``-th, with ``board`` after it."""
        made = event if isinstance(event, GuessMade) else None
        return cls(
            version,
            type(event).__name__,
            BoardAnswer.of(board, hints=hints, reveal=reveal),
            None if made is None else list(made.guess.pegs),
            None if made is None else FeedbackAnswer.of(made.feedback, board.rules.answer),
        )


@attrs.frozen
class OutcomeAnswer:
    """How a game ended, as its board shows it from then on."""

    status: Status
    given_up: bool
    called_off: bool
    secret: Annotated[list[str] | None, Meta(description="The code, in view once it is over.")]

    @classmethod
    def of(cls, board: DecodingBoard) -> OutcomeAnswer:
        return cls(
            board.outcome.value,  # type: ignore[arg-type]
            board.given_up,
            board.called_off,
            None if board.secret is None else list(board.secret.pegs),
        )


@attrs.frozen
class LiveChange:
    """A message of a game's live stream after its first: the event, and only what it
    changed on the board the stream sent first; applied in order, the changes make the
    board that ``GET /games/{id}`` answers."""

    version: Annotated[int, Meta(ge=1, description="The game's version after the event.")]
    type: Annotated[str, Meta(examples=["GuessMade"], description="The event's name.")]
    attempts: AttemptsAnswer
    hints: Annotated[bool, Meta(description="Whether a hint may be asked for now.")]
    row: Annotated[RowAnswer | None, Meta(description="The row a guess added; null for others.")]
    outcome: Annotated[
        OutcomeAnswer | None, Meta(description="How the game ended; null until it has.")
    ]
    note: Annotated[str | None, Meta(description="The note left; null for other events.")]

    @classmethod
    def of(cls, version: int, event: object, board: DecodingBoard, *, hints: bool) -> LiveChange:
        """What ``event``, the game's ``version``-th, changed, with ``board`` after it."""
        made = event if isinstance(event, GuessMade) else None
        return cls(
            version,
            type(event).__name__,
            AttemptsAnswer(board.total_attempts, board.attempts_used, board.attempts_left),
            hints and not board.is_over,
            None if made is None else RowAnswer.of(board.rows[-1], board.rules),
            OutcomeAnswer.of(board) if board.is_over else None,
            event.text if isinstance(event, NoteLeft) else None,
        )


@attrs.frozen
class LiveDropped:
    """The last message of a stream the server ends before the game does: the client
    asks again with ``Last-Event-ID`` and goes on where it was."""

    reason: Annotated[
        Literal["too slow"],
        Meta(description="Why: the client read more slowly than the game went on."),
    ]
    detail: str


@attrs.frozen
class SummaryAnswer:
    """One line of the list of games."""

    id: str
    status: Status
    given_up: bool
    called_off: bool
    attempts: AttemptsAnswer
    length: Annotated[int, Meta(ge=1)]
    colours: Annotated[int, Meta(ge=1, description="How many symbols a code is made of.")]
    rules: Annotated[
        str | None,
        Meta(examples=["bulls-and-cows"], description="The preset; null for rules of one's own."),
    ]

    @classmethod
    def of(cls, summary: GameSummary) -> SummaryAnswer:
        used, total = summary.attempts_used, summary.total_attempts
        return cls(
            summary.game_id,
            summary.outcome.value,  # type: ignore[arg-type]
            summary.given_up,
            summary.called_off,
            AttemptsAnswer(total, used, total - used),
            summary.code_length,
            summary.colours,
            summary.rules,
        )


@attrs.frozen
class StatisticsAnswer:
    """How the code breakers have fared, across every game."""

    games_played: Count
    won: Count
    lost: Annotated[int, Meta(ge=0, description="Lost by running out of attempts.")]
    given_up: Count
    called_off: Count
    in_progress: Count
    average_guesses_per_win: float | None
    guesses_per_win: Annotated[
        dict[str, int], Meta(description="Wins by the number of guesses they took.")
    ]

    @classmethod
    def of(cls, statistics: Statistics) -> StatisticsAnswer:
        return cls(
            statistics.games_played,
            statistics.won,
            statistics.lost,
            statistics.given_up,
            statistics.called_off,
            statistics.in_progress,
            statistics.average_guesses_per_win,
            {str(guesses): count for guesses, count in statistics.guesses_per_win.items()},
        )


@attrs.frozen
class DailyStatsAnswer:
    """A player's daily record, apart from every other game, and when the next code comes."""

    number: Annotated[int, Meta(description="Today's number: #1 was 2026-11-23.")]
    day: Annotated[str, Meta(extra_json_schema={"format": "date"})]
    played: Annotated[int, Meta(ge=0, description="Daily games the player began.")]
    won: Count
    streak: Annotated[
        int,
        Meta(
            ge=0,
            description="Days won in a row up to today or yesterday; a day lost or missed ends it.",
        ),
    ]
    best_streak: Count
    next_code_at: Annotated[
        str,
        Meta(
            description="When the next code comes: 00:00 UTC.",
            extra_json_schema={"format": "date-time"},
        ),
    ]

    @classmethod
    def of(cls, stats: DailyStats) -> DailyStatsAnswer:
        return cls(
            stats.number,
            stats.day.isoformat(),
            stats.played,
            stats.won,
            stats.streak,
            stats.best_streak,
            utc_text(stats.next_code_at),
        )


def daily_fields(game: DailyGame, stats: DailyStats, link: str | None) -> dict[str, Any]:
    """What a daily game's answer adds to its board, the same over HTTP and in
    ``mastermind daily --json``: its day and number, the result to share and the link
    that opens the day (``None`` where there is no server), when the secret shows, and
    the player's record."""
    return {
        "day": game.day.isoformat(),
        "number": game.number,
        "share": game.share,
        "link": link,
        "secret_shown_at": utc_text(game.secret_shown_at),
        "secret_notice": game.secret_notice,
        "stats": encode(DailyStatsAnswer.of(stats)),
    }
