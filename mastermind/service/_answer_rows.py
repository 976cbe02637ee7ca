"""The rules of a game and each row of its board, as the games answer them, and how
every answer is written and read.

An answer is an attrs class whose fields are the JSON it is written as; ``encode``
writes any answer as plain JSON values and ``decode`` reads one back, checking what the
annotations promise. A game's rules give the words of its answers, and a game answered
in black pegs alone never writes a white count.
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
    PRESETS,
    Answer,
    BoardRow,
    Code,
    Feedback,
    Rules,
)

__all__ = [
    "Colours",
    "Count",
    "FeedbackAnswer",
    "PresetsAnswer",
    "RowAnswer",
    "RulesAnswer",
    "decode",
    "encode",
    "key_pegs",
    "said",
]

A = TypeVar("A")

Count = Annotated[int, Meta(ge=0)]
Colours = Annotated[list[str], Meta(description="Colour names, one a peg.")]


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
    title: Annotated[
        str | None, Meta(examples=["Bulls and Cows"], description="The preset's title.")
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
        rules.title,
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
class PresetsAnswer:
    """The members of the family every way in knows by name, the classic game first."""

    presets: list[RulesAnswer]

    @classmethod
    def of(cls) -> PresetsAnswer:
        return cls([RulesAnswer.of(rules) for rules in PRESETS.values()])


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


@functools.lru_cache(maxsize=1024)
def key_pegs(feedback: Feedback, answer: Answer, length: int) -> str:
    """The key pegs of a guess of ``length`` pegs as a board shows them, in the marks the
    domain declares: ``"● ● ○ ·"``; ``"● · · ·"`` in a game answered in black pegs alone;
    in Bulls and Cows, whose answers are no pegs, the rules' words: ``"1 bull, 2 cows"``."""
    if answer is Answer.BULLS_AND_COWS:
        return answer.describe(feedback)
    shown = feedback if answer.counts_white else Feedback(feedback.black, 0)
    return shown.marks(length)


@attrs.frozen
class RowAnswer:
    """One row of the board: a guess and its answer."""

    guess: Colours
    feedback: FeedbackAnswer
    key_pegs: Annotated[
        str,
        Meta(
            examples=["● ● ○ ·"],
            description="As the board shows them: ● right place, ○ wrong place, · none; "
            "in Bulls and Cows, the answer in words.",
        ),
    ]
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
        key_pegs(row.feedback, answer, len(row.guess.pegs)),
        said(row.feedback, answer),
    )


@functools.lru_cache(maxsize=256)
def said(feedback: Feedback, answer: Answer) -> str:
    """``feedback`` in the words of ``answer``, such as ``"1 bull, 2 cows"``."""
    return answer.describe(feedback)
