"""The memory store keeps the contract. It lives in one process, so no process race."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mastermind.store import EventStore, InMemoryEventStore
from mastermind.testing import EventStoreContract
from tests.store.races import ThreadRace


class TestInMemoryEventStore(EventStoreContract, ThreadRace):
    @pytest.fixture
    def store(self) -> Iterator[EventStore]:
        store = InMemoryEventStore()
        yield store
        store.close()
