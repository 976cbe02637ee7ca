"""Steps of the review of a finished game, shared by every stage that has one.

How a review is asked for differs by stage: each stage's own ``review_steps`` registers
its way in ``REVIEWERS``. The bare decider has no reviews: the feature is tagged
``@service``, and its stage skips it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from behave import then, when

from steps.game_steps import _ensure_joined
from support.driver import Rejected

Review = dict[str, Any]
"""A review as the HTTP API answers it (``mastermind.service.review_document``)."""

REVIEWERS: dict[str, Callable[[Any], Review]] = {}
"""By stage: how to ask the stage's driver for the review of its game."""


@when("I ask for the review of the game")
def ask_for_review(context: Any) -> None:
    reviewer = REVIEWERS[context.stage]
    _ensure_joined(context)
    context.review, context.rejection = None, None
    try:
        context.review = reviewer(context.driver)
    except Rejected as rejection:
        context.rejection = rejection


def _review(context: Any) -> Review:
    assert context.rejection is None, context.rejection
    review: Review = context.review
    return review


@then("the review should show {count:d} guesses")
@then("the review should show {count:d} guess")
def guesses_reviewed(context: Any, count: int) -> None:
    assert len(_review(context)["guesses"]) == count, _review(context)


@then("the codes that could be the secret should go from {counts}")
def candidates_reviewed(context: Any, counts: str) -> None:
    words = counts.replace(" to ", ", ").replace(" and ", ", ")
    expected = [int(count) for count in words.split(", ")]
    guesses = _review(context)["guesses"]
    shown = [guesses[0]["candidates_before"], *(guess["candidates_after"] for guess in guesses)]
    assert shown == expected, shown


@then("every guess should have cost nothing")
def nothing_lost(context: Any) -> None:
    review = _review(context)
    assert review["exact"], review
    assert [guess["cost"] for guess in review["guesses"]] == [0.0] * len(review["guesses"])


@then("guess {number:d} should have cost {cost:g} guess")
@then("guess {number:d} should have cost {cost:g} guesses")
def guess_cost(context: Any, number: int, cost: float) -> None:
    guess = _review(context)["guesses"][number - 1]
    assert guess["exact"], guess
    assert abs(guess["cost"] - cost) < 1e-9, guess


@then("guess {number:d} should not have been able to be the secret")
def not_a_candidate(context: Any, number: int) -> None:
    assert not _review(context)["guesses"][number - 1]["could_be_secret"]


@then('the verdict should say "{words}"')
def verdict_says(context: Any, words: str) -> None:
    verdict = _review(context)["verdict"]
    assert words in verdict, verdict
    assert "\n" not in verdict


@then("the review should be refused because the game is not over")
def refused_in_play(context: Any) -> None:
    assert context.rejection is not None, "the review was given"
    assert context.rejection.error == "GameNotOver", context.rejection
