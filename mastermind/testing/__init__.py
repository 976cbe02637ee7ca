"""Tools for testing code built on Mastermind: deciders, stores and strategies.

``given(decider, *events).when(command).then(*events)`` specifies any decider.
:class:`EventStoreContract` is the suite every event store passes, for a store of your
own. :class:`Calendar` turns the daily code's day when a test says.
:mod:`mastermind.testing.strategies` draws games, codes and events for Hypothesis.

The contract needs pytest and the strategies need Hypothesis, which the ``testing``
extra brings; importing this package needs neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mastermind.testing import _calendar, _given, _samples
from mastermind.testing._calendar import *  # noqa: F403
from mastermind.testing._given import *  # noqa: F403
from mastermind.testing._samples import *  # noqa: F403

if TYPE_CHECKING:
    from mastermind.testing._contract import EventStoreContract as EventStoreContract

# mypy reads an ``__all__`` of literal names only; without one, it takes every name the
# imports bring as exported, which is what this list says at run time.
if not TYPE_CHECKING:
    __all__ = sorted([*_calendar.__all__, *_given.__all__, *_samples.__all__, "EventStoreContract"])


def __getattr__(name: str) -> Any:
    # The contract is a pytest class, imported on first use so that deciders can be
    # tested, and this package imported, without pytest.
    if name == "EventStoreContract":
        from mastermind.testing._contract import EventStoreContract

        return EventStoreContract
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
