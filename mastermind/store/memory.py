"""Streams kept in a process's memory: for tests, examples and short-lived games.

Events are kept encoded, as every other store keeps them, so that an event the codec
cannot carry fails here too, long before it reaches a database.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any

import attrs

from mastermind.store._codec import EncodedEvent, EventCodec, check_versions
from mastermind.store._port import (
    Metadata,
    RecordedEvent,
    StoreClosed,
    Stream,
    VersionConflict,
    check_append,
    check_feed_arguments,
    check_stream_id,
)


@attrs.frozen
class _Row:
    position: int
    stream_id: str
    version: int
    encoded: EncodedEvent
    metadata: Metadata


class InMemoryEventStore:
    """An event store in a dictionary, safe to share between threads.

    Threads waiting for its feed to grow are woken by the append itself.
    """

    def __init__(self, *, codec: EventCodec | None = None) -> None:
        self._codec = codec or EventCodec()
        self._lock = threading.Lock()
        self._grown = threading.Condition(self._lock)
        self._streams: dict[str, list[_Row]] = {}
        self._feed: list[_Row] = []
        self._closed = False

    def append(
        self,
        stream_id: str,
        events: Sequence[Any],
        expected_version: int,
        *,
        metadata: Metadata | None = None,
    ) -> int:
        kept = check_append(stream_id, events, expected_version, metadata)
        encoded = [self._codec.encode(event) for event in events]
        with self._lock:
            self._check_open()
            stream = self._streams.get(stream_id, [])
            if len(stream) != expected_version:
                raise VersionConflict(stream_id, expected_version, len(stream))
            for record in encoded:
                row = _Row(len(self._feed) + 1, stream_id, len(stream) + 1, record, kept)
                stream.append(row)
                self._feed.append(row)
            if stream:
                self._streams[stream_id] = stream
            if encoded:
                self._grown.notify_all()
            return len(stream)

    def load(self, stream_id: str) -> Stream:
        check_stream_id(stream_id)
        with self._lock:
            self._check_open()
            rows = tuple(self._streams.get(stream_id, ()))
        records = tuple(map(self._decode, rows))
        check_versions(records)
        return Stream(stream_id, records, len(records))

    def read_all(self, after_position: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        check_feed_arguments(after_position, limit)
        with self._lock:
            self._check_open()
            # The feed's positions are 1, 2, 3... with no gap.
            rows = self._feed[after_position : after_position + limit]
        return [self._decode(row) for row in rows]

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
        return RecordedEvent(row.position, row.stream_id, row.version, event, row.metadata)
