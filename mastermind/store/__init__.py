"""Where events are kept: an event store port, its adapters, and the codec above them.

Every store keeps events of any decider through an :class:`EventCodec`, and every store
raises :class:`StoreError` and nothing of its driver's. A store may also be a
:class:`FeedWaiter`, which wakes whoever waits for its feed to grow;
:func:`wait_for_events` waits on any store. ``PostgresEventStore`` is
imported on first use, so that only its users need psycopg.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mastermind.store._codec import (
    EVENT_TYPES,
    EncodedEvent,
    EventCodec,
    UnknownEventType,
    Upcasters,
    mastermind_upcasters,
)
from mastermind.store._connect import UnsupportedStoreURL, connect
from mastermind.store._follow import FeedWaiter, head_position, wait_for_events
from mastermind.store._port import (
    CorruptDatabase,
    CorruptRecord,
    EventStore,
    Metadata,
    RecordedEvent,
    StoreClosed,
    StoreError,
    StoreUnavailable,
    Stream,
    VersionConflict,
)
from mastermind.store.memory import InMemoryEventStore
from mastermind.store.sqlite import SQLiteEventStore

if TYPE_CHECKING:
    from mastermind.store.postgres import PostgresEventStore

__all__ = [
    "CorruptDatabase",
    "CorruptRecord",
    "EVENT_TYPES",
    "EncodedEvent",
    "EventCodec",
    "EventStore",
    "FeedWaiter",
    "InMemoryEventStore",
    "Metadata",
    "PostgresEventStore",
    "RecordedEvent",
    "SQLiteEventStore",
    "StoreClosed",
    "StoreError",
    "StoreUnavailable",
    "Stream",
    "UnknownEventType",
    "UnsupportedStoreURL",
    "Upcasters",
    "VersionConflict",
    "connect",
    "head_position",
    "mastermind_upcasters",
    "wait_for_events",
]


def __getattr__(name: str) -> Any:
    if name == "PostgresEventStore":
        from mastermind.store.postgres import PostgresEventStore

        return PostgresEventStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
