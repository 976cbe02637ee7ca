"""The code breaker at large sizes: ``"best"`` against ``"random-consistent"``, and hints.

    .venv/bin/python benchmarks/bench_large.py [--quick] [--json]

For 6 pegs of 8 colours, 6 of 9, 7 of 7 and 8 of 8, the same 200 random secrets (seeded)
are played to the end by ``"best"``, with the budget a hint has (``HINT_SECONDS`` of
thread CPU time a guess), and by ``"random-consistent"``, the baseline, in the same run.
Each size and strategy plays its games in a fresh process of its own, with one solver
for all of them, as a hint service keeps one for each kind of game; it measures:

- guesses: the average and the worst over the games;
- seconds per move: the thread CPU time of each ``Solver.advise``, mean and max;
- incomplete: how many of those hints ran out of time before their search finished;
- tables: the bytes of the arrays the solver's code space keeps once the games are over
  (every code listed, their colour counts, the table of every code against every
  other), none for a game too large to list;
- peak memory: the process's peak resident size (``VmHWM``, which a new program starts
  afresh), and the same figure before the solver was built, the interpreter with numpy
  and the package loaded.

The first hint of a kind of game costs more than the others: the solver is built, and
tables are filled on first use. Fresh processes, one after another, each build a solver
and ask for the first two hints of one game: *first hint* is the thread CPU time of
building the solver and the first hint, *second hint* that of the second; the median of
the processes is shown.

At 10 pegs of 20 colours, 10^13 codes, ``"best"`` plays the first 6 moves of 20 games in
a fresh process: the first hint of the first game is the one a player of a new kind of
game waits for; the others are shown apart, first moves and moves 2 to 6.

``--quick`` plays a few secrets of small games, to check that the benchmark runs; its
numbers mean little. ``--json`` prints the figures as JSON instead of tables.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from statistics import mean, median
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from mastermind import Code, score
from mastermind.solver import Solver
from mastermind.solver._advisor import HINT_SECONDS

HERE = Path(__file__).resolve()
BEST = "best"
BASELINE = "random-consistent"
PALETTE = tuple(f"C{number:02}" for number in range(20))
"""Colour names; a game of ``n`` colours uses the first ``n``."""
MOST_GUESSES = 60
"""A game not won by then counts as unsolved."""


@dataclass(frozen=True)
class Plan:
    sizes: tuple[tuple[int, int], ...]
    """Games as (pegs, colours)."""
    secrets: int
    first_hint_runs: int
    wide: tuple[int, int]
    """The game whose hints are timed alone, as (pegs, colours)."""
    wide_games: int
    wide_moves: int


FULL = Plan(((6, 8), (6, 9), (7, 7), (8, 8)), 200, 3, (10, 20), 20, 6)
QUICK = Plan(((5, 7), (7, 8)), 4, 1, (10, 20), 2, 3)


def secrets_for(length: int, colours: int, count: int) -> list[list[int]]:
    """The same random secrets, as colour numbers, for every strategy of a size."""
    chance = random.Random(f"secrets of {length} pegs and {colours} colours")
    return [[chance.randrange(colours) for _ in range(length)] for _ in range(count)]


# --- in a fresh process --------------------------------------------------------------------


def _peak_bytes() -> int:
    """The peak resident size of this process since it started its program."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


def _code(digits: list[int]) -> Code:
    return Code(PALETTE[digit] for digit in digits)


def table_bytes(solver: Solver) -> int:
    """Bytes of the arrays the solver's code space keeps: listed codes, colour counts,
    the table of every code against every other."""
    kept = vars(solver.space).values()
    return sum(value.nbytes for value in kept if isinstance(value, np.ndarray))


def play_games(length: int, colours: int, strategy: str, secrets: int) -> dict[str, Any]:
    """Every secret of the size played to the end by one solver, with a hint's budget."""
    started = _peak_bytes()
    solver = Solver(strategy, PALETTE[:colours], length, budget=HINT_SECONDS)
    guesses, seconds, incomplete, unsolved = [], [], 0, 0
    for digits in secrets_for(length, colours, secrets):
        secret = _code(digits)
        history: list[tuple[Code, Any]] = []
        while len(history) < MOST_GUESSES:
            clock = time.thread_time()
            hint = solver.advise(history)
            seconds.append(time.thread_time() - clock)
            incomplete += hint.incomplete
            history.append((hint.guess, score(secret, hint.guess)))
            if hint.guess == secret:
                break
        else:
            unsolved += 1
        guesses.append(len(history))
    return {
        "guesses": guesses,
        "seconds": seconds,
        "incomplete": incomplete,
        "unsolved": unsolved,
        "table_bytes": table_bytes(solver),
        "start_bytes": started,
        "peak_bytes": _peak_bytes(),
    }


def first_hints(length: int, colours: int, strategy: str, game: int) -> dict[str, Any]:
    """The thread CPU time of building a solver with its first hint, then the second."""
    secret = _code(secrets_for(length, colours, game + 1)[game])
    clock = time.thread_time()
    solver = Solver(strategy, PALETTE[:colours], length, budget=HINT_SECONDS)
    first = solver.advise([])
    first_seconds = time.thread_time() - clock
    clock = time.thread_time()
    second = solver.advise([(first.guess, score(secret, first.guess))])
    return {
        "first": first_seconds,
        "second": time.thread_time() - clock,
        "incomplete": first.incomplete + second.incomplete,
    }


def wide_hints(length: int, colours: int, games: int, moves: int) -> dict[str, Any]:
    """The first moves of games played by ``"best"``, each hint's thread CPU time."""
    solver = Solver(BEST, PALETTE[:colours], length, budget=HINT_SECONDS)
    seconds: list[list[float]] = []
    incomplete, uncounted, won = 0, 0, 0
    for digits in secrets_for(length, colours, games):
        secret = _code(digits)
        history: list[tuple[Code, Any]] = []
        seconds.append([])
        for _ in range(moves):
            clock = time.thread_time()
            hint = solver.advise(history)
            seconds[-1].append(time.thread_time() - clock)
            incomplete += hint.incomplete
            uncounted += hint.remaining is None
            history.append((hint.guess, score(secret, hint.guess)))
            if hint.guess == secret:
                won += 1
                break
    return {
        "seconds": seconds,
        "incomplete": incomplete,
        "uncounted": uncounted,
        "won": won,
        "peak_bytes": _peak_bytes(),
    }


CHILDREN = {"games": play_games, "first": first_hints, "wide": wide_hints}


def _apart(kind: str, **arguments: object) -> dict[str, Any]:
    """One of ``CHILDREN`` run by a fresh interpreter, and what it answered."""
    command = [sys.executable, str(HERE), "--child", kind, json.dumps(arguments)]
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, timeout=7200)
    if done.returncode != 0:
        raise RuntimeError(f"{kind} {arguments} failed with exit status {done.returncode}")
    found: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return found


# --- the figures ---------------------------------------------------------------------------


@dataclass
class StrategyFigures:
    strategy: str
    games: int
    average: float
    worst: int
    unsolved: int
    moves: int
    move_mean: float
    move_max: float
    incomplete: int
    first_hint: float
    second_hint: float
    first_hint_incomplete: int
    table_bytes: int
    start_bytes: int
    peak_bytes: int


@dataclass
class SizeFigures:
    length: int
    colours: int
    best: StrategyFigures
    baseline: StrategyFigures

    @property
    def codes(self) -> int:
        return self.colours**self.length

    @property
    def guesses_ratio(self) -> float:
        """Best's average guesses over the baseline's: below 1, best needs fewer."""
        return self.best.average / self.baseline.average

    @property
    def move_ratio(self) -> float:
        """Best's mean seconds a move over the baseline's."""
        return self.best.move_mean / self.baseline.move_mean

    @property
    def best_wins(self) -> bool:
        return self.best.average < self.baseline.average


@dataclass
class WideFigures:
    length: int
    colours: int
    games: int
    moves: int
    """Moves timed in each game, at most."""
    first_hint: float
    """The first hint of the first game: a fresh process, nothing worked out yet."""
    first_mean: float
    first_max: float
    """First hints of the other games."""
    later_mean: float
    later_max: float
    """Moves 2 and on."""
    hints: int
    incomplete: int
    uncounted: int
    peak_bytes: int


@dataclass
class LargeFigures:
    quick: bool
    secrets: int
    first_hint_runs: int
    budget: float
    sizes: list[SizeFigures] = field(default_factory=list)
    wide: WideFigures | None = None

    @classmethod
    def from_dict(cls, found: dict[str, Any]) -> LargeFigures:
        sizes = [
            SizeFigures(
                size["length"],
                size["colours"],
                StrategyFigures(**size["best"]),
                StrategyFigures(**size["baseline"]),
            )
            for size in found["sizes"]
        ]
        wide = WideFigures(**found["wide"]) if found.get("wide") else None
        rest = {key: found[key] for key in ("quick", "secrets", "first_hint_runs", "budget")}
        return cls(**rest, sizes=sizes, wide=wide)


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def measure_strategy(length: int, colours: int, strategy: str, plan: Plan) -> StrategyFigures:
    _progress(f"large games: {length} pegs of {colours} colours, {strategy}")
    played = _apart(
        "games", length=length, colours=colours, strategy=strategy, secrets=plan.secrets
    )
    starts = [
        _apart("first", length=length, colours=colours, strategy=strategy, game=game)
        for game in range(plan.first_hint_runs)
    ]
    guesses, seconds = played["guesses"], played["seconds"]
    return StrategyFigures(
        strategy=strategy,
        games=len(guesses),
        average=mean(guesses),
        worst=max(guesses),
        unsolved=played["unsolved"],
        moves=len(seconds),
        move_mean=mean(seconds),
        move_max=max(seconds),
        incomplete=played["incomplete"],
        first_hint=median(start["first"] for start in starts),
        second_hint=median(start["second"] for start in starts),
        first_hint_incomplete=sum(start["incomplete"] for start in starts),
        table_bytes=played["table_bytes"],
        start_bytes=played["start_bytes"],
        peak_bytes=played["peak_bytes"],
    )


def measure_wide(plan: Plan) -> WideFigures:
    length, colours = plan.wide
    _progress(f"hints: {length} pegs of {colours} colours")
    found = _apart(
        "wide", length=length, colours=colours, games=plan.wide_games, moves=plan.wide_moves
    )
    games: list[list[float]] = found["seconds"]
    firsts = [game[0] for game in games[1:]] or [games[0][0]]
    later = [seconds for game in games for seconds in game[1:]]
    return WideFigures(
        length=length,
        colours=colours,
        games=len(games),
        moves=plan.wide_moves,
        first_hint=games[0][0],
        first_mean=mean(firsts),
        first_max=max(firsts),
        later_mean=mean(later),
        later_max=max(later),
        hints=sum(map(len, games)),
        incomplete=found["incomplete"],
        uncounted=found["uncounted"],
        peak_bytes=found["peak_bytes"],
    )


def measure_large(quick: bool = False) -> LargeFigures:
    """Every size played by both strategies, and the hints of the widest game, each in
    fresh processes, one after another."""
    plan = QUICK if quick else FULL
    figures = LargeFigures(quick, plan.secrets, plan.first_hint_runs, HINT_SECONDS)
    for length, colours in plan.sizes:
        best = measure_strategy(length, colours, BEST, plan)
        baseline = measure_strategy(length, colours, BASELINE, plan)
        figures.sizes.append(SizeFigures(length, colours, best, baseline))
    figures.wide = measure_wide(plan)
    return figures


# --- tables --------------------------------------------------------------------------------


def megabytes(count: int) -> str:
    return f"{count / 1024**2:,.1f}"


def size_rows(figures: LargeFigures) -> list[list[str]]:
    """One row for each size and strategy: the play, its cost, and best's ratios."""
    rows = []
    for size in figures.sizes:
        for each in (size.best, size.baseline):
            is_best = each is size.best
            rows.append(
                [
                    f"{size.length} x {size.colours}",
                    f"{size.codes:,}",
                    f"`{each.strategy}`",
                    f"{each.average:.3f}",
                    str(each.worst) + (f" ({each.unsolved} unsolved)" if each.unsolved else ""),
                    f"{size.guesses_ratio:.3f}" if is_best else "1.000",
                    f"{each.move_mean:.3f}",
                    f"{each.move_max:.2f}",
                    f"{size.move_ratio:.1f}" if is_best else "1.0",
                    f"{each.first_hint:.2f}",
                    f"{each.second_hint:.2f}",
                    megabytes(each.table_bytes),
                    megabytes(each.peak_bytes),
                    f"{each.incomplete} of {each.moves:,}",
                ]
            )
    return rows


SIZE_HEADER = [
    "pegs x colours",
    "codes",
    "strategy",
    "average guesses",
    "worst",
    "x baseline",
    "s a move",
    "max s",
    "x baseline",
    "first hint (s)",
    "second hint (s)",
    "tables (MB)",
    "peak RSS (MB)",
    "incomplete",
]
SIZE_ALIGN = "lrlrrrrrrrrrrr"


def wide_rows(wide: WideFigures) -> list[list[str]]:
    return [
        ["first hint, fresh process", "1", f"{wide.first_hint:.3f}", f"{wide.first_hint:.3f}"],
        [
            "first hint, later games",
            str(wide.games - 1),
            f"{wide.first_mean:.3f}",
            f"{wide.first_max:.3f}",
        ],
        [
            f"moves 2 to {wide.moves}",
            str(wide.hints - wide.games),
            f"{wide.later_mean:.3f}",
            f"{wide.later_max:.3f}",
        ],
    ]


WIDE_HEADER = ["hints", "count", "mean CPU s", "max CPU s"]
WIDE_ALIGN = "lrrr"


def markdown_table(header: list[str], align: str, rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join("---:" if side == "r" else "---" for side in align) + "|")
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def verdict(figures: LargeFigures) -> str:
    """Whether best needed fewer guesses than the baseline on every size, in words."""
    losses = [size for size in figures.sizes if not size.best_wins]
    if not losses:
        return "`best` needed fewer guesses on average than the baseline on every size."
    named = ", ".join(
        f"{size.length} x {size.colours} ({size.best.average:.3f} against"
        f" {size.baseline.average:.3f})"
        for size in losses
    )
    return f"**`best` did not beat the baseline on {named}.**"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few small games: check it runs")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        kind, given = arguments.child
        print(json.dumps(CHILDREN[kind](**json.loads(given))))
        return
    figures = measure_large(arguments.quick)
    if arguments.json:
        print(json.dumps(asdict(figures)))
        return
    print(markdown_table(SIZE_HEADER, SIZE_ALIGN, size_rows(figures)))
    print()
    print(verdict(figures))
    if figures.wide is not None:
        wide = figures.wide
        print(f"\nHints at {wide.length} pegs of {wide.colours} colours:\n")
        print(markdown_table(WIDE_HEADER, WIDE_ALIGN, wide_rows(wide)))
        print(
            f"\n{wide.incomplete} of {wide.hints} hints incomplete; peak RSS"
            f" {megabytes(wide.peak_bytes)} MB."
        )


if __name__ == "__main__":
    main()
