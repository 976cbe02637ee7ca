"""Where events are kept: an event store port, its adapters, and the codec above them.

Every store keeps events of any decider through an :class:`EventCodec`, and every store
raises :class:`StoreError` and nothing of its driver's. A store may also be a
:class:`FeedWaiter`, which wakes whoever waits for its feed to grow;
:func:`wait_for_events` waits on any store. ``PostgresEventStore`` is
imported on first use, so that only its users need psycopg.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mastermind.store import checks
from mastermind.store._codec import (
    EVENT_TYPES,
    MASTERMIND_CATEGORY,
    EncodedEvent,
    EventCodec,
    UnknownEventType,
    Upcasters,
    mastermind_upcasters,
)
from mastermind.store._connect import UnsupportedStoreURL, connect
from mastermind.store._follow import FeedWaiter, head_position, wait_for_events
from mastermind.store._port import (
    DEFAULT_CATEGORY,
    CorruptDatabase,
    CorruptRecord,
    EventStore,
    ForeignTable,
    Metadata,
    RecordedEvent,
    StoreClosed,
    StoreError,
    StoreUnavailable,
    Stream,
    VersionConflict,
    WrongCategory,
)
from mastermind.store._tracking import Checkpoint, CheckpointConflict, Snapshot, Snapshots, Tracking
from mastermind.store._url import StoreURL
from mastermind.store.memory import InMemoryEventStore
from mastermind.store.sqlite import SQLiteEventStore

if TYPE_CHECKING:
    from mastermind.store.postgres import PostgresEventStore

__all__ = [
    "Checkpoint",
    "CheckpointConflict",
    "CorruptDatabase",
    "CorruptRecord",
    "DEFAULT_CATEGORY",
    "EVENT_TYPES",
    "EncodedEvent",
    "EventCodec",
    "EventStore",
    "FeedWaiter",
    "ForeignTable",
    "InMemoryEventStore",
    "MASTERMIND_CATEGORY",
    "Metadata",
    "PostgresEventStore",
    "RecordedEvent",
    "SQLiteEventStore",
    "Snapshot",
    "Snapshots",
    "StoreClosed",
    "StoreError",
    "StoreURL",
    "StoreUnavailable",
    "Stream",
    "Tracking",
    "UnknownEventType",
    "UnsupportedStoreURL",
    "Upcasters",
    "VersionConflict",
    "WrongCategory",
    "checks",
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
