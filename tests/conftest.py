"""Fixtures shared by the test modules."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from harness import PostgresCluster, PostgresUnavailable, RedisServer, RedisUnavailable


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A database on a PostgreSQL server started for this test session, and removed after.

    ``MASTERMIND_TEST_POSTGRES_URL`` names a server to use instead. Without either, the
    PostgreSQL tests fail: they are never skipped, on a laptop or in CI.
    """
    if os.environ.get("MASTERMIND_TEST_POSTGRES_URL"):
        yield os.environ["MASTERMIND_TEST_POSTGRES_URL"]
        return
    try:
        cluster = PostgresCluster()
    except PostgresUnavailable as error:
        where = " (CI is set: the CI machine must install it)" if os.environ.get("CI") else ""
        pytest.fail(f"{error}{where}", pytrace=False)
    with cluster:
        yield cluster.url


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A Redis server started for this test alone, empty, stopped and removed after: a test
    may stop it and start it again. Without ``redis-server``, the test fails."""
    try:
        server = RedisServer()
    except RedisUnavailable as error:
        where = " (CI is set: the CI machine must install it)" if os.environ.get("CI") else ""
        pytest.fail(f"{error}{where}", pytrace=False)
    with server:
        yield server


@pytest.fixture(autouse=True)
def environment_restored() -> Iterator[None]:
    """Each test leaves the process's environment as it found it: ``mastermind serve``
    writes its key and settings there for its workers, which must not reach the next
    test, whichever runs next."""
    before = dict(os.environ)
    yield
    if os.environ != before:
        os.environ.clear()
        os.environ.update(before)
