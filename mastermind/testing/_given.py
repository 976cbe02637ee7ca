"""Given these events, when this command, then these events: a decider's specification.

Each case of a decider's behaviour reads as one sentence::

    given(decider, started).when(MakeGuess("g1", secret)).then(made, GameWon("g1"))
    given(decider).when(MakeGuess("g1", secret)).then_raises(GameNotStarted)

A failed expectation raises ``AssertionError`` with the events expected and decided,
one a line, the differing ones marked, so that any test runner reports it plainly.

Hypothesis has a ``given`` too: in a module that uses both, import this one under
another name, or call it as ``testing.given`` after ``from mastermind import testing``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

import attrs

from mastermind.domain import Decider

__all__ = ["Given", "When", "given"]

C = TypeVar("C")
E = TypeVar("E")
S = TypeVar("S")
X = TypeVar("X", bound=BaseException)

_DIFFERS = "->"
_SAME = "  "


def given(decider: Decider[C, E, S], *events: E) -> Given[C, E, S]:
    """The history a case starts from: ``decider`` after ``events``, none for a new one.

    Raises:
        Exception: whatever ``decider.evolve`` raises for events that cannot follow
            each other, at once, so that a wrong history never passes for a refusal.
    """
    return Given(decider, events, decider.fold(events))


class Given(Generic[C, E, S]):
    """A decider and the events that already happened; ``when`` adds the command."""

    def __init__(self, decider: Decider[C, E, S], events: Sequence[E], state: S) -> None:
        self._decider = decider
        self._events = tuple(events)
        self._state = state

    def when(self, command: C) -> When[C, E, S]:
        """The command to decide on the state the given events lead to."""
        return When(self._decider, self._events, self._state, command)


class When(Generic[C, E, S]):
    """A command on a history, waiting for what to expect of its decision."""

    def __init__(
        self, decider: Decider[C, E, S], events: Sequence[E], state: S, command: C
    ) -> None:
        self._decider = decider
        self._events = tuple(events)
        self._state = state
        self._command = command

    def then(self, *expected: E) -> None:
        """Assert that the command decides exactly ``expected``, in order; none if empty.

        Raises:
            AssertionError: the decided events differ, or the command was refused.
        """
        decided = self._decide(f"to decide {_count(expected)}")
        if decided != expected:
            raise AssertionError(_difference(self._case(), expected, decided))

    def then_raises(self, error_type: type[X]) -> X:
        """Assert that deciding the command raises ``error_type``, and return the error.

        Raises:
            AssertionError: the command decided events, or raised another error.
        """
        try:
            decided = self._decider.decide(self._command, self._state)
        except error_type as error:
            return error
        except Exception as error:
            raise AssertionError(
                f"{self._case()}\nexpected {error_type.__name__}, "
                f"but it raised {type(error).__name__}: {error}"
            ) from error
        raise AssertionError(
            f"{self._case()}\nexpected {error_type.__name__}, but it decided "
            f"{_counted_listing(decided)}"
        )

    def then_state(self, expected: S) -> None:
        """Assert that the given and decided events together lead to ``expected``.

        Raises:
            AssertionError: the state differs, or the command was refused.
        """
        decided = self._decide("to reach a state")
        state = self._state
        for event in decided:
            state = self._decider.evolve(state, event)
        if state != expected:
            raise AssertionError(
                f"{self._case()}\nit decided {_counted_listing(decided)}\n"
                f"expected state: {expected!r}\nreached state:  {state!r}"
                + "".join(f"\n{line}" for line in _field_differences(expected, state))
            )

    def _decide(self, expectation: str) -> tuple[E, ...]:
        try:
            return self._decider.decide(self._command, self._state)
        except Exception as error:
            raise AssertionError(
                f"{self._case()}\nexpected it {expectation}, "
                f"but it raised {type(error).__name__}: {error}"
            ) from error

    def _case(self) -> str:
        history = _listing(self._events) if self._events else " none"
        return f"given events:{history}\nwhen {self._command!r}"


def _count(events: Sequence[object]) -> str:
    if not events:
        return "no events"
    return "1 event" if len(events) == 1 else f"{len(events)} events"


def _counted_listing(events: Sequence[object]) -> str:
    return f"{_count(events)}:{_listing(events)}" if events else _count(events)


def _listing(events: Sequence[object]) -> str:
    return "".join(f"\n    {event!r}" for event in events)


def _difference(case: str, expected: Sequence[object], decided: Sequence[object]) -> str:
    """Both lists of events, one a line, with ``->`` where they part, and why."""
    length = max(len(expected), len(decided))
    differs = [
        index >= len(expected) or index >= len(decided) or expected[index] != decided[index]
        for index in range(length)
    ]
    lines = [case, "then it decided other events (-> marks where they differ):"]
    for title, events in (("expected", expected), ("decided", decided)):
        lines.append(f"  {title} {_count(events)}:")
        for index in range(length):
            shown = repr(events[index]) if index < len(events) else "(no event)"
            lines.append(f"  {_DIFFERS if differs[index] else _SAME} {index + 1}. {shown}")
    for index in range(min(len(expected), len(decided))):
        for line in _field_differences(expected[index], decided[index]):
            lines.append(f"  event {index + 1}: {line}")
    return "\n".join(lines)


def _field_differences(expected: object, actual: object) -> list[str]:
    """The fields in which two attrs instances of one class differ, to spot in long reprs."""
    cls = type(expected)
    if type(actual) is not cls or not attrs.has(cls):
        return []
    return [
        f"{field.name} expected {getattr(expected, field.name)!r}, "
        f"got {getattr(actual, field.name)!r}"
        for field in attrs.fields(cls)
        if getattr(expected, field.name) != getattr(actual, field.name)
    ]
