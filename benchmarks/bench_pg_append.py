"""Read-and-append on PostgreSQL with 1, 4, 16 and 64 clients: this store, eventsourcing's
PostgreSQL recorder, and a plain INSERT without a lock, in one run.

    .venv/bin/python benchmarks/bench_pg_append.py [--ops 3000] [--repeat 1]

Each client is a thread that reads a stream of its own, then appends one event at the
version it read, over games of up to 12 events; ``--ops`` appends for each contender and
number of clients. The contenders take turns at each number of clients, so that all meet
the machine alike. PostgreSQL runs on a throwaway cluster on loopback with durable
settings (``fsync=on``, ``synchronous_commit=on``), as ``bench_store.py`` starts it.

- ``mastermind``: ``PostgresEventStore.load`` then ``append``, ``max_connections`` as
  many as the clients;
- ``eventsourcing``: ``PostgresApplicationRecorder.select_events`` then
  ``insert_events``, which takes ``LOCK TABLE ... IN EXCLUSIVE MODE``, a pool as large;
- ``plain INSERT``: a connection a client, ``SELECT`` of the stream then one ``INSERT``
  in autocommit into a table with a ``bigserial`` key and a unique (stream, version):
  what PostgreSQL does with no lock and no notification, the ceiling.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psycopg

from harness import PostgresCluster
from mastermind.store import PostgresEventStore
from mastermind.testing import guessed

CLIENTS = (1, 4, 16, 64)
GUESSES_PER_GAME = 12
ROW = json.dumps({"game_id": "g", "guess": ["Red", "Red", "Blue", "Green"]})
Step = Callable[[str], None]
"""Read one stream and append one event to it."""


@dataclass(frozen=True)
class AppendFigures:
    """Events a second at each number of clients, for each contender."""

    clients: list[int]
    ops: int
    runs: int
    rates: dict[str, list[float]]
    server: str


def rate(clients: int, ops: int, prefix: str, step: Step) -> float:
    """Appends a second of ``clients`` threads, ``ops`` in all, each on its own games."""
    each = max(ops // clients, 1)

    def client(number: int) -> None:
        for op in range(each):
            step(f"{prefix}-{number}-{op // GUESSES_PER_GAME}")

    threads = [threading.Thread(target=client, args=(number,)) for number in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return each * clients / (time.perf_counter() - started)


class Mastermind:
    def __init__(self, url: str, clients: int) -> None:
        self._store = PostgresEventStore(url, max_connections=clients, connection_wait=60)
        self._event = guessed("g")

    def step(self, stream_id: str) -> None:
        version = self._store.load(stream_id).version
        self._store.append(stream_id, [self._event], version)

    def close(self) -> None:
        self._store.close()


class EventSourcing:
    def __init__(self, url: str, clients: int) -> None:
        from eventsourcing.persistence import StoredEvent
        from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore

        info = psycopg.conninfo.conninfo_to_dict(url)
        self._datastore = PostgresDatastore(
            str(info["dbname"]),
            str(info["host"]),
            str(info["port"]),
            str(info["user"]),
            "",
            pool_size=clients,
            schema="bench_eventsourcing",
        )
        self._recorder = PostgresApplicationRecorder(self._datastore)
        self._recorder.create_table()
        self._stored = StoredEvent
        self._state = ROW.encode()

    def step(self, stream_id: str) -> None:
        originator = uuid.uuid5(uuid.NAMESPACE_URL, stream_id)
        version = len(self._recorder.select_events(originator))
        event = self._stored(originator, version + 1, "bench:GuessMade", self._state)
        self._recorder.insert_events([event])

    def close(self) -> None:
        self._datastore.close()


class PlainInsert:
    def __init__(self, url: str, clients: int) -> None:
        self._url = url
        self._local = threading.local()
        self._connections: list[psycopg.Connection[Any]] = []
        self._lock = threading.Lock()
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(
                "CREATE TABLE IF NOT EXISTS plain (position bigserial PRIMARY KEY,"
                " stream_id text NOT NULL, version integer NOT NULL, data jsonb NOT NULL,"
                " UNIQUE (stream_id, version))"
            )

    def step(self, stream_id: str) -> None:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = self._local.connection = psycopg.connect(self._url, autocommit=True)
            with self._lock:
                self._connections.append(connection)
        rows = connection.execute(
            "SELECT version, data FROM plain WHERE stream_id = %s ORDER BY version", (stream_id,)
        ).fetchall()
        connection.execute(
            "INSERT INTO plain (stream_id, version, data) VALUES (%s, %s, %s::jsonb)",
            (stream_id, len(rows) + 1, ROW),
        )

    def close(self) -> None:
        for connection in self._connections:
            connection.close()


CONTENDERS: dict[str, Callable[[str, int], Any]] = {
    "mastermind": Mastermind,
    "eventsourcing": EventSourcing,
    "plain INSERT": PlainInsert,
}


def measure_appends(url: str, ops: int, runs: int, clients: list[int]) -> AppendFigures:
    """Each contender's rate at each number of clients, the median of ``runs`` runs."""
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("CREATE SCHEMA IF NOT EXISTS bench_eventsourcing")
        row = connection.execute("SHOW server_version").fetchone()
    found: dict[str, list[list[float]]] = {name: [[] for _ in clients] for name in CONTENDERS}
    names = list(CONTENDERS)
    for run in range(runs):
        for index, count in enumerate(clients):
            turn = (run + index) % len(names)
            for name in names[turn:] + names[:turn]:
                print(f"appends: {name}, {count} clients ...", file=sys.stderr, flush=True)
                contender = CONTENDERS[name](url, count)
                try:
                    found[name][index].append(rate(count, ops, f"{run}-{count}", contender.step))
                finally:
                    contender.close()
    return AppendFigures(
        clients=clients,
        ops=ops,
        runs=runs,
        rates={name: [median(rates) for rates in found[name]] for name in names},
        server=f"PostgreSQL {row[0] if row else '?'}",
    )


def table(figures: AppendFigures) -> list[str]:
    """The figures as Markdown: events a second, and the store's ratios to the others."""
    rates = figures.rates
    head = "| clients | " + " | ".join(f"{name}/s" for name in rates)
    head += " | mastermind / eventsourcing | mastermind / plain |"
    lines = [head, "|" + "---:|" * (len(rates) + 3)]
    for index, count in enumerate(figures.clients):
        ours = rates["mastermind"][index]
        cells = [f"{values[index]:,.0f}" for values in rates.values()]
        ratios = [
            f"{ours / rates['eventsourcing'][index]:.2f}",
            f"{ours / rates['plain INSERT'][index]:.2f}",
        ]
        lines.append(f"| {count} | " + " | ".join(cells + ratios) + " |")
    return lines


def section(figures: AppendFigures) -> list[str]:
    """The performance page's section on these figures."""
    return [
        "### PostgreSQL with many clients",
        "",
        "`benchmarks/bench_pg_append.py`: each client is a thread that loads a stream of its",
        "own and appends one event at the version it read, on a server of its own",
        f"({figures.server}, `fsync=on`); {figures.ops:,} appends a measurement, the",
        f"median of {figures.runs} run(s). *eventsourcing* is that library's",
        "`PostgresApplicationRecorder`, which takes `LOCK TABLE ... IN EXCLUSIVE MODE` in",
        "every insert; *plain INSERT* reads the stream and inserts one row in autocommit,",
        "with no lock and no notification: the ceiling.",
        "",
        *table(figures),
        "",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=3000, help="appends a measurement")
    parser.add_argument("--repeat", type=int, default=1, help="median of this many runs")
    parser.add_argument("--clients", default=",".join(map(str, CLIENTS)))
    arguments = parser.parse_args()
    clients = [int(count) for count in arguments.clients.split(",")]
    with PostgresCluster(max_connections=max(clients) * 2 + 20) as cluster:
        figures = measure_appends(cluster.url, arguments.ops, arguments.repeat, clients)
    print(f"{figures.server}; {figures.ops:,} appends a measurement, median of {figures.runs}\n")
    print("\n".join(table(figures)))


if __name__ == "__main__":
    main()
