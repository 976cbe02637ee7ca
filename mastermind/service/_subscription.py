"""A catch-up subscription to the store's global feed: every record after a checkpoint,
once and in order, then each new one as it is appended, by this process or another."""

from __future__ import annotations

import threading
import time
from collections.abc import Collection, Iterator
from types import TracebackType

from mastermind.store import (
    EventStore,
    FeedWaiter,
    RecordedEvent,
    StoreUnavailable,
    head_position,
    wait_for_events,
)
from mastermind.store.checks import check_names

__all__ = ["Subscription"]

POLL_INTERVAL = 0.1
"""Seconds between two reads of the feed of a store that cannot wake its waiters."""
CLOSE_CHECK = 0.25
"""Longest a wait on a store that wakes its waiters sleeps before it looks whether the
subscription was closed: :meth:`Subscription.close` wakes a waiter within this."""
FIRST_BACKOFF = 0.05
"""Seconds a wait pauses after the store failed, before it tries again; doubled each time."""
LAST_BACKOFF = 2.0
"""The longest pause between two attempts of a wait to reach a store that failed."""


class Subscription:
    """The records of a store's feed after ``after_position``, read page by page, and then
    each new one as it comes.

    The subscription keeps its :attr:`position`, the last record it handed out: give it
    back as ``after_position`` to a new subscription, and it goes on with the next record,
    with none lost and none repeated. ``after_position=None`` starts at the feed's head,
    with the records appended from now on.

    With ``categories`` or ``types``, it hands out only the records of streams in those
    categories and of those event types (stored names), and its position moves past the
    others unread: applications sharing a store each follow their own.

    Waiting uses the store's :class:`~mastermind.store.FeedWaiter` capability when it has
    one: a condition in memory, ``PRAGMA data_version`` on SQLite, ``LISTEN`` on
    PostgreSQL. Another store's feed is read every ``poll_interval`` seconds.

    A store that fails while the subscription waits, with
    :class:`~mastermind.store.StoreUnavailable`, is tried again after a pause that grows
    up to two seconds, for as long as the wait lasts; :attr:`fault` tells what failed,
    until the store answers again. One thread reads a subscription; any thread may close it.
    """

    def __init__(
        self,
        store: EventStore,
        *,
        after_position: int | None = 0,
        page_size: int = 1000,
        poll_interval: float = POLL_INTERVAL,
        categories: Collection[str] | None = None,
        types: Collection[str] | None = None,
    ) -> None:
        if not isinstance(page_size, int) or isinstance(page_size, bool) or page_size < 1:
            raise ValueError(f"page_size must be a whole number of at least 1, not {page_size!r}")
        if not poll_interval > 0:
            raise ValueError(f"poll_interval must be more than 0 seconds, not {poll_interval}")
        if after_position is not None and (
            not isinstance(after_position, int)
            or isinstance(after_position, bool)
            or after_position < 0
        ):
            raise ValueError(
                f"after_position must be a position of at least 0, or None, not {after_position!r}"
            )
        self._store = store
        self._filters = {
            name: checked
            for name, names in (("categories", categories), ("types", types))
            if (checked := check_names(name, names)) is not None
        }
        self._page_size = page_size
        self._poll_interval = poll_interval
        self._closed = threading.Event()
        self._fault: StoreUnavailable | None = None
        self._position = head_position(store) if after_position is None else after_position

    @classmethod
    def at_head(
        cls, store: EventStore, *, page_size: int = 1000, poll_interval: float = POLL_INTERVAL
    ) -> Subscription:
        """A subscription to the records appended from now on."""
        return cls(store, after_position=None, page_size=page_size, poll_interval=poll_interval)

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"after position {self._position}"
        return f"<Subscription to {self._store!r}, {state}>"

    @property
    def position(self) -> int:
        """The position of the last record handed out; the checkpoint to resume after."""
        return self._position

    @property
    def fault(self) -> StoreUnavailable | None:
        """Why the store could not be read or watched lately; None once it answers again."""
        return self._fault

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    def poll(self) -> list[RecordedEvent]:
        """The next records after :attr:`position`, at most ``page_size``, without waiting.

        Raises:
            StoreUnavailable: the store cannot be read now.
        """
        if self.closed:
            return []
        if not self._filters:
            records = self._store.read_all(self._position, self._page_size)
            if records:
                self._position = records[-1].position
            return records
        # Every record up to the head read first is there to read by then, so a page
        # that is not full has passed over every other record up to the head.
        head = self._store.head_position() if isinstance(self._store, FeedWaiter) else 0
        records = self._store.read_all(self._position, self._page_size, **self._filters)
        last = records[-1].position if records else self._position
        self._position = last if len(records) == self._page_size else max(last, head)
        return records

    def skip_past(self, position: int) -> None:
        """Go on after the record at ``position``, one that cannot be read
        (:class:`~mastermind.store.CorruptRecord` names it), rather than stop at it for
        good. Records after it are read as ever; a position already passed is ignored."""
        self._position = max(self._position, position)

    def wait(self, timeout: float) -> list[RecordedEvent]:
        """The next records after :attr:`position`, waiting at most ``timeout`` seconds for
        one to be appended: ``[]`` if none came, or if the subscription was closed.

        A store unavailable meanwhile is tried again until the time is up.
        """
        deadline = time.monotonic() + timeout
        backoff = FIRST_BACKOFF
        while not self.closed:
            try:
                records = self.poll()
                if records:
                    self._fault = None
                    return records
                if not self._wait_for_more(deadline):
                    return []
                self._fault = None
                backoff = FIRST_BACKOFF
            except StoreUnavailable as fault:
                self._fault = fault
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self._closed.wait(min(backoff, remaining)):
                    return []
                backoff = min(backoff * 2, LAST_BACKOFF)
        return []

    def __iter__(self) -> Iterator[RecordedEvent]:
        """Every record after :attr:`position`, waiting for new ones until :meth:`close`."""
        while not self.closed:
            yield from self.wait(60.0)

    def close(self) -> None:
        """Stop: a wait in another thread returns within a quarter of a second, and every
        later call answers ``[]``. The store stays open."""
        self._closed.set()

    def __enter__(self) -> Subscription:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _wait_for_more(self, deadline: float) -> bool:
        """Wait until the feed may hold more after :attr:`position`: False if the time
        ran out or the subscription was closed first."""
        waiter = isinstance(self._store, FeedWaiter)
        if self._filters and not waiter:
            # Reading the whole feed to learn whether it grew could meet records of other
            # applications, which this store's codec may not read: look again later.
            remaining = deadline - time.monotonic()
            return remaining > 0 and not self._closed.wait(min(self._poll_interval, remaining))
        while not self.closed:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            if wait_for_events(
                self._store,
                self._position,
                min(remaining, CLOSE_CHECK) if waiter else remaining,
                poll_interval=self._poll_interval,
                stop=self._closed,
            ):
                return True
        return False
