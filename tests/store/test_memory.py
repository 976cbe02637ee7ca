"""The memory store keeps the contract. It lives in one process, so no process race."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mastermind.store import EventStore, InMemoryEventStore
from tests.store.contract import EventStoreContract


class TestInMemoryEventStore(EventStoreContract):
    @pytest.fixture
    def store(self) -> Iterator[EventStore]:
        store = InMemoryEventStore()
        yield store
        store.close()
