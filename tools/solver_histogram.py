"""Draw docs/images/solver-histogram.svg: how many guesses each strategy needs.

Every strategy of ``mastermind.solver`` plays all 1296 secrets of the classic game with
``evaluate``; one small chart per strategy shows how many secrets took each number of
guesses. Needs matplotlib, which no extra installs::

    pip install matplotlib
    python tools/solver_histogram.py [OUTPUT.svg]
"""

from __future__ import annotations

import sys
from pathlib import Path

import matplotlib as mpl
import matplotlib.pyplot as plt

from mastermind.solver import STRATEGIES, evaluate

OUTPUT = Path(__file__).parent.parent / "docs" / "images" / "solver-histogram.svg"


def main(output: Path) -> None:
    reports = sorted((evaluate(strategy) for strategy in STRATEGIES), key=lambda r: r.total)
    most = max(report.worst for report in reports)
    tallest = max(count for report in reports for _, count in report.histogram)
    mpl.rcParams.update({"svg.hashsalt": "mastermind", "svg.fonttype": "none"})
    figure, axes = plt.subplots(3, 3, figsize=(11, 7.4), sharex=True, sharey=True)
    for report, plot in zip(reports, axes.flat, strict=True):
        counts = dict(report.histogram)
        guesses = list(range(1, most + 1))
        heights = [counts.get(number, 0) for number in guesses]
        bars = plot.bar(guesses, heights, color="#4e79a7", width=0.75)
        plot.bar_label(bars, [str(h) if h else "" for h in heights], fontsize=7, padding=1)
        plot.set_title(
            f"{report.strategy}\naverage {report.average:.3f}, worst {report.worst}", fontsize=9
        )
        plot.set_xticks(guesses)
        plot.set_ylim(0, tallest * 1.15)
        plot.spines[["top", "right"]].set_visible(False)
        plot.tick_params(labelsize=8)
    for plot in axes[-1]:
        plot.set_xlabel("guesses", fontsize=8)
    for plot in axes[:, 0]:
        plot.set_ylabel("secrets", fontsize=8)
    figure.suptitle(
        "Guesses to break each of the 1296 secrets of the classic game, by strategy", fontsize=11
    )
    figure.tight_layout()
    figure.savefig(output, metadata={"Date": None})


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUTPUT)
