"""The web game under load: requests/s and latency of real ``mastermind serve`` processes.

    .venv/bin/python benchmarks/bench_load.py [--requests 1200] [--clients 8] [--no-postgres]
        [--no-faults]

Everything runs on 127.0.0.1. Each server is the ``mastermind serve`` command in a process
of its own, with rates that no load here meets and a secret, ``RRRR``, that no guess
here wins. It measures:

- **routes**: on SQLite (``synchronous=NORMAL``) and on PostgreSQL (a throwaway server,
  ``fsync=on``), with 1 and 2 server workers, ``--clients`` threads with an ``httpx``
  client each, with keep-alive, send ``--requests`` creates (``POST /games``), then as
  many guesses (``POST /games/{id}/guesses``, ``GUESSES_PER_GAME`` into each of a
  client's games), then as many board reads (``GET /games/{id}``) of those games. Each
  phase starts on a barrier and ends when every client is done, or at ``--seconds``;
  *requests/s* is its answers over its time, and every rate is also given as a ratio
  to the same route on SQLite with 1 worker, measured in the same run.
- **hints**: on SQLite with 1 worker and the command's own hint pool, board reads with
  no hint running, then the same reads while ``--hint-clients`` clients ask for hints,
  each on a game of its own of 7 pegs and 4 colours of its own (16,384 codes: slow to
  advise on, and never the same solver twice), more at once than the pool takes. The
  ratio of the two p99 latencies says what a saturated hint pool costs a board read.
- **faults**: the scenarios of ``harness/scenarios.py``: PostgreSQL stopped with
  ``pg_ctl stop -m immediate`` and started again, a SQLite file's filesystem full then
  freed (a tmpfs, where this machine lets one be mounted), and the server killed with
  SIGKILL and started again, each under load, with the store read back afterwards.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import itertools
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx
import psycopg

from harness import (
    GENEROUS_RATES,
    CannotMount,
    PostgresCluster,
    PostgresUnavailable,
    ServerProcess,
    scenarios,
    with_fresh_schema,
)

SECRET = "RRRR"
ATTEMPTS = 100
GUESSES = ("GGGG", "BBBB", "YYYY", "GBYO", "PPOO", "BYGP")
GUESSES_PER_GAME = 10
HINT_LENGTH = 7
HINT_COLOURS = 4
HINT_POOL = {"--hint-workers": 1, "--hint-queue": 4, "--hint-seconds": 10}
"""The hint pool of the server beside which boards are read, written out so that the
report says what was measured."""


@dataclass(frozen=True)
class RouteFigures:
    store: str
    workers: int
    route: str
    requests: int
    """Answers within the phase, all of them good ones."""
    refused: int
    """Answers that were not 200 or 201, or no answer at all."""
    rate: float
    p50_ms: float
    p99_ms: float
    to_baseline: float = 1.0
    """``rate`` over the same route's on SQLite with 1 worker."""


@dataclass(frozen=True)
class HintFigures:
    hint_clients: int
    pool: dict[str, int]
    """The hint pool's options."""
    board_reads: int
    quiet_p50_ms: float
    quiet_p99_ms: float
    busy_p50_ms: float
    busy_p99_ms: float
    busy_to_quiet_p99: float
    hints_answered: int
    """Hints answered 200 while the board reads ran."""
    hints_refused: int
    """Hints answered 503: the pool was full, or the hint ran past its deadline."""
    hints_other: int


@dataclass(frozen=True)
class LoadFigures:
    requests: int
    clients: int
    routes: list[RouteFigures]
    hints: HintFigures
    postgres: str
    """The server's version, or why PostgreSQL was left out."""
    faults: list[scenarios.FaultFigures] = field(default_factory=list)
    faults_left_out: list[str] = field(default_factory=list)
    """Scenarios that did not run, each with why."""

    @classmethod
    def from_dict(cls, found: dict[str, Any]) -> LoadFigures:
        """The figures again, from ``dataclasses.asdict`` of them."""
        return cls(
            **{
                **found,
                "routes": [RouteFigures(**route) for route in found["routes"]],
                "hints": HintFigures(**found["hints"]),
                "faults": [scenarios.FaultFigures(**fault) for fault in found["faults"]],
            }
        )


@dataclass
class Phase:
    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    seconds: float = 0.0

    def figures(self, store: str, workers: int, route: str) -> RouteFigures:
        return RouteFigures(
            store,
            workers,
            route,
            len(self.latencies),
            self.refused,
            len(self.latencies) / self.seconds if self.seconds else 0.0,
            percentile(self.latencies, 50) * 1000,
            percentile(self.latencies, 99) * 1000,
        )


def percentile(values: list[float], percent: float) -> float:
    """The nearest-rank percentile: a value that was measured."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * percent // 100))
    return ordered[int(rank) - 1]


Request = tuple[str, str, dict[str, Any] | None, dict[str, str]]
"""Method, path, JSON body and headers."""


def run_phase(
    clients: list[httpx.Client],
    work: Callable[[int], Iterator[Request]],
    seconds: float,
    on_answer: Callable[[int, httpx.Response], None] | None = None,
) -> Phase:
    """Every client sends what ``work(its number)`` yields, one request after another,
    all starting together; answers within ``seconds``."""
    phase = Phase()
    lock = threading.Lock()
    start = threading.Barrier(len(clients) + 1)
    deadline = [0.0]

    def client_loop(number: int) -> None:
        client = clients[number]
        start.wait()
        for method, path, body, headers in work(number):
            if time.perf_counter() > deadline[0]:
                return
            sent = time.perf_counter()
            try:
                response = client.request(method, path, json=body, headers=headers)
            except httpx.TransportError:
                with lock:
                    phase.refused += 1
                continue
            took = time.perf_counter() - sent
            with lock:
                if response.status_code in (200, 201):
                    phase.latencies.append(took)
                else:
                    phase.refused += 1
            if on_answer is not None:
                on_answer(number, response)

    threads = [threading.Thread(target=client_loop, args=(n,)) for n in range(len(clients))]
    for thread in threads:
        thread.start()
    began = time.perf_counter()
    deadline[0] = began + seconds
    start.wait()
    for thread in threads:
        thread.join()
    phase.seconds = time.perf_counter() - began
    return phase


@contextlib.contextmanager
def clients_of(url: str, count: int) -> Iterator[list[httpx.Client]]:
    with contextlib.ExitStack() as stack:
        yield [stack.enter_context(httpx.Client(base_url=url, timeout=30)) for _ in range(count)]


def measure_routes(
    store: str, workers: int, requests: int, clients: list[httpx.Client], seconds: float
) -> list[RouteFigures]:
    """Creates, then guesses into the games created, then reads of their boards."""
    share = -(-requests // len(clients))
    games: list[list[tuple[str, dict[str, str]]]] = [[] for _ in clients]

    def creates(number: int) -> Iterator[Request]:
        for _ in range(share):
            yield "POST", "/games", {"attempts": ATTEMPTS}, {}

    def created(number: int, response: httpx.Response) -> None:
        if response.status_code == 201:
            game = response.json()
            games[number].append((game["id"], {"Authorization": f"Bearer {game['token']}"}))

    def guesses(number: int) -> Iterator[Request]:
        mine = games[number]
        for turn in range(share if mine else 0):
            # Creates cut short by the phase's time leave fewer games: go round them.
            game_id, auth = mine[turn // GUESSES_PER_GAME % len(mine)]
            body = {"guess": GUESSES[turn % len(GUESSES)]}
            yield "POST", f"/games/{game_id}/guesses", body, auth

    def boards(number: int) -> Iterator[Request]:
        played = games[number][: -(-share // GUESSES_PER_GAME)]
        for game_id, _ in itertools.islice(itertools.cycle(played), share):
            yield "GET", f"/games/{game_id}", None, {}

    found = [run_phase(clients, creates, seconds, created).figures(store, workers, "create")]
    found.append(run_phase(clients, guesses, seconds).figures(store, workers, "guess"))
    found.append(run_phase(clients, boards, seconds).figures(store, workers, "board"))
    return found


def warm_up(clients: list[httpx.Client]) -> None:
    """A game and a guess on every connection: imports, caches and connections made."""
    for client in clients:
        game = client.post("/games", json={"attempts": ATTEMPTS}).json()
        auth = {"Authorization": f"Bearer {game['token']}"}
        client.post(f"/games/{game['id']}/guesses", json={"guess": GUESSES[0]}, headers=auth)
        client.get(f"/games/{game['id']}")


def serve(
    store_url: str, log: Path, workers: int, *options: str, secret: str = SECRET
) -> ServerProcess:
    """``mastermind serve``; with a ``secret`` of ``""``, every game's is drawn at random."""
    options = (*GENEROUS_RATES, *options)
    if not secret:
        return ServerProcess(store_url, log, *options, workers=workers, via="command")
    return ServerProcess(
        store_url, log, *options, workers=workers, via="command", MASTERMIND_SECRET=secret
    )


def measure_server(
    store_url: str,
    store: str,
    workers: int,
    folder: Path,
    requests: int,
    clients: int,
    seconds: float,
) -> list[RouteFigures]:
    print(f"load: {store}, {workers} worker(s) ...", file=sys.stderr, flush=True)
    log = folder / f"{store}-{workers}.log"
    with serve(store_url, log, workers) as server, clients_of(server.url, clients) as connected:
        warm_up(connected)
        return measure_routes(store, workers, requests, connected, seconds)


class Hinting:
    """Clients that ask for hints one after another, each on a slow game of its own, until
    stopped; a refused hint is asked again after a moment, on a new game."""

    def __init__(self, url: str, clients: int) -> None:
        self.url = url
        self.statuses: list[int | None] = []
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._ask, args=(number,), daemon=True)
            for number in range(clients)
        ]
        for thread in self._threads:
            thread.start()

    def saturated(self, within: float) -> None:
        """Wait until the pool refuses a hint, or ``within`` seconds."""
        deadline = time.monotonic() + within
        while 503 not in self.statuses and time.monotonic() < deadline:
            time.sleep(0.02)

    def stop(self) -> None:
        self._stop.set()

    def join(self) -> None:
        for thread in self._threads:
            thread.join(timeout=30)

    def _ask(self, number: int) -> None:
        with httpx.Client(base_url=self.url, timeout=60) as client:
            for round_ in itertools.count():
                if self._stop.is_set():
                    return
                # Colours of its own in every game: no worker has its solver at hand.
                colours = [f"H{number}r{round_}c{colour}" for colour in range(HINT_COLOURS)]
                setup = {"length": HINT_LENGTH, "colours": colours, "attempts": ATTEMPTS}
                try:
                    created = client.post("/games", json=setup)
                    status = created.status_code
                    if status == 201:
                        game = created.json()
                        auth = {"Authorization": f"Bearer {game['token']}"}
                        path = f"/games/{game['id']}/hint"
                        status = client.get(path, headers=auth).status_code
                except httpx.TransportError:
                    status = None
                self.statuses.append(status)
                if status != 200:
                    time.sleep(0.05)


def measure_hints(
    folder: Path, requests: int, clients: int, hint_clients: int, seconds: float
) -> HintFigures:
    """Board reads with no hint running, then while the hint pool is saturated."""
    print("load: board reads beside a saturated hint pool ...", file=sys.stderr, flush=True)
    url = f"sqlite:///{folder / 'hints.db'}"
    share = -(-requests // clients)
    # Random secrets: the slow games' palettes hold no colour of the fixed one.
    pool = [str(part) for option in HINT_POOL.items() for part in option]
    with serve(url, folder / "hints.log", 1, *pool, secret="") as server:
        with clients_of(server.url, clients) as connected:
            warm_up(connected)
            played = [played_games(client, 3) for client in connected]

            def reads(number: int) -> Iterator[Request]:
                for game_id in itertools.islice(itertools.cycle(played[number]), share):
                    yield "GET", f"/games/{game_id}", None, {}

            quiet = run_phase(connected, reads, seconds)
            hinting = Hinting(server.url, hint_clients)
            try:
                hinting.saturated(within=10)
                asked_before = len(hinting.statuses)
                busy = run_phase(connected, reads, seconds)
                during = hinting.statuses[asked_before:]
            finally:
                hinting.stop()
        server.stop()
    hinting.join()
    quiet_p99 = percentile(quiet.latencies, 99)
    busy_p99 = percentile(busy.latencies, 99)
    return HintFigures(
        hint_clients=hint_clients,
        pool=HINT_POOL,
        board_reads=len(busy.latencies),
        quiet_p50_ms=percentile(quiet.latencies, 50) * 1000,
        quiet_p99_ms=quiet_p99 * 1000,
        busy_p50_ms=percentile(busy.latencies, 50) * 1000,
        busy_p99_ms=busy_p99 * 1000,
        busy_to_quiet_p99=busy_p99 / quiet_p99 if quiet_p99 else 0.0,
        hints_answered=during.count(200),
        hints_refused=during.count(503),
        hints_other=len(during) - during.count(200) - during.count(503),
    )


def played_games(client: httpx.Client, count: int) -> list[str]:
    """``count`` games, each with ``GUESSES_PER_GAME`` rows on its board."""
    ids = []
    for _ in range(count):
        game = client.post("/games", json={"attempts": ATTEMPTS}).json()
        auth = {"Authorization": f"Bearer {game['token']}"}
        for turn in range(GUESSES_PER_GAME):
            body = {"guess": GUESSES[turn % len(GUESSES)]}
            client.post(f"/games/{game['id']}/guesses", json=body, headers=auth)
        ids.append(game["id"])
    return ids


def measure_faults(
    folder: Path, postgres: bool, timing: scenarios.Timing
) -> tuple[list[scenarios.FaultFigures], list[str]]:
    found, left_out = [], []
    runs: list[tuple[str, Callable[[Path, scenarios.Timing], scenarios.FaultRun]]] = [
        ("PostgreSQL restarted", scenarios.postgres_restart),
        ("SQLite on a full disk", scenarios.full_disk),
        ("server killed", scenarios.server_killed),
    ]
    for number, (name, scenario) in enumerate(runs):
        if scenario is scenarios.postgres_restart and not postgres:
            left_out.append(f"{name}: left out of this run (`--no-postgres`)")
            continue
        print(f"faults: {name} ...", file=sys.stderr, flush=True)
        place = folder / f"fault-{number}"
        place.mkdir()
        try:
            found.append(scenario(place, timing).figures)
        except (CannotMount, PostgresUnavailable) as error:
            left_out.append(f"{name}: left out, {error}")
    return found, left_out


def measure_load(
    folder: Path | str,
    *,
    requests: int = 1200,
    clients: int = 8,
    seconds: float = 10.0,
    hint_clients: int = 8,
    postgres: bool = True,
    faults: bool = True,
    fault_seconds: float = 2.0,
) -> LoadFigures:
    """Every measurement of this module, in one run."""
    folder = Path(folder)
    routes = []
    for workers in (1, 2):
        url = f"sqlite:///{folder / f'load-{workers}.db'}"
        routes += measure_server(url, "SQLite", workers, folder, requests, clients, seconds)
    about = "left out of this run (`--no-postgres`)"
    if postgres:
        try:
            cluster = PostgresCluster()
        except PostgresUnavailable as error:
            about = f"left out: {error}"
        else:
            with cluster:
                with psycopg.connect(cluster.url) as connection:
                    row = connection.execute("SHOW server_version").fetchone()
                about = f"PostgreSQL {row[0] if row else '?'}"
                for workers in (1, 2):
                    url = with_fresh_schema(cluster.url, f"load_{workers}")
                    routes += measure_server(
                        url, "PostgreSQL", workers, folder, requests, clients, seconds
                    )
    baseline = {r.route: r.rate for r in routes if (r.store, r.workers) == ("SQLite", 1)}
    routes = [
        dataclasses.replace(r, to_baseline=r.rate / baseline[r.route] if baseline[r.route] else 0)
        for r in routes
    ]
    hints = measure_hints(folder, requests, clients, hint_clients, seconds)
    found: list[scenarios.FaultFigures] = []
    left_out = ["left out of this run (`--no-faults`)"]
    if faults:
        timing = scenarios.Timing(
            before=fault_seconds / 2, during=fault_seconds, after=fault_seconds / 2
        )
        found, left_out = measure_faults(folder, postgres, timing)
    return LoadFigures(requests, clients, routes, hints, about, found, left_out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1200, help="requests of each phase")
    parser.add_argument("--clients", type=int, default=8, help="clients sending at once")
    parser.add_argument("--seconds", type=float, default=10.0, help="the longest a phase runs")
    parser.add_argument("--hint-clients", type=int, default=8, help="clients asking for hints")
    parser.add_argument("--no-postgres", action="store_true", help="leave PostgreSQL out")
    parser.add_argument("--no-faults", action="store_true", help="leave the faults out")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        figures = measure_load(
            folder,
            requests=args.requests,
            clients=args.clients,
            seconds=args.seconds,
            hint_clients=args.hint_clients,
            postgres=not args.no_postgres,
            faults=not args.no_faults,
        )
    print(f"{figures.requests:,} requests a phase from {figures.clients} clients")
    print(f"{'store':<11} {'workers':>7} {'route':<7} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7}")
    for r in figures.routes:
        print(
            f"{r.store:<11} {r.workers:>7} {r.route:<7} {r.rate:>8,.0f} {r.p50_ms:>7.2f} "
            f"{r.p99_ms:>7.2f}  x{r.to_baseline:.2f}"
            + (f"  ({r.refused} refused)" if r.refused else "")
        )
    h = figures.hints
    print(
        f"board p99 {h.quiet_p99_ms:.2f} ms with no hints, {h.busy_p99_ms:.2f} ms beside "
        f"{h.hint_clients} hint clients (x{h.busy_to_quiet_p99:.2f}); hints answered "
        f"{h.hints_answered}, refused {h.hints_refused}"
    )
    for fault in figures.faults:
        print(dataclasses.asdict(fault))
    for reason in figures.faults_left_out:
        print(reason)


if __name__ == "__main__":
    main()
