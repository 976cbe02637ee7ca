"""What the SQL stores share: encoding rows, reading streams and the feed back, and
turning their drivers' errors into the store's own."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, ClassVar

from mastermind.store._codec import EventCodec, check_versions
from mastermind.store._fast import Recent
from mastermind.store._pool import Lender
from mastermind.store._port import (
    Metadata,
    RecordedEvent,
    StoreUnavailable,
    Stream,
    check_append,
    check_feed_arguments,
    check_stream_id,
)
from mastermind.store._watch import Watch

STREAMS_KEPT = 256
"""How many streams read lately a SQL store keeps, with their records, to read them again."""

Row = tuple[str, int, str, int, str, str | None]
"""``stream_id, version, type, schema, data, metadata`` as inserted."""

HEAD = "SELECT COALESCE(MAX(position), 0) FROM events"
"""The position of the feed's last record, read from the primary key's index alone."""


class SQLStore:
    """``load``, ``read_all`` and ``close`` for a store of rows in an ``events`` table.

    Subclasses name their queries, written in their driver's placeholder style, the
    driver's errors, and give the pool and the codec. A read whose connection was cut
    off is tried once more on another: reading twice changes nothing. An append is not:
    whether the first one committed cannot be known.
    """

    _load_query: ClassVar[str]
    """Selects ``position, version, type, schema, data, metadata`` of one stream, by version."""
    _feed_query: ClassVar[str]
    """Selects ``stream_id, position, version, type, schema, data, metadata`` after a position."""
    _driver_error: ClassVar[type[Exception]]
    """The base class of the driver's errors, which the store reports as unavailable."""
    _pool: Lender[Any]
    _codec: EventCodec
    _watch: Watch
    """Watches the feed for the threads that wait on it, through a connection of its own."""

    def load(self, stream_id: str) -> Stream:
        check_stream_id(stream_id)
        records = self._stream_records(stream_id, self._fetch(self._load_query, (stream_id,)))
        check_versions(records)
        return Stream(stream_id, records, len(records))

    def read_all(self, after_position: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        check_feed_arguments(after_position, limit)
        record = self._record
        return [record(*row) for row in self._fetch(self._feed_query, (after_position, limit))]

    def head_position(self) -> int:
        (head,) = self._fetch(HEAD, ())[0]
        return int(head)

    def wait_for_events(self, after_position: int, timeout: float) -> bool:
        return self._watch.wait(after_position, timeout)

    def close(self) -> None:
        self._watch.close()
        self._pool.close()
        self._streams = self._read_once = Recent(1)  # let go of the streams kept

    def _stream_records(self, stream_id: str, rows: list[Any]) -> tuple[RecordedEvent, ...]:
        """The records that a stream's rows of ``position, version, type, schema, data,
        metadata`` hold.

        Every command reads its stream again, to find it as the command before left it,
        a row or two longer. So a stream read more than once lately is kept as it was
        read, rows and records, while it is among the :data:`STREAMS_KEPT` read last:
        rows the same as the last time are answered with the same records, and only the
        rows after them are decoded. A stream is kept only while all its events are of
        types that nothing can change and its rows hold text, as SQLite's do.
        """
        kept = self._streams.get(stream_id)
        known: tuple[RecordedEvent, ...] = ()
        if kept is not None and rows[: len(kept[0])] == kept[0]:
            known = kept[1]
        record = self._record
        fresh = rows[len(known) :]
        records = known + tuple([record(stream_id, *row) for row in fresh])
        if kept is None and self._read_once.get(stream_id) is None:
            self._read_once.put(stream_id, True)  # kept from its second read on
            return records
        shared = self._codec._shared_types
        for _, _, type_name, _, data, metadata in fresh:
            if not (
                type_name in shared
                and type(data) is str
                and (metadata is None or type(metadata) is str)
            ):
                return records
        self._streams.put(stream_id, (rows, records))
        return records

    @functools.cached_property
    def _streams(self) -> Recent:
        """Streams read lately, by id: the rows read and the records they hold."""
        return Recent(STREAMS_KEPT)

    @functools.cached_property
    def _read_once(self) -> Recent:
        """The ids of streams read lately, to keep those read again."""
        return Recent(4 * STREAMS_KEPT)

    def _record(
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
        kept = {} if metadata is None else _metadata(metadata)
        return RecordedEvent(position, stream_id, version, event, kept)

    def _fetch(self, query: str, parameters: tuple[Any, ...]) -> list[Any]:
        """Every row of one query, on a pooled connection; on another if it was cut off."""
        borrowed = self._connection()
        try:
            with borrowed as connection:
                rows: list[Any] = connection.execute(query, parameters).fetchall()
        except StoreUnavailable:
            if not borrowed.lost:
                raise
            with self._connection() as connection:
                rows = connection.execute(query, parameters).fetchall()
        return rows

    def _connection(self) -> _Borrowed:
        """A pooled connection; the driver's failures leave as :class:`StoreUnavailable`."""
        return _Borrowed(self._pool, self._driver_error, self._unavailable)

    def _unavailable(self, error: Exception) -> StoreUnavailable:
        """What a driver's error means for the store's callers."""
        return StoreUnavailable(one_line(error))

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
        encode = self._codec._encode_fields
        return [
            (stream_id, expected_version + number, *encode(event), encoded_metadata)
            for number, event in enumerate(events, start=1)
        ]


class _Borrowed:
    """A connection of the store's pool for a ``with`` block, whose driver's errors leave
    as :class:`StoreUnavailable`, and whose ``lost`` then says whether it was cut off. A
    class, not a generator: every read and append uses one.
    """

    __slots__ = ("_connection", "_driver_error", "_explain", "_pool", "lost")

    def __init__(
        self,
        pool: Lender[Any],
        driver_error: type[Exception],
        explain: Callable[[Exception], StoreUnavailable],
    ) -> None:
        self._pool = pool
        self._driver_error = driver_error
        self._explain = explain
        self.lost = False

    def __enter__(self) -> Any:
        try:
            self._connection = self._pool.take()
        except self._driver_error as error:
            raise self._explain(error) from error
        return self._connection

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        failed = isinstance(error, self._driver_error)
        if failed:
            self.lost = self._pool.lost(self._connection)
        try:
            self._pool.give_back(self._connection, failed=failed)
        except self._driver_error as failure:
            raise self._explain(failure) from failure
        if isinstance(error, self._driver_error):
            raise self._explain(error) from error


def _metadata(stored: Any) -> dict[str, str]:
    """What an append kept beside its events: JSON text, a driver's decoded JSON, or none."""
    kept: dict[str, str] = (json.loads(stored) if isinstance(stored, str) else stored) or {}
    return kept


def one_line(error: BaseException) -> str:
    """An error's message as one sentence, for a reason that people read."""
    sentence = " ".join(str(error).split()) or type(error).__name__
    return sentence if sentence.endswith((".", "?", "!")) else f"{sentence}."
