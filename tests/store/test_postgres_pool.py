"""The PostgreSQL store's connections: bounded, replaced when cut off, and left behind
by nobody: neither a closed store nor a forked child."""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import psycopg
import pytest

from harness import eventually, free_port
from mastermind.store import PostgresEventStore, StoreUnavailable
from mastermind.testing import guessed, started

_names = itertools.count(1)


@pytest.fixture
def name() -> str:
    """An application name of this test's own, to count its store's connections."""
    return f"pool_test_{os.getpid()}_{next(_names)}"


@pytest.fixture
def store_url(database_url: str, name: str) -> str:
    return f"{database_url}&application_name={name}"


def backends(url: str, name: str, waiting_for_a_lock: bool = False) -> set[int]:
    """The server processes that serve connections of the application ``name``."""
    query = "SELECT pid FROM pg_stat_activity WHERE application_name = %s"
    if waiting_for_a_lock:
        query += " AND wait_event_type = 'Lock'"
    with psycopg.connect(url, autocommit=True) as connection:
        return {pid for (pid,) in connection.execute(query, (name,)).fetchall()}


@contextmanager
def events_locked(url: str, mode: str) -> Iterator[psycopg.Connection[tuple[object, ...]]]:
    """The events table locked by another program until the block ends."""
    with psycopg.connect(url) as holder:
        holder.execute(f"LOCK TABLE events IN {mode} MODE")
        yield holder


def in_thread(call: Callable[[], object]) -> tuple[threading.Thread, list[object]]:
    """``call`` started in a thread; the list receives what it returned or raised."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(call())
        except Exception as error:
            outcome.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def test_callers_beyond_max_connections_wait_then_hear_that_every_connection_is_busy(
    database_url: str, store_url: str, name: str
) -> None:
    store = PostgresEventStore(store_url, max_connections=2, connection_wait=0.5)
    with events_locked(database_url, "EXCLUSIVE"):
        appends = [
            in_thread(lambda n=n: store.append(f"g{n}", [started(f"g{n}")], 0)) for n in (1, 2)
        ]
        assert eventually(lambda: len(backends(database_url, name, waiting_for_a_lock=True)) == 2)
        with pytest.raises(StoreUnavailable) as raised:
            store.load("g1")
        assert len(backends(database_url, name)) == 2
    assert str(raised.value) == (
        "The event store is unavailable: all 2 database connections of this process are busy,"
        " and none came free within 0.5 s."
    )
    for thread, outcome in appends:
        thread.join(timeout=10)
        assert outcome == [1]
    assert store.load("g1").version == 1
    store.close()


def test_a_closed_store_leaves_no_thread_and_no_connection_behind(
    database_url: str, store_url: str, name: str
) -> None:
    threads_before = set(threading.enumerate())
    store = PostgresEventStore(store_url, max_connections=4)
    store.append("g1", [started()], 0)
    readers = [in_thread(lambda: store.load("g1")) for _ in range(4)]
    for thread, _ in readers:
        thread.join(timeout=10)
    assert backends(database_url, name)
    store.close()
    assert set(threading.enumerate()) - threads_before == set()
    assert eventually(lambda: backends(database_url, name) == set())


def test_an_unreachable_server_is_reported_with_the_reason_at_once() -> None:
    port = free_port()
    threads_before = set(threading.enumerate())
    with pytest.raises(StoreUnavailable, match="Connection refused") as raised:
        PostgresEventStore(f"postgresql://nobody@127.0.0.1:{port}/games", connection_wait=30)
    assert "\n" not in str(raised.value)
    assert set(threading.enumerate()) - threads_before == set()


def test_a_read_whose_connection_is_cut_off_is_read_again_on_another(
    database_url: str, store_url: str, name: str
) -> None:
    store = PostgresEventStore(store_url)
    store.append("g1", [started()], 0)
    with events_locked(database_url, "ACCESS EXCLUSIVE") as holder:  # reads wait too
        reader, outcome = in_thread(lambda: store.load("g1"))
        assert eventually(lambda: len(backends(database_url, name, waiting_for_a_lock=True)) == 1)
        (first,) = backends(database_url, name, waiting_for_a_lock=True)
        holder.execute("SELECT pg_terminate_backend(%s)", (first,))
        assert eventually(
            lambda: len(backends(database_url, name, waiting_for_a_lock=True) - {first}) == 1
        )
    reader.join(timeout=10)
    assert [stream.events for stream in outcome] == [(started(),)]  # type: ignore[attr-defined]
    store.close()


def test_an_append_whose_connection_is_cut_off_raises_store_unavailable_and_appends_nothing(
    database_url: str, store_url: str, name: str
) -> None:
    store = PostgresEventStore(store_url)
    store.append("g1", [started()], 0)
    with events_locked(database_url, "EXCLUSIVE") as holder:
        writer, outcome = in_thread(lambda: store.append("g1", [guessed()], 1))
        assert eventually(lambda: len(backends(database_url, name, waiting_for_a_lock=True)) == 1)
        (pid,) = backends(database_url, name, waiting_for_a_lock=True)
        holder.execute("SELECT pg_terminate_backend(%s)", (pid,))
        writer.join(timeout=10)
    (error,) = outcome
    assert isinstance(error, StoreUnavailable)
    assert "terminating connection" in error.reason
    assert store.load("g1").version == 1
    assert store.append("g1", [guessed()], 1) == 2
    store.close()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="only where processes fork")
def test_a_forked_child_neither_uses_nor_ends_its_parents_connections(
    database_url: str, store_url: str, name: str
) -> None:
    store = PostgresEventStore(store_url)
    store.append("parent", [started("parent")], 0)
    parents = backends(database_url, name)
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's coverage is not collected
        code = 1
        try:
            store.append("child", [started("child")], 0)
            code = 0 if backends(database_url, name) - parents else 2  # a connection of its own
            store.close()
        finally:
            os._exit(code)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert eventually(lambda: backends(database_url, name) == parents)
    assert store.load("child").version == 1
    store.close()
