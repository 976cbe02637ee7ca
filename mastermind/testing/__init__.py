"""Tools for testing code built on Mastermind: deciders, stores and strategies.

``given(decider, *events).when(command).then(*events)`` specifies any decider.
:class:`EventStoreContract` is the suite every event store passes, for a store of your
own. :mod:`mastermind.testing.strategies` draws games, codes and events for Hypothesis.

The contract needs pytest and the strategies need Hypothesis, which the ``testing``
extra brings; importing this package needs neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mastermind.testing._given import Given, When, given
from mastermind.testing._samples import guessed, started

if TYPE_CHECKING:
    from mastermind.testing._contract import EventStoreContract

__all__ = [
    "EventStoreContract",
    "Given",
    "When",
    "given",
    "guessed",
    "started",
]


def __getattr__(name: str) -> Any:
    # The contract is a pytest class, imported on first use so that deciders can be
    # tested, and this package imported, without pytest.
    if name == "EventStoreContract":
        from mastermind.testing._contract import EventStoreContract

        return EventStoreContract
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
