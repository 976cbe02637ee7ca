"""How many live streams each client address holds open: counted by this process alone,
or in Redis, once for every worker and machine that shares it.

In Redis, each address has a sorted set of its open streams, each scored with the time
its lease ends. A stream is claimed by one script that drops the address's expired
leases, counts the rest and adds the new one if there is room, so two workers can never
both take the last place. Leaving removes the lease; while a stream stays open, its
process renews the lease every :data:`RENEW_SECONDS`. A worker that dies without leaving
renews nothing, and its streams' places come free within :data:`LEASE_SECONDS`: a crash
costs its clients a minute of fewer streams, never a place lost for good. The times are
Redis's own, so the clocks of the machines need not agree.
"""

from __future__ import annotations

import collections
import threading
import uuid
from typing import Any, Protocol

from mastermind.web._limits_storage import Outage, in_memory, redis_client, unavailable

__all__ = [
    "LEASE_SECONDS",
    "RENEW_SECONDS",
    "ClientStreams",
    "LocalStreams",
    "SharedStreams",
    "client_streams",
]

LEASE_SECONDS = 60.0
"""How long a stream's place is held in Redis without its process renewing it."""
RENEW_SECONDS = 20.0
"""How often a process renews the leases of its open streams."""
KEY_PREFIX = "mastermind:streams:"

# Drop the expired leases, and add one if fewer than the limit remain: 1 if added.
_CLAIM = """
local now = redis.call('TIME')
now = tonumber(now[1]) + tonumber(now[2]) / 1000000
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('EXPIRE', KEYS[1], math.ceil(tonumber(ARGV[3])))
return 1
"""
# Renew a lease; it is added again if Redis lost it, as a Redis restarted empty has.
_RENEW = """
local now = redis.call('TIME')
now = tonumber(now[1]) + tonumber(now[2]) / 1000000
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('EXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2])))
return 1
"""


class ClientStreams(Protocol):
    """The open streams of each client address, and how many it may hold."""

    remote: bool
    """Whether counting asks another server, and may take a round trip or a timeout."""

    def claim(self, address: str, stream: object) -> bool:
        """Take a place for ``stream`` of ``address``: False if it holds as many as it may.

        Raises:
            Problem: 503, the count cannot be reached.
        """

    def release(self, address: str, stream: object) -> None:
        """Give back the place of ``stream``, claimed before."""


class LocalStreams:
    """The streams each address holds open in this process."""

    remote = False

    def __init__(self, per_client: int) -> None:
        self._per_client = per_client
        self._by_address: collections.Counter[str] = collections.Counter()
        self._lock = threading.Lock()

    def claim(self, address: str, stream: object) -> bool:
        with self._lock:
            if self._by_address[address] >= self._per_client:
                return False
            self._by_address[address] += 1
            return True

    def release(self, address: str, stream: object) -> None:
        with self._lock:
            self._by_address[address] -= 1
            if self._by_address[address] <= 0:
                del self._by_address[address]


class SharedStreams:
    """The streams each address holds open in every process that counts in one Redis."""

    remote = True

    def __init__(self, client: Any, per_client: int) -> None:
        self._redis = client
        self._per_client = per_client
        self._claim = client.register_script(_CLAIM)
        self._renew = client.register_script(_RENEW)
        self._process = uuid.uuid4().hex
        self._outage = Outage("Live streams")
        self._open: dict[str, str] = {}
        """This process's leases: the key of its address, by lease."""
        self._lock = threading.Lock()
        self._renewer: threading.Thread | None = None
        self._wake = threading.Event()

    def claim(self, address: str, stream: object) -> bool:
        lease, key = self._lease(stream), KEY_PREFIX + address
        try:
            claimed = self._claim(keys=[key], args=[lease, self._per_client, LEASE_SECONDS])
        except Exception as error:  # Redis's errors are many: any one means no count
            self._outage.failed(error)
            raise unavailable() from None
        self._outage.answered()
        if not claimed:
            return False
        with self._lock:
            self._open[lease] = key
            if self._renewer is None:
                self._renewer = threading.Thread(
                    target=self._renew_while_open, name="stream leases", daemon=True
                )
                self._renewer.start()
        return True

    def release(self, address: str, stream: object) -> None:
        lease = self._lease(stream)
        with self._lock:
            key = self._open.pop(lease, KEY_PREFIX + address)
            if not self._open:
                self._wake.set()
        try:
            self._redis.zrem(key, lease)
        except Exception as error:  # the lease runs out by itself within LEASE_SECONDS
            self._outage.failed(error)

    def _lease(self, stream: object) -> str:
        return f"{self._process}:{id(stream)}"

    def _renew_while_open(self) -> None:
        """The leases' renewer, which ends once no stream of this process is open."""
        while True:
            self._wake.wait(RENEW_SECONDS)
            with self._lock:
                self._wake.clear()
                leases = list(self._open.items())
                if not leases:
                    self._renewer = None
                    return
            try:
                with self._redis.pipeline(transaction=False) as pipeline:
                    for lease, key in leases:
                        self._renew(keys=[key], args=[lease, LEASE_SECONDS], client=pipeline)
                    pipeline.execute()
                with self._lock:  # released while renewed: the renewal brought them back
                    gone = [(lease, key) for lease, key in leases if lease not in self._open]
                for lease, key in gone:
                    self._redis.zrem(key, lease)
            except Exception as error:  # tried again at the next renewal
                self._outage.failed(error)
            else:
                self._outage.answered()


def client_streams(storage: str, per_client: int) -> ClientStreams:
    """The count of each address's streams, kept where ``storage`` says.

    Raises:
        ImportError: ``storage`` names Redis, and the redis extra is missing.
    """
    if in_memory(storage):
        return LocalStreams(per_client)
    return SharedStreams(redis_client(storage), per_client)
