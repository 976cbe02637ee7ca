"""Where games are kept: an event store port and its adapters."""

from mastermind.store._port import EventStore, RecordedEvent, Stream, VersionConflict
from mastermind.store.memory import InMemoryEventStore

__all__ = ["EventStore", "InMemoryEventStore", "RecordedEvent", "Stream", "VersionConflict"]
