"""What a snapshot saves a command on a long stream: the same commands run by a runner that
folds every event and by one that folds from its latest snapshot, no verdicts.

    .venv/bin/python benchmarks/bench_snapshots.py [--quick] [--json] [--update docs/performance.md]

The stream is a ledger's, 1,000 events long, each an entry of an amount and a memo: no
Mastermind game runs that long. For each store, memory and SQLite (``synchronous=NORMAL``,
a file in a temporary folder), each round fills two streams with the same 1,000 events,
then runs 100 commands on each, one event a command, through ``CommandRunner``:

- *every event*: a runner without snapshots, which loads and folds the whole stream;
- *snapshots*: a runner with ``SnapshotPolicy(100, Ledger)``. Its stream's 1,000th event
  is appended by this runner before the clock starts, so that it keeps a snapshot there;
  its 100 commands then fold from 0 to 99 events after a snapshot, and the last one keeps
  the next snapshot: one whole cycle, the writing of a snapshot included.

*x faster* divides the snapshot runner's rate by the other's, in the same round; the
runners take turns at going first, and the figure is the median of the rounds.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import textwrap
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import attrs

from mastermind.domain import Decider
from mastermind.service import CommandRunner, SnapshotPolicy
from mastermind.store import EventCodec, EventStore, InMemoryEventStore, SQLiteEventStore

HEADING = "### Snapshots"
FULL = {"events": 1000, "every": 100, "rounds": 5}
QUICK = {"events": 100, "every": 10, "rounds": 2}
BATCH = 100
"""Events a fill appends at once."""


@attrs.frozen
class Enter:
    amount: int
    memo: str


@attrs.frozen
class Entered:
    amount: int
    memo: str


@attrs.frozen
class Ledger:
    entries: int = 0
    balance: int = 0
    last_memo: str = ""


def _decide(command: Enter, state: Ledger) -> tuple[Entered, ...]:
    return (Entered(command.amount, command.memo),)


def _evolve(state: Ledger, event: Entered) -> Ledger:
    return Ledger(state.entries + 1, state.balance + event.amount, event.memo)


LEDGER: Decider[Enter, Entered, Ledger] = Decider(_decide, _evolve, Ledger(), lambda _: False)


@dataclass(frozen=True)
class SnapshotFigures:
    events: int
    every: int
    commands: int
    rounds: int
    rows: list[dict[str, object]]
    """For each store: its name, ms a command without and with snapshots, and the median
    ratio of the rates."""


def entry(number: int) -> Entered:
    return Entered(number % 97, f"invoice {number:06d}, paid in full")


def fill(store: EventStore, stream_id: str, events: int) -> None:
    for start in range(0, events, BATCH):
        batch = [entry(number) for number in range(start, min(start + BATCH, events))]
        store.append(stream_id, batch, start)


def timed(runner: CommandRunner[Enter, Entered, Ledger], stream_id: str, commands: int) -> float:
    """Seconds to run ``commands`` commands on the stream, one after another."""
    made = [Enter(number % 89, f"payment {number}") for number in range(commands)]
    started = time.perf_counter()
    for command in made:
        runner.handle(stream_id, command)
    return time.perf_counter() - started


def measure_store(
    name: str, store: EventStore, events: int, every: int, rounds: int
) -> dict[str, object]:
    folding = CommandRunner(LEDGER, store)
    snapshotting = CommandRunner(LEDGER, store, snapshots=SnapshotPolicy(every, Ledger))
    commands = every
    plain, snapped, ratios = [], [], []
    for round_ in range(rounds):
        whole, kept = f"whole-{round_}", f"kept-{round_}"
        fill(store, whole, events)
        fill(store, kept, events - 1)
        snapshotting.handle(kept, Enter(0, "the snapshot's own"))
        if round_ % 2:
            with_seconds = timed(snapshotting, kept, commands)
            without_seconds = timed(folding, whole, commands)
        else:
            without_seconds = timed(folding, whole, commands)
            with_seconds = timed(snapshotting, kept, commands)
        plain.append(without_seconds / commands)
        snapped.append(with_seconds / commands)
        ratios.append(without_seconds / with_seconds)
    return {
        "store": name,
        "without_ms": median(plain) * 1000,
        "with_ms": median(snapped) * 1000,
        "faster": median(ratios),
    }


def measure_snapshots(*, quick: bool = False) -> SnapshotFigures:
    """The figures of every store, in this process."""
    sizes = QUICK if quick else FULL
    events, every, rounds = sizes["events"], sizes["every"], sizes["rounds"]
    codec = EventCodec({"Entered": Entered})
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name, store in (
            ("memory", InMemoryEventStore(codec=codec)),
            (
                "SQLite, synchronous=NORMAL",
                SQLiteEventStore(Path(folder) / "ledger.db", codec=codec),
            ),
        ):
            try:
                rows.append(measure_store(name, store, events, every, rounds))
            finally:
                store.close()
    return SnapshotFigures(events, every, every, rounds, rows)


def section(figures: SnapshotFigures) -> list[str]:
    """The page's section: what was run, and a row for each store."""
    rows = [
        f"| {row['store']} | {row['without_ms']:.2f} | {row['with_ms']:.2f} | {row['faster']:.1f} |"
        for row in figures.rows
    ]
    return [
        HEADING,
        "",
        _wrap(
            "`benchmarks/bench_snapshots.py` does the measuring, in a process of its own.",
            f"Each round fills two streams of a ledger with the same {figures.events:,}",
            f"events, then runs {figures.commands} commands on each through `CommandRunner`,",
            "one event a command: one runner loads and folds every event, the other keeps a",
            f"snapshot every {figures.every} events (`SnapshotPolicy({figures.every}, Ledger)`)",
            "and folds the events after the latest one. Its stream has a snapshot at its",
            f"last event before the clock starts, so its commands fold 0 to {figures.every - 1}",
            "events each, and the last one writes the next snapshot. *x faster* is the rate",
            "with snapshots over the rate without, in the same round; each figure is the",
            f"median of {figures.rounds} rounds, the runners taking turns at going first.",
        ),
        "",
        "| store | ms a command, every event | ms a command, snapshots | x faster |",
        "|---|---:|---:|---:|",
        *rows,
        "",
    ]


def _wrap(*sentences: str) -> str:
    return textwrap.fill(" ".join(sentences), 90, break_long_words=False, break_on_hyphens=False)


def update(page: Path, figures: SnapshotFigures) -> None:
    """Put this section into ``page`` in place of its last run's, or before the HTTP API's."""
    text = page.read_text()
    fresh = "\n".join(section(figures))
    start = text.find(HEADING + "\n")
    if start >= 0:
        following = min(
            (found for mark in ("\n## ", "\n### ") if (found := text.find(mark, start + 1)) >= 0),
            default=len(text),
        )
        page.write_text(text[:start] + fresh + text[following + 1 :])
        return
    before = text.find("\n## HTTP API")
    at = len(text) if before < 0 else before + 1
    page.write_text(text[:at] + fresh + "\n" + text[at:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a stream of 100 events")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--update", type=Path, help="write the section into this page")
    arguments = parser.parse_args()
    figures = measure_snapshots(quick=arguments.quick)
    if arguments.update:
        update(arguments.update, figures)
    print(json.dumps(asdict(figures)) if arguments.json else "\n".join(section(figures)))


if __name__ == "__main__":
    main()
