"""What the projection tests share: new stores of each kind, and the smallest projection
that shows a record applied twice or missed."""

from __future__ import annotations

import itertools
import json
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from harness import with_fresh_schema
from mastermind.store import (
    MASTERMIND_CATEGORY,
    EventStore,
    InMemoryEventStore,
    RecordedEvent,
    SQLiteEventStore,
    Stream,
)
from mastermind.testing import guessed, started

STORES = ("memory", "sqlite", "postgres")

_schemas = itertools.count(1)


def new_store(kind: str, folder: Path, request: pytest.FixtureRequest) -> EventStore:
    """A new, empty store of ``kind``; PostgreSQL's in a schema of its own."""
    if kind == "memory":
        return InMemoryEventStore()
    if kind == "sqlite":
        return SQLiteEventStore(folder / "events.db")
    from mastermind.store.postgres import PostgresEventStore

    url = request.getfixturevalue("postgres_url")
    return PostgresEventStore(with_fresh_schema(url, f"projections_{next(_schemas)}"))


@attrs.define
class Positions:
    """A projection whose state is the list of the positions it applied, so that a record
    applied twice or missed shows; ``applied`` lists those this object applied, in this
    process, and ``failing_at`` is a position whose record ``apply`` fails on, once."""

    name: str = "positions"
    version: int = 1
    categories: Collection[str] | None = None
    types: Collection[str] | None = None
    failing_at: int | None = None
    applied: list[int] = attrs.field(factory=list)

    def initial_state(self) -> list[int]:
        return []

    def apply(self, seen: list[int], record: RecordedEvent) -> list[int]:
        if record.position == self.failing_at:
            self.failing_at = None
            raise RuntimeError(f"apply failed at position {record.position}")
        self.applied.append(record.position)
        seen.append(record.position)  # in place, as a large projection does
        return seen

    def dump(self, seen: list[int]) -> str:
        return json.dumps(seen)

    def load(self, text: str) -> list[int]:
        seen = json.loads(text)
        if not isinstance(seen, list):
            raise ValueError(f"not a list of positions: {text!r}")
        return seen


def play(store: EventStore, *game_ids: str, category: str = MASTERMIND_CATEGORY) -> None:
    """Start each game and make a guess in it: two records a game."""
    for game_id in game_ids:
        store.append(game_id, [started(game_id), guessed(game_id)], 0, category=category)


def positions(store: EventStore, **filters: Any) -> list[int]:
    return [record.position for record in store.read_all(limit=1_000_000, **filters)]


@attrs.frozen
class StoreWithoutCheckpoints:
    """A store that keeps no checkpoints: the one it wraps, with nothing but the port."""

    inner: EventStore

    def append(
        self,
        stream_id: str,
        events: Sequence[Any],
        expected_version: int,
        *,
        metadata: Any = None,
        category: str = "",
    ) -> int:
        return self.inner.append(
            stream_id, events, expected_version, metadata=metadata, category=category
        )

    def load(
        self, stream_id: str, *, category: str | None = None, after_version: int = 0
    ) -> Stream:
        return self.inner.load(stream_id, category=category, after_version=after_version)

    def read_all(
        self,
        after_position: int = 0,
        limit: int = 1000,
        *,
        categories: Collection[str] | None = None,
        types: Collection[str] | None = None,
    ) -> list[RecordedEvent]:
        return self.inner.read_all(after_position, limit, categories=categories, types=types)

    def close(self) -> None:
        self.inner.close()
