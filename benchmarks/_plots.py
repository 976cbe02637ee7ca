"""The plots of the performance page, drawn with matplotlib."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import matplotlib.pyplot as plt
from _measure import StoreRun, StrategyFigures
from _scoring import ScoringRow
from matplotlib.axes import Axes
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter

__all__ = ["plot_scoring", "plot_solver", "plot_stores"]

OURS = "#2f6db5"
PEER = "#e08a2c"
BASELINE = "#8c8c8c"


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
