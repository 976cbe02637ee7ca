"""One way to handle every command: load, fold, decide, append with the expected version."""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import attrs

from mastermind.domain import Decider
from mastermind.service._arguments import check_idempotency_key, check_optional_str, check_str
from mastermind.service._folded import FoldedStreams, Loaded, keys_of
from mastermind.service._snapshots import SnapshotPolicy, StreamSnapshots
from mastermind.store import (
    DEFAULT_CATEGORY,
    EventStore,
    StoreUnavailable,
    VersionConflict,
)

__all__ = ["CommandRunner", "Handled", "IdempotencyKeyReused"]

C = TypeVar("C")
E = TypeVar("E")
S = TypeVar("S")

IDEMPOTENCY_KEY = "idempotency_key"
"""The metadata under which an append keeps the key of the command that made it."""
REQUEST = "request"
"""The metadata under which an append keeps what the keyed command asked for."""


class IdempotencyKeyReused(ValueError):
    """A key already handled for another request: keys name one request each."""

    def __init__(self, stream_id: str, key: str) -> None:
        super().__init__(
            f"The idempotency key {key!r} was already used for another request on "
            f"{stream_id!r}: use a new key for each request."
        )
        self.stream_id = stream_id
        self.key = key


@attrs.frozen
class Handled(Generic[E, S]):
    """What handling a command did: the events it appended, and the stream's state after."""

    state: S
    events: tuple[E, ...]
    """The stream's events after ``from_version``, up to and including those the command
    appended."""
    new_events: tuple[E, ...]
    """The events the command appended: for a replayed key, those of the first time."""
    replayed: bool = False
    """The key had been handled before: nothing was decided or appended this time."""
    from_version: int = 0
    """The version of the snapshot the state was folded from, after which ``events``
    start; 0 when the whole stream was folded."""


class CommandRunner(Generic[C, E, S]):
    """Runs any decider over an event store, with optimistic concurrency.

    When another writer appends to the stream between the load and the append, the
    store refuses the stale batch; the runner decides again on the fresh state, at most
    ``max_attempts`` times, then lets :class:`VersionConflict` through.

    The streams it writes are in ``category``: name one for each application that
    shares a store, so that each reads its own streams alone. A stream of another
    category is, to the runner, a stream with no event, and appending to it raises
    :class:`~mastermind.store.WrongCategory`.

    When the store fails an append with :class:`StoreUnavailable`, a command with an
    idempotency key is tried once more, after ``backoff_seconds`` times a hundred: the
    append may have been made before the failure, and the key finds it. A command
    without a key is not, as it could then be appended twice.

    With ``snapshots``, a :class:`SnapshotPolicy`, the runner keeps a snapshot of a
    stream's state every so many events, on a store that keeps
    :class:`~mastermind.store.Snapshots`, and folds the stream from its latest snapshot
    on. A command with an idempotency key loads the whole stream still, since the key's
    first use may be older than the snapshot.

    The runner keeps the folded state of the ``cached_streams`` streams it used last (1,024
    by default; 0 keeps none). A command on one of them reads the events appended since
    the runner last read the stream, by itself or by any other writer, and folds those
    alone; should the stream no longer hold the last event read, at the same place in the
    feed, the runner loads it whole. Deciders' ``evolve`` must then be pure, as the
    :class:`~mastermind.domain.Decider` asks: a state is folded on from where it was kept.
    """

    def __init__(
        self,
        decider: Decider[C, E, S],
        store: EventStore,
        max_attempts: int = 10,
        backoff_seconds: float = 0.001,
        *,
        category: str = DEFAULT_CATEGORY,
        snapshots: SnapshotPolicy[S] | None = None,
        cached_streams: int = 1024,
    ) -> None:
        if not isinstance(decider, Decider):
            raise TypeError(f"decider must be a Decider, not {type(decider).__name__}")
        if not all(callable(getattr(store, name, None)) for name in ("load", "append")):
            raise TypeError(
                f"store must be an event store, with load and append, not {type(store).__name__}"
            )
        if not isinstance(max_attempts, int) or isinstance(max_attempts, bool):
            raise TypeError(f"max_attempts must be an int, not {type(max_attempts).__name__}")
        if max_attempts < 1:
            raise ValueError(f"max_attempts must be at least 1, not {max_attempts}")
        if not isinstance(backoff_seconds, int | float) or isinstance(backoff_seconds, bool):
            raise TypeError(
                f"backoff_seconds must be a number, not {type(backoff_seconds).__name__}"
            )
        if not (math.isfinite(backoff_seconds) and backoff_seconds >= 0):
            raise ValueError(
                f"backoff_seconds must be a finite number of at least 0, not {backoff_seconds}"
            )
        self.decider = decider
        self.store = store
        self.max_attempts = max_attempts
        self.backoff_seconds = backoff_seconds
        self.category = category
        if snapshots is not None and not isinstance(snapshots, SnapshotPolicy):
            raise TypeError(
                f"snapshots must be a SnapshotPolicy or None, not {type(snapshots).__name__}"
            )
        if not isinstance(cached_streams, int) or isinstance(cached_streams, bool):
            raise TypeError(f"cached_streams must be an int, not {type(cached_streams).__name__}")
        if cached_streams < 0:
            raise ValueError(f"cached_streams must be at least 0, not {cached_streams}")
        self.snapshots = snapshots
        self.folded: FoldedStreams[S] = FoldedStreams(
            cached_streams, store, decider.evolve, IDEMPOTENCY_KEY
        )
        """The folded states kept of the streams used last."""
        self._snapshots = None if snapshots is None else StreamSnapshots(snapshots, store, decider)

    def handle(
        self,
        stream_id: str,
        command: C | Callable[[S], C],
        *,
        idempotency_key: str | None = None,
        request: str | None = None,
    ) -> Handled[E, S]:
        """Decide ``command`` on the stream's state and append its events.

        ``command`` is a command, or a function that builds one from the current state,
        so that input can be read in the game's own terms (its palette, say) on every
        retry. A refused command raises before anything is appended.

        With an ``idempotency_key``, the key is recorded with the events, and handling
        the same key again answers the first result and appends nothing. ``request``
        says what the command asked for (by default, the command's ``repr``): a key
        already handled for another request raises :class:`IdempotencyKeyReused`.

        Raises:
            TypeError: ``stream_id`` is not a str, or ``idempotency_key`` or ``request``
                neither a str nor ``None``.
            ValueError: the key is not 1 to 255 printable characters.
        """
        check_str(stream_id, "stream_id")
        check_idempotency_key(idempotency_key)
        check_optional_str(request, "request")
        unavailable_retries = 0 if idempotency_key is None else 1
        for attempt in range(1, self.max_attempts + 1):
            loaded = self._load(stream_id, idempotency_key)
            stream, state, from_version = loaded.stream, loaded.state, loaded.from_version
            earlier = self._replay(loaded, idempotency_key, request)
            if earlier is not None:
                return earlier
            decided = command(state) if callable(command) else command
            metadata: dict[str, str] = {}
            if idempotency_key is not None:
                asked = request or repr(decided)
                metadata = {IDEMPOTENCY_KEY: idempotency_key, REQUEST: _fingerprint(asked)}
                earlier = self._replay(loaded, idempotency_key, asked)
                if earlier is not None:
                    return earlier
            new_events = self.decider.decide(decided, state)
            try:
                self.store.append(
                    stream_id,
                    new_events,
                    stream.version,
                    metadata=metadata,
                    category=self.category,
                )
            except VersionConflict:
                if attempt == self.max_attempts:
                    raise
                # Jitter spreads out writers that collided, so they stop colliding.
                time.sleep(random.uniform(0, self.backoff_seconds * 2**attempt))
                continue
            except StoreUnavailable:
                if unavailable_retries == 0 or attempt == self.max_attempts:
                    raise
                unavailable_retries -= 1
                time.sleep(self.backoff_seconds * 100)
                continue
            for event in new_events:
                state = self.decider.evolve(state, event)
            if self._snapshots is not None:
                after = stream.version + len(new_events)
                if self._snapshots.keep(stream_id, self.category, stream.version, after, state):
                    # The next command folds from the snapshot, and keeps the events after it.
                    self.folded.drop(stream_id)
            return Handled(
                state, (*loaded.events, *new_events), new_events, from_version=from_version
            )
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _load(self, stream_id: str, key: str | None) -> Loaded[S]:
        """The stream, from the state kept of it, else from its latest snapshot unless a
        key must be looked for in all of it; the state folded; and the keys it records."""
        loaded = self.folded.load(stream_id, self.category, all_keys=key is not None)
        if loaded is None:
            if self._snapshots is not None and key is None:
                stream, state, from_version = self._snapshots.load(stream_id, self.category)
            else:
                stream = self.store.load(stream_id, category=self.category)
                state, from_version = self.decider.fold(stream.events), 0
            loaded = Loaded(stream, state, from_version, keys_of(stream.records, IDEMPOTENCY_KEY))
        self.folded.keep(stream_id, loaded)
        return loaded

    def _replay(
        self, loaded: Loaded[S], key: str | None, request: str | None
    ) -> Handled[E, S] | None:
        """The first result of the keyed command, if the stream records it.

        Without a ``request`` to compare, it cannot tell yet: it answers ``None``.
        """
        if key is None or request is None:
            return None
        positions = loaded.keys.get(key)
        if not positions:
            return None
        stream = loaded.stream
        # Records kept the request itself before they kept its fingerprint.
        if stream.records[positions[0]].metadata.get(REQUEST) not in (
            _fingerprint(request),
            request,
        ):
            raise IdempotencyKeyReused(stream.stream_id, key)
        events: tuple[Any, ...] = stream.events[: positions[-1] + 1]
        new_events = tuple(stream.records[index].event for index in positions)
        return Handled(self.decider.fold(events), events, new_events, replayed=True)


def _fingerprint(request: str) -> str:
    """What a keyed request is remembered by: a digest, so that the records keep no copy
    of what it asked, such as the secret a person typed."""
    return "sha256:" + hashlib.sha256(request.encode()).hexdigest()
