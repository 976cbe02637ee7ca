"""The performance page: its frame, and the sections on the library's own figures."""

from __future__ import annotations

import textwrap

import bench_http
import bench_large
import bench_load
import bench_pg_append
import bench_snapshots
import bench_sse
from _markdown import bullet, image, markdown_table, wrap
from _measure import Sizes, StoreRun, StrategyFigures
from _scale import ScaleFigures, scale_section
from _scoring import ScoringRow
from _server_sections import faults_section, http_section, load_section

__all__ = ["page"]


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
    scale: ScaleFigures,
) -> str:
    """The whole of ``performance.md``."""
    rows = [[key, value] for key, value in about.items()]
    rows.append(["disk", f"{stores.disk:,.0f} writes of 8 kB a second, each synced"])
    rows.append(["PostgreSQL", stores.postgres])
    warning = [
        "!!! warning",
        textwrap.indent(
            wrap(
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
        wrap(
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
        markdown_table(["", ""], "ll", rows),
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
        *scale_section(scale),
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
        wrap(
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
        markdown_table(header, "lllrrl", table),
        "",
        *(bullet(f"{row.scorer}: {row.note}") for row in rows if row.note),
        "",
        wrap(
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
        image("Scores per second for each scorer, log scale", "scoring.png"),
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
        wrap(
            "`evaluate(strategy)` plays every one of the 1,296 secrets of the classic game",
            "and counts the guesses, the winning one included. *total* is the guesses over",
            "all secrets, *average* per secret, *worst* the most any secret took; the",
            f"columns 1 to {worst} say how many secrets took that many guesses. *seconds* is",
            f"a whole evaluation, the median of {sizes.solver_runs} runs after one that",
            "loads tables and trees. Every run gave the same histogram.",
        ),
        "",
        markdown_table(header, "lrrr" + "r" * worst + "r", table),
        "",
        image("A histogram of guesses for each strategy", "solver.png"),
        "",
    ]


def large_section(figures: bench_large.LargeFigures) -> list[str]:
    wide = figures.wide
    wide_part: list[str] = []
    if wide is not None:
        wide_part = [
            f"### Hints at {wide.length} pegs of {wide.colours} colours",
            "",
            wrap(
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
            markdown_table(
                bench_large.WIDE_HEADER, bench_large.WIDE_ALIGN, bench_large.wide_rows(wide)
            ),
            "",
        ]
    starts = [each.start_bytes for size in figures.sizes for each in (size.best, size.baseline)]
    interpreter = bench_large.megabytes(round(sum(starts) / len(starts)))
    return [
        "## The code breaker at large sizes",
        "",
        wrap(
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
        markdown_table(
            bench_large.SIZE_HEADER, bench_large.SIZE_ALIGN, bench_large.size_rows(figures)
        ),
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
        wrap(
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
        markdown_table(header, "lrrrrrrrr", table),
        "",
        wrap(
            "The durable stores wait for the disk: each commit waits for a sync, and the",
            "disk's pace is under *The machine* above. SQLite with `synchronous=NORMAL` does",
            "not sync on commit, and the memory store does not write at all.",
        ),
        "",
        image("Read-and-appends, whole games and replay for each store", "stores.png"),
        "",
        *([] if run.appends is None else bench_pg_append.section(run.appends)),
    ]
