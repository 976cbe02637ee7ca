"""Following the feed: waiting until it may hold records past a position, on any store.

Waiting is a capability a store may offer, not part of :class:`EventStore`: a store of
one's own keeps working without it. :func:`wait_for_events` and :func:`head_position`
ask the store for it, and otherwise read the feed at an interval.
"""

from __future__ import annotations

import threading
import time
from typing import Protocol, runtime_checkable

from mastermind.store._port import EventStore
from mastermind.store.checks import check_feed_arguments

__all__ = ["FeedWaiter", "head_position", "wait_for_events"]

POLL_INTERVAL = 0.1
"""Seconds between reads of the feed, on a store that cannot say when it grew."""


@runtime_checkable
class FeedWaiter(Protocol):
    """A store that can say when its feed may have grown, without being asked again and again.

    Notifications only wake: the feed is the truth. A waiter may be woken for nothing,
    and must read the feed to learn what is there; it must never sleep through a record.
    """

    def head_position(self) -> int:
        """The position of the feed's last record; 0 for an empty feed."""
        ...

    def wait_for_events(self, after_position: int, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds until the feed may hold a record after
        ``after_position``.

        True: something past ``after_position`` may be there now; read the feed. False:
        nothing came within ``timeout``.

        Raises:
            StoreUnavailable: the store cannot watch its feed now; try again later.
            StoreClosed: the store is closed, or was closed while this call waited.
        """
        ...


def wait_for_events(
    store: EventStore,
    after_position: int,
    timeout: float,
    *,
    poll_interval: float = POLL_INTERVAL,
    stop: threading.Event | None = None,
) -> bool:
    """Wait at most ``timeout`` seconds until ``store``'s feed may hold a record after
    ``after_position``, as :meth:`FeedWaiter.wait_for_events` says.

    A store that is no :class:`FeedWaiter` is read every ``poll_interval`` seconds.
    Setting ``stop`` ends the wait early, with False, within ``poll_interval`` on such a
    store; a :class:`FeedWaiter` is left to its own timeout.
    """
    check_feed_arguments(after_position, 1)
    if timeout < 0:
        raise ValueError(f"timeout must be at least 0 seconds, not {timeout}")
    if isinstance(store, FeedWaiter):
        return store.wait_for_events(after_position, timeout)
    if not poll_interval > 0:
        raise ValueError(f"poll_interval must be more than 0 seconds, not {poll_interval}")
    stop = stop or threading.Event()
    deadline = time.monotonic() + timeout
    while True:
        if store.read_all(after_position, limit=1):
            return True
        remaining = deadline - time.monotonic()
        if remaining <= 0 or stop.wait(min(poll_interval, remaining)):
            return False


def head_position(store: EventStore, *, page_size: int = 1000) -> int:
    """The position of the last record of ``store``'s feed; 0 for an empty feed.

    A store that is no :class:`FeedWaiter` is read to its end, a page of ``page_size``
    at a time: that reads and decodes every record once.
    """
    if isinstance(store, FeedWaiter):
        return store.head_position()
    position = 0
    while page := store.read_all(position, page_size):
        position = page[-1].position
    return position
