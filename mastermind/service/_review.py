"""The review of a finished game: a read model over its board, with the code breaker's figures.

The figures come through a port, ``ReviewSource``, as hints do: the service knows what a
review says, and the solver how to work its numbers out. The verdict is written here
once; every entry point shows the same line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from mastermind.domain import Code, DecodingBoard, Feedback, GameError, Outcome, Rules
from mastermind.service._hints import HintUnavailable

__all__ = [
    "GameNotOver",
    "GameReview",
    "GuessFigures",
    "GuessReview",
    "ReviewFigures",
    "ReviewSource",
    "ReviewUnavailable",
]


class GuessFigures(Protocol):
    """What the code breaker works out for one guess; see :class:`GuessReview`."""

    @property
    def candidates_before(self) -> int: ...
    @property
    def candidates_after(self) -> int: ...
    @property
    def could_be_secret(self) -> bool: ...
    @property
    def expected_before(self) -> float: ...
    @property
    def expected_with_guess(self) -> float: ...
    @property
    def expected_after(self) -> float: ...
    @property
    def cost(self) -> float: ...
    @property
    def best_guess(self) -> Code | None: ...
    @property
    def exact(self) -> bool: ...


class ReviewFigures(Protocol):
    """The code breaker's figures for a whole game."""

    @property
    def strategy(self) -> str: ...
    @property
    def expected_at_start(self) -> float: ...
    @property
    def exact(self) -> bool: ...
    @property
    def guesses(self) -> Sequence[GuessFigures]: ...


class ReviewSource(Protocol):
    """A code breaker that values a finished game's guesses from its board's rows.

    ``Games(store, reviews=...)`` takes one: ``mastermind.hints.SolverReviews()`` is the
    solver's, and any object with this method will do.
    """

    def figures(self, board: DecodingBoard) -> ReviewFigures:
        """The figures of every row of a finished game's board, in order.

        Raises:
            ReviewUnavailable: the code breaker is not installed, or the game is too large.
        """
        ...


REVIEWS_NOT_WIRED = (
    "These games have no code breaker for reviews: wire one in with"
    " Games(store, reviews=...), such as mastermind.hints.SolverReviews() for the solver's."
)
"""What ``Games.review`` says when it was made without ``reviews``."""


def check_review_source(reviews: object) -> None:
    """Refuse ``reviews`` unless it is ``None`` or has the method of a ``ReviewSource``.

    Raises:
        TypeError: ``reviews`` has no ``figures``.
    """
    if reviews is not None and not callable(getattr(reviews, "figures", None)):
        raise TypeError(
            "reviews must be a ReviewSource, with figures(board),"
            " such as mastermind.hints.SolverReviews(), or None;"
            f" {type(reviews).__name__} has no figures"
        )


class GameNotOver(GameError):
    """A game in play has no review yet: it would tell the player what to guess."""

    def __init__(self, game_id: str) -> None:
        super().__init__(game_id, "The game is still in play: it can be reviewed once it is over.")


class ReviewUnavailable(HintUnavailable):
    """No review can be had: no code breaker is wired into the games, the solver is not
    installed, or the game is too large.

    A kind of ``HintUnavailable``: both need the code breaker, and a caller that reports
    one reports the other alike.
    """


@attrs.frozen
class GuessReview:
    """One guess of a finished game, against the best strategy there is for it.

    Expected numbers of guesses count the guesses still to make, the winning one included,
    averaged over the codes that could be the secret, each as likely as the others.
    """

    number: int
    """1 for the first guess."""
    guess: Code
    feedback: Feedback
    candidates_before: int
    """Codes that could still be the secret before this guess."""
    candidates_after: int
    """Codes that could still be the secret after its feedback."""
    could_be_secret: bool
    """Whether this guess was one of the codes that could be the secret."""
    expected_before: float
    """Guesses the best strategy needs from the position before this guess."""
    expected_with_guess: float
    """This guess, and then the best strategy: what choosing this guess was worth."""
    expected_after: float
    """Guesses the best strategy needs from where the player stood after it; 0 once won."""
    cost: float
    """``expected_with_guess - expected_before``: the guesses this choice gave away."""
    best_guess: Code | None
    """A guess that the best strategy makes here."""
    exact: bool
    """Whether these figures are exact, rather than estimates."""


@attrs.frozen
class GameReview:
    """A finished game, guess by guess, with a one-line verdict."""

    game_id: str
    outcome: str
    """"won" or "lost"."""
    given_up: bool
    exact: bool
    """Whether every figure is exact."""
    strategy: str
    """The strategy the figures measure against."""
    expected_at_start: float
    """Guesses the best strategy needs, on average, from the empty board."""
    guesses: tuple[GuessReview, ...]
    cost: float
    """The guesses all choices together gave away, on average."""
    verdict: str
    rules: Rules = attrs.field(factory=Rules)
    """The rules the game was played by, in whose words its answers are given."""
    judgement: str | None = None
    """The verdict without how the game ended, which a player who just saw it end needs
    not read twice: ``"On average, your choices cost 0.5 guesses above the optimum."``;
    ``None`` where no guess was made, so there is nothing to judge."""


def review_of(board: DecodingBoard, figures: ReviewFigures) -> GameReview:
    """The review of a finished game's board, with the code breaker's figures of its rows."""
    guesses = tuple(
        GuessReview(
            number=number,
            guess=row.guess,
            feedback=row.feedback,
            candidates_before=figure.candidates_before,
            candidates_after=figure.candidates_after,
            could_be_secret=figure.could_be_secret,
            expected_before=figure.expected_before,
            expected_with_guess=figure.expected_with_guess,
            expected_after=figure.expected_after,
            cost=figure.cost,
            best_guess=figure.best_guess,
            exact=figure.exact,
        )
        for number, (row, figure) in enumerate(zip(board.rows, figures.guesses, strict=True), 1)
    )
    cost = round(sum(guess.cost for guess in guesses), 9)
    return GameReview(
        game_id=board.game_id,
        outcome=board.outcome.value,
        given_up=board.given_up,
        exact=figures.exact,
        strategy=figures.strategy,
        expected_at_start=figures.expected_at_start,
        guesses=guesses,
        cost=cost,
        verdict=_verdict(board, guesses, cost, figures.exact, figures.expected_at_start),
        rules=board.rules,
        judgement=_judgement(guesses, cost, figures.exact, figures.expected_at_start),
    )


def _verdict(
    board: DecodingBoard,
    guesses: tuple[GuessReview, ...],
    cost: float,
    exact: bool,
    expected_at_start: float,
) -> str:
    made = _guesses(len(guesses))
    if board.outcome is Outcome.WON:
        opening = f"Solved in {made}"
    elif not guesses:
        opening = "Given up before any guess" if board.given_up else "Not solved"
    elif board.given_up:
        opening = f"Given up after {made}"
    else:
        opening = f"Not solved in {made}"
    judgement = _judgement(guesses, cost, exact, expected_at_start)
    if judgement is None:
        return f"{opening}: nothing to review."
    return f"{opening}; {judgement[:1].lower()}{judgement[1:]}"


def _judgement(
    guesses: tuple[GuessReview, ...], cost: float, exact: bool, expected_at_start: float
) -> str | None:
    """What the review says of the choices made, as a sentence of its own."""
    if not guesses:
        return None
    if round(cost, 2) == 0:
        judged = "as good as the best strategy's" + ("" if exact else ", by estimate")
        return f"Every choice was {judged} ({expected_at_start:.2f} on average from the start)."
    above = f"{_figure(cost)} {'guess' if _figure(cost) == '1' else 'guesses'} above the optimum"
    estimated = "" if exact else "about "
    return f"On average, your choices cost {estimated}{above}."


def _guesses(count: int) -> str:
    return "1 guess" if count == 1 else f"{count} guesses"


def _figure(value: float) -> str:
    """At most two decimals, and none that say nothing: 1.2, 0.05, 2."""
    return f"{value:.2f}".rstrip("0").rstrip(".")
