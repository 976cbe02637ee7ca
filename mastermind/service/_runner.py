"""One way to handle every command: load, fold, decide, append with the expected version."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Generic, TypeVar

from mastermind.domain import Decider, Event
from mastermind.store import EventStore, VersionConflict

C = TypeVar("C")
S = TypeVar("S")


class CommandRunner(Generic[C, S]):
    """Runs any decider over an event store, with optimistic concurrency.

    When another writer appends to the stream between the load and the append, the
    store refuses the stale batch; the runner decides again on the fresh state, at most
    ``max_attempts`` times, then lets :class:`VersionConflict` through.
    """

    def __init__(
        self,
        decider: Decider[C, Event, S],
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

    def handle(self, stream_id: str, command: Callable[[S], C]) -> tuple[Event, ...]:
        """Decide ``command(state)`` and append its events; answer the whole stream.

        The command is built from the current state, so that input can be read in the
        game's own terms (its palette, say) on every retry. A refused command raises
        before anything is appended.
        """
        for attempt in range(1, self.max_attempts + 1):
            stream = self.store.load(stream_id)
            state = self.decider.fold(stream.events)
            new_events = self.decider.decide(command(state), state)
            try:
                self.store.append(stream_id, new_events, stream.version)
            except VersionConflict:
                if attempt == self.max_attempts:
                    raise
                # Jitter spreads out writers that collided, so they stop colliding.
                time.sleep(random.uniform(0, self.backoff_seconds * 2**attempt))
                continue
            return (*stream.events, *new_events)
        raise AssertionError("unreachable: the last attempt returns or raises")
