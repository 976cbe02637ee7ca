"""Streams kept in a process's memory: for tests, examples and short-lived games."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from mastermind.domain import Event
from mastermind.store._port import RecordedEvent, Stream, VersionConflict


class InMemoryEventStore:
    """An event store in a dictionary, safe to share between threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._streams: dict[str, list[RecordedEvent]] = {}
        self._feed: list[RecordedEvent] = []

    def append(self, stream_id: str, events: Sequence[Event], expected_version: int) -> int:
        with self._lock:
            stream = self._streams.setdefault(stream_id, [])
            if len(stream) != expected_version:
                raise VersionConflict(stream_id, expected_version, len(stream))
            for event in events:
                record = RecordedEvent(len(self._feed) + 1, stream_id, len(stream) + 1, event)
                stream.append(record)
                self._feed.append(record)
            return len(stream)

    def load(self, stream_id: str) -> Stream:
        with self._lock:
            records = tuple(self._streams.get(stream_id, ()))
        return Stream(stream_id, records, len(records))

    def read_all(self, after_position: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        if limit < 1:
            raise ValueError(f"limit must be at least 1, not {limit}")
        start = max(after_position, 0)  # the feed's positions are 1, 2, 3... with no gap
        with self._lock:
            return self._feed[start : start + limit]

    def close(self) -> None:
        pass
