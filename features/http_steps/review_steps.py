"""The HTTP stage sends ``GET /games/{id}/review`` as the game's player."""

from typing import Any

from steps.review_steps import *
from steps.review_steps import REVIEWERS


def review_over_http(driver: Any) -> dict[str, Any]:
    review: dict[str, Any] = driver._send("GET", f"/games/{driver.game_id}/review")
    return review


REVIEWERS["http"] = review_over_http
