"""How well and how fast the solver plays: every strategy over every classic secret, the
larger games, the optimal search, and the tables of ``docs/solver.md``.

    .venv/bin/python benchmarks/bench_solver.py [--quick] [--histogram FILE]

prints the fragments of Markdown that ``benchmarks/report.py`` (``make performance``)
writes under ``docs/generated/`` for ``docs/solver.md`` to include, measured the same
way; ``--quick`` plays tiny games in place of Super Mastermind, 4 pegs of 7 colours and
the classic optimal search, which take minutes. The page's figures come from the
report's run, never from this one: the scorers' rates are the report's, timed with
``peer_scoring.py`` against the same naive scorer used here.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from statistics import mean, median

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
import peer_scoring

from mastermind import CLASSIC_PEGS, Code
from mastermind.solver import STRATEGIES, Evaluation, build_optimal_tree, evaluate
from mastermind.solver._optimal import UNLIMITED, OptimalSearch
from mastermind.solver._scoring import CodeSpace, score_block
from mastermind.solver._strategies import _LIVE_SEARCH_GAME_SIZE as LIVE_SEARCH_GAME_SIZE
from mastermind.solver._tree import Game, best_tree, shipped_tree, shipped_tree_name

SUPER_PEGS = ("Red", "Green", "Blue", "Yellow", "Purple", "Orange", "White", "Black")
SEEDS = 50
"""Seeds of ``random-consistent`` played over every classic secret."""


@dataclass(frozen=True)
class Games:
    """The games the page's tables are measured on, as (pegs, colours)."""

    super_game: tuple[int, int]
    """Super Mastermind's table."""
    wide_game: tuple[int, int]
    """Where ``best`` is compared with ``entropy-endgame``: a game no tree is shipped for."""
    search_game: tuple[int, int]
    """The optimal search, timed."""
    seeds: int
    speed_seconds: float


FULL = Games((5, 8), (4, 8), (4, 6), SEEDS, 1.0)
QUICK = Games((3, 5), (3, 4), (3, 3), 3, 0.05)

SUPER_STRATEGIES = ("best", "entropy-endgame", "entropy", "most-parts")
WIDE_STRATEGIES = ("entropy-endgame", "best", "random-consistent")


def pegs(colours: int) -> tuple[str, ...]:
    """The palette of a game: the classic colours, then White and Black."""
    return SUPER_PEGS[:colours]


def describe(length: int, colours: int) -> str:
    if (length, colours) == (5, 8):
        return "Super Mastermind (5 pegs, 8 colours)"
    return f"{length} pegs of {colours} colours"


# --- measuring -----------------------------------------------------------------------------


def naive_score(secret: Code, guess: Code) -> tuple[int, int]:
    """``peer_scoring.naive_score``, the baseline of every scorer, on two codes."""
    return peer_scoring.naive_score(secret.pegs, guess.pegs)


def _peak_bytes() -> int:
    """The peak resident size of this process since it started its program."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


@dataclass(frozen=True)
class GameRun:
    """``evaluate`` of one strategy on one game, in a process of its own."""

    strategy: str
    length: int
    colours: int
    total: int
    secrets: int
    worst: int
    histogram: list[list[int]]
    seconds: float
    peak_bytes: int
    played_by: str
    """How ``best`` played the game: from a tree, by the search, or by codes that fit."""

    @property
    def average(self) -> float:
        return self.total / self.secrets


def measure_game(strategy: str, length: int, colours: int) -> GameRun:
    """Every secret of a game played by one strategy; run by a fresh interpreter, so that
    the peak resident size is this evaluation's."""
    found = evaluate(strategy, pegs(colours), length)
    return GameRun(
        strategy,
        length,
        colours,
        found.total,
        found.secrets,
        found.worst,
        [list(pair) for pair in found.histogram],
        found.seconds,
        _peak_bytes(),
        best_plays(length, colours) if strategy == "best" else "",
    )


def best_plays(length: int, colours: int) -> str:
    """How ``best`` plays a game from its first guess, in words."""
    if shipped_tree(Game(colours, length), None) is not None:
        return "optimal tree"
    if best_tree(Game(colours, length)) is not None:
        return "record tree"
    if colours**length <= LIVE_SEARCH_GAME_SIZE:
        return "optimal search"
    return "codes that fit: no tree shipped"


_FRESH = """\
import dataclasses, json, sys
sys.path.insert(0, sys.argv[1])
import bench_solver
print(json.dumps(dataclasses.asdict(bench_solver.measure_game(*json.loads(sys.argv[2])))))
"""


def fresh_game(strategy: str, length: int, colours: int) -> GameRun:
    """``measure_game`` run by a fresh interpreter."""
    arguments = json.dumps([strategy, length, colours])
    command = [sys.executable, "-c", _FRESH, str(Path(__file__).resolve().parent), arguments]
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=True)
    return GameRun(**json.loads(done.stdout))


@dataclass(frozen=True)
class ClassicRun:
    """A strategy over every classic secret, and its time: the median of several runs
    after one that loads tables and trees."""

    evaluation: Evaluation
    seconds: float
    runs: int


def measure_classic(runs: int) -> list[ClassicRun]:
    found = []
    for strategy in STRATEGIES:
        first = evaluate(strategy)
        again = [evaluate(strategy) for _ in range(runs)]
        assert all(run.histogram == first.histogram for run in again), strategy
        found.append(ClassicRun(first, median(run.seconds for run in again), runs))
    return found


@dataclass(frozen=True)
class SeedFigures:
    """``random-consistent`` over every classic secret, seed by seed."""

    seeds: int
    averages: list[float]
    worst: int


def measure_seeds(seeds: int) -> SeedFigures:
    runs = [evaluate("random-consistent", seed=seed) for seed in range(seeds)]
    return SeedFigures(seeds, [run.average for run in runs], max(run.worst for run in runs))


@dataclass(frozen=True)
class SearchFigures:
    """The optimal search of a whole game, with no limit and with at most five guesses."""

    length: int
    colours: int
    totals: list[int]
    seconds: list[float]
    shipped: bool
    """Whether the package ships this game's trees, and so the search was held to them."""


def measure_search(length: int, colours: int) -> SearchFigures:
    """Search out the game's trees, and prove them the very files the package ships, if it
    ships any: the proof ``make test`` leaves to this run, which takes minutes."""
    totals, seconds = [], []
    shipped = resources.files("mastermind.solver") / "data"
    held = False
    with tempfile.TemporaryDirectory() as folder:
        for most_guesses in (None, 5):
            started = time.perf_counter()
            tree = build_optimal_tree(pegs(colours), length, most_guesses)
            seconds.append(time.perf_counter() - started)
            totals.append(tree.total)
            name = shipped_tree_name(Game(colours, length), most_guesses)
            if (shipped / name).is_file():
                tree.write(Path(folder) / name)
                built = gzip.decompress((Path(folder) / name).read_bytes())
                if built != gzip.decompress((shipped / name).read_bytes()):
                    raise AssertionError(f"the search no longer finds the shipped {name}")
                held = True
    return SearchFigures(length, colours, totals, seconds, held)


@dataclass(frozen=True)
class OpeningFigures:
    """The exact cost of a first guess of the classic game, played optimally after it."""

    guess: str
    total: int
    """Guesses over every secret, the first included."""
    optimum: int
    """The optimal strategy's total."""
    secrets: int
    seconds: float


def measure_opening(guess: str = "RRRR") -> OpeningFigures:
    space = CodeSpace(CLASSIC_PEGS, 4)
    search = OptimalSearch(space, UNLIMITED)
    started = time.perf_counter()
    first = space.index(Code.parse(guess))
    total = space.size
    for feedback, part in space.partition(first, np.arange(space.size, dtype=np.intp)).items():
        if feedback != space.win:
            total += search.cost(part, UNLIMITED - 1, [first])
    seconds = time.perf_counter() - started
    return OpeningFigures(guess, total, evaluate("optimal").total, space.size, seconds)


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of work per second, repeating ``work`` (which returns its units) a while."""
    done, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        done += work()
    return done / elapsed


@dataclass(frozen=True)
class SpeedFigures:
    """Scoring Super Mastermind in batches, and Knuth's strategy played the naive way."""

    super_batch: float
    """Scores a second of the batch scorer, 2,000 guesses against all 32,768 codes."""
    knuth_naive_seconds: float
    """Knuth's strategy over every classic secret, game by game with the naive scorer,
    estimated from the first games."""
    knuth_naive_games: int


def measure_speed(seconds: float, games: int = 2) -> SpeedFigures:
    space = CodeSpace(SUPER_PEGS, 5)
    block = space.digits[:2000]
    super_batch = rate(lambda: score_block(space.digits, block, 8).size, seconds)
    return SpeedFigures(super_batch, naive_knuth_seconds(games), games)


def naive_knuth_seconds(games: int) -> float:
    """Knuth's strategy over every classic secret, one game at a time with the naive
    scorer and a code per guess, as a beginner would write it: the first games, timed
    and scaled to all 1,296."""
    codes = [Code(each) for each in itertools.product(CLASSIC_PEGS, repeat=4)]
    started = time.perf_counter()
    for secret in codes[:games]:
        candidates = list(codes)
        guess = Code.parse("RRGG")
        while guess != secret:
            feedback = naive_score(secret, guess)
            candidates = [code for code in candidates if naive_score(code, guess) == feedback]
            if len(candidates) == 1:
                guess = candidates[0]
                continue

            def worst(option: Code, candidates: list[Code] = candidates) -> tuple[int, bool]:
                parts = Counter(naive_score(code, option) for code in candidates)
                return max(parts.values()), option not in candidates

            guess = min(codes, key=worst)
    return (time.perf_counter() - started) * len(codes) / games


# --- the fragments of docs/solver.md -------------------------------------------------------


def _wrap(*parts: str) -> str:
    """A paragraph, wrapped as the pages are."""
    return textwrap.fill(" ".join(parts), 88, break_long_words=False, break_on_hyphens=False)


def _table(header: Sequence[str], align: str, rows: list[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join("---:" if side == "r" else "---" for side in align) + "|")
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def spread(histogram: Sequence[Sequence[int]]) -> str:
    """Secrets solved in 1, 2, 3... guesses, up to the worst, as a list."""
    counts = dict(histogram)
    return ", ".join(str(counts.get(guesses, 0)) for guesses in range(1, max(counts) + 1))


CLASSIC_HEADER = (
    "strategy",
    "guesses in all",
    "average",
    "worst",
    "secrets solved in 1, 2, 3, ... guesses",
    "seconds",
)


def classic_fragment(runs: Sequence[ClassicRun], seeds: SeedFigures, about: str) -> str:
    """The table of every strategy over the classic game, and random-consistent's seeds."""
    rows = []
    for run in sorted(runs, key=lambda run: (run.evaluation.total, run.evaluation.strategy)):
        found = run.evaluation
        seeded = " (seed 0)" if found.strategy == "random-consistent" else ""
        name = f"`{found.strategy}`{seeded}"
        rows.append(
            [
                name,
                str(found.total),
                f"{found.average:.4f}",
                str(found.worst),
                spread(found.histogram),
                f"{run.seconds:.3f}",
            ]
        )
    return "\n".join(
        [
            _wrap(
                f"Measured by `make performance` ({about}). The seconds are the median of",
                f"{runs[0].runs} runs over every secret, after one that loads tables and trees.",
            ),
            "",
            _table(CLASSIC_HEADER, "lrrrlr", rows),
            "",
            _wrap(
                "`random-consistent` depends on its seed: over seeds 0 to",
                f"{seeds.seeds - 1} its average ranged from {min(seeds.averages):.3f} to",
                f"{max(seeds.averages):.3f}, {mean(seeds.averages):.3f} on the whole, and its",
                f"worst game took up to {seeds.worst} guesses.",
            ),
            "",
        ]
    )


GAME_HEADER = ("strategy", "guesses in all", "average", "worst", "seconds", "peak memory (MB)")


def game_fragment(runs: Sequence[GameRun]) -> str:
    """The table of a few strategies over every secret of a larger game."""
    rows = []
    for run in sorted(runs, key=lambda run: (run.total, run.strategy)):
        name = f"`{run.strategy}`"
        if run.played_by:
            name += f" ({run.played_by})"
        rows.append(
            [
                name,
                str(run.total),
                f"{run.average:.4f}",
                str(run.worst),
                f"{run.seconds:.1f}",
                f"{run.peak_bytes / 1024**2:,.0f}",
            ]
        )
    length, colours = runs[0].length, runs[0].colours
    return "\n".join(
        [
            _wrap(
                f"Measured by `make performance`: every one of the {colours**length:,}",
                f"secrets of {describe(length, colours)} played by each strategy with",
                "`evaluate`, each strategy in a fresh process; *peak memory* is that",
                "process's peak resident size, the interpreter and numpy included.",
            ),
            "",
            _table(GAME_HEADER, "lrrrrr", rows),
            "",
        ]
    )


def speed_fragment(
    naive: float, ours: float, ratio: float, batch: float, knuth_seconds: float, speed: SpeedFigures
) -> str:
    """The scoring rates and the naive play of the Speed section, from one run."""
    text = _wrap(
        "In the run of `make performance` that measured the tables above, the naive",
        f"pure-Python scorer managed {naive / 1e6:.2f} million scores a second and",
        f"`mastermind.score` {ours / 1e6:.2f} million: {ratio:.2f} times as many as the",
        "naive scorer, in rounds that alternate between the two in one process. The",
        f"batch scorer managed {batch / 1e6:,.0f} million on the classic game and",
        f"{speed.super_batch / 1e6:,.0f} million on Super Mastermind. Knuth's strategy",
        "played game by game with the naive scorer would take about",
        f"{speed.knuth_naive_seconds:,.0f} seconds for all 1296 secrets (timed on",
        f"{speed.knuth_naive_games} games and scaled); `evaluate` takes {knuth_seconds:.2f}.",
    )
    return text + "\n"


def search_fragment(search: SearchFigures) -> str:
    """How long the optimal search took, with and without the limit of five guesses."""
    (unlimited, limited), (total, within) = search.seconds, search.totals
    game = describe(search.length, search.colours)
    text = _wrap(
        f"In the run of `make performance`, the search for {game} found its optimum of",
        f"{total} guesses in {unlimited:.0f} seconds without the limit, and of {within} in",
        f"{limited:.0f} seconds with it.",
        *(["Both trees are, byte for byte, the ones the package ships."] if search.shipped else []),
    )
    return text + "\n"


def opening_fragment(opening: OpeningFigures) -> str:
    """What the exact search says a first guess costs, against the optimum."""
    played = opening.total / opening.secrets
    optimum = opening.optimum / opening.secrets
    code = " ".join(Code.parse(opening.guess).pegs)
    text = _wrap(
        f"In the run of `make performance`, the exact search put the cost of {code} as",
        f"the first guess at {played - optimum:.2f} guesses: {played:.3f} a secret when",
        f"the rest of the game is played optimally, against {optimum:.3f} for the optimum",
        f"({opening.seconds:.0f} seconds of search).",
    )
    return text + "\n"


# --- the histograms, as an SVG chart -------------------------------------------------------


def histogram_svg(reports: list[Evaluation]) -> str:
    """Secrets solved per number of guesses, one bar per strategy, as an SVG chart."""
    width, height, margin = 760, 360, 50
    most_guesses = max(report.worst for report in reports)
    tallest = max(count for report in reports for _, count in report.histogram)
    group = (width - 2 * margin) / most_guesses
    bar = group * 0.8 / len(reports)
    colours = [
        "#4e79a7",
        "#f28e2b",
        "#e15759",
        "#76b7b2",
        "#59a14f",
        "#edc948",
        "#b07aa1",
        "#ff9da7",
        "#9c755f",
        "#bab0ac",
    ]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 40}"'
        ' font-family="sans-serif" font-size="12">',
        f'<line x1="{margin}" y1="{height - margin}" x2="{width - margin}"'
        f' y2="{height - margin}" stroke="black"/>',
    ]
    for guesses in range(1, most_guesses + 1):
        centre = margin + group * (guesses - 0.5)
        parts.append(
            f'<text x="{centre:.0f}" y="{height - margin + 16}" text-anchor="middle">'
            f"{guesses}</text>"
        )
    parts.append(
        f'<text x="{width / 2:.0f}" y="{height - margin + 34}" text-anchor="middle">'
        "guesses needed (classic game, all 1296 secrets)</text>"
    )
    for index, report in enumerate(reports):
        colour = colours[index % len(colours)]
        for guesses, count in report.histogram:
            bar_height = (height - 2 * margin) * count / tallest
            left = margin + group * (guesses - 1) + group * 0.1 + bar * index
            parts.append(
                f'<rect x="{left:.1f}" y="{height - margin - bar_height:.1f}" width="{bar:.1f}"'
                f' height="{bar_height:.1f}" fill="{colour}"><title>{report.strategy}:'
                f" {count} secrets in {guesses}</title></rect>"
            )
        parts.append(
            f'<rect x="{margin + 10}" y="{12 + 16 * index}" width="10" height="10"'
            f' fill="{colour}"/>'
            f'<text x="{margin + 26}" y="{21 + 16 * index}">{report.strategy}'
            f" ({report.average:.3f})</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny games for the long runs")
    parser.add_argument("--histogram", type=Path, help="also draw the histograms as an SVG file")
    arguments = parser.parse_args()
    games = QUICK if arguments.quick else FULL
    about = f"numpy {np.__version__}"
    classic = measure_classic(3)
    print(classic_fragment(classic, measure_seeds(games.seeds), about))
    if arguments.histogram:
        arguments.histogram.write_text(histogram_svg([run.evaluation for run in classic]))
    for (length, colours), strategies in (
        (games.super_game, SUPER_STRATEGIES),
        (games.wide_game, WIDE_STRATEGIES),
    ):
        runs = [fresh_game(strategy, length, colours) for strategy in strategies]
        print(game_fragment(runs))
    print(search_fragment(measure_search(*games.search_game)))
    print(opening_fragment(measure_opening()))
    speed = measure_speed(games.speed_seconds)
    print(f"Super Mastermind batch: {speed.super_batch:,.0f} scores a second")
    print(f"Knuth with the naive scorer: about {speed.knuth_naive_seconds:,.0f} s")


if __name__ == "__main__":
    main()
