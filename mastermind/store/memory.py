"""Streams kept in a process's memory: for tests, examples and short-lived games.

Events are kept encoded, as every other store keeps them, so that an event the codec
cannot carry fails here too, long before it reaches a database.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Collection, Sequence
from typing import Any

import attrs

from mastermind.store._codec import EncodedEvent, EventCodec, check_versions
from mastermind.store._port import (
    DEFAULT_CATEGORY,
    Metadata,
    RecordedEvent,
    StoreClosed,
    Stream,
    VersionConflict,
    WrongCategory,
)
from mastermind.store._tracking import Checkpoint, CheckpointConflict, Snapshot
from mastermind.store.checks import (
    check_append,
    check_category,
    check_checkpoint,
    check_feed_arguments,
    check_load,
    check_names,
    check_snapshot,
    check_stream_id,
)

__all__ = ["InMemoryEventStore"]


@attrs.frozen
class _Row:
    position: int
    stream_id: str
    version: int
    encoded: EncodedEvent
    metadata: Metadata
    category: str


class InMemoryEventStore:
    """An event store in a dictionary, safe to share between threads.

    Threads waiting for its feed to grow are woken by the append itself. It keeps the
    checkpoints of projections and snapshots of streams too, in memory.
    """

    def __init__(self, *, codec: EventCodec | None = None) -> None:
        self._codec = codec or EventCodec()
        self._lock = threading.Lock()
        self._grown = threading.Condition(self._lock)
        self._streams: dict[str, list[_Row]] = {}
        self._feed: list[_Row] = []
        self._checkpoints: dict[str, Checkpoint] = {}
        self._snapshots: dict[str, Snapshot] = {}
        self._closed = False

    def append(
        self,
        stream_id: str,
        events: Sequence[Any],
        expected_version: int,
        *,
        metadata: Metadata | None = None,
        category: str = DEFAULT_CATEGORY,
    ) -> int:
        kept = check_append(stream_id, events, expected_version, metadata)
        check_category(category)
        encoded = [self._codec.encode(event) for event in events]
        with self._lock:
            self._check_open()
            stream = self._streams.get(stream_id, [])
            if stream and stream[0].category != category:
                raise WrongCategory(stream_id, category, stream[0].category)
            if len(stream) != expected_version:
                raise VersionConflict(stream_id, expected_version, len(stream))
            for record in encoded:
                row = _Row(len(self._feed) + 1, stream_id, len(stream) + 1, record, kept, category)
                stream.append(row)
                self._feed.append(row)
            if stream:
                self._streams[stream_id] = stream
            if encoded:
                self._grown.notify_all()
            return len(stream)

    def load(
        self, stream_id: str, *, category: str | None = None, after_version: int = 0
    ) -> Stream:
        check_load(stream_id, category, after_version)
        with self._lock:
            self._check_open()
            rows = tuple(self._streams.get(stream_id, ()))
        if rows and category is not None and rows[0].category != category:
            return Stream(stream_id, (), 0, category)
        records = tuple(map(self._decode, rows[after_version:]))
        check_versions(records, after_version)
        found = rows[0].category if rows else category or DEFAULT_CATEGORY
        return Stream(stream_id, records, len(rows), found)

    def read_all(
        self,
        after_position: int = 0,
        limit: int = 1000,
        *,
        categories: Collection[str] | None = None,
        types: Collection[str] | None = None,
    ) -> list[RecordedEvent]:
        check_feed_arguments(after_position, limit)
        categories = check_names("categories", categories)
        types = check_names("types", types)
        with self._lock:
            self._check_open()
            if categories is None and types is None:
                # The feed's positions are 1, 2, 3... with no gap.
                rows = self._feed[after_position : after_position + limit]
            else:
                rows = []
                for row in self._feed[after_position:]:
                    if (categories is None or row.category in categories) and (
                        types is None or row.encoded.type in types
                    ):
                        rows.append(row)
                        if len(rows) == limit:
                            break
        return [self._decode(row) for row in rows]

    def checkpoint(self, name: str) -> Checkpoint | None:
        check_stream_id(name, "name")
        with self._lock:
            self._check_open()
            return self._checkpoints.get(name)

    def save_checkpoint(self, checkpoint: Checkpoint, *, expected_position: int | None) -> None:
        check_checkpoint(checkpoint, expected_position)
        with self._lock:
            self._check_open()
            saved = self._checkpoints.get(checkpoint.name)
            actual = None if saved is None else saved.position
            if actual != expected_position:
                raise CheckpointConflict(checkpoint.name, expected_position, actual)
            self._checkpoints[checkpoint.name] = checkpoint

    def snapshot(self, stream_id: str) -> Snapshot | None:
        check_stream_id(stream_id)
        with self._lock:
            self._check_open()
            return self._snapshots.get(stream_id)

    def save_snapshot(self, snapshot: Snapshot) -> None:
        check_snapshot(snapshot)
        with self._lock:
            self._check_open()
            kept = self._snapshots.get(snapshot.stream_id)
            if kept is None or kept.version <= snapshot.version:
                self._snapshots[snapshot.stream_id] = snapshot

    def delete_snapshots(self) -> None:
        with self._lock:
            self._check_open()
            self._snapshots.clear()

    def head_position(self) -> int:
        with self._lock:
            self._check_open()
            return len(self._feed)

    def wait_for_events(self, after_position: int, timeout: float) -> bool:
        check_feed_arguments(after_position, 1)
        deadline = time.monotonic() + timeout
        with self._grown:
            while not self._closed and len(self._feed) <= after_position:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._grown.wait(remaining)
            self._check_open()
            return True

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._grown.notify_all()

    def _check_open(self) -> None:
        if self._closed:
            raise StoreClosed()

    def _decode(self, row: _Row) -> RecordedEvent:
        encoded = row.encoded
        event = self._codec.decode(
            encoded.type,
            encoded.schema,
            encoded.data,
            stream_id=row.stream_id,
            position=row.position,
        )
        return RecordedEvent(
            row.position, row.stream_id, row.version, event, row.metadata, row.category
        )
