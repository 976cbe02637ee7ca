"""Where games are kept: an event store port and its adapters.

``PostgresEventStore`` is imported on first use, so that only its users need psycopg.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mastermind.store._codec import (
    EVENT_TYPES,
    CorruptRecord,
    EncodedEvent,
    EventCodec,
    UnknownEventType,
    Upcasters,
)
from mastermind.store._connect import UnsupportedStoreURL, connect
from mastermind.store._pool import StoreClosed
from mastermind.store._port import EventStore, RecordedEvent, Stream, VersionConflict
from mastermind.store.memory import InMemoryEventStore
from mastermind.store.sqlite import SQLiteEventStore

if TYPE_CHECKING:
    from mastermind.store.postgres import PostgresEventStore

__all__ = [
    "CorruptRecord",
    "EVENT_TYPES",
    "EncodedEvent",
    "EventCodec",
    "EventStore",
    "InMemoryEventStore",
    "PostgresEventStore",
    "RecordedEvent",
    "SQLiteEventStore",
    "StoreClosed",
    "Stream",
    "UnknownEventType",
    "UnsupportedStoreURL",
    "Upcasters",
    "VersionConflict",
    "connect",
]


def __getattr__(name: str) -> Any:
    if name == "PostgresEventStore":
        from mastermind.store.postgres import PostgresEventStore

        return PostgresEventStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
