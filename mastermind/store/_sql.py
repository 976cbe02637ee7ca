"""What the SQL stores share: encoding rows, reading streams and the feed back, and
turning their drivers' errors into the store's own."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Collection, Sequence
from types import TracebackType
from typing import Any, ClassVar

from mastermind.store._codec import EventCodec, check_versions
from mastermind.store._fast import Recent
from mastermind.store._pool import Lender
from mastermind.store._port import (
    DEFAULT_CATEGORY,
    Metadata,
    RecordedEvent,
    StoreError,
    StoreUnavailable,
    Stream,
)
from mastermind.store._queries import Queries
from mastermind.store._tracking import Checkpoint, CheckpointConflict, Snapshot
from mastermind.store._watch import Watch
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

__all__ = ["Row", "SQLStore", "one_line"]

STREAMS_KEPT = 256
"""How many streams read lately a SQL store keeps, with their records, to read them again."""

Row = tuple[str, int, str, int, str, str | None, str]
"""``stream_id, version, type, schema, data, metadata, category`` as inserted."""


class SQLStore:
    """``load``, ``read_all``, checkpoints, snapshots and ``close`` for a store of rows in
    a table of events.

    Subclasses give the statements for their table, the driver's errors, the pool and
    the codec. A read whose connection was cut off is tried once more on another:
    reading twice changes nothing. An append is not: whether the first one committed
    cannot be known.
    """

    _queries: Queries
    _driver_error: ClassVar[type[Exception]]
    """The base class of the driver's errors, which the store reports as unavailable."""
    _refusals: ClassVar[tuple[type[Exception], ...]] = ()
    """The driver's errors for a value that the database refuses: not a reason to try again
    later, and not always the caller's mistake (a connection's encoding may be at fault),
    so a plain :class:`StoreError`. The checks refuse every value known to cause one."""
    _pool: Lender[Any]
    _codec: EventCodec
    _watch: Watch
    """Watches the feed for the threads that wait on it, through a connection of its own."""

    def load(
        self, stream_id: str, *, category: str | None = None, after_version: int = 0
    ) -> Stream:
        check_load(stream_id, category, after_version)
        rows = self._fetch(self._queries.load, (stream_id, after_version))
        if rows:
            found = rows[0][-1]
            version = rows[-1][1]
        else:
            last = self._fetch(self._queries.last_version, (stream_id,)) if after_version else []
            version, found = last[0] if last else (0, category or DEFAULT_CATEGORY)
        if category is not None and found != category:
            return Stream(stream_id, (), 0, category)
        if after_version:
            records = tuple([self._record(stream_id, *row) for row in rows])
        else:
            records = self._stream_records(stream_id, rows)
        check_versions(records, after_version)
        return Stream(stream_id, records, version, found)

    def read_all(
        self,
        after_position: int = 0,
        limit: int = 1000,
        *,
        categories: Collection[str] | None = None,
        types: Collection[str] | None = None,
    ) -> list[RecordedEvent]:
        check_feed_arguments(after_position, limit)
        query, names = self._queries.feed(
            check_names("categories", categories), check_names("types", types)
        )
        record = self._record
        return [record(*row) for row in self._fetch(query, (after_position, *names, limit))]

    def head_position(self) -> int:
        (head,) = self._fetch(self._queries.head, ())[0]
        return int(head)

    def checkpoint(self, name: str) -> Checkpoint | None:
        check_stream_id(name, "name")
        rows = self._fetch(self._queries.checkpoint, (name,))
        return Checkpoint(name, int(rows[0][0]), rows[0][1]) if rows else None

    def save_checkpoint(self, checkpoint: Checkpoint, *, expected_position: int | None) -> None:
        check_checkpoint(checkpoint, expected_position)
        name, position, state = checkpoint.name, checkpoint.position, checkpoint.state
        if expected_position is None:
            saved = self._write(self._queries.first_checkpoint, (name, position, state))
        else:
            saved = self._write(
                self._queries.next_checkpoint, (position, state, name, expected_position)
            )
        if not saved:
            actual = self.checkpoint(name)
            raise CheckpointConflict(
                name, expected_position, None if actual is None else actual.position
            )

    def snapshot(self, stream_id: str) -> Snapshot | None:
        check_stream_id(stream_id)
        rows = self._fetch(self._queries.snapshot, (stream_id,))
        if not rows:
            return None
        version, kind, state = rows[0]
        return Snapshot(stream_id, int(version), kind, state)

    def save_snapshot(self, snapshot: Snapshot) -> None:
        check_snapshot(snapshot)
        self._write(
            self._queries.save_snapshot,
            (snapshot.stream_id, snapshot.version, snapshot.kind, snapshot.state),
        )

    def delete_snapshots(self) -> None:
        self._write(self._queries.delete_snapshots, ())

    def _write(self, query: str, parameters: tuple[Any, ...]) -> int:
        """Run one statement in a transaction of its own; the number of rows it changed."""
        with self._connection() as connection:
            changed: int = connection.execute(query, parameters).rowcount
        return changed

    def wait_for_events(self, after_position: int, timeout: float) -> bool:
        return self._watch.wait(after_position, timeout)

    def close(self) -> None:
        self._watch.close()
        self._pool.close()
        self._streams = self._read_once = Recent(1)  # let go of the streams kept

    def _stream_records(self, stream_id: str, rows: list[Any]) -> tuple[RecordedEvent, ...]:
        """The records that a stream's rows of ``position, version, type, schema, data,
        metadata, category`` hold.

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
        for _, _, type_name, _, data, metadata, _ in fresh:
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
        category: str,
    ) -> RecordedEvent:
        event = self._codec.decode(type_name, schema, data, stream_id=stream_id, position=position)
        kept = {} if metadata is None else _metadata(metadata)
        return RecordedEvent(position, stream_id, version, event, kept, category)

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
        """A pooled connection; the driver's failures leave as :class:`StoreError`."""
        return _Borrowed(self._pool, self._driver_error, self._failed)

    def _failed(self, error: Exception) -> StoreError:
        """What a driver's error in a read or an append means for its caller: the store is
        unavailable, unless the database refused a value, which it will refuse again."""
        if isinstance(error, self._refusals):
            return StoreError(f"The database refused a value: {one_line(error)}")
        return self._unavailable(error)

    def _unavailable(self, error: Exception) -> StoreUnavailable:
        """What a driver's error means for the store's callers."""
        return StoreUnavailable(one_line(error))

    def _rows(
        self,
        stream_id: str,
        events: Sequence[Any],
        expected_version: int,
        metadata: Metadata | None,
        category: str,
        most: int | None = None,
    ) -> list[Row]:
        """The rows that store ``events`` after ``expected_version``, in insert order; an
        append of ``most`` events or more is refused before any is encoded."""
        kept = check_append(stream_id, events, expected_version, metadata)
        check_category(category)
        if most is not None and len(events) >= most:
            raise ValueError(f"an append holds fewer than {most:,} events, not {len(events):,}")
        encoded_metadata = json.dumps(kept, separators=(",", ":")) if kept else None
        encode = self._codec._encode_fields
        return [
            (stream_id, expected_version + number, *encode(event), encoded_metadata, category)
            for number, event in enumerate(events, start=1)
        ]


class _Borrowed:
    """A connection of the store's pool for a ``with`` block, whose driver's errors leave
    as :class:`StoreError`, and whose ``lost`` then says whether it was cut off. A
    class, not a generator: every read and append uses one.
    """

    __slots__ = ("_connection", "_driver_error", "_explain", "_pool", "lost")

    def __init__(
        self,
        pool: Lender[Any],
        driver_error: type[Exception],
        explain: Callable[[Exception], StoreError],
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
