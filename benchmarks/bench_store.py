"""How fast each event store reads, appends and replays: a table of numbers, no verdicts.

    .venv/bin/python benchmarks/bench_store.py [--ops 5000] [--streams 10000] [--no-postgres]

For every store it measures, in one run on one machine:

- read-and-append/s: load a game's stream, then append one ``GuessMade`` at the version
  just read; games of up to 12 guesses, one after another; one thread, then four;
- baseline/s: the same number of single-row ``INSERT`` transactions of a JSON row, in raw
  ``sqlite3`` or ``psycopg`` on the same settings, and the store's share of that rate;
- games/s: whole games through the ``Games`` service, from joining to the last guess;
- replay: 10,000 streams of about eight events loaded one by one and folded into their
  boards, and the whole feed read page by page with ``read_all``.

PostgreSQL runs on a throwaway cluster that the script starts on loopback, with durable
settings (``fsync=on``, ``synchronous_commit=on``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psycopg

from mastermind import CLASSIC_PEGS, Code, DecodingBoard, GameStarted, GuessMade, score
from mastermind.service import Games
from mastermind.store import EventStore, connect, postgres, sqlite
from tests.postgres_cluster import PostgresCluster

Rates = tuple[float, float]
SECRET = Code.parse("RGBY")
GUESSES_PER_GAME = 12
ROW = json.dumps(
    {"game_id": "g", "guess": ["Red", "Red", "Blue", "Green"], "feedback": {"black": 1, "white": 1}}
)


def guess(chance: random.Random, game_id: str) -> GuessMade:
    code = Code(chance.choices(CLASSIC_PEGS, k=4))
    return GuessMade(game_id, code, score(SECRET, code))


def rate(count: int, run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return count / (time.perf_counter() - started)


def read_and_append(store: EventStore, ops: int, prefix: str, threads: int = 1) -> float:
    """Each op loads a stream and appends one guess to it at the version it read."""

    def player(thread: int) -> None:
        chance = random.Random(thread)
        for op in range(ops // threads):
            game_id = f"{prefix}-{thread}-{op // GUESSES_PER_GAME}"
            stream = store.load(game_id)
            store.append(game_id, [guess(chance, game_id)], stream.version)

    def run() -> None:
        workers = [threading.Thread(target=player, args=(n,)) for n in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()

    return rate(ops // threads * threads, run)


def whole_games(store: EventStore, games: int) -> float:
    service = Games(store)
    chance = random.Random(1)

    def run() -> None:
        for _ in range(games):
            game_id = service.join(GUESSES_PER_GAME)
            while not service.guess(game_id, Code(chance.choices(CLASSIC_PEGS, k=4))).is_over:
                pass

    return rate(games, run)


def replay(store: EventStore, streams: int) -> tuple[float, float]:
    """Fill ``streams`` games of eight events; time loading and folding each, and the feed."""
    chance = random.Random(2)
    for number in range(streams):
        game_id = f"replay-{number}"
        events = [GameStarted(game_id, SECRET, GUESSES_PER_GAME, CLASSIC_PEGS)]
        events += [guess(chance, game_id) for _ in range(7)]
        store.append(game_id, events, 0)

    def load_all() -> None:
        for number in range(streams):
            DecodingBoard.from_events(store.load(f"replay-{number}").events)

    def read_feed() -> None:
        position = 0
        while page := store.read_all(after_position=position, limit=1000):
            position = page[-1].position

    streams_per_second = rate(streams, load_all)
    total = len(store.read_all(limit=10**9))
    return streams_per_second, rate(total, read_feed)


def sqlite_baselines(path: Path, synchronous: str, ops: int, run: int) -> tuple[float, float]:
    """Raw ``sqlite3``: single-row inserts, then the store's own statements, undecoded."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute(f"PRAGMA synchronous = {synchronous}")
    connection.execute("CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, data TEXT)")
    connection.execute(sqlite.SCHEMA)
    insert = "INSERT INTO rows (data) VALUES (?)"
    inserts = rate(ops, lambda: [connection.execute(insert, (ROW,)) for _ in range(ops)])

    def read_and_append() -> None:
        for op in range(ops):
            stream_id = f"raw-{run}-{op // GUESSES_PER_GAME}"
            connection.execute(sqlite._LOAD, (stream_id,)).fetchall()
            connection.execute("BEGIN IMMEDIATE")
            version = connection.execute(sqlite._VERSION, (stream_id,)).fetchone()[0]
            connection.execute(sqlite._INSERT, (stream_id, version + 1, "GuessMade", 1, ROW))
            connection.execute("COMMIT")

    read_and_appends = rate(ops, read_and_append)
    connection.close()
    return inserts, read_and_appends


def postgres_baselines(url: str, ops: int, run: int) -> tuple[float, float]:
    """Raw ``psycopg``: single-row inserts, then the store's own statements, undecoded."""
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("CREATE TABLE IF NOT EXISTS rows (id bigserial PRIMARY KEY, data jsonb)")
        connection.execute(postgres.SCHEMA)
        insert = "INSERT INTO rows (data) VALUES (%s::jsonb)"
        inserts = rate(ops, lambda: [connection.execute(insert, (ROW,)) for _ in range(ops)])

        def read_and_append() -> None:
            for op in range(ops):
                stream_id = f"raw-{run}-{op // GUESSES_PER_GAME}"
                connection.execute(postgres._LOAD, (stream_id,)).fetchall()
                with connection.transaction():
                    connection.execute(postgres._LOCK)
                    row = connection.execute(postgres._VERSION, (stream_id,)).fetchone()
                    assert row is not None
                    values = (stream_id, row[0] + 1, "GuessMade", 1, ROW)
                    connection.execute(postgres._INSERT, values)

        return inserts, rate(ops, read_and_append)


def measure(
    name: str,
    url: str,
    baselines: Callable[[int], tuple[float, float]] | None,
    args: argparse.Namespace,
) -> dict[str, str]:
    print(f"measuring {name} ...", file=sys.stderr, flush=True)
    store = connect(url)
    try:
        runs = range(args.repeat)
        one = max(read_and_append(store, args.ops, f"one-{run}") for run in runs)
        four = max(read_and_append(store, args.ops, f"four-{run}", threads=4) for run in runs)
        measured = [baselines(run) for run in runs] if baselines else [(0.0, 0.0)]
        insert, raw = (max(rates) for rates in zip(*measured, strict=True))
        games = whole_games(store, max(args.ops // 20, 10))
        streams, feed = replay(store, args.streams)
    finally:
        store.close()
    return {
        "store": name,
        "read+append/s": f"{one:,.0f}",
        "4 threads": f"{four:,.0f}",
        "raw insert/s": f"{insert:,.0f}" if insert else "-",
        "raw read+append/s": f"{raw:,.0f}" if raw else "-",
        "store/raw": f"{one / raw:.2f}" if raw else "-",
        "games/s": f"{games:,.0f}",
        f"replay {args.streams:,}": f"{args.streams / streams:.2f} s",
        "streams/s": f"{streams:,.0f}",
        "read_all events/s": f"{feed:,.0f}",
    }


def fsyncs_per_second(folder: Path, seconds: float = 1.0) -> float:
    """The disk's pace for durable commits: 8 kB writes, each followed by ``fdatasync``."""
    block = b"x" * 8192
    fd = os.open(folder / "fsync-probe", os.O_WRONLY | os.O_CREAT)
    try:
        count, started = 0, time.perf_counter()
        while time.perf_counter() - started < seconds:
            os.pwrite(fd, block, 0)
            os.fdatasync(fd)
            count += 1
        return count / (time.perf_counter() - started)
    finally:
        os.close(fd)


def postgres_schema(cluster_url: str, schema: str) -> str:
    """A URL for the one database that works in a schema of its own."""
    with psycopg.connect(cluster_url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    return f"{cluster_url}?options={quote(f'-c search_path={schema}')}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=5000, help="read-and-appends per store")
    parser.add_argument("--streams", type=int, default=10_000, help="streams to replay")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--no-postgres", action="store_true", help="leave PostgreSQL out")
    args = parser.parse_args()
    rows = []
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        disk = fsyncs_per_second(folder)
        rows.append(measure("memory", "memory://", None, args))
        for synchronous in ("NORMAL", "FULL"):
            url = f"sqlite:///{folder / synchronous}.db?synchronous={synchronous.lower()}"
            base_path = folder / f"baseline-{synchronous}.db"

            def base(run: int, path: Path = base_path, mode: str = synchronous) -> Rates:
                return sqlite_baselines(path, mode, args.ops, run)

            rows.append(measure(f"sqlite, synchronous={synchronous}", url, base, args))
        if not args.no_postgres:
            cluster = stack.enter_context(PostgresCluster())
            store_url = postgres_schema(cluster.url, "bench_store")
            base_url = postgres_schema(cluster.url, "bench_baseline")
            base_pg = lambda run: postgres_baselines(base_url, args.ops, run)  # noqa: E731
            rows.append(measure("postgresql, fsync=on", store_url, base_pg, args))
    print(
        f"disk: {disk:,.0f} fdatasyncs/s of 8 kB; {os.cpu_count()} CPUs; "
        f"{args.ops:,} ops, best of {args.repeat}"
    )
    print()
    print_table(rows)


def print_table(rows: list[dict[str, str]]) -> None:
    columns = list(rows[0])
    widths = [max(len(column), *(len(row[column]) for row in rows)) for column in columns]
    print("| " + " | ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        cells = [row[column] for column in columns]
        cells = [cells[0].ljust(widths[0])] + [
            cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True)
        ]
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
