"""The event store port: what the application needs from any storage of event streams.

A store keeps events of any decider: the codec above it names the event classes it
accepts. Every store raises the same errors for the same mistakes, all of them
:class:`StoreError` but for wrong arguments, which are ``TypeError`` and ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol

import attrs

__all__ = [
    "CorruptDatabase",
    "CorruptRecord",
    "DEFAULT_CATEGORY",
    "EventStore",
    "ForeignTable",
    "Metadata",
    "RecordedEvent",
    "StoreClosed",
    "StoreError",
    "StoreUnavailable",
    "Stream",
    "VersionConflict",
    "WrongCategory",
]

Metadata = Mapping[str, str]
"""What an append records beside its events, such as the key of the command that made them."""

DEFAULT_CATEGORY = ""
"""The category of a stream appended to without naming one."""


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
    category: str = DEFAULT_CATEGORY
    """The category of the event's stream: which application, or which kind of thing, the
    stream belongs to."""


@attrs.frozen
class Stream:
    """A stream's records and its version: 0 for a stream with no events.

    Loaded ``after_version``, the records are those after it, and ``version`` is still
    the version of the whole stream.
    """

    stream_id: str
    records: tuple[RecordedEvent, ...]
    version: int
    category: str = DEFAULT_CATEGORY

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


class WrongCategory(ValueError):
    """An append to a stream of another category: a stream stays in the category of its
    first event, so that two applications sharing a store never write to each other's."""

    def __init__(self, stream_id: str, category: str, actual: str) -> None:
        super().__init__(
            f"Stream {stream_id!r} belongs to the category {actual!r}, not {category!r}:"
            " choose another stream id."
        )
        self.stream_id = stream_id
        self.category = category
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


class ForeignTable(StoreError):
    """The table the store was told to keep its events in holds something else: another
    program's table of the same name. Name another table for the events."""

    def __init__(self, table: str, missing: list[str]) -> None:
        super().__init__(
            f"The table {table} is not a table of events: it has no {', '.join(missing)}"
            " column. It may be another program's: keep the events in a table of their own,"
            " named with table= (or ?table= in the URL)."
        )
        self.table = table
        self.missing = missing


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
    """Streams of events with optimistic concurrency, and one global feed for projections.

    Every stream belongs to a category, named by its first append; the feed can be read
    for some categories or event types alone, so that applications sharing a store each
    read their own.
    """

    def append(
        self,
        stream_id: str,
        events: Sequence[Any],
        expected_version: int,
        *,
        metadata: Metadata | None = None,
        category: str = DEFAULT_CATEGORY,
    ) -> int:
        """Append all of ``events`` or none, if the stream is at ``expected_version``.

        ``metadata`` is kept with each of the events. Returns the stream's new version.

        Raises:
            VersionConflict: the stream is at another version.
            WrongCategory: the stream belongs to another ``category``.
            TypeError, ValueError: an argument is wrong, such as an empty stream id or an
                event of a type the codec does not know. Nothing is appended.
        """
        ...

    def load(
        self, stream_id: str, *, category: str | None = None, after_version: int = 0
    ) -> Stream:
        """The stream's records after ``after_version``, in order; an unknown stream is
        empty at version 0, and so is a stream of another ``category`` than the one named."""
        ...

    def read_all(
        self,
        after_position: int = 0,
        limit: int = 1000,
        *,
        categories: Collection[str] | None = None,
        types: Collection[str] | None = None,
    ) -> list[RecordedEvent]:
        """Up to ``limit`` records after ``after_position``, in commit order; only those of
        streams in ``categories`` and of event ``types`` (stored names), where named."""
        ...

    def close(self) -> None:
        """Release connections and files. The store is unusable afterwards."""
        ...
