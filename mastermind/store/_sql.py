"""What the SQL stores share: encoding rows, and reading streams and the feed back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from mastermind.domain import Event
from mastermind.store._codec import EventCodec, check_versions
from mastermind.store._pool import Pool
from mastermind.store._port import RecordedEvent, Stream


class SQLStoreReads:
    """``load``, ``read_all`` and ``close`` for a store of rows in an ``events`` table.

    Subclasses name their queries, written in their driver's placeholder style, and give
    the pool and the codec.
    """

    _load_query: ClassVar[str]
    """Selects ``position, version, type, schema, data`` of one stream, by version."""
    _feed_query: ClassVar[str]
    """Selects ``stream_id, position, version, type, schema, data`` after a position."""
    _pool: Pool[Any]
    _codec: EventCodec

    def load(self, stream_id: str) -> Stream:
        with self._pool.connection() as connection:
            rows = connection.execute(self._load_query, (stream_id,)).fetchall()
        records = tuple(self._decode(stream_id, *row) for row in rows)
        check_versions(records)
        return Stream(stream_id, records, len(records))

    def read_all(self, after_position: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        if limit < 1:
            raise ValueError(f"limit must be at least 1, not {limit}")
        with self._pool.connection() as connection:
            rows = connection.execute(self._feed_query, (after_position, limit)).fetchall()
        return [self._decode(*row) for row in rows]

    def close(self) -> None:
        self._pool.close()

    def _rows(
        self, stream_id: str, events: Sequence[Event], expected_version: int
    ) -> list[tuple[str, int, str, int, str]]:
        """The rows that store ``events`` after ``expected_version``, in insert order."""
        return [
            (stream_id, expected_version + number, record.type, record.schema, record.data)
            for number, record in enumerate(map(self._codec.encode, events), start=1)
        ]

    def _decode(
        self, stream_id: str, position: int, version: int, type_name: str, schema: int, data: Any
    ) -> RecordedEvent:
        event = self._codec.decode(type_name, schema, data, stream_id=stream_id, position=position)
        return RecordedEvent(position, stream_id, version, event)
