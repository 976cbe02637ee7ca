"""One thread per store that watches the database's feed, for every thread waiting on it.

A SQL store's waiters share a :class:`Watch`: however many wait, one thread looks at the
database, through one connection of its own outside the store's pool, and wakes them
when the feed's head moves. The thread starts with the first waiter and ends a while
after the last, or when the store closes.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import Protocol

from mastermind.store._pool import current_pid
from mastermind.store._port import StoreClosed, StoreUnavailable
from mastermind.store.checks import check_feed_arguments

__all__ = ["Watch"]

IDLE = 10.0
"""Seconds the thread keeps watching after its last waiter left, for the next one."""
FIRST_BACKOFF = 0.05
"""Seconds before the first attempt to watch again after a failure; doubled after each."""
LAST_BACKOFF = 2.0
"""The longest pause between attempts to watch again."""


class Probe(Protocol):
    """A connection that watches one database's feed, used by one thread."""

    def head(self) -> int:
        """The position of the feed's last record now; 0 for an empty feed."""
        ...

    def wait(self, timeout: float) -> int | None:
        """Wait at most ``timeout`` seconds for the feed to grow, or until :meth:`interrupt`.

        A position the feed holds now if it grew, None if nothing was seen.
        """
        ...

    def interrupt(self) -> None:
        """End the :meth:`wait` under way, or the next one, at once; called by any thread."""
        ...

    def close(self) -> None: ...


class Watch:
    """The head of a store's feed as last seen, and the threads that wait for it to move.

    ``open_probe`` connects a :class:`Probe`; ``explain`` turns whatever it raises into
    the :class:`StoreUnavailable` that waiters then hear, until the thread has connected
    again. It tries again after a pause that doubles, up to :data:`LAST_BACKOFF`. The
    thread waits ``interval`` seconds at most between two looks at whether to stop, and
    stops ``idle`` seconds after its last waiter left.
    """

    def __init__(
        self,
        open_probe: Callable[[], Probe],
        explain: Callable[[Exception], StoreUnavailable],
        *,
        interval: float,
        name: str,
        idle: float = IDLE,
    ) -> None:
        self._open_probe = open_probe
        self._explain = explain
        self._interval = interval
        self._idle = idle
        self._name = name
        self._reset()
        self._closed = False

    def _reset(self) -> None:
        self._condition = threading.Condition()
        self._stopping = threading.Event()
        self._probe: Probe | None = None
        self._head: int | None = None  # unknown while no thread watches
        self._fault: StoreUnavailable | None = None
        self._thread: threading.Thread | None = None
        self._waiters = 0
        self._left_at = time.monotonic()
        self._pid = current_pid()

    def wait(self, after_position: int, timeout: float) -> bool:
        """As :meth:`FeedWaiter.wait_for_events`."""
        check_feed_arguments(after_position, 1)
        deadline = time.monotonic() + timeout
        if self._pid != current_pid():
            self._reset()  # forked: the parent's thread is not in this process
        with self._condition:
            self._waiters += 1
            try:
                self._start()
                while True:
                    if self._closed:
                        raise StoreClosed()
                    if self._head is not None and self._head > after_position:
                        return True
                    if self._fault is not None:
                        raise StoreUnavailable(self._fault.reason)
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        return False
                    self._condition.wait(remaining)
            finally:
                self._waiters -= 1
                self._left_at = time.monotonic()

    def poke(self) -> None:
        """Have the thread look at once: this process just appended."""
        probe = self._probe
        if probe is not None:
            probe.interrupt()

    def close(self) -> None:
        """Stop the thread, waking every waiter with :class:`StoreClosed`, and give it a
        moment to close its connection: it looks whether to stop every ``interval``."""
        with self._condition:
            self._closed = True
            self._condition.notify_all()
            thread, probe = self._thread, self._probe
        self._stopping.set()
        if probe is not None:
            probe.interrupt()
        if thread is not None and self._pid == current_pid():
            thread.join(self._interval + 1.0)

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
            self._thread.start()

    def _run(self) -> None:
        probe: Probe | None = None
        backoff = FIRST_BACKOFF
        try:
            while self._keep_watching():
                try:
                    if probe is None:
                        probe = self._connect()
                        self._publish(probe.head(), connected=True)
                        backoff = FIRST_BACKOFF
                    moved = probe.wait(self._interval)
                    if moved is not None:
                        self._publish(moved, connected=False)
                except Exception as error:
                    fault = error if isinstance(error, StoreUnavailable) else self._explain(error)
                    with self._condition:
                        self._fault = fault
                        self._condition.notify_all()
                    self._forget(probe)
                    probe = None
                    self._stopping.wait(backoff)
                    backoff = min(backoff * 2, LAST_BACKOFF)
        finally:
            self._forget(probe)

    def _connect(self) -> Probe:
        probe = self._open_probe()
        with self._condition:
            self._probe = probe
            if self._closed:  # close() found no probe to interrupt
                probe.interrupt()
        return probe

    def _forget(self, probe: Probe | None) -> None:
        """Close ``probe``, this thread's, which a thread started since must not lose."""
        with self._condition:
            if self._probe is probe:
                self._probe = None
        _close_quietly(probe)

    def _keep_watching(self) -> bool:
        with self._condition:
            idle = self._waiters == 0 and time.monotonic() - self._left_at > self._idle
            if self._closed or idle:
                self._thread, self._head, self._fault = None, None, None
                return False
            return True

    def _publish(self, head: int, *, connected: bool) -> None:
        with self._condition:
            if connected or self._head is None or head > self._head:
                self._head = head
            self._fault = None
            self._condition.notify_all()


def _close_quietly(probe: Probe | None) -> None:
    if probe is None:
        return
    with contextlib.suppress(Exception):  # a connection that failed may fail to close too
        probe.close()
