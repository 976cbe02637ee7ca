"""A PostgreSQL server stopped at once, as by a crash, and started again: the store says
it is unavailable meanwhile, and serves the first call after, with no restart of its own.

The server is one of this module's own, so that stopping it disturbs no other test.
"""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from harness import PostgresCluster, PostgresUnavailable
from mastermind.store import PostgresEventStore, StoreUnavailable
from mastermind.testing import guessed, started
from tests.store.test_postgres_pool import backends, events_locked, eventually, in_thread

NAME = "restart_test"


class RestartableCluster(PostgresCluster):
    def stop_at_once(self) -> None:
        """``pg_ctl stop -m immediate``: every session cut off, no shutdown checkpoint."""
        self._run("pg_ctl", "stop", "-w", "-m", "immediate", "-D", self._data)

    def start_again(self) -> None:
        """Start with the options of the last start, which ``pg_ctl restart`` reuses."""
        log = self._root / "server.log"
        self._run("pg_ctl", "restart", "-w", "-t", "60", "-D", self._data, "-l", log)


@pytest.fixture(scope="module")
def cluster() -> Iterator[RestartableCluster]:
    try:
        server = RestartableCluster()
    except PostgresUnavailable as error:
        pytest.fail(str(error), pytrace=False)
    with server:
        yield server


@pytest.fixture
def url(cluster: RestartableCluster) -> str:
    with psycopg.connect(cluster.url, autocommit=True) as connection:
        connection.execute("DROP TABLE IF EXISTS events")
    return f"{cluster.url}?application_name={NAME}"


def test_the_first_read_after_a_restart_succeeds_though_every_pooled_connection_is_stale(
    cluster: RestartableCluster, url: str
) -> None:
    store = PostgresEventStore(url, max_connections=8, connection_wait=5)
    with events_locked(cluster.url, "EXCLUSIVE"):  # six appends at once: six connections
        appends = [in_thread(lambda n=n: store.append(f"g{n}", [started()], 0)) for n in range(6)]
        assert eventually(lambda: len(backends(cluster.url, NAME, waiting_for_a_lock=True)) == 6)
    for thread, _ in appends:
        thread.join(timeout=10)
    assert len(backends(cluster.url, NAME)) >= 6

    cluster.stop_at_once()
    cluster.start_again()

    assert store.load("g0").events == (started(),)
    assert store.append("g0", [guessed()], 1) == 2
    *appended, last = [record.stream_id for record in store.read_all()]
    assert (sorted(appended), last) == ([f"g{n}" for n in range(6)], "g0")
    store.close()


def test_calls_while_the_server_is_down_are_unavailable_and_the_first_after_succeeds(
    cluster: RestartableCluster, url: str
) -> None:
    store = PostgresEventStore(url, connection_wait=1)
    store.append("g1", [started()], 0)
    cluster.stop_at_once()
    try:
        failures = []
        for call in [
            lambda: store.load("g1"),
            lambda: store.append("g1", [guessed()], 1),
            lambda: store.read_all(),
            lambda: store.load("g1"),
        ]:
            with pytest.raises(StoreUnavailable) as raised:
                call()
            failures.append(str(raised.value))
    finally:
        cluster.start_again()
    assert all("\n" not in failure for failure in failures)
    assert all("Connection refused" in failure for failure in failures)  # no wait for a pool

    assert store.load("g1").version == 1
    assert store.append("g1", [guessed()], 1) == 2
    store.close()
