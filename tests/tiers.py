"""The tiers of the suite: what each test needs, read from its code and its fixtures.

A marker says what a test needs beyond this process and its CPU: a PostgreSQL or Redis
server, Chromium, processes or a port of its own, a built distribution, a long fuzz, a
fault. ``conftest.py`` marks every test from the names its code reaches (its own body,
the helpers of its module it calls, and its fixtures), so that a new test is marked
without anyone remembering to. ``make check`` runs the tests that need none of them.

The reading is checked while the tests run: a test that starts a process or listens on
a port without a marker that allows it fails, and says which marker it lacks.
"""

from __future__ import annotations

import inspect
import types
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, NoReturn

import pytest
from hypothesis import HealthCheck, settings

__all__ = [
    "MARKERS",
    "examples",
    "missing",
    "names_in",
    "needs_of",
    "needs_of_names",
    "without_coverage",
]

MARKERS = {
    "postgres": "needs a PostgreSQL server, which the tests start",
    "redis": "needs a Redis server, which the tests start",
    "browser": "drives a headless Chromium",
    "process": "starts processes or ptys of its own: the command, servers, hint workers",
    "server": "serves HTTP on a loopback port of this process",
    "dist": "builds the distributions or the docs, or installs into a fresh environment",
    "fuzz": "sends many generated requests or runs a long generated search",
    "faults": "causes faults: a crash, a full disk, a database that stops",
    "proof": "proves a figure by a long search or run: an optimal tree, every secret, every "
    "code point, a stateful machine's many runs",
    "solver": "plays the code breaker: its searches, hints and end-of-game reviews",
}

NEEDS_BY_NAME = {
    "subprocess": "process",
    "pexpect": "process",
    "pty": "process",
    "ServerProcess": "process",
    "HintPool": "process",
    "serving": "server",
    "ThreadingHTTPServer": "server",
    "PostgresCluster": "postgres",
    "StoppablePostgres": "postgres",
    "RedisServer": "redis",
    "chromium": "browser",
    "sync_playwright": "browser",
    "schemathesis": "fuzz",
    "small_filesystem": "faults",
    "exhaustive_cost": "proof",
    "record_5x8.json.gz": "proof",
    "maxunicode": "proof",
    "RuleBasedStateMachine": "proof",
}
"""Names, and strings, that, found in a test's code, say what it starts or runs."""
PROCESS_WORD = "subprocess"
"""A word that, in any name a test's code reaches, says it starts processes."""

NEEDS_BY_FIXTURE = {
    "postgres_url": "postgres",
    "redis_server": "redis",
    "browser": "browser",
    "dist": "dist",
    "docs_site": "dist",
}
"""Fixtures that, used by a test directly or through others, say what it needs."""

ORDER = {"fuzz": 0, "proof": 1, "dist": 2, "browser": 3, "faults": 4, "process": 5}
"""Which tiers run first: those whose tests take longest."""
UNCOVERED = {"proof", "fuzz"}
"""Tiers that run without coverage, and start their processes without it: under its tracer
they take minutes, and every line they run, smaller tests run too (the floor shows it)."""
COVERAGE_VARIABLES = ("COVERAGE_PROCESS_CONFIG", "COVERAGE_PROCESS_START")
"""What tells a new Python process to measure itself, as the tests' coverage does."""


def without_coverage(environment: Mapping[str, str]) -> dict[str, str]:
    """``environment`` with nothing that starts coverage in a new Python process: for a
    process whose modules a test counts, which coverage's own would add to."""
    return {name: value for name, value in environment.items() if name not in COVERAGE_VARIABLES}


NEEDS_BY_MODULE = {
    "fuzz": "fuzz",
    "faults": "faults",
    "tests/solver/": "solver",
    "tests/hints/": "solver",
    # the terminal's whole games, each summed up by the solver's review as it ends
    "tests/cli/test_play.py": "solver",
    "tests/cli/test_reviewing.py": "solver",
    "tests/cli/test_family.py": "solver",
    "tests/cli/test_solving.py": "solver",
    "tests/cli/test_remembering.py": "solver",
}
"""Words that, in a test module's path, say what its tests do."""
NEEDS_BY_PARAMETER = {"postgres": "postgres"}
"""Words that, in a parametrized test's id, say what that one case needs."""

STARTING = {"subprocess.Popen": "a process", "os.fork": "a process", "socket.bind": "a port"}
"""Audit events of what a test may only start with a marker that allows it."""
ALLOWED = {
    "a process": {"process", "browser", "dist", "fuzz", "faults", "postgres", "redis"},
    "a port": {"server", "process", "browser", "fuzz", "faults", "postgres", "redis", "dist"},
}


SUITE_PROFILE = "suite"
"""The Hypothesis profile of every run: no timing is judged, as the tests run side by side
under coverage's tracer; speed is the benchmarks' to measure."""
CHECK_PROFILE = "check"
"""The Hypothesis profile of ``make check``: a tenth of the examples each property draws
under ``make test``, at least one."""
FULL_EXAMPLES = 100
settings.register_profile(
    SUITE_PROFILE, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    CHECK_PROFILE, settings.get_profile(SUITE_PROFILE), max_examples=FULL_EXAMPLES // 10
)
settings.load_profile(SUITE_PROFILE)


def examples(in_full: int) -> int:
    """How many examples a property that draws ``in_full`` under ``make test`` draws in
    the profile loaded now: as many, or a tenth under ``make check``."""
    return max(1, in_full * settings.default.max_examples // FULL_EXAMPLES)


servers_required = False
"""Whether a server missing on this machine fails its tests (``make test``, CI) rather than
skipping them (a developer's ``pytest`` or ``make check``)."""


def missing(what: str) -> NoReturn:
    """End the test that needs ``what``, which this machine lacks: failed where every
    server is required, skipped with the reason elsewhere."""
    if servers_required:
        pytest.fail(f"{what} (make test requires it: run tools/system-packages.sh)", pytrace=False)
    pytest.skip(what)


def needs_of(test: pytest.Function) -> set[str]:
    """The markers that a test calls for: by its module's path, its parameters, the
    fixtures it uses, and the names that its code and its fixtures' code reach."""
    path = test.nodeid.partition("::")[0]
    needs = {need for word, need in NEEDS_BY_MODULE.items() if word in path}
    case = test.callspec.id if hasattr(test, "callspec") else ""
    needs |= {need for word, need in NEEDS_BY_PARAMETER.items() if word in case}
    needs |= {NEEDS_BY_FIXTURE[name] for name in test.fixturenames if name in NEEDS_BY_FIXTURE}
    definitions = test._fixtureinfo.name2fixturedefs.values()
    fixtures = [definition.func for found in definitions for definition in found]
    seen: set[types.CodeType] = set()
    for function in (test.obj, *fixtures):
        needs |= needs_of_names(_names_reached(_own_code(function, everywhere=True), seen))
    return needs


def needs_of_names(names: Iterable[str]) -> set[str]:
    """The markers that code which refers to ``names`` calls for."""
    needs = set()
    for name in names:
        if name in NEEDS_BY_NAME:
            needs.add(NEEDS_BY_NAME[name])
        elif PROCESS_WORD in name:
            needs.add("process")
    return needs


def names_in(code: types.CodeType) -> set[str]:
    """The names and strings of ``code`` and of the tests' own code it reaches, such as
    a sample of the docs compiled."""
    return set(_names_reached(iter([(code, {})]), set()))


def _names_reached(start: Iterator[Reached], seen: set[types.CodeType]) -> Iterator[str]:
    """Every name and string in the code from ``start``, and in the code of the tests' own
    functions and classes it refers to, at any depth, with the names of those classes'
    bases; the package's code and other libraries' are not entered."""
    pending = list(start)
    while pending:
        code, namespace = pending.pop()
        if code in seen:
            continue
        seen.add(code)
        for name in (*code.co_names, *code.co_freevars):
            yield name
            value = namespace.get(name)
            if isinstance(value, type):
                yield from (base.__name__ for base in value.__mro__[1:])
            pending.extend(_own_code(value))
        for constant in code.co_consts:
            if isinstance(constant, str):
                yield constant
            elif isinstance(constant, types.CodeType):
                pending.append((constant, namespace))


Reached = tuple[types.CodeType, dict[str, Any]]


def _own_code(value: object, *, everywhere: bool = False) -> Iterator[Reached]:
    """The code of a function or of a class's methods, with the names it sees, if the
    tests or their harness wrote it (or wherever it was written, ``everywhere``)."""
    if isinstance(value, types.MethodType):
        value = value.__func__
    functions = [value] if isinstance(value, types.FunctionType) else []
    if isinstance(value, type):
        functions = [a for a in vars(value).values() if isinstance(a, types.FunctionType)]
    for function in functions:
        function = inspect.unwrap(function)
        if everywhere or _written_here(Path(function.__code__.co_filename)):
            # the names it sees: its module's, and those its closure holds
            cells = zip(function.__code__.co_freevars, function.__closure__ or (), strict=True)
            closed = {name: _contents(cell) for name, cell in cells}
            yield function.__code__, {**function.__globals__, **closed}


ROOT = Path(__file__).resolve().parent.parent
root = ROOT
"""Where the tests and their harness are written: ``conftest.py`` sets the run's root."""


def _written_here(path: Path) -> bool:
    """Whether code in ``path`` is the tests' own, not the package's or a library's."""
    return (
        path.is_relative_to(root)
        and not path.is_relative_to(root / "mastermind")
        and "site-packages" not in path.parts
    )


def _contents(cell: types.CellType) -> object:
    try:
        return cell.cell_contents
    except ValueError:  # a cell not filled yet
        return None
