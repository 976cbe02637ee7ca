"""What the tests, the specification's checkout runs and the benchmarks stand on, each
written once: servers in a thread and in a process of their own, a throwaway PostgreSQL
cluster and Redis server, and faults to cause under load (``harness.scenarios`` runs them).

None of it ships in the wheel.
"""

from harness.faults import CannotMount, StoppablePostgres, fill, small_filesystem
from harness.postgres import PostgresCluster, PostgresUnavailable, find_bindir, with_fresh_schema
from harness.processes import GENEROUS_RATES, ServerProcess, still_running
from harness.redis import RedisServer, RedisUnavailable
from harness.serving import free_port, serving, use_ports
from harness.waiting import alive, eventually

__all__ = [
    "CannotMount",
    "GENEROUS_RATES",
    "PostgresCluster",
    "PostgresUnavailable",
    "RedisServer",
    "RedisUnavailable",
    "ServerProcess",
    "StoppablePostgres",
    "alive",
    "eventually",
    "fill",
    "find_bindir",
    "free_port",
    "serving",
    "small_filesystem",
    "still_running",
    "use_ports",
    "with_fresh_schema",
]
