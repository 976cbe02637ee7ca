"""The code breaker's answers, each declared once: a hint, a review, and a day's results.

As the board's answers in ``_answers``: one class each, written as JSON by ``encode`` for
HTTP, ``--json`` and the live stream alike.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import attrs
from msgspec import Meta

from mastermind.domain import Answer, Code
from mastermind.service._answer_rows import (
    Colours,
    Count,
    FeedbackAnswer,
    RulesAnswer,
    encode,
    key_pegs,
    said,
)
from mastermind.service._daily_results import DailyResults
from mastermind.service._hints import Hint
from mastermind.service._review import GameReview, GuessReview

__all__ = [
    "DailyResultsAnswer",
    "HintAnswer",
    "ReviewAnswer",
    "ReviewedGuessAnswer",
    "SuggestedGuess",
    "daily_results_document",
    "review_document",
]


@attrs.frozen
class HintAnswer:
    """A guess worth trying next, worked out from the board's rows alone."""

    guess: Colours
    initials: Annotated[str, Meta(description="The guess by its colours' initials.")]
    remaining: Annotated[
        Annotated[int, Meta(ge=1)] | None,
        Meta(
            description="How many codes could still be the secret; null when there "
            "are too many to count in the time a hint may take."
        ),
    ]
    incomplete: Annotated[
        bool,
        Meta(
            description="Whether the time ran out before the search finished: the "
            "guess is then the best found, and may not fit every key peg so far."
        ),
    ]
    strategy: Annotated[str, Meta(description="The code breaker's strategy that chose the guess.")]

    @classmethod
    def of(cls, hint: Hint) -> HintAnswer:
        return cls(
            list(hint.guess.pegs),
            hint.guess.initials(),
            None if hint.remaining is None else int(hint.remaining),
            bool(hint.incomplete),
            hint.strategy,
        )

    def suggestion(self) -> SuggestedGuess:
        """The hint this answer writes."""
        return SuggestedGuess(Code(self.guess), self.remaining, self.strategy, self.incomplete)


@attrs.frozen
class SuggestedGuess:
    """A hint as any code breaker may give one: the guess, the codes still possible, the
    strategy, and whether its search was cut short."""

    guess: Code
    remaining: int | None
    strategy: str
    incomplete: bool = False


@attrs.frozen
class ReviewedGuessAnswer:
    number: Annotated[int, Meta(ge=1)]
    guess: Colours
    feedback: FeedbackAnswer
    key_pegs: Annotated[str, Meta(examples=["● ● ○ ·"], description="As the board shows them.")]
    said: Annotated[str, Meta(examples=["1 bull, 2 cows"])]
    candidates_before: Annotated[int, Meta(ge=1)]
    candidates_after: Annotated[int, Meta(ge=1)]
    could_be_secret: bool
    expected_before: float
    expected_with_guess: float
    expected_after: Annotated[float, Meta(description="0 once the game is won.")]
    cost: Annotated[float, Meta(description="expected_with_guess - expected_before")]
    best_guess: list[str] | None
    exact: Annotated[bool, Meta(description="false for estimates.")]

    @classmethod
    def of(cls, guess: GuessReview, answer: Answer) -> ReviewedGuessAnswer:
        return cls(
            guess.number,
            list(guess.guess.pegs),
            FeedbackAnswer.of(guess.feedback, answer),
            key_pegs(guess.feedback, answer, len(guess.guess.pegs)),
            said(guess.feedback, answer),
            guess.candidates_before,
            guess.candidates_after,
            guess.could_be_secret,
            guess.expected_before,
            guess.expected_with_guess,
            guess.expected_after,
            guess.cost,
            None if guess.best_guess is None else list(guess.best_guess.pegs),
            guess.exact,
        )


@attrs.frozen
class ReviewAnswer:
    """A finished game, guess by guess, against the best strategy there is. Expected
    numbers of guesses count the winning guess, averaged over the codes that could be
    the secret."""

    id: str
    status: Literal["won", "lost"]
    given_up: bool
    exact: Annotated[bool, Meta(description="Whether every figure is exact.")]
    strategy: Annotated[str, Meta(examples=["optimal"])]
    expected_at_start: float
    cost: Annotated[float, Meta(description="Guesses all choices gave away.")]
    verdict: Annotated[str, Meta(description="One line on the whole game.")]
    rules: RulesAnswer
    guesses: list[ReviewedGuessAnswer]

    @classmethod
    def of(cls, review: GameReview) -> ReviewAnswer:
        return cls(
            review.game_id,
            review.outcome,  # type: ignore[arg-type]
            review.given_up,
            review.exact,
            review.strategy,
            review.expected_at_start,
            review.cost,
            review.verdict,
            RulesAnswer.of(review.rules),
            [ReviewedGuessAnswer.of(guess, review.rules.answer) for guess in review.guesses],
        )


@attrs.frozen
class DailyResultsAnswer:
    """A day's results of the daily code."""

    day: Annotated[str, Meta(extra_json_schema={"format": "date"})]
    number: Annotated[int, Meta(description="The day's number: #1 was 2026-11-23.")]
    players: Count
    wins: Count
    losses: Count
    in_play: Count
    histogram: Annotated[
        dict[str, int], Meta(description="Wins by the number of guesses they took.")
    ]
    secret: Annotated[
        list[str] | None,
        Meta(description="The day's secret once the day is over in UTC; null until then."),
    ] = None

    @classmethod
    def of(cls, results: DailyResults) -> DailyResultsAnswer:
        return cls(
            results.day.isoformat(),
            results.number,
            results.players,
            results.wins,
            results.losses,
            results.in_play,
            {str(guesses): wins for guesses, wins in results.histogram.items()},
            None if results.secret is None else list(results.secret.pegs),
        )


def review_document(review: GameReview) -> Any:
    """The review as plain JSON values: what ``GET /games/{id}/review`` answers."""
    return encode(ReviewAnswer.of(review))


def daily_results_document(results: DailyResults) -> Any:
    """The results as plain JSON values: what ``GET /daily/results`` answers, and
    ``mastermind daily --results --json`` prints."""
    return encode(DailyResultsAnswer.of(results))
