"""Running at scale: each figure that the scaling work was built to reach, beside its goal.

The figures come from ``bench_fold``, ``bench_http --depth``, ``bench_live``,
``bench_cli_start`` and ``bench_pg_append`` (measured with the stores), each in a process
of its own; this module only gathers them, and writes the table that the performance
page and ``docs/scale.md`` both show.
"""

from __future__ import annotations

import operator
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Any

import bench_cli_start
import bench_pg_append
from _markdown import markdown_table, wrap
from _measure import apart, progress

__all__ = ["ScaleFigures", "measure_scale", "scale_fragment", "scale_section"]

CLIENTS = 16
"""The number of PostgreSQL clients the appends' goals are set at."""


@dataclass(frozen=True)
class ScaleFigures:
    fold: dict[str, Any]
    depth: dict[str, Any]
    live: dict[str, Any]
    start: dict[str, list[float]]
    appends: bench_pg_append.AppendFigures | None


def measure_scale(quick: bool, appends: bench_pg_append.AppendFigures | None) -> ScaleFigures:
    progress("scale: a command on a long stream, a board's fold, HTTP by depth")
    fold = apart("bench_fold", "measure_fold", quick=quick, rounds=3 if quick else 5)
    with tempfile.TemporaryDirectory() as folder:
        depth = apart(
            "bench_http",
            "measure_depth",
            folder=folder,
            games=20 if quick else 200,
            rounds=1 if quick else 3,
        )
    progress("scale: 500 watchers, 200 stalled readers")
    with tempfile.TemporaryDirectory() as folder:
        live = apart(
            "bench_live",
            "measure",
            folder=Path(folder).as_posix(),
            watchers=5 if quick else 500,
            readers=0 if quick else 200,
        )
    progress("scale: mastermind --help")
    start = bench_cli_start.measure(1 if quick else 5)
    return ScaleFigures(fold, depth, live, start, appends)


_AT_LEAST, _AT_MOST = operator.ge, operator.le


def _goals(figures: ScaleFigures) -> list[tuple[str, float, Callable[..., bool], float, str]]:
    """(what, measured, comparison, goal, form) for each goal that was measured."""
    fold, depth, live = figures.fold, figures.depth, figures.live
    start = median(figures.start["mastermind --help"]) / median(figures.start["python -c pass"])
    goals = []
    if figures.appends is not None and CLIENTS in figures.appends.clients:
        rates = figures.appends.rates
        at = figures.appends.clients.index(CLIENTS)
        ours = rates["mastermind"][at]
        goals += [
            (
                f"PostgreSQL read-and-append, {CLIENTS} clients, x eventsourcing",
                ours / rates["eventsourcing"][at],
                _AT_LEAST,
                3.0,
                "x{:.2f}",
            ),
            (
                f"PostgreSQL read-and-append, {CLIENTS} clients, x a plain INSERT",
                ours / rates["plain INSERT"][at],
                _AT_LEAST,
                0.5,
                "x{:.2f}",
            ),
        ]
    goals += [
        (
            f"the writer's rate with {live['watchers']:.0f} watchers, x with none",
            live["watched_x_alone"],
            _AT_LEAST,
            0.5,
            "x{:.2f}",
        ),
    ]
    if "kernel_mb" in live:
        goals += [
            (
                f"kernel memory of {live['stalled']:.0f} stalled readers, MB",
                live["kernel_mb"],
                _AT_MOST,
                50.0,
                "{:.0f}",
            ),
            (
                "their places free after the writes, seconds (stall timeout 10 s)",
                live["places_held_s"],
                _AT_MOST,
                10.5,
                "{:.1f}",
            ),
        ]
    goals += [
        (
            "a library guess at 98 guesses, x one on a fresh game",
            fold["late_to_fresh"],
            _AT_MOST,
            1.5,
            "x{:.2f}",
        ),
        (
            f"folding a board of {fold['long_events']:,} events, x {fold['short_events']:,}",
            fold["long_to_short"],
            _AT_MOST,
            12.0,
            "x{:.2f}",
        ),
        (
            "an HTTP guess on a fresh game, x a bare Starlette POST",
            depth["fresh_to_minimal"],
            _AT_LEAST,
            0.65,
            "x{:.2f}",
        ),
        (
            "an HTTP guess at 98 guesses, x one on a fresh game",
            depth["late_to_fresh"],
            _AT_LEAST,
            0.9,
            "x{:.2f}",
        ),
        ("`mastermind --help`, x `python -c pass`", start, _AT_MOST, 5.0, "x{:.2f}"),
    ]
    return goals


def scale_fragment(figures: ScaleFigures) -> str:
    """The goals' table, as ``docs/scale.md`` includes it."""
    rows = []
    for what, measured, compare, goal, form in _goals(figures):
        sign = "≥" if compare is _AT_LEAST else "≤"
        met = "met" if compare(measured, goal) else "**not met**"
        rows.append([what, form.format(measured), f"{sign} {form.format(goal)}", met])
    return markdown_table(["", "measured", "goal", ""], "lrrl", rows) + "\n"


def scale_section(figures: ScaleFigures) -> list[str]:
    return [
        "## Running at scale",
        "",
        wrap(
            "Each figure that [running at scale](scale.md) depends on, beside the goal it",
            "was built to reach, from the benchmarks named on that page, in this run.",
        ),
        "",
        scale_fragment(figures),
    ]
