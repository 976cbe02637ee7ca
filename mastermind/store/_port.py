"""The event store port: what the application needs from any storage of event streams.

A store keeps events of any decider: the codec above it names the event classes it
accepts. Every store raises the same errors for the same mistakes, all of them
:class:`StoreError` but for wrong arguments, which are ``TypeError`` and ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import attrs

Metadata = Mapping[str, str]
"""What an append records beside its events, such as the key of the command that made them."""


@attrs.frozen
class RecordedEvent:
    """An event as the store keeps it."""

    position: int
    """Place in the global feed, in commit order. Positions only grow; gaps are allowed."""
    stream_id: str
    version: int
    """1-based place within its stream: a stream's versions run 1, 2, 3... with no gap."""
    event: Any
    metadata: Metadata = attrs.field(factory=dict, hash=False)
    """What the append that recorded the event carried beside it; empty for most."""


@attrs.frozen
class Stream:
    """A stream's records and its version: 0 for a stream with no events."""

    stream_id: str
    records: tuple[RecordedEvent, ...]
    version: int

    @property
    def events(self) -> tuple[Any, ...]:
        return tuple(record.event for record in self.records)


class StoreError(Exception):
    """Anything a store cannot do with arguments that are right."""


class VersionConflict(StoreError):
    """Someone appended to the stream since it was read: decide again on fresh state."""

    def __init__(self, stream_id: str, expected: int, actual: int) -> None:
        super().__init__(
            f"Stream {stream_id!r} is at version {actual}, not {expected} as expected."
        )
        self.stream_id = stream_id
        self.expected = expected
        self.actual = actual


class StoreClosed(StoreError):
    """The store was closed: open a new one."""

    def __init__(self) -> None:
        super().__init__("This store is closed.")


class StoreUnavailable(StoreError):
    """The database cannot be reached, is full, or is damaged. Trying again later may work."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"The event store is unavailable: {reason}")
        self.reason = reason


class CorruptDatabase(StoreUnavailable):
    """A database file that is damaged: nothing will work until it is restored."""

    def __init__(self, path: str, finding: str) -> None:
        finding = finding.rstrip(".")
        advice = (
            "Stop the programs using it, then restore it from a backup, or rebuild it with"
            f" `sqlite3 {path} .recover | sqlite3 recovered.db` and use that file."
        )
        super().__init__(f"the SQLite file {path} is damaged ({finding}). {advice}")
        self.path = path
        self.finding = finding
        self.advice = advice


class CorruptRecord(StoreError):
    """A stored record that cannot be turned back into an event."""

    def __init__(self, stream_id: str, position: int, reason: str) -> None:
        super().__init__(
            f"Cannot read the record at position {position} of stream {stream_id!r}: {reason}."
        )
        self.stream_id = stream_id
        self.position = position
        self.reason = reason


class EventStore(Protocol):
    """Streams of events with optimistic concurrency, and one global feed for projections."""

    def append(
        self,
        stream_id: str,
        events: Sequence[Any],
        expected_version: int,
        *,
        metadata: Metadata | None = None,
    ) -> int:
        """Append all of ``events`` or none, if the stream is at ``expected_version``.

        ``metadata`` is kept with each of the events. Returns the stream's new version.

        Raises:
            VersionConflict: the stream is at another version.
            TypeError, ValueError: an argument is wrong, such as an empty stream id or an
                event of a type the codec does not know. Nothing is appended.
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


def check_stream_id(stream_id: object) -> str:
    if not isinstance(stream_id, str):
        raise TypeError(f"stream_id must be a str, not {type(stream_id).__name__}")
    if not stream_id:
        raise ValueError("stream_id must not be empty")
    return stream_id


def check_append(
    stream_id: object, events: object, expected_version: object, metadata: object
) -> dict[str, str]:
    """Refuse wrong arguments to ``append`` alike on every store; the metadata to keep."""
    check_stream_id(stream_id)
    if isinstance(events, str | bytes) or not isinstance(events, Sequence):
        raise TypeError(f"events must be a sequence of events, not {type(events).__name__}")
    _check_count("expected_version", expected_version, least=0)
    if metadata is None:
        return {}
    if not isinstance(metadata, Mapping) or not all(
        isinstance(key, str) and isinstance(value, str) for key, value in metadata.items()
    ):
        raise TypeError("metadata must map strings to strings")
    return dict(metadata)


def check_feed_arguments(after_position: object, limit: object) -> None:
    _check_count("after_position", after_position, least=0)
    _check_count("limit", limit, least=1)


def _check_count(name: str, value: object, least: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < least:
        raise ValueError(f"{name} must be at least {least}, not {value}")
