"""What the tests of the service's edges share: a store of each kind, and how a refusal
is checked, by its error, by its words, and by a feed left as it was."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mastermind.service import MAX_IDEMPOTENCY_KEY
from mastermind.store import EventStore, InMemoryEventStore, SQLiteEventStore

STORES = ("memory", "sqlite")

Call = Callable[[Any], object]
Case = tuple[Call, type[Exception], str]
"""A hostile call, the error it must raise, and words its message must hold."""

KEY_VALUES = f"idempotency_key must hold 1 to {MAX_IDEMPOTENCY_KEY} printable characters"


def new_store(kind: str, folder: Path) -> Iterator[EventStore]:
    """A new, empty store of ``kind``, closed after."""
    store: EventStore = (
        InMemoryEventStore() if kind == "memory" else SQLiteEventStore(folder / "g.db")
    )
    yield store
    store.close()


def assert_refused(target: object, store: EventStore, case: Case) -> None:
    """``case`` raises exactly its error with its words in the message, and the store's
    feed is as it was."""
    call, error, words = case
    before = store.read_all()
    with pytest.raises(error) as raised:
        call(target)
    assert type(raised.value) is error
    assert words in str(raised.value)
    assert store.read_all() == before
