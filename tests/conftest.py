"""Fixtures shared by the test modules, and the tiers each test is put in (``tests/tiers.py``)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from filelock import FileLock
from hypothesis import settings

from harness import PostgresCluster, PostgresUnavailable, RedisServer, RedisUnavailable, use_ports
from harness.serving import probe_code
from tests import tiers
from tests.builds import build_dist, build_docs

PORTS_PER_WORKER = 600
FIRST_PORT = 20000
"""Each xdist worker hands out ports from a range of its own, below the system's range."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--check",
        action="store_true",
        help="run the quick tier alone (make check): the tests that need none of the "
        "markers, with a tenth of each property's examples",
    )
    parser.addoption(
        "--require-servers",
        action="store_true",
        help="fail, rather than skip, a test whose PostgreSQL, Redis, Chromium or tmux this "
        "machine lacks (make test does: CI must never pass by skipping)",
    )


def pytest_configure(config: pytest.Config) -> None:
    for name, meaning in tiers.MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {meaning}")
    tiers.servers_required = bool(config.getoption("--require-servers"))
    tiers.root = config.rootpath
    if config.getoption("--check"):
        settings.load_profile(tiers.CHECK_PROFILE)
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        # Started in the background by a shell, which ignores Ctrl-C there: the commands
        # the tests start would inherit that, and never answer the Ctrl-C a test sends.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if worker.startswith("gw"):
        use_ports(FIRST_PORT + PORTS_PER_WORKER * int(worker[2:]), PORTS_PER_WORKER)
    if not _audited:
        sys.addaudithook(_audit)  # for good: a hook cannot be taken away
        _audited.append(True)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Leave the process as it was, for a run of pytest inside this one's tests."""
    settings.load_profile(tiers.SUITE_PROFILE)
    tiers.servers_required = False
    tiers.root = tiers.ROOT


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test with what it needs, read from its code, its fixtures and its module;
    under ``--check``, keep only those that need none of the markers."""
    for item in items:
        if isinstance(item, pytest.Function):
            needs = tiers.needs_of(item)
            for need in sorted(needs):
                item.add_marker(need)
    # The longest first, so that no worker is left running one alone at the end.
    items.sort(
        key=lambda item: min((tiers.ORDER.get(m.name, 9) for m in item.iter_markers()), default=9)
    )
    if config.getoption("--check"):
        slow = [item for item in items if any(map(item.get_closest_marker, tiers.MARKERS))]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if item not in slow]


_audited: list[bool] = []
_watched: list[pytest.Item] = []
_started: list[str] = []


def _audit(event: str, arguments: tuple[object, ...]) -> None:
    """Note what the watched test starts that its markers do not allow."""
    if not _watched or event not in tiers.STARTING:
        return
    if event == "socket.bind" and (
        not isinstance(arguments[1], tuple) or sys._getframe(1).f_code is probe_code
    ):
        return  # a socket in a file, or the probe that finds a free port
    what, allowing = tiers.STARTING[event], tiers.ALLOWED[tiers.STARTING[event]]
    if not allowing & {marker.name for marker in _watched[0].iter_markers()}:
        _started.append(what)


@contextlib.contextmanager
def _watching(item: pytest.Item) -> Iterator[None]:
    """Watch what ``item`` starts, then the test it runs inside of, if any, again."""
    outer = (_watched[:], _started[:])
    _watched[:] = [item]
    _started.clear()
    try:
        yield
    finally:
        started = sorted(set(_started))
        _watched[:], _started[:] = outer
    if started:
        pytest.fail(
            f"{item.nodeid} starts {' and '.join(started)}, but none of its markers allows "
            "it: name in its code what it starts as tests/tiers.py reads it, or mark it",
            pytrace=False,
        )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    with _watching(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    with _watching(item), _uncovered(item):
        return (yield)


@contextlib.contextmanager
def _uncovered(item: pytest.Item) -> Iterator[None]:
    """Run a test of an uncovered tier with this process's coverage paused, if it has any."""
    measuring = None
    if any(map(item.get_closest_marker, tiers.UNCOVERED)) and "coverage" in sys.modules:
        measuring = sys.modules["coverage"].Coverage.current()
    if measuring is None:
        yield
        return
    measuring.stop()
    try:
        yield
    finally:
        measuring.start()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A database on a PostgreSQL server started for this test session (for each xdist
    worker, a server of its own), and removed after.

    ``MASTERMIND_TEST_POSTGRES_URL`` names a server to use instead. Without either, the
    PostgreSQL tests are skipped, or fail under ``--require-servers``.
    """
    if os.environ.get("MASTERMIND_TEST_POSTGRES_URL"):
        yield os.environ["MASTERMIND_TEST_POSTGRES_URL"]
        return
    try:
        cluster = PostgresCluster()
    except PostgresUnavailable as error:
        tiers.missing(str(error))
    with cluster:
        yield cluster.url


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A Redis server started for this test alone, empty, stopped and removed after: a test
    may stop it and start it again. Without ``redis-server``, the test is skipped, or fails
    under ``--require-servers``."""
    try:
        server = RedisServer()
    except RedisUnavailable as error:
        tiers.missing(str(error))
    with server:
        yield server


def shared(
    tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]
) -> Path:
    """A folder that ``build`` fills once for the whole run, whichever xdist worker asks first."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # shared by the workers of one run
    folder = root / name
    with FileLock(str(root / f"{name}.lock")):
        if not (folder / ".built").exists():
            folder.mkdir(exist_ok=True)
            build(folder)
            (folder / ".built").touch()
    return folder


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the sdist, and the wheel built from it, as ``python -m build`` makes
    them: built once for the whole run."""
    return shared(tmp_path_factory, "dist", build_dist)


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs, built strictly as a reader builds them: once for the whole run, by mkdocs
    run in another folder than the repository, with the configuration named by its path."""
    return shared(tmp_path_factory, "docs", build_docs) / "site"


@pytest.fixture(autouse=True)
def uncovered_processes(request: pytest.FixtureRequest, environment_restored: None) -> None:
    """A test run without coverage starts its processes without it too (the environment is
    restored after each test)."""
    if any(map(request.node.get_closest_marker, tiers.UNCOVERED)):
        for variable in tiers.COVERAGE_VARIABLES:
            os.environ.pop(variable, None)


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
