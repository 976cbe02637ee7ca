"""What a checkpoint costs and saves the list of games: catching it up from scratch, with
and without saving after each page, again after a restart, and for one new game.

    .venv/bin/python benchmarks/bench_projections.py [--quick] [--games 10000] [--rounds 3]

The store is a SQLite file in a temporary folder (``synchronous=NORMAL``) holding
``--games`` games of eight records each: a start, six guesses and a win, every game's
records after the previous game's. Each round times, on the same file:

- *in memory*: a runner over the store seen without its checkpoints, which is what every
  start of a process did before checkpoints were kept: it reads the whole feed;
- *saving*: a runner of a fresh projection name, which reads the whole feed and saves
  its state, every game's summary, after each page of 1,000 records;
- *restart*: a new runner of that name, which reads the checkpoint and nothing else;
- *one more game*, for the in-memory runner and the saving one: a game's eight records
  appended, then caught up, the saving runner writing every game's summary again.

The figure of each is the median of the rounds, and the ratios divide by *in memory*.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from statistics import median
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mastermind import Code, Feedback, GameStarted, GameWon, GuessMade, Rules
from mastermind.service import GameCatalogue, ProjectionRunner
from mastermind.store import (
    MASTERMIND_CATEGORY,
    EventStore,
    RecordedEvent,
    SQLiteEventStore,
    Tracking,
)

SECRET = Code.parse("RGBY")
WRONG = Code.parse("PPPP")


class WithoutCheckpoints:
    """The store's feed, and nothing else: a runner over it keeps its checkpoint in memory."""

    def __init__(self, store: EventStore) -> None:
        self._store = store

    def read_all(self, *arguments: Any, **filters: Any) -> list[RecordedEvent]:
        return self._store.read_all(*arguments, **filters)


class Renamed(GameCatalogue):
    """The list of games under a name of each round's own, so that each starts afresh."""

    def __init__(self, name: str) -> None:
        self.name = name


def record_game(store: EventStore, game_id: str) -> None:
    events: list[object] = [GameStarted(game_id, SECRET, Rules())]
    events += [GuessMade(game_id, WRONG, Feedback(0, 0))] * 5
    events += [GuessMade(game_id, SECRET, Feedback(4, 0)), GameWon(game_id)]
    store.append(game_id, events, 0, category=MASTERMIND_CATEGORY)


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="100 games, 1 round")
    options = parser.parse_args()
    games, rounds = (100, 1) if options.quick else (options.games, options.rounds)
    figures: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        store = SQLiteEventStore(Path(folder) / "games.db")
        assert isinstance(store, Tracking)
        for number in range(games):
            record_game(store, f"game-{number:05}")
        for round_ in range(rounds):
            plain = ProjectionRunner(WithoutCheckpoints(store), GameCatalogue())  # type: ignore[arg-type]
            saving = ProjectionRunner(store, Renamed(f"catalogue-{round_}"))
            figures.setdefault("in memory", []).append(timed(plain.catch_up))
            figures.setdefault("saving", []).append(timed(saving.catch_up))
            restarted = ProjectionRunner(store, Renamed(f"catalogue-{round_}"))
            figures.setdefault("restart", []).append(timed(restarted.catch_up))
            record_game(store, f"more-{round_}")
            figures.setdefault("one more game, in memory", []).append(timed(plain.catch_up))
            figures.setdefault("one more game, saving", []).append(timed(saving.catch_up))
        checkpoint = store.checkpoint(f"catalogue-{rounds - 1}")
        assert checkpoint is not None
        assert checkpoint.state is not None
        records = len(store.read_all(limit=10**9))
        store.close()
    print(f"{games:,} games, {records:,} records; checkpoint {len(checkpoint.state):,} bytes")
    print(f"{'':28} {'seconds':>9} {'ratio':>7}")
    base = median(figures["in memory"])
    small = median(figures["one more game, in memory"])
    for label, times in figures.items():
        ratio = median(times) / (small if label.startswith("one more") else base)
        print(f"{label:28} {median(times):9.4f} {ratio:7.2f}")


if __name__ == "__main__":
    main()
