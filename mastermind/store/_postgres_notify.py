"""The notifications of a PostgreSQL store's appends, sent by a thread of its own.

A ``NOTIFY`` in an append's own transaction holds PostgreSQL's one notify lock from
before its commit until after the commit's flush, which makes every committing writer of
the cluster wait for the one before it. Sent after the commit, in a transaction of its
own, it would cost each append one more round trip to the server. So an append only
hands its last position over and returns; this thread sends the latest position handed
over, one notification for however many appends came meanwhile. Listeners need no more:
a notification says how far the feed has grown, and they read the feed from where they
are up to its head.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any

__all__ = ["Notifier"]

log = logging.getLogger("mastermind.store")

STATEMENT = "SELECT set_config('synchronous_commit', 'off', true), pg_notify(%s, %s)"
"""A notifying transaction is given an id and commits as one that wrote: with
``synchronous_commit`` off for it alone, it does not wait for the log to be flushed. A
notification lost in a crash is no loss: listeners read the head when they reconnect."""
GATHER_SECONDS = 0.002
"""While appends keep coming, the pause after each notification in which the next gathers
them: a notification a few milliseconds late, rather than a transaction for each append."""
IDLE_SECONDS = 10.0
"""Seconds without an append after which the thread ends, and its connection closes."""
CLOSE_SECONDS = 2.0
"""The longest a closing store waits for the last notification to be sent."""


class Notifier:
    """Notifies ``channel`` of the latest position that :meth:`appended` was told of, on a
    connection that ``connect`` opens, in autocommit."""

    def __init__(self, connect: Callable[[], Any], channel: str) -> None:
        self._connect = connect
        self._channel = channel
        self._condition = threading.Condition()
        self._latest = 0
        self._sent = 0
        self._closed = False
        self._thread: threading.Thread | None = None
        self._pid = os.getpid()

    def appended(self, position: int) -> None:
        """An append committed, up to ``position``: notify it soon."""
        with self._condition:
            if self._closed:
                return
            self._latest = max(self._latest, position)
            if self._thread is None or self._pid != os.getpid():  # none yet, or forked
                self._pid = os.getpid()
                self._thread = threading.Thread(
                    target=self._send, name=f"mastermind-notify {self._channel}", daemon=True
                )
                self._thread.start()
            self._condition.notify()

    def close(self) -> None:
        """Send what is left to send, then stop."""
        with self._condition:
            self._closed = True
            self._condition.notify()
            thread = self._thread if self._pid == os.getpid() else None
        if thread is not None:
            thread.join(CLOSE_SECONDS)

    def _send(self) -> None:
        """Notify while appends come, on a connection of its own, outside the pool, so
        that an append never waits for a connection the notifications hold; connected
        again after a failure, at the next notification; closed after IDLE_SECONDS
        without an append."""
        connection = None
        try:
            while True:
                with self._condition:
                    while self._latest == self._sent and not self._closed:
                        if not self._condition.wait(IDLE_SECONDS) and self._latest == self._sent:
                            self._thread = None  # the next append starts another
                            return
                    if self._latest == self._sent:
                        return
                    latest = self._latest
                try:
                    if connection is None or connection.closed:
                        connection = self._connect()
                    connection.execute(STATEMENT, (self._channel, str(latest)))
                except Exception as error:  # the events are stored; listeners look again
                    log.warning("appends up to %s stored, but not notified: %s", latest, error)
                    if connection is not None:
                        connection.close()
                with self._condition:
                    self._sent = max(self._sent, latest)
                    busy = self._latest != self._sent and not self._closed
                if busy:  # appends keep coming: gather them into the next notification
                    time.sleep(GATHER_SECONDS)
        finally:
            if connection is not None:
                connection.close()
