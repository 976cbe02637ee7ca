"""What schemathesis needs to know of this API beyond its document, loaded as its hooks.

- The token the API handed out with each game: a request for a game the run started
  (the stateful phase follows links from a new game, a hint and a guess) carries that
  game's token, on purpose, so its success is no sign of ignored authentication.
- Which refusals of a request the document allows are the rules' to make: the document
  cannot say that a guess must fit its game, that a game over takes no more moves, that
  a palette names no colour twice in other letters, that rules without repeats need
  enough symbols, nor that an idempotency key names one request only (422). Any other
  400 or 422 to such a request means the document promised too much, and fails the run.
- What was answered, by operation and status, written to ``FUZZ_ANSWERS`` when it is
  set, so that a test can tell how deep the run reached.
"""

from __future__ import annotations

import os
from typing import Any

import attrs
import schemathesis
from schemathesis import Case, CheckContext, Response

from mastermind.domain import rules_named
from mastermind.web._bodies import RulesRequest

TOKENS: dict[str, str] = {}
"""The token the API answered with each game it started during the run, by game id."""

RULE_REFUSALS = {
    "GameAlreadyWon",
    "GameAlreadyLost",
    "GuessAgainstRules",
    "GuessTooShort",
    "GuessTooLong",
    "InvalidPegInGuess",
    "UnreadableGuess",
    "UnreadableCode",
}
"""400s that depend on the game a request meets, which no schema can know."""


@schemathesis.hook
def after_call(context: Any, case: Case, response: Response) -> None:
    try:
        body = response.json()
    except ValueError:
        body = None
    if isinstance(body, dict) and isinstance(body.get("token"), str):
        TOKENS[str(body.get("id"))] = body["token"]
    answers = os.environ.get("FUZZ_ANSWERS")
    if answers:
        with open(answers, "a", encoding="utf-8") as log:
            log.write(f"{case.operation.label} {response.status_code}\n")


@schemathesis.auth(refresh_interval=None, retry_on=[])
class HandedOutToken:
    """The token of the game a request names, where the run started that game."""

    def get(self, case: Case, context: Any) -> str | None:
        return TOKENS.get(str((case.path_parameters or {}).get("id")))

    def set(self, case: Case, data: str, context: Any) -> None:
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


@schemathesis.check
def refusals_of_allowed_requests_are_the_rules(
    ctx: CheckContext, response: Response, case: Case
) -> bool | None:
    """A request the document allows is refused 400 only for what no schema can say."""
    if response.status_code not in (400, 422) or case.meta is None:
        return None
    if not case.meta.generation.mode.is_positive:
        return None
    problem = response.json()
    error = problem.get("error")
    if error in RULE_REFUSALS or error == "IdempotencyKeyReused":
        return None
    if error == "InvalidGameSetup" and _setup_beyond_a_schema(case.body):
        return None
    if error == "InvalidNote" and "computer made this code" in problem.get("reason", ""):
        return None  # who made the code is the game's to know, not the document's
    raise AssertionError(f"The document allows a request that was refused: {problem}")


def _setup_beyond_a_schema(body: Any) -> bool:
    """Whether a new game's setup breaks a rule that ties its fields together, such as
    a palette that names a colour twice in other letters, or too few symbols for a code
    in which none repeats."""
    if not isinstance(body, dict):
        return False
    if "secret" in body:  # it must fit the palette and the length
        return True
    asked = body.get("rules", "classic")
    rules = rules_named(asked) if isinstance(asked, str) else RulesRequest(**asked).rules()
    changes = {
        "length": body.get("length", rules.length),
        "attempts": body.get("attempts", rules.attempts),
        "symbols": body.get("colours", rules.symbols),
        "repeats": not body.get("unique", not rules.repeats),
    }
    return attrs.evolve(rules, **changes).problem() is not None


def answers_logged(path: str) -> list[tuple[str, int]]:
    with open(path, encoding="utf-8") as log:
        return [(line.rsplit(" ", 1)[0], int(line.rsplit(" ", 1)[1])) for line in log]
