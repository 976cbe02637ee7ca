"""Measure everything and write the performance page: ``docs/performance.md`` and its plots.

    .venv/bin/python benchmarks/report.py [--quick] [--no-peers] [--no-postgres] [--output DIR]

One run measures, on one machine:

- scoring: this project's ``score()`` and the solver's numpy scorer next to other
  Mastermind packages from PyPI, each installed in a virtual environment of its own under
  ``benchmarks/.peers/``, and a naive baseline (``peer_scoring.py`` does the timing);
- the solver: every strategy over the 1,296 secrets of the classic game, Super
  Mastermind and 4 pegs of 7 colours, the optimal search, and the code breaker at large
  sizes, ``"best"`` against ``"random-consistent"`` (``bench_solver.py`` and
  ``bench_large.py`` do the measuring);
- the event stores: read-and-appends, whole games, and replay of 10,000 streams, for
  memory, SQLite and PostgreSQL (on a throwaway server, as ``bench_store.py`` runs it);
  and commands on a stream of 1,000 events with and without snapshots, on memory and
  SQLite (``bench_snapshots.py`` does the measuring);
- the HTTP API: guesses posted to the web game over a SQLite store, next to a minimal
  Starlette endpoint served the same way (``bench_http.py`` does the measuring);
- the server under load: ``mastermind serve`` on SQLite and PostgreSQL with 1 and 2
  workers, board reads beside a saturated hint pool, and the fault scenarios of
  ``tests/faults`` (``bench_load.py`` does the measuring);
- live streams: the events one ``mastermind serve`` worker delivers each second to N
  watchers of a game, next to polling (``bench_sse.py`` does the measuring).

Every figure is the median of several runs, or a ratio of two rates measured side by side
in the same run. The page says what machine it ran on. ``--quick`` uses tiny sizes and
few runs, to check that the runner works; its numbers mean little.

The same run writes the figures of ``docs/solver.md`` as fragments of Markdown under
``docs/generated/`` (``generated/`` beside ``--output``), which that page includes: none
of its tables and totals is typed by hand.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bench_http
import bench_large
import bench_load
import bench_snapshots
import bench_solver
import bench_sse
import bench_store
import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import psycopg
from matplotlib.axes import Axes
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter

from mastermind import CLASSIC_PEGS, Code, score
from tests.postgres_cluster import PostgresCluster, PostgresUnavailable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
IMAGES = Path("images") / "performance"
GENERATED = "generated"
"""The folder, beside ``performance.md``, of the fragments ``docs/solver.md`` includes."""
PEER_SCORING = HERE / "peer_scoring.py"
OURS = "#2f6db5"
PEER = "#e08a2c"
BASELINE = "#8c8c8c"


@dataclass(frozen=True)
class Sizes:
    pairs: int
    rounds: int
    round_seconds: float
    solver_runs: int
    store_runs: int
    ops: dict[str, int]
    streams: int
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


# --- scoring -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Peer:
    """A Mastermind package from PyPI with a scoring function, and how it is installed."""

    name: str
    pip_arguments: tuple[str, ...]
    called: str
    note: str = ""


PEERS = (
    Peer(
        "textual-mastermind",
        ("--ignore-requires-python", "textual-mastermind"),
        "`Game.check_code(guess)`",
        "Its releases ask for Python 3.13 or 3.14; it is installed here with"
        " `--ignore-requires-python`, and its scorer runs on this Python unchanged. The"
        " games are made without `Game.__init__`, which reads the app's settings.",
    ),
    Peer("mastermindpy", ("mastermindpy",), "`compare(guess, target)`, clue letters"),
    Peer("pymastermind", ("pymastermind",), "`Code.compare(other)`"),
    Peer(
        "mastermind-ai",
        ("mastermind-ai",),
        "`generate_feedback(guess, secret, colours)`",
        "Its 2.x releases need Python 3.12 and score in Java through JPype; pip installs"
        " the newest release for this Python, whose scorer is Python.",
    ),
)

OUR_SCORERS = {
    "naive": ("naive baseline", "`naive_score(secret, guess)` in `peer_scoring.py`"),
    "mastermind": ("`score()`", "`score(secret, guess)`"),
    "mastermind-batch": (
        "numpy batch",
        "`score_block`: the solver's table of every guess against every secret",
    ),
}


@dataclass
class ScoringRow:
    scorer: str
    package: str
    called: str
    ours: bool
    rates: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)
    agrees: bool | None = None
    problem: str = ""
    note: str = ""

    @property
    def rate(self) -> float:
        return median(self.rates)

    @property
    def ratio(self) -> float:
        return median(self.ratios)


class PeerUnavailable(Exception):
    """A peer could not be installed or timed."""


def peer_python(peer: Peer, folder: Path) -> Path:
    """The interpreter of the peer's own virtual environment, made and filled if need be."""
    venv = folder / peer.name
    python = venv / "bin" / "python"
    marker = venv / ".installed"
    wanted = " ".join(peer.pip_arguments)
    if marker.exists() and marker.read_text() == wanted and python.exists():
        return python
    shutil.rmtree(venv, ignore_errors=True)
    _run_or_raise([sys.executable, "-m", "venv", "--without-pip", str(venv)], "venv")
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
    _run_or_raise([*install, *peer.pip_arguments], "pip install")
    marker.write_text(wanted)
    return python


def _run_or_raise(command: list[str], what: str) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        raise PeerUnavailable(f"{what} took more than 10 minutes") from None
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        errors = [line for line in lines if "ERROR" in line or "Error" in line] or lines
        raise PeerUnavailable(f"{what} failed: {' '.join(errors[-2:])[:300]}")
    return done.stdout


def time_scorer(python: Path | str, scorer: str, pairs_file: Path, sizes: Sizes) -> dict:
    command = [
        str(python),
        "-I",
        str(PEER_SCORING),
        scorer,
        str(pairs_file),
        "--rounds",
        str(sizes.rounds),
        "--seconds",
        str(sizes.round_seconds),
    ]
    found: dict = json.loads(_run_or_raise(command, f"timing {scorer}"))
    return found


def measure_scoring(sizes: Sizes, peers: bool, peers_folder: Path) -> list[ScoringRow]:
    chance = random.Random(1)
    pairs = [
        [[chance.randrange(6) for _ in range(4)], [chance.randrange(6) for _ in range(4)]]
        for _ in range(sizes.pairs)
    ]
    expected = [
        [feedback.black, feedback.white]
        for feedback in (score(_code(secret), _code(guess)) for secret, guess in pairs)
    ]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        pairs_file = Path(folder) / "pairs.json"
        pairs_file.write_text(json.dumps({"colours": 6, "pairs": pairs}))
        jobs: list[tuple[ScoringRow, Peer | None]] = [
            (ScoringRow(label, "mastermind" if key != "naive" else "", called, True), None)
            for key, (label, called) in OUR_SCORERS.items()
        ]
        jobs += [
            (ScoringRow(f"`{peer.name}`", peer.name, peer.called, False, note=peer.note), peer)
            for peer in PEERS
        ]
        keys = list(OUR_SCORERS) + [peer.name for peer in PEERS]
        for (row, peer), key in zip(jobs, keys, strict=True):
            rows.append(row)
            if peer is not None and not peers:
                row.problem = "left out of this run (`--no-peers`)"
                continue
            _progress(f"scoring: {key}")
            try:
                python = sys.executable if peer is None else peer_python(peer, peers_folder)
                found = time_scorer(python, key, pairs_file, sizes)
            except PeerUnavailable as error:
                row.problem = str(error)
                continue
            row.rates = found["rates"]
            row.ratios = [
                rate / base
                for rate, base in zip(found["rates"], found["baseline_rates"], strict=True)
            ]
            row.agrees = found["feedback"] == expected
            if found["version"]:
                row.package = f"{found['package']} {found['version']}"
    return rows


def _code(digits: Sequence[int]) -> Code:
    return Code(CLASSIC_PEGS[digit] for digit in digits)


# --- the solver ----------------------------------------------------------------------------


StrategyFigures = bench_solver.ClassicRun


def measure_solver(sizes: Sizes) -> list[StrategyFigures]:
    _progress("solver: every strategy over the classic game")
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
        _progress(f"solver: {strategy} over every secret of {length} pegs of {colours} colours")
        found = apart(
            "bench_solver", "measure_game", strategy=strategy, length=length, colours=colours
        )
        return bench_solver.GameRun(**found)

    _progress("solver: random-consistent, seed by seed")
    seeds = bench_solver.measure_seeds(games.seeds)
    super_game = [game(strategy, *games.super_game) for strategy in bench_solver.SUPER_STRATEGIES]
    wide_game = [game(strategy, *games.wide_game) for strategy in bench_solver.WIDE_STRATEGIES]
    _progress("solver: the optimal search")
    length, colours = games.search_game
    search = apart("bench_solver", "measure_search", length=length, colours=colours)
    _progress("solver: scoring Super Mastermind, Knuth's strategy with the naive scorer")
    speed = apart("bench_solver", "measure_speed", seconds=games.speed_seconds)
    _progress("solver: the exact cost of a first guess")
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


def measure_stores(sizes: Sizes, postgres: bool) -> StoreRun:
    def measure(name: str, kind: str, place: str) -> bench_store.StoreFigures:
        _progress(f"stores: {name}")
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
    return StoreRun(figures, disk, about, measured)


# --- the HTTP API --------------------------------------------------------------------------


def measure_http(sizes: Sizes) -> bench_http.HttpFigures:
    _progress("HTTP: the web game and a minimal endpoint")
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
    _progress("load: mastermind serve under load, beside hints, and under faults")
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
    _progress("stores: commands on a long stream, with and without snapshots")
    found = apart("bench_snapshots", "measure_snapshots", quick=quick)
    return bench_snapshots.SnapshotFigures(**found)


def measure_live(quick: bool) -> bench_sse.SseFigures:
    _progress("live streams: events delivered to N watchers, and to as many pollers")
    with tempfile.TemporaryDirectory() as folder:
        found = apart("bench_sse", "measure_sse", folder=folder, quick=quick)
    return bench_sse.SseFigures(**found)


# --- measuring in a process of its own -----------------------------------------------------

_APART = """\
import dataclasses, json, sys
sys.path.insert(0, sys.argv[1])
module = __import__(sys.argv[2])
figures = getattr(module, sys.argv[3])(**json.loads(sys.argv[4]))
print(json.dumps(dataclasses.asdict(figures)))
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


# --- plots ---------------------------------------------------------------------------------


def _style(axes: Axes) -> None:
    axes.spines[["top", "right"]].set_visible(False)
    axes.grid(axis="x", color="#dddddd", linewidth=0.8)
    axes.set_axisbelow(True)


def _log_bars(axes: Axes, values: Sequence[float], room: float) -> None:
    """A log axis from two decades below the smallest bar's, with plain numbers on it."""
    axes.set_xscale("log")
    axes.set_xlim(10 ** (math.floor(math.log10(min(values))) - 1), max(values) * room)
    axes.xaxis.set_major_formatter(FuncFormatter(_plain_number))


def _plain_number(value: float, _position: int) -> str:
    return f"{value:,.0f}" if value >= 1 else f"{value:g}"


def _plain(text: str) -> str:
    return text.replace("`", "")


def plot_scoring(rows: list[ScoringRow], path: Path) -> None:
    measured = sorted((row for row in rows if row.rates), key=lambda row: row.rate)
    figure, axes = plt.subplots(figsize=(10, 0.5 * len(measured) + 1.8))
    names = [_plain(row.scorer) if row.ours else row.package for row in measured]
    kinds = {"naive baseline": BASELINE, "this project": OURS, "peers from PyPI": PEER}
    colours = [
        BASELINE if row.scorer.startswith("naive") else OURS if row.ours else PEER
        for row in measured
    ]
    rates = [row.rate for row in measured]
    bars = axes.barh(names, rates, color=colours, height=0.6)
    _log_bars(axes, rates, 40)
    for bar, row in zip(bars, measured, strict=True):
        axes.text(
            bar.get_width() * 1.15,
            bar.get_y() + bar.get_height() / 2,
            f"{row.rate:,.0f}/s, {row.ratio:.2f} x naive",
            va="center",
            fontsize=9,
        )
    handles = [Patch(color=colour, label=kind) for kind, colour in kinds.items()]
    axes.legend(handles=handles, loc="lower right", frameon=False, fontsize=9)
    axes.set_xlabel("scores per second (log scale), median of rounds")
    axes.set_title("Scoring a guess against a secret, classic game: 4 pegs of 6 colours")
    _style(axes)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def plot_solver(found: list[StrategyFigures], path: Path) -> None:
    columns = 4
    rows = -(-len(found) // columns)
    worst = max(figures.evaluation.worst for figures in found)
    tallest = max(count for figures in found for _, count in figures.evaluation.histogram)
    figure, grid = plt.subplots(
        rows, columns, figsize=(12, 3.1 * rows), sharex=True, sharey=True, squeeze=False
    )
    for axes, figures in zip(grid.flat, found, strict=False):
        report = figures.evaluation
        guesses = [guesses for guesses, _ in report.histogram]
        counts = [count for _, count in report.histogram]
        bars = axes.bar(guesses, counts, color=OURS, width=0.7)
        axes.bar_label(bars, fontsize=8, padding=1)
        axes.set_title(
            f"{report.strategy}\naverage {report.average:.3f}, worst {report.worst}", fontsize=10
        )
        axes.set_xticks(range(1, worst + 1))
        axes.set_ylim(0, tallest * 1.18)
        axes.spines[["top", "right"]].set_visible(False)
    for axes in grid.flat[len(found) :]:
        axes.set_visible(False)
    for axes in grid[-1]:
        axes.set_xlabel("guesses")
    for axes in grid[:, 0]:
        axes.set_ylabel("secrets")
    figure.suptitle("Guesses needed for each of the 1,296 secrets of the classic game")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def plot_stores(run: StoreRun, path: Path) -> None:
    figures = list(reversed(run.figures))
    names = [found.store.replace(", ", "\n") for found in figures]
    panels = [
        ("read-and-appends per second", [f.read_append for f in figures], "{:,.0f}"),
        ("whole games per second", [f.games for f in figures], "{:,.0f}"),
        (
            f"seconds to replay {figures[0].streams:,} streams",
            [f.replay_seconds for f in figures],
            "{:.3g} s",
        ),
    ]
    figure, grid = plt.subplots(1, 3, figsize=(13, 0.7 * len(figures) + 1.9), sharey=True)
    for axes, (title, values, form) in zip(grid, panels, strict=True):
        bars = axes.barh(names, values, color=OURS, height=0.6)
        logarithmic = title.endswith("per second")
        if logarithmic:
            _log_bars(axes, values, 12)
        else:
            axes.set_xlim(0, max(values) * 1.4)
        for bar, value in zip(bars, values, strict=True):
            axes.text(
                bar.get_width() * 1.12 if logarithmic else bar.get_width() + max(values) * 0.03,
                bar.get_y() + bar.get_height() / 2,
                form.format(value),
                va="center",
                fontsize=9,
            )
        axes.set_title(title + ("\n(log scale)" if logarithmic else "\n(lower is better)"))
        axes.title.set_fontsize(10)
        _style(axes)
    figure.suptitle("Event stores: medians of runs, one process, one machine")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


# --- the page ------------------------------------------------------------------------------


def _wrap(*sentences: str) -> str:
    """A paragraph of the page, wrapped as the other pages are."""
    return textwrap.fill(" ".join(sentences), 90, break_long_words=False, break_on_hyphens=False)


def _bullet(text: str) -> str:
    return textwrap.fill(
        text, 90, initial_indent="- ", subsequent_indent="  ", break_on_hyphens=False
    )


def _table(header: Sequence[str], align: str, rows: list[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join("---:" if side == "r" else "---" for side in align) + "|")
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _image(alt: str, name: str) -> str:
    return f"![{alt}]({(IMAGES / name).as_posix()})"


def page(
    quick: bool,
    sizes: Sizes,
    about: dict[str, str],
    scoring: list[ScoringRow],
    solver: list[StrategyFigures],
    large: bench_large.LargeFigures,
    stores: StoreRun,
    http: bench_http.HttpFigures,
    load: bench_load.LoadFigures,
    live: bench_sse.SseFigures,
    snapshots: bench_snapshots.SnapshotFigures,
) -> str:
    """The whole of ``performance.md``."""
    rows = [[key, value] for key, value in about.items()]
    rows.append(["disk", f"{stores.disk:,.0f} writes of 8 kB a second, each synced"])
    rows.append(["PostgreSQL", stores.postgres])
    warning = [
        "!!! warning",
        textwrap.indent(
            _wrap(
                "This page came from a `--quick` run: tiny sizes and few runs, to check that",
                "the runner works. Its numbers are not a measurement.",
            ),
            "    ",
        ),
        "",
    ]
    parts = [
        "# Performance",
        "",
        "What the library costs, measured in one run of one script on one machine:",
        "",
        "```sh",
        ".venv/bin/python benchmarks/report.py" + (" --quick" if quick else ""),
        "```",
        "",
        _wrap(
            "writes this page and its plots. Every figure is the **median** of several runs,",
            "and every ratio compares two rates measured **side by side, in the same process",
            "and the same run**: rates depend on the machine, ratios much less. A scorer that",
            "could not be installed or run is listed with the reason instead of a number.",
            "The other options: `--no-peers`, `--no-postgres`, and `--output DIR` to write",
            "somewhere else. The same run writes the figures of the",
            "[code breaker's page](solver.md) into `generated/`, which that page includes.",
        ),
        "",
        *(warning if quick else []),
        "## The machine",
        "",
        _table(["", ""], "ll", rows),
        "",
        *scoring_section(sizes, scoring),
        *solver_section(sizes, solver),
        *large_section(large),
        *stores_section(sizes, stores),
        *bench_snapshots.section(snapshots),
        *http_section(http),
        *load_section(load),
        *faults_section(load),
        *bench_sse.section(live),
    ]
    return "\n".join(parts).rstrip("\n") + "\n"


def scoring_section(sizes: Sizes, rows: list[ScoringRow]) -> list[str]:
    table = []
    for row in rows:
        if not row.rates:
            table.append([row.scorer, row.package, row.called, "not measured", "", row.problem])
            continue
        table.append(
            [
                row.scorer,
                row.package or "(this benchmark)",
                row.called,
                f"{row.rate:,.0f}",
                f"{row.ratio:.2f}",
                "yes" if row.agrees else "**no**",
            ]
        )
    header = ["scorer", "package", "called as", "scores/s", "x naive", "agrees"]
    return [
        "## Scoring",
        "",
        _wrap(
            f"Every scorer scores the same {sizes.pairs:,} random pairs of classic codes (4",
            "pegs of 6 colours), handed to it in the form it takes (names, letters, numbers,",
            "its own code objects) before the clock starts, one call per pair. Each runs in a",
            "process of its own: the peers from PyPI each in a virtual environment of its own",
            "under `benchmarks/.peers/`, this project's in the project's, all on the same",
            f"Python. Rounds of at least {sizes.round_seconds} s alternate between the scorer",
            "and the naive baseline in that same process: *scores/s* is the median of",
            f"{sizes.rounds} rounds, *x naive* the median of the {sizes.rounds} ratios of",
            "neighbouring rounds. *agrees* says whether the scorer's black and white pegs",
            "match `score()` on every pair.",
        ),
        "",
        _table(header, "lllrrl", table),
        "",
        *(_bullet(f"{row.scorer}: {row.note}") for row in rows if row.note),
        "",
        _wrap(
            "The naive baseline is the rules as a beginner writes them, on tuples of numbers:",
            "count the blacks, then take each guessed colour out of a copy of the secret.",
            "`score()` takes `Code` values and answers a `Feedback` value, which the baseline",
            "does not build. The numpy batch scorer is timed as the solver uses it: one call",
            "fills the table of all 1,296 x 1,296 classic pairs, the sample among them, so",
            "its rate counts the scores of that table. Each *x naive* compares with the",
            "baseline timed in the scorer's own process, so it can differ a little from the",
            "ratio of two rates of the table, which come from different processes.",
            "The code breaker's page quotes the same figures from the same run. Its older",
            "figure of 1.8 times came from a naive scorer that also built a validated",
            "`Feedback` for every answer, work that `score()` skips by handing out one",
            "ready-made `Feedback` for each answer, and from rates taken one after the",
            "other rather than in alternating rounds.",
        ),
        "",
        _image("Scores per second for each scorer, log scale", "scoring.png"),
        "",
    ]


def solver_section(sizes: Sizes, found: list[StrategyFigures]) -> list[str]:
    worst = max(figures.evaluation.worst for figures in found)
    columns = range(1, worst + 1)
    table = []
    for figures in found:
        report = figures.evaluation
        spread = dict(report.histogram)
        table.append(
            [
                f"`{report.strategy}`",
                f"{report.total:,}",
                f"{report.average:.4f}",
                str(report.worst),
                *(f"{spread[guesses]:,}" if guesses in spread else "" for guesses in columns),
                f"{figures.seconds:.3f}",
            ]
        )
    header = ["strategy", "total", "average", "worst", *map(str, columns), "seconds"]
    return [
        "## Solver strategies",
        "",
        _wrap(
            "`evaluate(strategy)` plays every one of the 1,296 secrets of the classic game",
            "and counts the guesses, the winning one included. *total* is the guesses over",
            "all secrets, *average* per secret, *worst* the most any secret took; the",
            f"columns 1 to {worst} say how many secrets took that many guesses. *seconds* is",
            f"a whole evaluation, the median of {sizes.solver_runs} runs after one that",
            "loads tables and trees. Every run gave the same histogram.",
        ),
        "",
        _table(header, "lrrr" + "r" * worst + "r", table),
        "",
        _image("A histogram of guesses for each strategy", "solver.png"),
        "",
    ]


def large_section(figures: bench_large.LargeFigures) -> list[str]:
    wide = figures.wide
    wide_part: list[str] = []
    if wide is not None:
        wide_part = [
            f"### Hints at {wide.length} pegs of {wide.colours} colours",
            "",
            _wrap(
                f"`best` with the same budget played the first {wide.moves} moves of",
                f"{wide.games} games of {wide.colours**wide.length:,} codes, in a fresh",
                "process, one solver for all of them. The first hint of the first game is",
                "the one a player of a new kind of game waits for; the first hints of the",
                "other games find its colour pattern worked out. Of the",
                f"{wide.hints} hints, {wide.incomplete} ran out of time"
                f" (*incomplete*) and {wide.uncounted} could not count the codes left",
                "(`remaining=None`); the process's peak resident size was",
                f"{bench_large.megabytes(wide.peak_bytes)} MB.",
            ),
            "",
            _table(bench_large.WIDE_HEADER, bench_large.WIDE_ALIGN, bench_large.wide_rows(wide)),
            "",
        ]
    starts = [each.start_bytes for size in figures.sizes for each in (size.best, size.baseline)]
    interpreter = bench_large.megabytes(round(sum(starts) / len(starts)))
    return [
        "## The code breaker at large sizes",
        "",
        _wrap(
            "`benchmarks/bench_large.py` does the measuring. For each size, the same",
            f"{figures.secrets} random secrets (seeded) are played to the end by `best`, with",
            f"the budget a hint has ({figures.budget} s of thread CPU time a guess), and by",
            "`random-consistent`, the baseline, a code drawn from those that could still",
            "be the secret. Each size and strategy plays in a fresh process of its own,",
            "one solver for every game, as the hint service keeps one for each kind of",
            "game. *s a move* is the thread CPU time of a hint, mean and max; the first",
            "*x baseline* is `best`'s average guesses over the baseline's (below 1,",
            "`best` needs fewer), the second its time a move over the baseline's.",
            f"*first hint* is the median, over {figures.first_hint_runs} fresh processes, of",
            "the thread CPU time of building the solver and asking for the first hint of",
            "a game; *second hint*, of the hint after it. *tables* are the arrays the",
            "solver's code space keeps once the games are over: every code listed, their",
            "colour counts, and, for small games, every code scored against every other.",
            "*peak RSS* is the peak resident size of the process that played the games",
            f"(`VmHWM`), about {interpreter} MB of it the interpreter with numpy and the",
            "package before the solver was built.",
            "*incomplete* counts the hints that ran out of time before their search",
            "finished.",
        ),
        "",
        _table(bench_large.SIZE_HEADER, bench_large.SIZE_ALIGN, bench_large.size_rows(figures)),
        "",
        bench_large.verdict(figures),
        "",
        *wide_part,
    ]


def stores_section(sizes: Sizes, run: StoreRun) -> list[str]:
    def number(value: float | None, form: str = "{:,.0f}") -> str:
        return "" if value is None else form.format(value)

    table = [
        [
            figures.store,
            f"{figures.ops:,}",
            number(figures.read_append),
            number(figures.read_append_threads),
            number(figures.raw_read_append),
            number(figures.store_to_raw, "{:.2f}"),
            number(figures.games),
            number(figures.replay_seconds, "{:.2f}"),
            number(figures.feed),
        ]
        for figures in run.figures
    ]
    if not run.postgres_measured:
        table.append(["PostgreSQL", "", "", "", "", "", "", "", run.postgres])
    header = [
        "store",
        "ops",
        "read-and-appends/s",
        "4 threads",
        "raw/s",
        "store / raw",
        "games/s",
        f"replay {sizes.streams:,} (s)",
        "feed events/s",
    ]
    return [
        "## Event stores",
        "",
        _wrap(
            "`benchmarks/bench_store.py` does the measuring, each store in a process of",
            "its own. A *read-and-append* loads a",
            "game's stream and appends one guess at the version it read, for games of twelve",
            "guesses one after another; *ops* is how many a run makes, in one thread and",
            "then in four sharing the store. *raw/s* runs the same SQL statements through",
            "`sqlite3` or `psycopg` without the library, right after the store's one thread,",
            "and *store / raw* is the ratio of the two rates, run by run, then the median.",
            "The guesses for the store, like the rows for the raw statements, are made",
            "before the clock starts. *games/s* counts whole games through `Games`, from",
            "joining to the last guess. *replay* loads each of",
            f"{sizes.streams:,} streams of eight events one by one and folds it into its",
            "board; *feed* reads every event with `read_all`, a page of 1,000 at a time.",
            "PostgreSQL runs on a throwaway server on loopback with `fsync=on` and",
            f"`synchronous_commit=on`. Each figure is the median of {sizes.store_runs} runs.",
        ),
        "",
        _table(header, "lrrrrrrrr", table),
        "",
        _wrap(
            "The durable stores wait for the disk: each commit waits for a sync, and the",
            "disk's pace is under *The machine* above. SQLite with `synchronous=NORMAL` does",
            "not sync on commit, and the memory store does not write at all.",
        ),
        "",
        _image("Read-and-appends, whole games and replay for each store", "stores.png"),
        "",
    ]


def http_section(figures: bench_http.HttpFigures) -> list[str]:
    table = [
        [
            "`POST /games/{id}/guesses`, the web game",
            f"{figures.game:,.0f}",
            f"{figures.game_to_minimal:.2f}",
        ],
        ["the same requests, a minimal Starlette endpoint", f"{figures.minimal:,.0f}", "1.00"],
    ]
    return [
        "## HTTP API",
        "",
        _wrap(
            "`benchmarks/bench_http.py` does the measuring, in a process of its own. Two",
            "servers run in that process, each on uvicorn in a thread of its own on",
            "127.0.0.1: the web game, `create_app` over `bootstrap` and a SQLite store",
            "(`synchronous=NORMAL`),",
            "and a minimal Starlette app whose one route reads the JSON body and answers",
            "JSON with 201. One `httpx` client with keep-alive posts",
            f"{figures.requests:,} guesses a round, one after another, to each in turn,",
            'which one first alternating. The web game takes `{"guess": "GGGG"}` with',
            f"the game's bearer token, {figures.guesses_per_game} into each game of",
            f"{figures.guesses_per_game + 1} attempts whose secret is `RRRR`: no game ends,",
            f"and each answer is a board of 1 to {figures.guesses_per_game} rows. The games",
            "are started before the clock starts. *requests/s* is the median of",
            f"{figures.rounds} rounds; *x minimal* the median of the {figures.rounds} ratios",
            "of the two rates, round by round.",
        ),
        "",
        _table(["server", "requests/s", "x minimal"], "lrr", table),
        "",
        _wrap(
            "Both rates include the time of the client, which sends both the same requests",
            "and reads every answer whole: *x minimal* is the minimal endpoint's time per",
            "request over the web game's.",
        ),
        "",
    ]


def load_section(figures: bench_load.LoadFigures) -> list[str]:
    table = [
        [
            row.store,
            str(row.workers),
            f"`{LOAD_ROUTES[row.route]}`",
            f"{row.requests:,}",
            f"{row.rate:,.0f}",
            f"{row.p50_ms:.1f}",
            f"{row.p99_ms:.1f}",
            f"{row.to_baseline:.2f}",
            f"{row.refused:,}",
        ]
        for row in figures.routes
    ]
    if not any(row.store == "PostgreSQL" for row in figures.routes):
        table.append(["PostgreSQL", "", "", "", "", "", "", "", figures.postgres])
    header = [
        "store",
        "workers",
        "route",
        "answers",
        "requests/s",
        "p50 (ms)",
        "p99 (ms)",
        "x SQLite, 1 worker",
        "refused",
    ]
    hints = figures.hints
    hint_table = [
        ["no hint running", f"{hints.quiet_p50_ms:.1f}", f"{hints.quiet_p99_ms:.1f}", "1.00"],
        [
            f"{hints.hint_clients} clients asking for hints",
            f"{hints.busy_p50_ms:.1f}",
            f"{hints.busy_p99_ms:.1f}",
            f"{hints.busy_to_quiet_p99:.2f}",
        ],
    ]
    return [
        "## Under load",
        "",
        _wrap(
            "`benchmarks/bench_load.py` does the measuring, in a process of its own. Each",
            "server is the `mastermind serve` command in a process of its own on 127.0.0.1,",
            "with rates that no load here meets, over SQLite (`synchronous=NORMAL`) or",
            "PostgreSQL (a throwaway server on loopback, `fsync=on`), with 1 or 2 workers.",
            f"{figures.clients} client threads, each with an `httpx` client with keep-alive,",
            f"send {figures.requests:,} creates in all, then as many guesses into the games",
            f"they created ({bench_load.GUESSES_PER_GAME} into each), then as many reads of",
            "those games' boards. A phase starts on a barrier and ends when the last client",
            "is done. *requests/s* is the phase's answers over its time; *p50* and *p99*",
            "are the latencies the clients saw; *x SQLite, 1 worker* is the rate over the",
            "same route's on SQLite with one worker, in the same run. *refused* counts",
            "answers other than 200 and 201, and requests with no answer.",
        ),
        "",
        _table(header, "lrlrrrrrr", table),
        "",
        _wrap(
            "The clients run on the same machine as the servers and take their share of",
            "its cores: with 2 workers on a machine of few cores, the clients, the",
            "workers and the database compete for them.",
        ),
        "",
        "### Board reads beside a saturated hint pool",
        "",
        _wrap(
            "On SQLite with one worker and the hint pool that",
            f"`{' '.join(f'{name} {value}' for name, value in hints.pool.items())}` makes,",
            f"the clients read boards of {bench_load.GUESSES_PER_GAME} rows with no hint",
            f"running, then again while {hints.hint_clients} more clients ask for hints",
            f"without pause, each on a new game of {bench_load.HINT_LENGTH} pegs and",
            f"{bench_load.HINT_COLOURS} colours named for that game alone, so that no hint",
            "process has its solver at hand: more hints than the pool takes at once, so",
            "that it stays full and refuses the rest with 503.",
            f"During the second reads the pool answered {hints.hints_answered:,} hints and",
            f"refused {hints.hints_refused:,}. *x quiet* is the p99 over the p99 with no",
            "hint running, in the same run.",
        ),
        "",
        _table(["board reads", "p50 (ms)", "p99 (ms)", "x quiet"], "lrrr", hint_table),
        "",
    ]


LOAD_ROUTES = {
    "create": "POST /games",
    "guess": "POST /games/{id}/guesses",
    "board": "GET /games/{id}",
}


def faults_section(figures: bench_load.LoadFigures) -> list[str]:
    def seconds(value: float | None) -> str:
        return "never" if value is None else f"{value:.2f}"

    table = [
        [
            fault.scenario,
            f"{fault.requests:,}",
            f"{fault.acknowledged:,}",
            f"{fault.unavailable:,}",
            f"{fault.internal_errors:,}",
            f"{fault.connection_errors:,}",
            f"**{fault.lost_writes}**",
            f"{fault.broken_streams}",
            f"{fault.fault_seconds:.2f}",
            seconds(fault.recovery_seconds),
        ]
        for fault in figures.faults
    ]
    header = [
        "fault",
        "requests",
        "acknowledged",
        "503",
        "500",
        "no answer",
        "writes lost",
        "streams with gaps",
        "fault (s)",
        "served again after (s)",
    ]
    return [
        "## Under faults",
        "",
        _wrap(
            "The same benchmark runs the scenarios of `tests/faults`, which the test suite",
            "runs too. Four clients play against `mastermind serve`, every write with an",
            "`Idempotency-Key` and sent again with the same key until it is answered 201.",
            "Before, during and after the fault they keep going; then the store is opened",
            "afresh and every acknowledged write looked for.",
        ),
        "",
        _bullet(
            "*PostgreSQL restarted*: `pg_ctl stop -m immediate` under load, then `pg_ctl"
            " start` on the same data."
        ),
        _bullet(
            "*SQLite on a full disk*: the database on a tmpfs of 16 MB, filled by another"
            " file under load, then freed."
        ),
        _bullet(
            "*server killed*: the server, its hint process running, killed with SIGKILL"
            " under load, then started again on the same file and port."
        ),
        "",
        _table(header, "lrrrrrrrrr", table) if table else "No scenario ran.",
        "",
        *(_bullet(reason) for reason in figures.faults_left_out),
        *([""] if figures.faults_left_out else []),
        _wrap(
            "*acknowledged* counts answers of 201; *writes lost*, those of them the store",
            "does not hold, in order; *streams with gaps*, streams whose versions do not",
            "run 1, 2, 3... *fault* is how long it lasted, from the fault to the moment it",
            "was gone: PostgreSQL started, the file deleted, the server answering again.",
            "*served again after* is the time from then to the first good answer to a",
            "request sent after it.",
        ),
        "",
    ]


# --- the fragments of docs/solver.md ------------------------------------------------------


def write_fragments(
    folder: Path,
    about: dict[str, str],
    scoring: list[ScoringRow],
    solver: list[StrategyFigures],
    solver_page: SolverPage,
    large: bench_large.LargeFigures,
) -> None:
    """The figures of ``docs/solver.md``, each a fragment of Markdown that it includes."""
    folder.mkdir(parents=True, exist_ok=True)
    run = f"{about['date']}; {about['Python']}, numpy {about['numpy']}, {about['CPU']}"
    by_scorer = {row.scorer: row for row in scoring}
    naive, ours = by_scorer[OUR_SCORERS["naive"][0]], by_scorer[OUR_SCORERS["mastermind"][0]]
    batch = by_scorer[OUR_SCORERS["mastermind-batch"][0]]
    knuth = next(found for found in solver if found.evaluation.strategy == "knuth")
    fragments = {
        "solver-classic.md": bench_solver.classic_fragment(solver, solver_page.seeds, run),
        "solver-super.md": bench_solver.game_fragment(solver_page.super_game),
        "solver-wide.md": bench_solver.game_fragment(solver_page.wide_game),
        "solver-search.md": bench_solver.search_fragment(solver_page.search),
        "solver-speed.md": bench_solver.speed_fragment(
            naive.rate, ours.rate, ours.ratio, batch.rate, knuth.seconds, solver_page.speed
        ),
        "solver-large.md": large_fragment(large),
        "solver-review.md": bench_solver.opening_fragment(solver_page.opening),
    }
    for name, text in fragments.items():
        (folder / name).write_text(text)


def large_fragment(figures: bench_large.LargeFigures) -> str:
    """The code breaker at large sizes, shortly, for the code breaker's page."""
    rows = [
        [
            f"{size.length} x {size.colours}",
            f"{size.codes:,}",
            f"{size.best.average:.3f}",
            f"{size.baseline.average:.3f}",
            f"{size.best.move_mean:.3f}",
            f"{size.best.move_max:.2f}",
            f"{size.best.first_hint:.2f}",
            bench_large.megabytes(size.best.table_bytes),
            bench_large.megabytes(size.best.peak_bytes),
            f"{size.best.incomplete} of {size.best.moves:,}",
        ]
        for size in figures.sizes
    ]
    header = [
        "pegs x colours",
        "codes",
        "average guesses, `best`",
        "average guesses, `random-consistent`",
        "s a hint",
        "max s",
        "first hint (s)",
        "tables (MB)",
        "peak RSS (MB)",
        "incomplete",
    ]
    lines = [
        _wrap(
            f"Measured by `make performance`: {figures.secrets} random secrets of each size,",
            "the same for both strategies, played by `best` with a hint's budget of",
            f"{figures.budget} s and by `random-consistent`; times are thread CPU",
            "seconds, *first hint* that of building the solver and its first hint in a",
            "fresh process. The performance page has the baseline's costs too.",
        ),
        "",
        _table(header, "lrrrrrrrrr", rows),
        "",
    ]
    wide = figures.wide
    if wide is not None:
        lines += [
            _wrap(
                f"At {wide.length} pegs of {wide.colours} colours, the first hint in a fresh",
                f"process took {wide.first_hint:.2f} s; over the first {wide.moves} moves of",
                f"{wide.games} games, a hint took {wide.later_mean:.2f} s on average and",
                f"{max(wide.later_max, wide.first_max, wide.first_hint):.2f} s at most, and",
                f"{wide.incomplete} of {wide.hints} ran out of time; the process's peak",
                f"resident size was {bench_large.megabytes(wide.peak_bytes)} MB.",
            ),
            "",
        ]
    return "\n".join(lines)


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes: check the runner")
    parser.add_argument("--no-peers", action="store_true", help="leave the PyPI peers out")
    parser.add_argument("--no-postgres", action="store_true", help="leave PostgreSQL out")
    parser.add_argument(
        "--output", type=Path, default=ROOT / "docs", help="where performance.md goes"
    )
    parser.add_argument(
        "--peers", type=Path, default=HERE / ".peers", help="the peers' virtual environments"
    )
    arguments = parser.parse_args(argv)
    sizes = QUICK if arguments.quick else FULL
    matplotlib.use("Agg")
    about = machine()
    scoring = measure_scoring(sizes, not arguments.no_peers, arguments.peers)
    solver = measure_solver(sizes)
    solver_page = measure_solver_page(sizes)
    large = bench_large.measure_large(arguments.quick)
    stores = measure_stores(sizes, not arguments.no_postgres)
    http = measure_http(sizes)
    load = measure_load(sizes, not arguments.no_postgres)
    live = measure_live(arguments.quick)
    snapshots = measure_snapshots(arguments.quick)

    images = arguments.output / IMAGES
    images.mkdir(parents=True, exist_ok=True)
    plot_scoring(scoring, images / "scoring.png")
    plot_solver(solver, images / "solver.png")
    plot_stores(stores, images / "stores.png")
    text = page(
        arguments.quick, sizes, about, scoring, solver, large, stores, http, load, live, snapshots
    )
    (arguments.output / "performance.md").write_text(text)
    generated = arguments.output / GENERATED
    write_fragments(generated, about, scoring, solver, solver_page, large)
    _progress(f"wrote {arguments.output / 'performance.md'}, {images}/ and {generated}/")


if __name__ == "__main__":
    main()
