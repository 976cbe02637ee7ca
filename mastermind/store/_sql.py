"""What the SQL stores share: encoding rows, reading streams and the feed back, and
turning their drivers' errors into the store's own."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from mastermind.store._codec import EventCodec, check_versions
from mastermind.store._pool import Pool
from mastermind.store._port import (
    Metadata,
    RecordedEvent,
    StoreUnavailable,
    Stream,
    check_append,
    check_feed_arguments,
    check_stream_id,
)

Row = tuple[str, int, str, int, str, str | None]
"""``stream_id, version, type, schema, data, metadata`` as inserted."""


class SQLStore:
    """``load``, ``read_all`` and ``close`` for a store of rows in an ``events`` table.

    Subclasses name their queries, written in their driver's placeholder style, the
    driver's errors, and give the pool and the codec.
    """

    _load_query: ClassVar[str]
    """Selects ``position, version, type, schema, data, metadata`` of one stream, by version."""
    _feed_query: ClassVar[str]
    """Selects ``stream_id, position, version, type, schema, data, metadata`` after a position."""
    _driver_error: ClassVar[type[Exception]]
    """The base class of the driver's errors, which the store reports as unavailable."""
    _pool: Pool[Any]
    _codec: EventCodec

    def load(self, stream_id: str) -> Stream:
        check_stream_id(stream_id)
        with self._connection() as connection:
            rows = connection.execute(self._load_query, (stream_id,)).fetchall()
        records = tuple(self._decode(stream_id, *row) for row in rows)
        check_versions(records)
        return Stream(stream_id, records, len(records))

    def read_all(self, after_position: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        check_feed_arguments(after_position, limit)
        with self._connection() as connection:
            rows = connection.execute(self._feed_query, (after_position, limit)).fetchall()
        return [self._decode(*row) for row in rows]

    def close(self) -> None:
        self._pool.close()

    @contextlib.contextmanager
    def _connection(self) -> Iterator[Any]:
        """A pooled connection; the driver's failures leave as :class:`StoreUnavailable`."""
        try:
            with self._pool.connection() as connection:
                yield connection
        except self._driver_error as error:
            raise StoreUnavailable(_reason(error)) from error

    def _rows(
        self,
        stream_id: str,
        events: Sequence[Any],
        expected_version: int,
        metadata: Metadata | None,
    ) -> list[Row]:
        """The rows that store ``events`` after ``expected_version``, in insert order."""
        kept = check_append(stream_id, events, expected_version, metadata)
        encoded_metadata = json.dumps(kept, separators=(",", ":")) if kept else None
        return [
            (
                stream_id,
                expected_version + number,
                record.type,
                record.schema,
                record.data,
                encoded_metadata,
            )
            for number, record in enumerate(map(self._codec.encode, events), start=1)
        ]

    def _decode(
        self,
        stream_id: str,
        position: int,
        version: int,
        type_name: str,
        schema: int,
        data: Any,
        metadata: Any,
    ) -> RecordedEvent:
        event = self._codec.decode(type_name, schema, data, stream_id=stream_id, position=position)
        kept = (json.loads(metadata) if isinstance(metadata, str) else metadata) or {}
        return RecordedEvent(position, stream_id, version, event, kept)


def _reason(error: Exception) -> str:
    sentence = " ".join(str(error).split()) or type(error).__name__
    return sentence if sentence.endswith(".") else f"{sentence}."
