"""The service stage asks ``Games.review`` for the review."""

from typing import Any

from mastermind import GameError
from mastermind.hints import SolverReviews
from mastermind.service import Games, review_document
from steps.review_steps import *
from steps.review_steps import REVIEWERS
from support.driver import Rejected


def review_by_the_service(driver: Any) -> dict[str, Any]:
    # The stage's games have no code breaker; a review asks the solver, over the same store.
    games = Games(driver.application.store, reviews=SolverReviews())
    try:
        return review_document(games.review(driver.game_id))
    except GameError as error:
        raise Rejected(type(error).__name__, error.message) from error


REVIEWERS["service"] = review_by_the_service
