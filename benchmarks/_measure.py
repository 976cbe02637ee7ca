"""The measuring of the performance page: the sizes of a run, the machine, and each
benchmark's figures, most of them from a fresh interpreter of their own."""

from __future__ import annotations

import datetime
import json
import os
import platform
import sqlite3
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import bench_http
import bench_load
import bench_pg_append
import bench_snapshots
import bench_solver
import bench_sse
import bench_store
import numpy as np
import psycopg

from harness import PostgresCluster, PostgresUnavailable

__all__ = [
    "FULL",
    "QUICK",
    "Sizes",
    "SolverPage",
    "StoreRun",
    "StrategyFigures",
    "apart",
    "machine",
    "measure_http",
    "measure_live",
    "measure_load",
    "measure_snapshots",
    "measure_solver",
    "measure_solver_page",
    "measure_stores",
    "progress",
]

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Sizes:
    pairs: int
    rounds: int
    round_seconds: float
    solver_runs: int
    store_runs: int
    ops: dict[str, int]
    streams: int
    append_ops: int
    """Read-and-appends a measurement of ``bench_pg_append``, at each number of clients."""
    http_requests: int
    http_rounds: int
    load_requests: int
    load_clients: int
    load_seconds: float
    fault_seconds: float
    games: bench_solver.Games


FULL = Sizes(
    pairs=10_000,
    rounds=7,
    round_seconds=0.3,
    solver_runs=5,
    store_runs=5,
    ops={"memory": 5000, "NORMAL": 5000, "FULL": 1200, "postgres": 1200},
    streams=10_000,
    append_ops=3000,
    http_requests=2000,
    http_rounds=5,
    load_requests=1200,
    load_clients=8,
    load_seconds=10.0,
    fault_seconds=2.0,
    games=bench_solver.FULL,
)
QUICK = Sizes(
    pairs=300,
    rounds=3,
    round_seconds=0.02,
    solver_runs=2,
    store_runs=2,
    ops={"memory": 48, "NORMAL": 48, "FULL": 48, "postgres": 48},
    streams=100,
    append_ops=64,
    http_requests=40,
    http_rounds=2,
    load_requests=48,
    load_clients=4,
    load_seconds=5.0,
    fault_seconds=0.5,
    games=bench_solver.QUICK,
)


# --- the machine ---------------------------------------------------------------------------


def machine() -> dict[str, str]:
    """What the figures were measured on, as a person would describe it."""
    cpuinfo = _read("/proc/cpuinfo")
    fields = {
        key.strip(): value.strip()
        for key, _, value in (line.partition(":") for line in cpuinfo.splitlines())
        if value
    }
    model = fields.get("model name") or platform.processor() or "unknown"
    if "hypervisor" in fields.get("flags", "").split():
        model += ", virtual machine"
    memory = next(
        (
            int(line.split()[1])
            for line in _read("/proc/meminfo").splitlines()
            if "MemTotal" in line
        ),
        0,
    )
    release = dict(
        line.split("=", 1) for line in _read("/etc/os-release").splitlines() if "=" in line
    )
    system = release.get("PRETTY_NAME", platform.system()).strip('"')
    return {
        "CPU": model,
        "cores": f"{os.cpu_count()} logical, {len(os.sched_getaffinity(0))} available to the run",
        "memory": f"{memory / 1024**2:.1f} GiB" if memory else "unknown",
        "operating system": f"{system}, Linux {platform.release()}",
        "Python": f"{platform.python_implementation()} {platform.python_version()}",
        "numpy": np.__version__,
        "SQLite": sqlite3.sqlite_version,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


# --- the solver ----------------------------------------------------------------------------


StrategyFigures = bench_solver.ClassicRun


def measure_solver(sizes: Sizes) -> list[StrategyFigures]:
    progress("solver: every strategy over the classic game")
    return bench_solver.measure_classic(sizes.solver_runs)


@dataclass
class SolverPage:
    """The figures of ``docs/solver.md`` beyond the classic table, from this run."""

    seeds: bench_solver.SeedFigures
    super_game: list[bench_solver.GameRun]
    wide_game: list[bench_solver.GameRun]
    search: bench_solver.SearchFigures
    speed: bench_solver.SpeedFigures
    opening: bench_solver.OpeningFigures


def measure_solver_page(sizes: Sizes) -> SolverPage:
    games = sizes.games

    def game(strategy: str, length: int, colours: int) -> bench_solver.GameRun:
        progress(f"solver: {strategy} over every secret of {length} pegs of {colours} colours")
        found = apart(
            "bench_solver", "measure_game", strategy=strategy, length=length, colours=colours
        )
        return bench_solver.GameRun(**found)

    progress("solver: random-consistent, seed by seed")
    seeds = bench_solver.measure_seeds(games.seeds)
    super_game = [game(strategy, *games.super_game) for strategy in bench_solver.SUPER_STRATEGIES]
    wide_game = [game(strategy, *games.wide_game) for strategy in bench_solver.WIDE_STRATEGIES]
    progress("solver: the optimal search")
    length, colours = games.search_game
    search = apart("bench_solver", "measure_search", length=length, colours=colours)
    progress("solver: scoring Super Mastermind, Knuth's strategy with the naive scorer")
    speed = apart("bench_solver", "measure_speed", seconds=games.speed_seconds)
    progress("solver: the exact cost of a first guess")
    opening = apart("bench_solver", "measure_opening")
    return SolverPage(
        seeds,
        super_game,
        wide_game,
        bench_solver.SearchFigures(**search),
        bench_solver.SpeedFigures(**speed),
        bench_solver.OpeningFigures(**opening),
    )


# --- the stores ----------------------------------------------------------------------------


@dataclass
class StoreRun:
    figures: list[bench_store.StoreFigures]
    disk: float
    postgres: str
    """The server's version, or why PostgreSQL was left out."""
    postgres_measured: bool
    appends: bench_pg_append.AppendFigures | None = None
    """PostgreSQL's read-and-append with many clients, beside eventsourcing and plain SQL."""


def measure_stores(sizes: Sizes, postgres: bool) -> StoreRun:
    def measure(name: str, kind: str, place: str) -> bench_store.StoreFigures:
        progress(f"stores: {name}")
        found = apart(
            "bench_store",
            "measure_kind",
            name=name,
            kind=kind,
            place=place,
            ops=sizes.ops[kind],
            streams=sizes.streams,
            runs=sizes.store_runs,
        )
        return bench_store.StoreFigures(**found)

    figures = []
    with ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory())
        disk = bench_store.fsyncs_per_second(Path(folder))
        figures.append(measure("memory", "memory", ""))
        for synchronous in ("NORMAL", "FULL"):
            figures.append(measure(f"SQLite, synchronous={synchronous}", synchronous, folder))
        measured, about = False, "left out of this run (`--no-postgres`)"
        if postgres:
            try:
                cluster = stack.enter_context(PostgresCluster())
            except PostgresUnavailable as error:
                about = f"left out: {error}"
            else:
                with psycopg.connect(cluster.url) as connection:
                    row = connection.execute("SHOW server_version").fetchone()
                about = f"PostgreSQL {row[0] if row else '?'}"
                figures.append(measure("PostgreSQL, fsync=on", "postgres", cluster.url))
                measured = True
        appends = measure_appends(sizes) if measured else None
    return StoreRun(figures, disk, about, measured, appends)


def measure_appends(sizes: Sizes) -> bench_pg_append.AppendFigures:
    """``bench_pg_append`` on a server of its own, which takes 64 clients and more."""
    progress("stores: PostgreSQL read-and-append with 1 to 64 clients")
    clients = list(bench_pg_append.CLIENTS)
    with PostgresCluster(max_connections=max(clients) * 2 + 20) as cluster:
        found = apart(
            "bench_pg_append",
            "measure_appends",
            url=cluster.url,
            ops=sizes.append_ops,
            runs=1,
            clients=clients,
        )
    return bench_pg_append.AppendFigures(**found)


# --- the HTTP API --------------------------------------------------------------------------


def measure_http(sizes: Sizes) -> bench_http.HttpFigures:
    progress("HTTP: the web game and a minimal endpoint")
    with tempfile.TemporaryDirectory() as folder:
        found = apart(
            "bench_http",
            "measure_http",
            folder=folder,
            requests=sizes.http_requests,
            rounds=sizes.http_rounds,
        )
    return bench_http.HttpFigures(**found)


# --- the server under load and under faults -----------------------------------------------


def measure_load(sizes: Sizes, postgres: bool) -> bench_load.LoadFigures:
    progress("load: mastermind serve under load, beside hints, and under faults")
    with tempfile.TemporaryDirectory() as folder:
        found = apart(
            "bench_load",
            "measure_load",
            folder=folder,
            requests=sizes.load_requests,
            clients=sizes.load_clients,
            seconds=sizes.load_seconds,
            postgres=postgres,
            fault_seconds=sizes.fault_seconds,
        )
    return bench_load.LoadFigures.from_dict(found)


def measure_snapshots(quick: bool) -> bench_snapshots.SnapshotFigures:
    progress("stores: commands on a long stream, with and without snapshots")
    found = apart("bench_snapshots", "measure_snapshots", quick=quick)
    return bench_snapshots.SnapshotFigures(**found)


def measure_live(quick: bool) -> bench_sse.SseFigures:
    progress("live streams: events delivered to N watchers, and to as many pollers")
    with tempfile.TemporaryDirectory() as folder:
        found = apart("bench_sse", "measure_sse", folder=folder, quick=quick)
    return bench_sse.SseFigures(**found)


# --- measuring in a process of its own -----------------------------------------------------

_APART = """\
import dataclasses, json, sys
sys.path.insert(0, sys.argv[1])
module = __import__(sys.argv[2])
figures = getattr(module, sys.argv[3])(**json.loads(sys.argv[4]))
print(json.dumps(figures if isinstance(figures, dict) else dataclasses.asdict(figures)))
"""


def apart(module: str, function: str, **arguments: object) -> dict:
    """``function(**arguments)`` of a benchmark module, run by a fresh interpreter, and
    the figures it answers, as a dictionary.

    The stores and the web game are measured away from this process, as each scorer
    is: by then its heap holds matplotlib and the solver's tables, which the cyclic
    garbage collector walks again and again, and charges to whatever keeps objects while
    it is timed.
    """
    command = [sys.executable, "-c", _APART, str(HERE), module, function, json.dumps(arguments)]
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, timeout=3600)
    if done.returncode != 0:
        raise RuntimeError(f"{module}.{function} failed with exit status {done.returncode}")
    found: dict = json.loads(done.stdout.splitlines()[-1])
    return found


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
