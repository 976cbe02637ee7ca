"""The event store port: what the application needs from any storage of event streams."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from mastermind.domain import Event


@attrs.frozen
class RecordedEvent:
    """An event as the store keeps it."""

    position: int
    """Place in the global feed, in commit order. Positions only grow; gaps are allowed."""
    stream_id: str
    version: int
    """1-based place within its stream: a stream's versions run 1, 2, 3... with no gap."""
    event: Event


@attrs.frozen
class Stream:
    """A stream's records and its version: 0 for a stream with no events."""

    stream_id: str
    records: tuple[RecordedEvent, ...]
    version: int

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(record.event for record in self.records)


class VersionConflict(Exception):
    """Someone appended to the stream since it was read: decide again on fresh state."""

    def __init__(self, stream_id: str, expected: int, actual: int) -> None:
        super().__init__(
            f"Stream {stream_id!r} is at version {actual}, not {expected} as expected."
        )
        self.stream_id = stream_id
        self.expected = expected
        self.actual = actual


class EventStore(Protocol):
    """Streams of events with optimistic concurrency, and one global feed for projections."""

    def append(self, stream_id: str, events: Sequence[Event], expected_version: int) -> int:
        """Append all of ``events`` or none, if the stream is at ``expected_version``.

        Returns the stream's new version.

        Raises:
            VersionConflict: the stream is at another version.
        """
        ...

    def load(self, stream_id: str) -> Stream:
        """The stream's records in order; an unknown stream is empty at version 0."""
        ...

    def read_all(self, after_position: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        """Up to ``limit`` records after ``after_position``, in commit order."""
        ...

    def close(self) -> None:
        """Release connections and files. The store is unusable afterwards."""
        ...
