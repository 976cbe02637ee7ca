"""Scenario hooks shared by every stage's environment file."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from support.driver import GameDriver, GameSetup

Hook = Callable[[Any, Any], None]


def make_scenario_hooks(stage: str, new_driver: Callable[[], GameDriver]) -> tuple[Hook, Hook]:
    """Give each scenario a fresh driver; skip scenarios tagged for another stage.

    ``@decider`` scenarios exercise states that only the bare decider can reach,
    such as a guess on a game nobody joined. ``@service`` scenarios ask for what the
    application builds over the decider, such as a review, which the bare decider lacks.
    A scenario tagged ``@only.<stage>.<stage>...`` runs on the stages it names alone,
    such as ``@only.http`` for what only the HTTP API has.
    """

    def before_scenario(context: Any, scenario: Any) -> None:
        if "decider" in scenario.effective_tags and stage != "decider":
            scenario.skip(f"only the bare decider can reach this state, not the {stage} stage")
            return
        if "service" in scenario.effective_tags and stage == "decider":
            scenario.skip("the bare decider keeps no read model; the other stages have one")
            return
        for tag in scenario.effective_tags:
            stages = tag.split(".")[1:] if tag.startswith("only.") else [stage]
            if stage not in stages:
                scenario.skip(f"only the {', '.join(stages)} stages run this, not the {stage}")
                return
        context.stage = stage
        context.driver = new_driver()
        context.setup = GameSetup()
        context.joined = False
        context.rejection = None
        context.feedback = None
        context.answered = None

    def after_scenario(context: Any, scenario: Any) -> None:
        driver = getattr(context, "driver", None)
        if driver is not None:
            driver.close()

    return before_scenario, after_scenario
