"""The review of a finished game, as ``Games`` builds it from the board and the solver."""

from __future__ import annotations

import attrs
import pytest

from mastermind.domain import Code, DecodingBoard
from mastermind.hints import SolverReviews
from mastermind.service import (
    AmbiguousGameId,
    FixedSecrets,
    GameNotFound,
    GameNotOver,
    Games,
    NoGameOver,
    ReviewUnavailable,
)
from mastermind.store import InMemoryEventStore


@attrs.frozen
class Figures:
    candidates_before: int = 10
    candidates_after: int = 1
    could_be_secret: bool = True
    expected_before: float = 2.0
    expected_with_guess: float = 2.0
    expected_after: float = 0.0
    cost: float = 0.0
    best_guess: Code | None = None
    exact: bool = True


@attrs.frozen
class GameFigures:
    guesses: tuple[Figures, ...]
    strategy: str = "fake"
    expected_at_start: float = 3.0
    exact: bool = True


class FakeReviews:
    """Figures for the tests: every guess costs ``cost``, and boards asked are kept."""

    def __init__(self, cost: float = 0.0, exact: bool = True) -> None:
        self.cost = cost
        self.exact = exact
        self.asked: list[DecodingBoard] = []

    def figures(self, board: DecodingBoard) -> GameFigures:
        self.asked.append(board)
        row = Figures(cost=self.cost, expected_with_guess=2.0 + self.cost, exact=self.exact)
        return GameFigures(tuple(row for _ in board.rows), exact=self.exact)


def games_with(reviews: object, secret: str = "RGBY", games: int = 2) -> Games:
    secrets = FixedSecrets(*[secret] * games)
    return Games(InMemoryEventStore(), secrets, reviews=reviews)  # type: ignore[arg-type]


def test_a_game_in_play_has_no_review_and_the_code_breaker_is_not_asked() -> None:
    reviews = FakeReviews()
    games = games_with(reviews)
    game_id = games.join()
    games.guess(game_id, "RRGG")

    with pytest.raises(GameNotOver):
        games.review(game_id)
    assert reviews.asked == []


def test_a_won_game_is_reviewed_guess_by_guess_from_its_board() -> None:
    games = games_with(FakeReviews())
    game_id = games.join()
    games.guess(game_id, "RRGG")
    games.guess(game_id, "RGBY")

    review = games.review(game_id)

    assert review.outcome == "won"
    assert [guess.number for guess in review.guesses] == [1, 2]
    assert [str(guess.guess) for guess in review.guesses] == [
        "Red Red Green Green",
        "Red Green Blue Yellow",
    ]
    assert str(review.guesses[1].feedback) == "B B B B"
    assert review.verdict == (
        "Solved in 2 guesses; every choice was as good as the best strategy's"
        " (3.00 on average from the start)."
    )


def test_the_verdict_adds_up_the_cost_of_every_choice() -> None:
    games = games_with(FakeReviews(cost=0.6))
    game_id = games.join()
    games.guess(game_id, "RRGG")
    games.guess(game_id, "RGBY")

    review = games.review(game_id)

    assert review.cost == pytest.approx(1.2)
    assert (
        review.verdict
        == "Solved in 2 guesses; on average, your choices cost 1.2 guesses above the optimum."
    )


def test_an_estimated_review_says_so_in_its_verdict() -> None:
    games = games_with(FakeReviews(cost=0.5, exact=False))
    game_id = games.join()
    games.guess(game_id, "RGBY")

    review = games.review(game_id)

    assert not review.exact
    assert "about 0.5 guesses above the optimum" in review.verdict


def test_a_game_given_up_is_reviewed_as_given_up() -> None:
    games = games_with(FakeReviews())
    game_id = games.join()
    for guess in ("RRRR", "GGGG", "BBBB"):
        games.guess(game_id, guess)
    games.give_up(game_id)

    review = games.review(game_id)

    assert (review.outcome, review.given_up) == ("lost", True)
    assert review.verdict.startswith("Given up after 3 guesses;")


def test_a_review_takes_the_start_of_a_games_id() -> None:
    games = games_with(FakeReviews())
    game_id = games.join()
    games.guess(game_id, "RGBY")

    assert games.review(game_id[:6]).game_id == game_id


def test_unknown_and_ambiguous_ids_are_refused() -> None:
    games = Games(
        InMemoryEventStore(),
        FixedSecrets("RGBY", "RGBY"),
        new_game_id=iter(["ab1", "ab2"]).__next__,
    )
    games.join()
    games.join()
    with pytest.raises(GameNotFound):
        games.review("zz")
    with pytest.raises(AmbiguousGameId):
        games.review("ab")


def test_without_a_code_breaker_a_finished_game_has_no_review() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets("RGBY"))
    game_id = games.join()
    games.guess(game_id, "RGBY")

    with pytest.raises(ReviewUnavailable, match="solver"):
        games.review(game_id)


def test_the_latest_game_over_is_the_last_started_of_those_finished() -> None:
    games = games_with(FakeReviews())
    with pytest.raises(NoGameOver):
        games.latest_over()
    first = games.join()
    games.guess(first, "RGBY")
    games.join()  # in play

    assert games.latest_over() == first


def test_the_solver_reviews_a_game_played_well_as_costing_nothing() -> None:
    games = games_with(SolverReviews())
    game_id = games.join()
    for guess in ("RRGB", "RYRP", "ROBR", "RGBY"):  # the optimal strategy's, for this secret
        games.guess(game_id, guess)

    review = games.review(game_id)

    assert review.exact
    assert review.strategy == "optimal"
    assert review.expected_at_start == pytest.approx(5625 / 1296)
    assert [guess.candidates_before for guess in review.guesses] == [1296, 84, 19, 2]
    assert review.verdict == (
        "Solved in 4 guesses; every choice was as good as the best strategy's"
        " (4.34 on average from the start)."
    )


def test_the_solver_does_not_review_games_larger_than_it_plays() -> None:
    games = Games(InMemoryEventStore(), reviews=SolverReviews())
    game_id = games.join(1, [f"C{number}" for number in range(10)], 6)
    games.give_up(game_id)

    with pytest.raises(ReviewUnavailable, match="at most"):
        games.review(game_id)
