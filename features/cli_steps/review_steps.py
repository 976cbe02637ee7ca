"""The terminal stage runs ``mastermind review ID --json``."""

from typing import Any

from steps.review_steps import *
from steps.review_steps import REVIEWERS


def review_by_the_command(driver: Any) -> dict[str, Any]:
    review: dict[str, Any] = driver._run("review", driver.game_id)
    return review


REVIEWERS["cli"] = review_by_the_command
