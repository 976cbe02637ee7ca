"""The folded states of the streams a runner used last, so that a command on a long stream
reads and folds only the events appended since the runner last saw it.

A folded state is an optimisation, never the truth, as a snapshot is. It is kept as of the
last event the runner *read*, with that event's place in the feed; the next command reads
the stream from that event on, and uses the state only if the event is still there, at the
same position. Whatever was appended since, by this runner or by any other writer, is read
and folded then: the runner's own appends included, so that the state kept is always one
the store gave back. The version check of the append stays the arbiter between writers.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import attrs

from mastermind.store import EventStore, RecordedEvent, Stream

__all__ = ["FoldedStreams", "Loaded", "keys_of"]

S = TypeVar("S")


@attrs.frozen
class Loaded(Generic[S]):
    """A stream as a command reads it: its records after ``from_version``, the state
    after them, and where each idempotency key of those records was used."""

    stream: Stream
    state: S
    from_version: int = 0
    """The version of the snapshot the state was folded from: 0 when folded from the
    start, when ``keys`` holds every key the stream records."""
    keys: Mapping[str, tuple[int, ...]] = attrs.field(factory=dict)
    """Each idempotency key, and the indexes in ``stream.records`` of the events it
    appended."""
    events: tuple[Any, ...] = attrs.field(
        default=attrs.Factory(lambda self: self.stream.events, takes_self=True)
    )
    """The events of ``stream.records``: kept, so that a command copies them but once."""


def keys_of(
    records: tuple[RecordedEvent, ...],
    metadata_key: str,
    start: int = 0,
    known: Mapping[str, tuple[int, ...]] | None = None,
) -> Mapping[str, tuple[int, ...]]:
    """``known``, with the keys of ``records`` from index ``start`` on added."""
    keys: dict[str, tuple[int, ...]] | None = None
    for index in range(start, len(records)):
        key = records[index].metadata.get(metadata_key)
        if key is not None:
            if keys is None:  # copied once, when a key is found: entries are shared
                keys = dict(known or {})
            keys[key] = (*keys.get(key, ()), index)
    if keys is None:
        return known if known is not None else {}
    return keys


class FoldedStreams(Generic[S]):
    """Up to ``size`` streams' folded states, the least recently used dropped first.

    Safe to share between threads: a state kept is never changed, only replaced.
    """

    def __init__(
        self,
        size: int,
        store: EventStore,
        evolve: Callable[[S, Any], S],
        metadata_key: str,
    ) -> None:
        self.size = size
        self._store = store
        self._evolve = evolve
        self._metadata_key = metadata_key
        self._kept: OrderedDict[str, Loaded[S]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._kept)

    def __contains__(self, stream_id: object) -> bool:
        return stream_id in self._kept

    def load(self, stream_id: str, category: str, *, all_keys: bool) -> Loaded[S] | None:
        """The stream from its kept state on, the events since folded; ``None`` when no
        state is kept, when it must hold ``all_keys`` and does not, or when the stream no
        longer holds the event it was kept at."""
        with self._lock:
            kept = self._kept.get(stream_id)
            if kept is not None:
                self._kept.move_to_end(stream_id)
        if kept is None or (all_keys and kept.from_version):
            return None
        last = kept.stream.records[-1]
        # From the last event read on, to see that it is still there.
        stream = self._store.load(stream_id, category=category, after_version=last.version - 1)
        first = stream.records[0] if stream.records else None
        if first is None or (first.version, first.position) != (last.version, last.position):
            self.drop(stream_id)
            return None
        state = kept.state
        evolve = self._evolve
        for record in stream.records[1:]:
            state = evolve(state, record.event)
        tail = stream.records[1:]
        records = kept.stream.records + tail
        keys = keys_of(records, self._metadata_key, len(kept.stream.records), kept.keys)
        events = kept.events + tuple(record.event for record in tail)
        stream = attrs.evolve(stream, records=records)
        return Loaded(stream, state, kept.from_version, keys, events)

    def keep(self, stream_id: str, loaded: Loaded[S]) -> None:
        """Keep ``loaded`` as the stream's state, if it holds an event to be found again."""
        if self.size == 0 or not loaded.stream.records:
            return
        with self._lock:
            self._kept[stream_id] = loaded
            self._kept.move_to_end(stream_id)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def drop(self, stream_id: str) -> None:
        with self._lock:
            self._kept.pop(stream_id, None)
