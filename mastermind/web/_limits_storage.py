"""Where the limits are counted: each process's memory, or one Redis server that every
worker and every machine of a deployment names with ``--limits-storage``.

Counted in memory, each worker holds a client to its rates apart, so ``--workers 4``
gives a client four times its rate, and a restart forgets every count. Counted in Redis,
the rates and the open streams of a client are counted once, whichever worker or
machine answers it, and they outlive a restart of the server.

Redis is asked with short timeouts: when it cannot be reached, a request that must be
counted is answered ``503 LimitsUnavailable`` with ``Retry-After`` at once, every other
request is served as usual, and the next request after Redis is back is counted again.
"""

from __future__ import annotations

import importlib.util
import logging
import threading
from typing import Any

from mastermind._install import install_hint
from mastermind.web._problems import Problem

__all__ = [
    "REDIS_TIMEOUT",
    "RETRY_SECONDS",
    "Outage",
    "in_memory",
    "redis_client",
    "redis_options",
    "require_redis",
    "unavailable",
]

log = logging.getLogger("mastermind.web")

REDIS_TIMEOUT = 0.5
"""Seconds to connect to Redis, or to wait for one answer, before a request is refused:
on a network of its own, Redis answers in well under a millisecond."""
RETRY_SECONDS = 5
"""The Retry-After of a request refused because the limits cannot be counted."""


def in_memory(url: str) -> bool:
    """Whether ``url`` counts the limits in this process's memory."""
    return url.strip().lower().startswith("memory://")


def require_redis(url: str) -> None:
    """Nothing, if the limits can be counted where ``url`` says with what is installed.

    Raises:
        ImportError: ``url`` names Redis, and its client, the redis extra, is missing.
    """
    if not in_memory(url) and importlib.util.find_spec("redis") is None:
        needed = install_hint("redis")
        raise ImportError(f"Counting the limits in Redis needs the redis extra: {needed}")


def redis_options(url: str) -> dict[str, Any]:
    """How every client of the limits' Redis waits: :data:`REDIS_TIMEOUT` at most, and one
    attempt again at once, which finds a connection that a restarted Redis closed.
    The client's own default, three attempts over seconds, would hold the request that
    long, and the event loop with it, while Redis is away.

    Raises:
        ImportError: the redis extra is missing.
    """
    require_redis(url)
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    return {
        "socket_timeout": REDIS_TIMEOUT,
        "socket_connect_timeout": REDIS_TIMEOUT,
        "retry": Retry(NoBackoff(), 1),
    }


def redis_client(url: str) -> Any:
    """A client of the Redis server at ``url``, which connects on its first command.

    Raises:
        ImportError: the redis extra is missing.
    """
    options = redis_options(url)
    import redis

    if url.lower().startswith("redis+unix://"):
        url = "unix://" + url[len("redis+unix://") :]
    return redis.Redis.from_url(url, **options)


def unavailable() -> Problem:
    """The answer to a request that must be counted when the counts cannot be reached."""
    return Problem(
        503,
        "LimitsUnavailable",
        "The server cannot count this address's requests just now. Try again in a few seconds.",
        headers={"Retry-After": str(RETRY_SECONDS)},
    )


class Outage:
    """An outage of the limits' storage, said in two lines of the log: one when it
    starts, with its reason, and one when the storage answers again."""

    def __init__(self, what: str) -> None:
        self._what = what
        self._failures = 0
        self._lock = threading.Lock()

    def failed(self, error: BaseException) -> None:
        with self._lock:
            self._failures += 1
            first = self._failures == 1
        if first:
            log.error(
                "%s cannot be counted, answered 503: %s: %s",
                self._what,
                type(error).__name__,
                error,
            )

    def answered(self) -> None:
        if not self._failures:  # the usual case, read without the lock
            return
        with self._lock:
            failures, self._failures = self._failures, 0
        if failures:
            log.info("%s are counted again after %d failures.", self._what, failures)
