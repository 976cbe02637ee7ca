"""Histories for Hypothesis: the streams of events a decider writes from commands drawn.

Re-exported by :mod:`mastermind.testing.strategies`, which documents it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from mastermind.domain import Decider

__all__ = ["histories"]

C = TypeVar("C")
E = TypeVar("E")
S = TypeVar("S")


def histories(
    decider: Decider[C, E, S],
    commands: st.SearchStrategy[C],
    *,
    refusals: type[Exception] | tuple[type[Exception], ...],
    starting_with: Sequence[E] = (),
    max_commands: int = 20,
) -> st.SearchStrategy[list[E]]:
    """Streams of events as ``decider`` writes them: ``starting_with``, then the events of
    up to ``max_commands`` commands drawn from ``commands``, each decided on the state
    the events before it fold to.

    A command refused with one of ``refusals`` leaves nothing, as a refused command
    does in a store; any other exception is raised, as the bug it is.

    Raises:
        InvalidArgument: ``decider`` is no ``Decider``, ``commands`` no strategy,
            ``refusals`` no exception class or tuple of them, ``starting_with`` no
            sequence, or ``max_commands`` no whole number of 0 or more. A ``TypeError``.
    """
    if not isinstance(decider, Decider):
        raise InvalidArgument(f"decider must be a Decider, not {type(decider).__name__}")
    if not isinstance(commands, st.SearchStrategy):
        raise InvalidArgument(f"commands must be a strategy, not {type(commands).__name__}")
    kinds = refusals if isinstance(refusals, tuple) else (refusals,)
    if not kinds or not all(
        isinstance(kind, type) and issubclass(kind, Exception) for kind in kinds
    ):
        raise InvalidArgument(
            f"refusals must be an exception class or a tuple of them, not {refusals!r}"
        )
    if isinstance(starting_with, str) or not isinstance(starting_with, Sequence):
        raise InvalidArgument(
            f"starting_with must be a sequence of events, not {type(starting_with).__name__}"
        )
    if isinstance(max_commands, bool) or not isinstance(max_commands, int):
        raise InvalidArgument(
            f"max_commands must be a whole number, not {type(max_commands).__name__}"
        )
    if max_commands < 0:
        raise InvalidArgument(f"max_commands must be 0 or more, not {max_commands}")
    start = tuple(starting_with)
    return st.lists(commands, max_size=max_commands).map(
        lambda drawn: _written(decider, start, drawn, kinds)
    )


def _written(
    decider: Decider[C, E, S],
    start: tuple[E, ...],
    commands: list[C],
    refusals: tuple[type[Exception], ...],
) -> list[E]:
    events = list(start)
    state = decider.fold(events)
    for command in commands:
        try:
            decided = decider.decide(command, state)
        except refusals:
            continue
        for event in decided:
            state = decider.evolve(state, event)
        events.extend(decided)
    return events
