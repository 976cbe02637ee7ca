"""The contract every event store keeps, as a pytest base class.

Subclass it in a test module and provide the ``store`` fixture: a new, empty store that
keeps Mastermind's events with the default codec, closed after the test::

    class TestMyEventStore(EventStoreContract):
        @pytest.fixture
        def store(self) -> Iterator[EventStore]:
            store = MyEventStore()
            yield store
            store.close()
"""

from __future__ import annotations

from collections.abc import Iterator

from mastermind.testing._extra import missing_extra

try:
    import pytest
except ImportError as error:
    raise missing_extra("pytest", "mastermind.testing.EventStoreContract") from error

from mastermind.store import EventStore
from mastermind.testing._contract_categories import CategoryContract
from mastermind.testing._contract_feed import FeedContract, RaceContract
from mastermind.testing._contract_refusals import RefusalContract
from mastermind.testing._contract_snapshots import SnapshotContract
from mastermind.testing._contract_streams import StreamContract
from mastermind.testing._contract_subscription import SubscriptionContract
from mastermind.testing._contract_tracking import TrackingContract

__all__ = ["EventStoreContract"]


class EventStoreContract(
    StreamContract,
    CategoryContract,
    FeedContract,
    SubscriptionContract,
    RefusalContract,
    RaceContract,
    SnapshotContract,
    TrackingContract,
):
    """What every event store promises, as tests a store's test class inherits.

    Appends are atomic and versioned, with :class:`~mastermind.store.VersionConflict`
    only for a stream at another version than expected; the feed follows commit order;
    metadata comes back with each record of its append; wrong arguments raise
    ``TypeError`` or ``ValueError`` and change nothing; a closed store raises
    :class:`~mastermind.store.StoreClosed`. Appends from several threads at once are
    part of the contract too, and so are waits for the feed to grow: they end when
    another thread appends, or closes the store.
    """

    @pytest.fixture
    def store(self) -> Iterator[EventStore]:
        """A new, empty store with the default codec, closed after the test."""
        raise NotImplementedError(
            f"{type(self).__name__} must provide the store fixture: a new, empty store "
            "with the default codec, closed after the test"
        )
