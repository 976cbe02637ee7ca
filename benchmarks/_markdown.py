"""Markdown as the docs write it, and the fragments of the code breaker's page."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path

import bench_large
import bench_solver
from _measure import SolverPage, StrategyFigures
from _scoring import OUR_SCORERS, ScoringRow

__all__ = [
    "IMAGES",
    "bullet",
    "image",
    "large_fragment",
    "markdown_table",
    "wrap",
    "write_fragments",
]

IMAGES = Path("images") / "performance"
"""The folder, beside ``performance.md``, of its plots."""


def wrap(*sentences: str) -> str:
    """A paragraph of the page, wrapped as the other pages are."""
    return textwrap.fill(" ".join(sentences), 90, break_long_words=False, break_on_hyphens=False)


def bullet(text: str) -> str:
    return textwrap.fill(
        text, 90, initial_indent="- ", subsequent_indent="  ", break_on_hyphens=False
    )


def markdown_table(header: Sequence[str], align: str, rows: list[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join("---:" if side == "r" else "---" for side in align) + "|")
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def image(alt: str, name: str) -> str:
    return f"![{alt}]({(IMAGES / name).as_posix()})"


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
        wrap(
            f"Measured by `make performance`: {figures.secrets} random secrets of each size,",
            "the same for both strategies, played by `best` with a hint's budget of",
            f"{figures.budget} s and by `random-consistent`; times are thread CPU",
            "seconds, *first hint* that of building the solver and its first hint in a",
            "fresh process. The performance page has the baseline's costs too.",
        ),
        "",
        markdown_table(header, "lrrrrrrrrr", rows),
        "",
    ]
    wide = figures.wide
    if wide is not None:
        lines += [
            wrap(
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
