"""What the games answer, each declared once.

An answer is an attrs class whose fields are the JSON it is written as. The same class
answers ``GET /games/{id}``, prints ``mastermind show --json``, travels in the live stream
and is read back by the terminal's client of a server; the OpenAPI document describes it
from its annotations. ``encode`` writes any answer as plain JSON values and ``decode``
reads one back, checking what the annotations promise.
"""

from __future__ import annotations

import functools
from typing import Annotated, Any, Literal, TypeVar

import attrs
import cattrs
import cattrs.gen
import msgspec
from msgspec import Meta

from mastermind.domain import (
    BLANK,
    MAX_ATTEMPTS,
    MAX_LENGTH,
    Answer,
    BoardRow,
    Code,
    CodeMaker,
    DecodingBoard,
    Feedback,
    GuessMade,
    MakerKind,
    Outcome,
    Rules,
)
from mastermind.service.projections import GameSummary, Statistics

__all__ = [
    "AttemptsAnswer",
    "BoardAnswer",
    "Colours",
    "Count",
    "FeedbackAnswer",
    "LiveMessage",
    "MakerAnswer",
    "RowAnswer",
    "RulesAnswer",
    "StatisticsAnswer",
    "SummaryAnswer",
    "decode",
    "encode",
]

A = TypeVar("A")

Count = Annotated[int, Meta(ge=0)]
Colours = Annotated[list[str], Meta(description="Colour names, one a peg.")]
Status = Literal["in progress", "won", "lost"]


_WRITER = cattrs.Converter()
"""Writes an answer's fields in the order they are declared, as a reader expects them."""
AnswerKind = Literal["black-and-white", "black-only", "bulls-and-cows"]


def encode(answer: object) -> Any:
    """``answer`` as plain JSON values: dicts, lists, strings, numbers, booleans, null."""
    return _WRITER.unstructure(answer)


def decode(document: object, answer: type[A]) -> A:
    """The answer that ``document`` writes, as :func:`encode` wrote it.

    Raises:
        ValueError: the document is not such an answer.
    """
    try:
        return msgspec.convert(document, answer)
    except msgspec.ValidationError as error:
        raise ValueError(f"not a {answer.__name__}: {error}") from None


@attrs.frozen
class RulesAnswer:
    """The rules a game is played by."""

    name: Annotated[
        str | None,
        Meta(examples=["classic"], description="The preset these rules are; null for others."),
    ]
    length: Annotated[int, Meta(ge=1, le=MAX_LENGTH, description="The pegs of a code.")]
    symbols: Annotated[
        list[str], Meta(description="The colours, or digits, of a code, the blank aside.")
    ]
    attempts: Annotated[int, Meta(ge=1, le=MAX_ATTEMPTS)]
    repeats: Annotated[bool, Meta(description="Whether a symbol may appear twice in a code.")]
    blanks: Annotated[bool, Meta(description="Whether a hole may stay blank.")]
    blank: Annotated[
        str | None, Meta(description=f'The blank peg, "{BLANK}", where holes may stay blank.')
    ]
    answer: Annotated[AnswerKind, Meta(description="How each guess is answered.")]
    words: Annotated[
        list[list[str]],
        Meta(
            examples=[[["bull", "bulls"], ["cow", "cows"]]],
            description="Each count of the answer by name, singular and plural, in order.",
        ),
    ]

    @classmethod
    def of(cls, rules: Rules) -> RulesAnswer:
        return _rules(rules)

    def rules(self) -> Rules:
        return Rules(
            self.length,
            tuple(self.symbols),
            self.attempts,
            self.repeats,
            self.blanks,
            Answer(self.answer),
        )


@functools.lru_cache(maxsize=64)
def _rules(rules: Rules) -> RulesAnswer:
    return RulesAnswer(
        rules.name,
        rules.length,
        list(rules.symbols),
        rules.attempts,
        rules.repeats,
        rules.blanks,
        BLANK if rules.blanks else None,
        rules.answer.value,
        [list(words) for words in rules.answer.words],
    )


@attrs.frozen
class FeedbackAnswer:
    """A guess's answer, counted. A game answered in black pegs only has no white count."""

    black: Annotated[int, Meta(ge=0, description="Right symbol, right place: bulls.")]
    white: (
        Annotated[
            int,
            Meta(ge=0, description="Right symbol, wrong place: cows. Absent in black-peg games."),
        ]
        | None
    ) = None

    @classmethod
    def of(cls, feedback: Feedback, answer: Answer = Answer.BLACK_AND_WHITE) -> FeedbackAnswer:
        return _feedback(feedback, answer.counts_white)

    def feedback(self) -> Feedback:
        return Feedback(self.black, self.white or 0)


@functools.lru_cache(maxsize=256)
def _feedback(feedback: Feedback, counts_white: bool = True) -> FeedbackAnswer:
    """A board answers every one of its rows each time, and a game of four pegs has 14
    kinds of feedback: each is made once."""
    return FeedbackAnswer(feedback.black, feedback.white if counts_white else None)


_WRITER.register_unstructure_hook(
    FeedbackAnswer,
    cattrs.gen.make_dict_unstructure_fn(
        FeedbackAnswer, _WRITER, white=cattrs.gen.override(omit_if_default=True)
    ),
)


@functools.lru_cache(maxsize=256)
def _key_pegs(feedback: Feedback) -> str:
    return str(feedback)


@attrs.frozen
class RowAnswer:
    """One row of the board: a guess and its answer."""

    guess: Colours
    feedback: FeedbackAnswer
    key_pegs: Annotated[str, Meta(examples=["B B W"], description="As the board shows them.")]
    said: Annotated[
        str, Meta(examples=["1 bull, 2 cows"], description="The answer in the rules' words.")
    ]

    @classmethod
    def of(cls, row: BoardRow, rules: Rules) -> RowAnswer:
        return _row(row, rules.answer)

    def row(self) -> BoardRow:
        return BoardRow(Code(self.guess), self.feedback.feedback())


@functools.lru_cache(maxsize=4096)
def _row(row: BoardRow, answer: Answer) -> RowAnswer:
    """A board answers all its rows each time, and a row never changes: each is made once
    while it is in use."""
    return RowAnswer(
        list(row.guess.pegs),
        _feedback(row.feedback, answer.counts_white),
        _key_pegs(row.feedback),
        said(row.feedback, answer),
    )


@functools.lru_cache(maxsize=256)
def said(feedback: Feedback, answer: Answer) -> str:
    """``feedback`` in the words of ``answer``, such as ``"1 bull, 2 cows"``."""
    return Rules(answer=answer).describe(feedback)


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
        Meta(description="null until the game is over, but for the code maker."),
    ]
    hints: Annotated[bool, Meta(description="Whether a hint may be asked for now.")]
    maker: MakerAnswer
    note: Annotated[
        str | None, Meta(description="The last note the code maker left; null for none.")
    ]

    @classmethod
    def of(cls, board: DecodingBoard, *, hints: bool, reveal: bool = False) -> BoardAnswer:
        """The board of a started game.

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
            rules=_rules(board.rules),
            rows=[_row(row, board.rules.answer) for row in board.rows],
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
    """One message of a game's live stream: what happened, and the board after it."""

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
            None if made is None else _feedback(made.feedback, board.rules.answer.counts_white),
        )


@attrs.frozen
class SummaryAnswer:
    """One line of the list of games."""

    id: str
    status: Status
    given_up: bool
    called_off: bool
    attempts: AttemptsAnswer
    length: Annotated[int, Meta(ge=1)]
    colours: Annotated[int, Meta(ge=1, description="How many colours the palette has.")]

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
