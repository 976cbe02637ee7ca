"""One way to handle every command: load, fold, decide, append with the expected version."""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import attrs

from mastermind.domain import Decider
from mastermind.store import EventStore, StoreUnavailable, Stream, VersionConflict

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
    """The stream's events, up to and including those the command appended."""
    new_events: tuple[E, ...]
    """The events the command appended: for a replayed key, those of the first time."""
    replayed: bool = False
    """The key had been handled before: nothing was decided or appended this time."""


class CommandRunner(Generic[C, E, S]):
    """Runs any decider over an event store, with optimistic concurrency.

    When another writer appends to the stream between the load and the append, the
    store refuses the stale batch; the runner decides again on the fresh state, at most
    ``max_attempts`` times, then lets :class:`VersionConflict` through.

    When the store fails an append with :class:`StoreUnavailable`, a command with an
    idempotency key is tried once more, after ``backoff_seconds`` times a hundred: the
    append may have been made before the failure, and the key finds it. A command
    without a key is not, as it could then be appended twice.
    """

    def __init__(
        self,
        decider: Decider[C, E, S],
        store: EventStore,
        max_attempts: int = 10,
        backoff_seconds: float = 0.001,
    ) -> None:
        if max_attempts < 1:
            raise ValueError(f"max_attempts must be at least 1, not {max_attempts}")
        self.decider = decider
        self.store = store
        self.max_attempts = max_attempts
        self.backoff_seconds = backoff_seconds

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
        """
        unavailable_retries = 0 if idempotency_key is None else 1
        for attempt in range(1, self.max_attempts + 1):
            stream = self.store.load(stream_id)
            earlier = self._replay(stream, idempotency_key, request)
            if earlier is not None:
                return earlier
            state = self.decider.fold(stream.events)
            decided = command(state) if callable(command) else command
            metadata: dict[str, str] = {}
            if idempotency_key is not None:
                asked = request or repr(decided)
                metadata = {IDEMPOTENCY_KEY: idempotency_key, REQUEST: _fingerprint(asked)}
                earlier = self._replay(stream, idempotency_key, asked)
                if earlier is not None:
                    return earlier
            new_events = self.decider.decide(decided, state)
            try:
                self.store.append(stream_id, new_events, stream.version, metadata=metadata)
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
            return Handled(state, (*stream.events, *new_events), new_events)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _replay(self, stream: Stream, key: str | None, request: str | None) -> Handled[E, S] | None:
        """The first result of the keyed command, if the stream records it.

        Without a ``request`` to compare, it cannot tell yet: it answers ``None``.
        """
        if key is None or request is None:
            return None
        positions = [
            index
            for index, record in enumerate(stream.records)
            if record.metadata.get(IDEMPOTENCY_KEY) == key
        ]
        if not positions:
            return None
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
