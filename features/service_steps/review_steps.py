"""The service stage asks ``Games.review`` for the review, as the application was built."""

from typing import Any

from mastermind import GameError
from mastermind.service import ReviewAnswer, encode
from steps.review_steps import *
from steps.review_steps import REVIEWERS
from support.driver import Rejected


def review_by_the_service(driver: Any) -> dict[str, Any]:
    try:
        review: dict[str, Any] = encode(ReviewAnswer.of(driver.games.review(driver.game_id)))
    except GameError as error:
        raise Rejected(type(error).__name__, error.message) from error
    return review


REVIEWERS["service"] = review_by_the_service
