"""A waiter in this process, and an append in another: the store that several processes
share wakes the waiter, whose feed then holds the other process's record.

Only stores that processes can share take part: a memory store lives in one process.
"""

from __future__ import annotations

import multiprocessing
from typing import Any

from mastermind.store import EventStore, connect, head_position, wait_for_events
from mastermind.testing import started
from mastermind.testing._contract_subscription import PATIENCE, in_thread

PROCESS_TIMEOUT = 60
"""Seconds for a process to start, import the package and open its store, at most."""


def append_when_told(url: str, stream_id: str, ready: Any, go: Any) -> None:
    """A process of its own: open the store, say so, and append one start when told."""
    store = connect(url)
    try:
        ready.set()
        if not go.wait(PROCESS_TIMEOUT):
            raise TimeoutError("never told to append")
        store.append(stream_id, [started(stream_id)], 0)
    finally:
        store.close()


class AppendingProcess:
    """A process that opens ``url``'s store and appends to ``stream_id`` on :meth:`go`."""

    def __init__(self, url: str, stream_id: str) -> None:
        context = multiprocessing.get_context("spawn")
        self._ready, self._go = context.Event(), context.Event()
        self._process = context.Process(
            target=append_when_told, args=(url, stream_id, self._ready, self._go)
        )

    def __enter__(self) -> AppendingProcess:
        self._process.start()
        assert self._ready.wait(PROCESS_TIMEOUT), "the appending process never opened its store"
        return self

    def go(self) -> None:
        self._go.set()

    def __exit__(self, *exception: object) -> None:
        self._go.set()
        self._process.join(PROCESS_TIMEOUT)
        assert self._process.exitcode == 0


class ProcessFollow:
    """A waiter on the store ``store_url`` names hears of another process's append."""

    def test_a_waiter_is_woken_by_an_append_of_another_process(
        self, store: EventStore, store_url: str
    ) -> None:
        store.append("here", [started("here")], 0)
        head = head_position(store)
        wait_for_events(store, head, 0.01)  # the store starts watching its feed
        with AppendingProcess(store_url, "there") as other:
            woken = in_thread(lambda: wait_for_events(store, head, PATIENCE))
            other.go()
            assert woken() is True
        assert [record.event for record in store.read_all(head)] == [started("there")]
