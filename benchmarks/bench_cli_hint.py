"""How long ``mastermind hint`` takes in a fresh process, with the hint cache cold and warm.

    .venv/bin/python benchmarks/bench_cli_hint.py [--repeat 9] [--breakdown]

Each run is a new ``mastermind hint GAME --db FILE --json`` process, timed by the clock
on the wall from its start to its end, as a player waits for it. Every position is
timed in these ways, the runs of all of them taken in turn so that a busy machine
slows each alike, and the median of ``--repeat`` runs is shown with its ratio to the
cold run's median of the same position, from this one run:

- cold: an empty cache directory for every run, so that the hint is worked out, as the
  first time a player asks it, and written to the cache;
- warm: a cache that already holds the hint, as every later time;
- no cache: ``MASTERMIND_CACHE_DIR=off``, the hint worked out and kept nowhere;
- no hint: ``mastermind show`` of the same game, the floor of a fresh process that opens
  the games and prints a document without asking for a hint.

The first runs, untimed, fill the warm cache and write the bytecode of every module, as
installing the package does, even where ``PYTHONDONTWRITEBYTECODE`` is set. The
positions are the opening of a game of 5 pegs and 8 colours, the same game after
two guesses, and the opening of the classic game (4 pegs, 6 colours). ``--breakdown``
then runs one cold and one warm hint of the first position under ``python -X
importtime`` and shows what importing the main parts took.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mastermind.bootstrap import bootstrap

ACCEPTED_SECONDS = 0.5
"""The longest a warm hint at 5 pegs and 8 colours may take in a fresh process."""
EIGHT = ("Red", "Green", "Blue", "Yellow", "Purple", "Orange", "Cyan", "White")
POSITIONS = (
    ("5x8 opening", EIGHT, "RGBYP", ()),
    ("5x8 after 2 guesses", EIGHT, "RGBYP", ("RRGGB", "YYPOC")),
    ("4x6 opening (classic)", EIGHT[:6], "RGBY", ()),
)
WAYS = ("cold", "warm", "no cache", "no hint")
PARTS = (
    ("click", "click"),
    ("rich", "rich.console"),
    ("the terminal game's commands", "mastermind.cli._app"),
    ("the SQLite store", "mastermind.store.sqlite"),
    ("the hint cache", "mastermind.hints._cache"),
    ("numpy", "numpy"),
    ("the solver, numpy included", "mastermind.solver"),
)
"""Modules whose import ``--breakdown`` reports, by what they are."""


def mastermind_command() -> list[str]:
    """The installed ``mastermind`` script beside this interpreter, else ``-m mastermind``."""
    script = Path(sys.executable).with_name("mastermind")
    return [str(script)] if script.exists() else [sys.executable, "-m", "mastermind"]


def make_games(database: Path) -> list[str]:
    """One game a position, with its guesses made, in a SQLite file: their ids."""
    application = bootstrap(f"sqlite:///{database}", hints=None, reviews=None, environment={})
    try:
        ids = []
        for _, palette, secret, guesses in POSITIONS:
            board = application.games.start(12, palette, len(secret), secret)
            for guess in guesses:
                application.games.guess(board.game_id, guess)
            ids.append(board.game_id)
        return ids
    finally:
        application.close()


def run(
    arguments: Sequence[str], cache: str, *, python_options: Sequence[str] = ()
) -> tuple[float, str]:
    """One fresh process: its wall time in seconds, and its standard error."""
    environment = {**os.environ, "MASTERMIND_CACHE_DIR": cache, "NO_COLOR": "1"}
    # As an installed package has: its bytecode, written by the first, untimed, runs.
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    command = mastermind_command()
    if python_options:
        command = [sys.executable, *python_options, "-m", "mastermind"]
    started = time.perf_counter()
    finished = subprocess.run(
        [*command, *arguments], capture_output=True, text=True, env=environment, timeout=120
    )
    seconds = time.perf_counter() - started
    if finished.returncode != 0:
        raise SystemExit(f"mastermind {' '.join(arguments)} failed:\n{finished.stderr}")
    return seconds, finished.stderr


def measure(
    work: Path, database: Path, ids: list[str], repeat: int
) -> dict[tuple[int, str], list[float]]:
    """Every position's runs in every way, the ways taken in turn."""
    times: dict[tuple[int, str], list[float]] = {}
    warm = work / "warm"
    for game_id in ids:  # fill the warm cache, untimed
        run(["hint", game_id, "--db", str(database), "--json"], str(warm))
    for round_ in range(repeat):
        for at, game_id in enumerate(ids):
            hint = ["hint", game_id, "--db", str(database), "--json"]
            cold = work / f"cold-{round_}-{at}"
            ways = {
                "cold": (hint, str(cold)),
                "warm": (hint, str(warm)),
                "no cache": (hint, "off"),
                "no hint": (["show", game_id, "--db", str(database), "--json"], "off"),
            }
            for way, (arguments, cache) in ways.items():
                times.setdefault((at, way), []).append(run(arguments, cache)[0])
            shutil.rmtree(cold, ignore_errors=True)
    return times


def report(times: dict[tuple[int, str], list[float]], repeat: int) -> bool:
    print(f"`mastermind hint` in a fresh process, median of {repeat} runs (min in brackets)")
    print(f"Python {platform.python_version()} on {platform.platform()}, {os.cpu_count()} cores")
    print()
    print(f"| position | {' | '.join(WAYS)} |")
    print(f"|---|{'---|' * len(WAYS)}")
    accepted = True
    for at, (name, *_) in enumerate(POSITIONS):
        cold = median(times[(at, "cold")])
        cells = []
        for way in WAYS:
            runs = times[(at, way)]
            middle = median(runs)
            cells.append(f"{middle:.3f} s ({min(runs):.3f}), x{middle / cold:.2f}")
        print(f"| {name} | {' | '.join(cells)} |")
        if name.startswith("5x8"):
            accepted = accepted and median(times[(at, "warm")]) < ACCEPTED_SECONDS
    print()
    print("Ratios are against the cold run of the same position in this run.")
    verdict = "under" if accepted else "NOT under"
    print(f"A warm hint at 5x8 is {verdict} {ACCEPTED_SECONDS} s in a fresh process.")
    return accepted


def import_times(stderr: str) -> dict[str, float]:
    """Each module's cumulative import time in seconds, from ``-X importtime``."""
    found = {}
    for line in stderr.splitlines():
        matched = re.match(r"import time:\s+\d+ \|\s+(\d+) \| (\s*)(\S+)", line)
        if matched:
            found.setdefault(matched[3], int(matched[1]) / 1e6)
    return found


def breakdown(work: Path, database: Path, game_id: str) -> None:
    print()
    print("Where a fresh process's time goes, 5x8 opening (one run of each, -X importtime):")
    print()
    print("| part | cold | warm |")
    print("|---|---|---|")
    hint = ["hint", game_id, "--db", str(database), "--json"]
    warm = work / "breakdown-warm"
    run(hint, str(warm))
    runs = {
        "cold": run(hint, str(work / "breakdown-cold"), python_options=["-X", "importtime"]),
        "warm": run(hint, str(warm), python_options=["-X", "importtime"]),
    }
    imported = {way: import_times(stderr) for way, (_, stderr) in runs.items()}
    for label, module in PARTS:
        cells = [
            f"{imported[way][module] * 1000:.0f} ms" if module in imported[way] else "not loaded"
            for way in runs
        ]
        print(f"| importing {label} | {' | '.join(cells)} |")
    tops = [
        sum(seconds for name, seconds in imported[way].items() if "." not in name) for way in runs
    ]
    print(f"| every import | {tops[0] * 1000:.0f} ms | {tops[1] * 1000:.0f} ms |")
    walls = [runs[way][0] for way in runs]
    print(f"| the whole process, slowed by -X importtime | {walls[0]:.3f} s | {walls[1]:.3f} s |")
    helped = median(run(["--help"], "off")[0] for _ in range(3))
    print()
    print(f"For scale, `mastermind --help` takes {helped:.3f} s, and `python -c pass`", end=" ")
    bare = median(_bare_python() for _ in range(3))
    print(f"{bare:.3f} s.")


def _bare_python() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - started


def main(arguments: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=9, help="runs of each way [9]")
    parser.add_argument("--breakdown", action="store_true", help="show what imports take")
    options = parser.parse_args(arguments)
    with tempfile.TemporaryDirectory(prefix="bench-cli-hint-") as folder:
        work = Path(folder)
        database = work / "games.db"
        ids = make_games(database)
        accepted = report(measure(work, database, ids, options.repeat), options.repeat)
        if options.breakdown:
            breakdown(work, database, ids[0])
    return 0 if accepted else 1


if __name__ == "__main__":
    sys.exit(main())
