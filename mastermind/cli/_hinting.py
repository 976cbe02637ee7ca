"""Hints and the code breaker in the terminal: what a hint says, and the strategies.

A hint comes from ``Games``, which asks the code breaker the bootstrap chose; the
strategies are named by ``mastermind.hints``, without importing the solver.
"""

from __future__ import annotations

from rich.text import Text

from mastermind.cli._pegs import PegLook
from mastermind.domain import Code
from mastermind.hints import STRATEGIES
from mastermind.service import Hint

__all__ = [
    "INCOMPLETE",
    "STRATEGY_HELP",
    "UNCOUNTED",
    "code_with_names",
    "hint_document",
    "hint_text",
    "remaining_text",
]

STRATEGY_HELP = (
    "How the code breaker chooses its guesses: best, the strongest strategy for each"
    " size of game, plays every game the rules allow, each guess within about a second;"
    " the others play the games small enough for them: "
    + ", ".join(name for name in STRATEGIES if name != "best")
    + "."
)
"""What ``--strategy`` says of the strategies."""
UNCOUNTED = "More codes than can be counted could still be the secret."
INCOMPLETE = (
    "Time ran out before the search finished: this is the best guess found,"
    " and it may not fit every key peg so far."
)


def code_with_names(code: Code, look: PegLook) -> Text:
    """A code as the board draws it, followed by its colours' names where they are not shown."""
    names = str(code)
    if not look.colour and not look.by_initial:
        return Text(names)
    if look.names_shown:
        return look.code(code)
    return Text.assemble(look.code(code), f" ({names})")


def hint_text(hint: Hint, look: PegLook) -> Text:
    """The guess, and how many codes are left: ``Hint: R R G G (Red Red Green Green)``...
    and, when the time ran out before its search finished, that it is the best found."""
    parts: list[str | Text | tuple[str, str]] = [
        ("Hint: ", "bold" if look.colour else ""),
        code_with_names(hint.guess, look),
        f"\n{remaining_text(hint.remaining)}",
    ]
    if hint.incomplete:
        parts.append(f"\n{INCOMPLETE}")
    return Text.assemble(*parts)


def remaining_text(remaining: int | None) -> str:
    """How many codes could still be the secret, as a sentence."""
    if remaining is None:
        return UNCOUNTED
    codes = "1 code" if remaining == 1 else f"{remaining:,} codes"
    return f"{codes} could still be the secret."


def hint_document(hint: Hint) -> dict[str, object]:
    """A hint's fields for ``--json``: ``remaining`` is ``null`` when too many to count."""
    return {
        "strategy": hint.strategy,
        "guess": list(hint.guess.pegs),
        "remaining": None if hint.remaining is None else int(hint.remaining),
        "incomplete": bool(hint.incomplete),
    }
