"""One thread watches a store's feed for all its waiters: it connects once, wakes them all,
tells them when it cannot watch, heals by itself, and stops when nobody waits."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest

from harness import waiting
from mastermind.store import StoreClosed, StoreUnavailable
from mastermind.store._watch import Watch
from mastermind.testing._contract_subscription import PATIENCE, in_thread


class FakeFeed:
    """A database's feed, as far as its watchers see it: a head that appends move, and a
    server that can be down."""

    def __init__(self) -> None:
        self.head = 0
        self.down = False
        self.probes: list[FakeProbe] = []

    def open(self) -> FakeProbe:
        if self.down:
            raise OSError("connection refused")
        probe = FakeProbe(self)
        self.probes.append(probe)
        return probe

    def append(self) -> None:
        self.head += 1
        for probe in self.probes:
            probe.interrupt()


class FakeProbe:
    def __init__(self, feed: FakeFeed) -> None:
        self._feed = feed
        self._seen = feed.head
        self._woken = threading.Event()
        self.closed = False

    def head(self) -> int:
        if self._feed.down:
            raise OSError("server closed the connection unexpectedly")
        self._seen = self._feed.head
        return self._seen

    def wait(self, timeout: float) -> int | None:
        self._woken.wait(timeout)
        self._woken.clear()
        if self._feed.down:
            raise OSError("server closed the connection unexpectedly")
        if self._feed.head == self._seen:
            return None
        return self.head()

    def interrupt(self) -> None:
        self._woken.set()

    def close(self) -> None:
        self.closed = True


def eventually(condition: Callable[[], bool]) -> bool:
    return waiting.eventually(condition, PATIENCE, every=0.01)


@pytest.fixture
def feed() -> FakeFeed:
    return FakeFeed()


@pytest.fixture
def watch(feed: FakeFeed) -> Iterator[Watch]:
    watch = Watch(feed.open, lambda error: StoreUnavailable(str(error)), interval=0.05, name="t")
    yield watch
    watch.close()


def test_one_connection_watches_for_every_waiter_and_an_append_wakes_them_all(
    feed: FakeFeed, watch: Watch
) -> None:
    waiters = [in_thread(lambda: watch.wait(0, PATIENCE)) for _ in range(20)]
    assert eventually(lambda: len(feed.probes) == 1)
    feed.append()
    assert [waiter() for waiter in waiters] == [True] * 20
    assert len(feed.probes) == 1


def test_waiters_hear_that_the_store_is_unavailable_until_the_watch_heals_by_itself(
    feed: FakeFeed, watch: Watch
) -> None:
    feed.down = True
    with pytest.raises(StoreUnavailable, match="connection refused"):
        watch.wait(0, PATIENCE)
    feed.down = False
    feed.append()

    def woken() -> bool:
        try:
            return watch.wait(0, PATIENCE)
        except StoreUnavailable:
            return False

    assert eventually(woken)


def test_a_connection_lost_while_watching_is_replaced_and_reads_the_head_afresh(
    feed: FakeFeed, watch: Watch
) -> None:
    assert watch.wait(0, 0.01) is False
    feed.down = True
    feed.append()  # no connection to hear of it
    assert eventually(lambda: feed.probes[0].closed)
    feed.down = False

    def woken() -> bool:
        try:
            return watch.wait(0, PATIENCE)
        except StoreUnavailable:
            return False

    assert eventually(woken)
    assert len(feed.probes) == 2


def test_the_thread_closes_its_connection_once_nobody_waited_for_a_while(feed: FakeFeed) -> None:
    watch = Watch(feed.open, StoreUnavailable, interval=0.01, name="t", idle=0.05)
    assert watch.wait(0, 0.01) is False
    assert eventually(lambda: feed.probes[0].closed)
    feed.append()
    assert watch.wait(0, PATIENCE) is True  # a new thread, with a new connection
    assert len(feed.probes) == 2
    watch.close()


def test_closing_wakes_every_waiter_with_store_closed_and_closes_the_connection(
    feed: FakeFeed, watch: Watch
) -> None:
    waiters = [in_thread(lambda: watch.wait(0, PATIENCE)) for _ in range(3)]
    assert eventually(lambda: len(feed.probes) == 1)
    watch.close()
    assert all(isinstance(waiter(raising=False), StoreClosed) for waiter in waiters)
    assert feed.probes[0].closed
    with pytest.raises(StoreClosed):
        watch.wait(0, PATIENCE)
