"""Where events are kept: an event store port, its adapters, and the codec above them.

Every store keeps events of any decider through an :class:`EventCodec`, and every store
raises :class:`StoreError` and nothing of its driver's. A store may also be a
:class:`FeedWaiter`, which wakes whoever waits for its feed to grow;
:func:`wait_for_events` waits on any store. ``PostgresEventStore`` is
imported on first use, so that only its users need psycopg.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mastermind.store import (
    _codec,
    _connect,
    _follow,
    _port,
    _tracking,
    _upcasters,
    _url,
    memory,
    sqlite,
)
from mastermind.store import checks as checks
from mastermind.store._codec import *  # noqa: F403
from mastermind.store._connect import *  # noqa: F403
from mastermind.store._follow import *  # noqa: F403
from mastermind.store._port import *  # noqa: F403
from mastermind.store._tracking import *  # noqa: F403
from mastermind.store._upcasters import *  # noqa: F403
from mastermind.store._url import *  # noqa: F403
from mastermind.store.memory import *  # noqa: F403
from mastermind.store.sqlite import *  # noqa: F403

if TYPE_CHECKING:
    from mastermind.store.postgres import PostgresEventStore as PostgresEventStore

# mypy reads an ``__all__`` of literal names only; without one, it takes every name the
# star imports bring as exported, which is what this list says at run time.
if not TYPE_CHECKING:
    __all__ = sorted(
        [
            *_codec.__all__,
            *_connect.__all__,
            *_follow.__all__,
            *_port.__all__,
            *_tracking.__all__,
            *_upcasters.__all__,
            *_url.__all__,
            *memory.__all__,
            *sqlite.__all__,
            "PostgresEventStore",
            "checks",
        ]
    )


def __getattr__(name: str) -> Any:
    if name == "PostgresEventStore":
        from mastermind.store.postgres import PostgresEventStore

        return PostgresEventStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
