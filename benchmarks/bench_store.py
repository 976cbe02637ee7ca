"""How fast each event store reads, appends and replays: a table of numbers, no verdicts.

    .venv/bin/python benchmarks/bench_store.py [--ops 5000] [--streams 10000] [--no-postgres]
    .venv/bin/python benchmarks/bench_store.py --pools [--ops 5000]

For every store it measures, in one run on one machine, the median of ``--repeat`` runs:

- read-and-append/s: load a game's stream, then append one ``GuessMade`` at the version
  just read; games of up to 12 guesses, one after another; one thread, then four; the
  guesses are made before the clock starts;
- baseline/s: the same number of single-row ``INSERT`` transactions of a JSON row, in raw
  ``sqlite3`` or ``psycopg`` on the same settings, and the store's share of that rate;
- games/s: whole games through the ``Games`` service, from joining to the last guess;
- replay: 10,000 streams of about eight events loaded one by one and folded into their
  boards, and the whole feed read page by page with ``read_all``.

PostgreSQL runs on a throwaway cluster that the script starts on loopback, with durable
settings (``fsync=on``, ``synchronous_commit=on``).

``--pools`` measures instead the PostgreSQL store's read-and-append and read (``load``)
rates, with one thread and four, on each way of lending connections: the hand-written
pool the store had before, psycopg_pool bare, psycopg_pool with its own check at every
use, and psycopg_pool as the store lends it now.
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
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Any
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psycopg
from psycopg_pool import ConnectionPool

from harness import PostgresCluster
from mastermind import CLASSIC_PEGS, Code, DecodingBoard, GameStarted, GuessMade, Rules, score
from mastermind.service import Games
from mastermind.store import EventStore, PostgresEventStore, connect, postgres, sqlite
from mastermind.store._pool import Lender, Pool
from mastermind.store._queries import Queries

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
    """Each op loads a stream and appends one guess to it at the version it read.

    The guesses, and the ids of their games, are made before the clock starts, as the
    raw baselines' rows and ids are: the rate is the store's, not the benchmark's dice.
    """

    def moves(thread: int) -> list[tuple[str, list[GuessMade]]]:
        chance = random.Random(thread)
        game_ids = [f"{prefix}-{thread}-{op // GUESSES_PER_GAME}" for op in range(ops // threads)]
        return [(game_id, [guess(chance, game_id)]) for game_id in game_ids]

    def player(played: list[tuple[str, list[GuessMade]]]) -> None:
        for game_id, events in played:
            stream = store.load(game_id)
            store.append(game_id, events, stream.version)

    prepared = [moves(thread) for thread in range(threads)]

    def run() -> None:
        workers = [threading.Thread(target=player, args=(played,)) for played in prepared]
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


def fill_replay(store: EventStore, streams: int) -> None:
    """Write ``streams`` games of eight events each, for ``replay`` to read back."""
    chance = random.Random(2)
    for number in range(streams):
        game_id = f"replay-{number}"
        events = [GameStarted(game_id, SECRET, Rules(attempts=GUESSES_PER_GAME))]
        events += [guess(chance, game_id) for _ in range(7)]
        store.append(game_id, events, 0)


def replay(store: EventStore, streams: int) -> tuple[float, float]:
    """Streams loaded one by one and folded into boards per second, and feed events/s.

    The streams are those ``fill_replay`` wrote; the feed is the store's whole feed.
    """

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
    """Raw ``sqlite3``: the store's own statements, undecoded, then single-row inserts."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute(f"PRAGMA synchronous = {synchronous}")
    connection.execute("CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, data TEXT)")
    queries = Queries("sqlite")
    connection.executescript(queries.written(sqlite.SCHEMA))

    stream_ids = [f"raw-{run}-{op // GUESSES_PER_GAME}" for op in range(ops)]

    def read_and_append() -> None:
        for stream_id in stream_ids:
            connection.execute(queries.load, (stream_id, 0)).fetchall()
            connection.execute("BEGIN IMMEDIATE")
            row = connection.execute(queries.last_version, (stream_id,)).fetchone()
            version = 0 if row is None else row[0]
            values = (stream_id, version + 1, "GuessMade", 1, ROW, None, "")
            connection.execute(queries.insert, values)
            connection.execute("COMMIT")

    read_and_appends = rate(ops, read_and_append)
    insert = "INSERT INTO rows (data) VALUES (?)"
    inserts = rate(ops, lambda: [connection.execute(insert, (ROW,)) for _ in range(ops)])
    connection.close()
    return inserts, read_and_appends


def postgres_baselines(url: str, ops: int, run: int) -> tuple[float, float]:
    """Raw ``psycopg``: the store's own statements, undecoded, then single-row inserts."""
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("CREATE TABLE IF NOT EXISTS rows (id bigserial PRIMARY KEY, data jsonb)")
        queries = Queries("postgresql")
        for statement in queries.written(postgres.SCHEMA).split(";"):
            connection.execute(statement)

        stream_ids = [f"raw-{run}-{op // GUESSES_PER_GAME}" for op in range(ops)]

        def read_and_append() -> None:
            for stream_id in stream_ids:
                rows = connection.execute(queries.load, (stream_id, 0)).fetchall()
                version = len(rows)
                values = (stream_id, stream_id, "", version, None, ["GuessMade"], [1], [ROW])
                (position,) = connection.execute(queries.append, values).fetchall()[-1]
                connection.execute("SELECT pg_notify('bench', %s)", (str(position),))

        read_and_appends = rate(ops, read_and_append)
        insert = "INSERT INTO rows (data) VALUES (%s::jsonb)"
        inserts = rate(ops, lambda: [connection.execute(insert, (ROW,)) for _ in range(ops)])
        return inserts, read_and_appends


@dataclass(frozen=True)
class StoreFigures:
    """One store's figures: each the median of ``runs`` runs, measured in one process."""

    store: str
    runs: int
    ops: int
    read_append: float
    """Read-and-appends per second, one thread."""
    read_append_threads: float
    """The same with four threads sharing the store."""
    raw_insert: float | None
    """Single-row ``INSERT`` transactions per second, without the library."""
    raw_read_append: float | None
    """The store's own statements per second, without the library."""
    store_to_raw: float | None
    """The store's read-and-append rate over the raw one, run by run, then the median."""
    games: float
    """Whole games per second through ``Games``."""
    streams: int
    replay_seconds: float
    """Seconds to load ``streams`` streams one by one and fold them into boards."""
    feed: float
    """Events per second read from the feed with ``read_all``, a page of 1,000 at a time."""


def measure_store(
    name: str,
    url: str,
    baselines: Callable[[int], Rates] | None,
    *,
    ops: int,
    streams: int,
    runs: int,
) -> StoreFigures:
    """Every figure of one store, the median of ``runs`` runs.

    The store and its raw baseline take turns, run after run, so each ratio compares two
    rates measured side by side.
    """
    print(f"measuring {name} ...", file=sys.stderr, flush=True)
    store = connect(url)
    one, four, inserts, raws, ratios, games, replays, feeds = ([] for _ in range(8))
    try:
        for run in range(runs):
            one.append(read_and_append(store, ops, f"one-{run}"))
            if baselines:
                # Right after the store's run, so that both meet the machine in one state.
                insert, raw = baselines(run)
                inserts.append(insert)
                raws.append(raw)
                ratios.append(one[-1] / raw)
            four.append(read_and_append(store, ops, f"four-{run}", threads=4))
            games.append(whole_games(store, max(ops // 20, 10)))
        fill_replay(store, streams)
        for _ in range(runs):
            streams_per_second, feed = replay(store, streams)
            replays.append(streams / streams_per_second)
            feeds.append(feed)
    finally:
        store.close()
    return StoreFigures(
        store=name,
        runs=runs,
        ops=ops,
        read_append=median(one),
        read_append_threads=median(four),
        raw_insert=median(inserts) if inserts else None,
        raw_read_append=median(raws) if raws else None,
        store_to_raw=median(ratios) if ratios else None,
        games=median(games),
        streams=streams,
        replay_seconds=median(replays),
        feed=median(feeds),
    )


def measure_kind(
    name: str, kind: str, place: str, *, ops: int, streams: int, runs: int
) -> StoreFigures:
    """:func:`measure_store` for a store named by plain values, which another process can
    send: ``memory``; ``NORMAL`` or ``FULL``, SQLite in the folder ``place``; or
    ``postgres``, in the cluster at the URL ``place``."""
    sizes = {"ops": ops, "streams": streams, "runs": runs}
    if kind == "memory":
        return measure_store(name, "memory://", None, **sizes)
    if kind in ("NORMAL", "FULL"):
        url, base = sqlite_urls(Path(place), kind, ops)
    elif kind == "postgres":
        url, base = postgres_urls(place, ops)
    else:
        raise ValueError(f"no store of the kind {kind!r}")
    return measure_store(name, url, base, **sizes)


def sqlite_urls(folder: Path, synchronous: str, ops: int) -> tuple[str, Callable[[int], Rates]]:
    """A SQLite store's URL, and its raw baseline on another file of the same folder."""
    url = f"sqlite:///{folder / synchronous}.db?synchronous={synchronous.lower()}"
    path = folder / f"baseline-{synchronous}.db"
    return url, lambda run: sqlite_baselines(path, synchronous, ops, run)


def postgres_urls(cluster_url: str, ops: int) -> tuple[str, Callable[[int], Rates]]:
    """A PostgreSQL store's URL, and its raw baseline in a schema of its own."""
    store_url = postgres_schema(cluster_url, "bench_store")
    base_url = postgres_schema(cluster_url, "bench_baseline")
    return store_url, lambda run: postgres_baselines(base_url, ops, run)


def row(figures: StoreFigures) -> dict[str, str]:
    """The figures as the cells of a table row."""

    def number(value: float | None) -> str:
        return "-" if value is None else f"{value:,.0f}"

    return {
        "store": figures.store,
        "read+append/s": number(figures.read_append),
        "4 threads": number(figures.read_append_threads),
        "raw insert/s": number(figures.raw_insert),
        "raw read+append/s": number(figures.raw_read_append),
        "store/raw": "-" if figures.store_to_raw is None else f"{figures.store_to_raw:.2f}",
        "games/s": number(figures.games),
        f"replay {figures.streams:,}": f"{figures.replay_seconds:.2f} s",
        "read_all events/s": number(figures.feed),
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


class PsycopgPool:
    """psycopg_pool lending its connections as they come, checked at every use or not."""

    def __init__(self, url: str, check: bool) -> None:
        self._pool: ConnectionPool[psycopg.Connection[object]] = ConnectionPool(
            url,
            kwargs={"autocommit": True},
            min_size=1,
            max_size=10,
            open=True,
            check=ConnectionPool.check_connection if check else None,
        )

    def take(self) -> psycopg.Connection[object]:
        return self._pool.getconn()

    def give_back(self, connection: psycopg.Connection[object], *, failed: bool = False) -> None:
        self._pool.putconn(connection)

    def lost(self, connection: psycopg.Connection[object]) -> bool:
        return connection.closed

    def close(self) -> None:
        self._pool.close()


def hand_written(url: str) -> Pool[psycopg.Connection[object]]:
    """The pool the PostgreSQL store had before psycopg_pool: unbounded, unchecked."""

    def reusable(connection: psycopg.Connection[object]) -> bool:
        idle = connection.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
        return not connection.closed and idle

    return Pool(
        lambda: psycopg.connect(url, autocommit=True), psycopg.Connection.close, reusable, 10
    )


LENDERS: dict[str, Callable[[str], Lender[Any] | None]] = {
    "hand-written pool (before)": hand_written,
    "psycopg_pool, no check": lambda url: PsycopgPool(url, check=False),
    "psycopg_pool, check_connection": lambda url: PsycopgPool(url, check=True),
    "psycopg_pool as the store lends it": lambda url: None,
}


def compare_pools(cluster_url: str, ops: int, runs: int) -> list[dict[str, str]]:
    """Each lender's read-and-append and load rates, medians of ``runs``; the lenders
    take turns within each run, each run starting with the next, so that all meet the
    machine, and a table of a given size, alike."""
    url = postgres_schema(cluster_url, "bench_pools")
    columns = ["read+append/s", "4 threads", "load/s", "load/s, 4 threads", "µs a borrow"]
    found: dict[str, dict[str, list[float]]] = {
        name: {column: [] for column in columns} for name in LENDERS
    }
    lenders = list(LENDERS.items())
    for run in range(runs):
        for number, (name, lender) in enumerate(lenders[run:] + lenders[:run]):
            print(f"pools: {name}, run {run + 1} ...", file=sys.stderr, flush=True)
            store = PostgresEventStore(url)
            chosen = lender(url)
            if chosen is not None:
                store._pool.close()
                store._pool = chosen
            prefix, figures = f"pool-{number}-{run}", found[name]
            figures["read+append/s"].append(read_and_append(store, ops, prefix))
            figures["4 threads"].append(read_and_append(store, ops, f"{prefix}-4", threads=4))
            figures["load/s"].append(loads(store, ops, prefix, threads=1))
            figures["load/s, 4 threads"].append(loads(store, ops, prefix, threads=4))
            figures["µs a borrow"].append(borrowing(store._pool, ops))
            store.close()
    return [
        {"lender": name}
        | {
            column: f"{median(values):,.{1 if 'µs' in column else 0}f}"
            for column, values in rates.items()
        }
        for name, rates in found.items()
    ]


def borrowing(lender: Lender[Any], count: int) -> float:
    """Microseconds to take a connection and give it back, with nothing done between."""
    started = time.perf_counter()
    for _ in range(count):
        lender.give_back(lender.take())
    return (time.perf_counter() - started) / count * 1e6


def loads(store: EventStore, ops: int, prefix: str, threads: int) -> float:
    """Streams of ``read_and_append``'s one-thread games loaded, ``ops`` in all."""
    game_ids = [f"{prefix}-0-{op // GUESSES_PER_GAME}" for op in range(ops // threads)]

    def run() -> None:
        readers = [
            threading.Thread(target=lambda: [store.load(game_id) for game_id in game_ids])
            for _ in range(threads)
        ]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join()

    return rate(ops // threads * threads, run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=5000, help="read-and-appends per store")
    parser.add_argument("--streams", type=int, default=10_000, help="streams to replay")
    parser.add_argument("--repeat", type=int, default=3, help="median of this many runs")
    parser.add_argument("--no-postgres", action="store_true", help="leave PostgreSQL out")
    parser.add_argument("--pools", action="store_true", help="compare PostgreSQL's pools")
    args = parser.parse_args()
    if args.pools:
        with PostgresCluster() as cluster:
            disk = fsyncs_per_second(Path(tempfile.gettempdir()))
            table = compare_pools(cluster.url, args.ops, args.repeat)
        print(f"disk: {disk:,.0f} fdatasyncs/s of 8 kB; {os.cpu_count()} CPUs; ", end="")
        print(f"{args.ops:,} ops, median of {args.repeat}\n")
        print_table(table)
        return
    sizes = {"ops": args.ops, "streams": args.streams, "runs": args.repeat}
    figures = []
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        disk = fsyncs_per_second(folder)
        figures.append(measure_store("memory", "memory://", None, **sizes))
        for synchronous in ("NORMAL", "FULL"):
            url, base = sqlite_urls(folder, synchronous, args.ops)
            figures.append(measure_store(f"sqlite, synchronous={synchronous}", url, base, **sizes))
        if not args.no_postgres:
            cluster = stack.enter_context(PostgresCluster())
            url, base = postgres_urls(cluster.url, args.ops)
            figures.append(measure_store("postgresql, fsync=on", url, base, **sizes))
    print(
        f"disk: {disk:,.0f} fdatasyncs/s of 8 kB; {os.cpu_count()} CPUs; "
        f"{args.ops:,} ops, median of {args.repeat}"
    )
    print()
    print_table([row(found) for found in figures])


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
