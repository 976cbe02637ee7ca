"""What a command costs as its stream grows, and what folding a board costs as it grows, as
ratios measured side by side in one run: no verdicts.

    .venv/bin/python benchmarks/bench_fold.py [--quick] [--rounds 5]

- *a guess, late against fresh*: ``Games.guess`` over an in-memory store, timed on games of
  100 attempts that hold 0 guesses (a fresh game) and on games that hold 97, so that the
  timed guess is the 98th. The games are started and filled through the same ``Games``
  before the clock starts, as a person's game would be played; each figure is ms a guess,
  and the ratio is the late guess's cost over the fresh one's.
- *a board, 10,000 events against 1,000*: ``board_view.fold`` over a game's start and
  then 999 or 9,999 guesses (no rules stop a fold at the game's attempts), the rows read
  once at the end. The ratio is the long fold's cost over the short one's: 10 when the
  fold is linear.

Each ratio is the median of ``--rounds`` rounds, which alternate what goes first.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mastermind import Code, Games, GameStarted, GuessMade, Rules
from mastermind.domain import Event, board_view
from mastermind.store import InMemoryEventStore

SECRET = "RRRR"
GUESS = "GGGG"
"""A guess that never wins against ``SECRET``."""
ATTEMPTS = 100
LATE = 97
"""Guesses already in a game before its timed guess, the 98th."""


@dataclass(frozen=True)
class FoldFigures:
    rounds: int
    games: int
    fresh_ms: float
    """ms a guess on a fresh game."""
    late_ms: float
    """ms the 98th guess of a game."""
    late_to_fresh: float
    short_events: int
    long_events: int
    short_ms: float
    long_ms: float
    long_to_short: float


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def _games(games: Games, count: int, guesses: int) -> list[str]:
    """``count`` games holding ``guesses`` guesses each, off the clock."""
    ids = []
    for _ in range(count):
        game_id = games.start(ATTEMPTS, secret=SECRET).game_id
        for _ in range(guesses):
            games.guess(game_id, GUESS)
        ids.append(game_id)
    return ids


def _guess_each(games: Games, ids: list[str]) -> float:
    """Seconds a guess, one into each game."""
    return _timed(lambda: [games.guess(game_id, GUESS) for game_id in ids]) / len(ids)


def game_events(guesses: int) -> list[Event]:
    rules = Rules().changed(attempts=guesses + 1)
    secret, guess = Code.parse(SECRET), Code.parse(GUESS)
    made = GuessMade("g", guess, rules.score(secret, guess))
    return [GameStarted("g", secret, rules), *([made] * guesses)]


def _fold(events: list[Event], times: int) -> float:
    """Seconds a fold, the rows read at the end."""
    return _timed(lambda: [board_view.fold(events).board.rows for _ in range(times)]) / times


def measure_fold(*, quick: bool = False, rounds: int = 5) -> FoldFigures:
    count = 20 if quick else 100
    short_events, long_events = (100, 1000) if quick else (1000, 10000)
    games = Games(InMemoryEventStore())
    fresh, late, guess_ratios = [], [], []
    short, long, fold_ratios = [], [], []
    short_game, long_game = game_events(short_events - 1), game_events(long_events - 1)
    for number in range(rounds):
        new_ids, late_ids = _games(games, count, 0), _games(games, count, LATE)
        folds = [(short, short_game, 10), (long, long_game, 1)]
        guesses = [(fresh, new_ids), (late, late_ids)]
        if number % 2:
            folds.reverse()
            guesses.reverse()
        for kept, ids in guesses:
            kept.append(_guess_each(games, ids))
        for kept, events, times in folds:
            kept.append(_fold(events, times))
        guess_ratios.append(late[-1] / fresh[-1])
        fold_ratios.append(long[-1] / short[-1])
    return FoldFigures(
        rounds=rounds,
        games=count,
        fresh_ms=median(fresh) * 1000,
        late_ms=median(late) * 1000,
        late_to_fresh=median(guess_ratios),
        short_events=short_events,
        long_events=long_events,
        short_ms=median(short) * 1000,
        long_ms=median(long) * 1000,
        long_to_short=median(fold_ratios),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes: check the runner")
    parser.add_argument("--rounds", type=int, default=5, help="median of this many rounds")
    args = parser.parse_args()
    figures = measure_fold(quick=args.quick, rounds=args.rounds)
    print(f"median of {figures.rounds} rounds, {figures.games} games a round")
    print(f"a guess on a fresh game:  {figures.fresh_ms:.3f} ms")
    print(f"the 98th guess of a game: {figures.late_ms:.3f} ms")
    print(f"98th / fresh:             {figures.late_to_fresh:.2f}")
    print(f"a board of {figures.short_events:,} events: {figures.short_ms:.2f} ms")
    print(f"a board of {figures.long_events:,} events: {figures.long_ms:.2f} ms")
    print(f"{figures.long_events:,} / {figures.short_events:,}: {figures.long_to_short:.2f}")


if __name__ == "__main__":
    main()
