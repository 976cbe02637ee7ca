"""How long ``mastermind --help`` takes in a fresh process, against ``python -c pass``.

    .venv/bin/python benchmarks/bench_cli_start.py [--repeat 1]

Listing the commands must cost little more than starting Python: each command's module
is imported when the command runs, never to list it. Each run is a new process, timed by
the clock on the wall from its start to its end, the two taken in turn so that a busy
machine slows each alike; with ``--repeat N``, the median of N runs of each. The ratio
is against ``python -c pass`` of the same interpreter in this run, and is accepted under
:data:`ACCEPTED_RATIO`. A first run of each, untimed, writes the bytecode of every
module, as installing the package does.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from statistics import median

ACCEPTED_RATIO = 5.0
"""The most ``mastermind --help`` may take, as a multiple of ``python -c pass``."""


def mastermind_command() -> list[str]:
    """The installed ``mastermind`` script beside this interpreter, else ``-m mastermind``."""
    script = Path(sys.executable).with_name("mastermind")
    return [str(script)] if script.exists() else [sys.executable, "-m", "mastermind"]


def wall(command: Sequence[str]) -> float:
    """One fresh process's wall time in seconds."""
    environment = {**os.environ, "NO_COLOR": "1"}
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=environment, timeout=60)
    return time.perf_counter() - started


def measure(repeat: int) -> dict[str, list[float]]:
    """Each command's runs, taken in turn."""
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "mastermind --help": [*mastermind_command(), "--help"],
    }
    for command in commands.values():  # the bytecode, untimed
        wall(command)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, command in commands.items():
            times[name].append(wall(command))
    return times


def report(times: dict[str, list[float]], repeat: int) -> bool:
    runs = "one run" if repeat == 1 else f"median of {repeat} runs"
    print(f"`mastermind --help` in a fresh process, {runs} of each")
    print(f"Python {platform.python_version()} on {platform.platform()}, {os.cpu_count()} cores")
    print()
    print("| process | seconds | ratio |")
    print("|---|---|---|")
    bare = median(times["python -c pass"])
    for name, runs_of in times.items():
        print(f"| `{name}` | {median(runs_of):.3f} | x{median(runs_of) / bare:.2f} |")
    ratio = median(times["mastermind --help"]) / bare
    verdict = "within" if ratio <= ACCEPTED_RATIO else "NOT within"
    print()
    print(f"`mastermind --help` takes x{ratio:.2f} `python -c pass`, {verdict}", end=" ")
    print(f"x{ACCEPTED_RATIO:g}.")
    return ratio <= ACCEPTED_RATIO


def main(arguments: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs of each [1]")
    options = parser.parse_args(arguments)
    return 0 if report(measure(options.repeat), options.repeat) else 1


if __name__ == "__main__":
    sys.exit(main())
