"""What the snapshot tests share: the three stores, each new and empty, and a tally, the
smallest decider whose streams grow as long as a test likes."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import attrs
import pytest

from harness import with_fresh_schema
from mastermind.domain import Decider
from mastermind.store import EventCodec, EventStore, InMemoryEventStore, SQLiteEventStore

STORES = ("memory", "sqlite", "postgres")

_schemas = itertools.count(1)


@contextmanager
def new_store(
    kind: str, folder: Path, request: pytest.FixtureRequest, codec: EventCodec | None = None
) -> Iterator[EventStore]:
    """A new, empty store of ``kind``, closed after; PostgreSQL's in a schema of its own."""
    store: EventStore
    if kind == "memory":
        store = InMemoryEventStore(codec=codec)
    elif kind == "sqlite":
        store = SQLiteEventStore(folder / "events.db", codec=codec)
    else:
        from mastermind.store.postgres import PostgresEventStore

        url = request.getfixturevalue("postgres_url")
        store = PostgresEventStore(
            with_fresh_schema(url, f"snapshots_{next(_schemas)}"), codec=codec
        )
    try:
        yield store
    finally:
        store.close()


@attrs.frozen
class Add:
    """Add ``amount`` to the tally, ``times`` times over: one event each."""

    amount: int
    times: int = 1


@attrs.frozen
class Added:
    amount: int


@attrs.frozen
class Tally:
    count: int = 0
    total: int = 0


def _decide(command: Add, state: Tally) -> tuple[Added, ...]:
    if command.amount < 0:
        raise ValueError(f"a tally only grows: cannot add {command.amount}")
    return (Added(command.amount),) * command.times


def _evolve(state: Tally, event: Added) -> Tally:
    return Tally(state.count + 1, state.total + event.amount)


tally: Decider[Add, Added, Tally] = Decider(_decide, _evolve, Tally(), lambda _: False)

TALLY_CODEC = EventCodec({"Added": Added})
