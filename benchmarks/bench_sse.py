"""How many events a second one server process delivers to N watchers of a game's live
stream, next to the same events read by polling ``GET /games/{id}``: no verdicts.

    .venv/bin/python benchmarks/bench_sse.py [--quick] [--json] [--update docs/performance.md]

``mastermind serve`` runs with one worker in a process of its own, over a SQLite file, on
a free port of 127.0.0.1. This process is its only client, on loopback:

- N watchers, each a connection of its own, open ``GET /games/{id}/events`` of one game
  and read it as raw bytes, each noting when every event's id arrives;
- then one writer posts 99 guesses into the game of 100 attempts, one after another as
  fast as the server answers, and gives up: 100 events after the game's start;
- each watcher must receive every version once, 1 to 101, in order, or the run fails.

*delivered/s* is N x 100 events over the time from the first guess sent to the last
watcher's last event. *latency* is, for every event and watcher, the time from sending
the request that made the event to that watcher reading it. The server's processor time
and resident memory come from ``/proc``.

The baseline, in the same run: N pollers, each asking ``GET /games/{id}`` again as soon
as answered, read the same events made the same way, and each poller's run ends when it
sees the game lost, or after ``POLL_CAP`` seconds, so that the run is bounded whatever N.

Every run is bounded: at most 500 connections, 100 events, and ``CAP`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from statistics import median, quantiles

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx

from harness import free_port

WATCHERS = (1, 10, 100, 500)
QUICK_WATCHERS = (1, 10)
GUESSES = 99
"""Guesses into a game of 100 attempts, the most a game may have; a give-up ends it."""
EVENTS = GUESSES + 1
CAP = 60.0
"""The longest a run with live streams may take before it is called failed."""
POLL_CAP = 20.0
"""The longest a polling run may take: the writer stops there, counted as far as it got."""
LIMITS = {
    "create_rate": "10000/second",
    "hint_rate": "10000/second",
    "hint_workers": 0,
    "streams_per_client": 1000,
    "streams": 1000,
}
_ID = re.compile(rb"id: (\d+)\n")
_ROWS = re.compile(rb'"key_pegs"')
_TICK = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Run:
    """One run: ``watchers`` readers of one game's 100 events, by stream or by polling."""

    way: str
    watchers: int
    delivered: int
    seconds: float
    written_per_second: float
    latency_median_ms: float
    latency_p99_ms: float
    server_cpu_ms_per_1000: float
    rss_mb_before: float
    rss_kb_per_watcher: float
    requests: int

    @property
    def delivered_per_second(self) -> float:
        return self.delivered / self.seconds


@dataclass(frozen=True)
class SseFigures:
    runs: list[dict[str, float | int | str]]
    guesses: int
    cap: float
    poll_cap: float


class Server:
    """``mastermind serve`` with one worker, over a SQLite file, in a process of its own."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        code = (
            "from mastermind.web import serve; "
            f"serve('127.0.0.1', {self.port}, 'sqlite:///{folder}/live.db', 1, "
            "log_level='warning')"
        )
        environment = {**os.environ, "MASTERMIND_LIMITS": json.dumps(LIMITS)}
        environment.pop("MASTERMIND_SECRET", None)
        self.process = subprocess.Popen([sys.executable, "-c", code], env=environment)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                httpx.get(f"{self.url}/openapi.json", timeout=1)
                return
            except httpx.TransportError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("the server did not answer")

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICK

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


async def _connect(
    server: Server, request: bytes
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(request)
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"a watcher was refused: {head.splitlines()[0]!r}")
    return reader, writer


async def _watch(reader: asyncio.StreamReader, arrivals: dict[int, float]) -> None:
    """Read a stream to its end, noting when each version arrived; a repeat is an error."""
    buffer = b""
    while True:
        data = await reader.read(65536)
        if not data:
            return
        now = time.perf_counter()
        buffer += data
        end = 0
        for found in _ID.finditer(buffer):
            version = int(found.group(1))
            if version in arrivals:
                raise RuntimeError(f"version {version} came twice")
            arrivals[version] = now
            end = found.end()
        buffer = buffer[end:] if end else buffer[-64:]
        if 1 + EVENTS in arrivals:
            return


async def _poll(server: Server, path: str, seen: dict[int, float], stop: asyncio.Event) -> int:
    """Ask for the board again and again until it shows the game lost; answer how often."""
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    request = f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode()
    asked = 0
    try:
        while not stop.is_set():
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            length = int(re.search(rb"content-length: (\d+)", head, re.I).group(1))  # type: ignore[union-attr]
            body = await reader.readexactly(length)
            asked += 1
            now = time.perf_counter()
            rows = len(_ROWS.findall(body))
            for version in range(2, rows + 2):
                seen.setdefault(version, now)
            if b'"status":"lost"' in body:
                seen.setdefault(1 + EVENTS, now)
                return asked
    finally:
        writer.close()
    return asked


async def _write(
    client: httpx.AsyncClient, game: dict[str, str], sent: dict[int, float], stop: asyncio.Event
) -> None:
    auth = {"Authorization": f"Bearer {game['token']}"}
    for number in range(GUESSES):
        if stop.is_set():
            return
        sent[2 + number] = time.perf_counter()
        answer = await client.post(
            f"/games/{game['id']}/guesses", json={"guess": "RRRR"}, headers=auth
        )
        answer.raise_for_status()
    sent[1 + EVENTS] = time.perf_counter()
    (await client.post(f"/games/{game['id']}/give-up", headers=auth)).raise_for_status()


async def measure_run(server: Server, way: str, watchers: int) -> Run:
    async with httpx.AsyncClient(base_url=server.url, timeout=CAP) as client:
        created = await client.post("/games", json={"attempts": 100, "secret": "GGGG"})
        created.raise_for_status()
        document = created.json()
        game = {"id": document["id"], "token": document["invite"]["token"]}
        rss_before = server.rss_mb()
        sent: dict[int, float] = {}
        arrivals: list[dict[int, float]] = [{} for _ in range(watchers)]
        stop = asyncio.Event()
        requests = GUESSES + 1
        if way == "stream":
            request = (
                f"GET /games/{game['id']}/events HTTP/1.1\r\nHost: bench\r\n"
                f"Authorization: Bearer {game['token']}\r\n\r\n"
            ).encode()
            readers = [await _connect(server, request) for _ in range(watchers)]
            for (reader, _), seen in zip(readers, arrivals, strict=True):
                while 1 not in seen:  # the game's start, caught up with
                    data = await reader.read(65536)
                    if b"id: 1\n" in data:
                        seen[1] = time.perf_counter()
            rss_after = server.rss_mb()
            cpu, started = server.cpu_seconds(), time.perf_counter()
            async with asyncio.timeout(CAP):
                await asyncio.gather(
                    _write(client, game, sent, stop),
                    *(
                        _watch(reader, seen)
                        for (reader, _), seen in zip(readers, arrivals, strict=True)
                    ),
                )
            for _, writer in readers:
                writer.close()
            requests += watchers
        else:
            rss_after = rss_before
            cpu, started = server.cpu_seconds(), time.perf_counter()
            polling = [
                asyncio.create_task(_poll(server, f"/games/{game['id']}", seen, stop))
                for seen in arrivals
            ]
            writing = asyncio.create_task(_write(client, game, sent, stop))
            await asyncio.wait([writing, *polling], timeout=POLL_CAP)
            stop.set()
            requests += sum(await asyncio.gather(*polling))
            await writing
        cpu = server.cpu_seconds() - cpu
        last = max(max(seen.values(), default=started) for seen in arrivals)
    if way == "stream":
        for seen in arrivals:
            if sorted(seen) != list(range(1, 2 + EVENTS)):
                raise RuntimeError(f"a watcher missed events: {len(seen)} of {1 + EVENTS}")
    latencies = [
        (seen[version] - sent[version]) * 1000
        for seen in arrivals
        for version in range(2, 2 + EVENTS)
        if version in seen and version in sent
    ]
    delivered = len(latencies)
    written = len(sent)
    return Run(
        way,
        watchers,
        delivered,
        last - started,
        written / (max(sent.values()) - started) if written else 0.0,
        median(latencies),
        quantiles(latencies, n=100)[98] if len(latencies) > 1 else latencies[0],
        cpu * 1000 / delivered * 1000,
        rss_before,
        (rss_after - rss_before) * 1024 / watchers,
        requests,
    )


def measure_sse(folder: Path | str, *, quick: bool = False) -> SseFigures:
    """Every N, by stream and by polling, each on a fresh server."""
    runs = []
    for watchers in QUICK_WATCHERS if quick else WATCHERS:
        for way in ("stream", "polling"):
            print(f"measuring {way} to {watchers} ...", file=sys.stderr, flush=True)
            place = Path(folder) / f"{way}-{watchers}"
            place.mkdir(parents=True, exist_ok=True)
            server = Server(place)
            try:
                run = asyncio.run(measure_run(server, way, watchers))
            finally:
                server.stop()
            runs.append({**asdict(run), "delivered_per_second": run.delivered_per_second})
    return SseFigures(runs, GUESSES, CAP, POLL_CAP)


# --- the section of the performance page -------------------------------------------------

HEADING = "## Live streams"


def section(figures: SseFigures) -> list[str]:
    """The page's section: a table of every run, and what the figures are."""
    runs = {(str(run["way"]), int(run["watchers"])): run for run in figures.runs}
    rows = []
    for (way, watchers), run in sorted(
        runs.items(), key=lambda item: (item[0][1], item[0][0] != "stream")
    ):
        rate = float(run["delivered_per_second"])
        ones = runs.get(("stream", 1))
        polled = runs.get(("polling", watchers))
        rows.append(
            [
                "live stream" if way == "stream" else "polling `GET /games/{id}`",
                f"{watchers:,}",
                f"{int(run['delivered']):,}",
                f"{rate:,.0f}",
                f"{rate / float(ones['delivered_per_second']):.1f}" if ones else "",
                f"{rate / float(polled['delivered_per_second']):.1f}"
                if polled and way == "stream"
                else "",
                f"{float(run['written_per_second']):,.0f}",
                f"{float(run['latency_median_ms']):.1f}",
                f"{float(run['latency_p99_ms']):.1f}",
                f"{float(run['server_cpu_ms_per_1000']):.1f}",
                f"{float(run['rss_kb_per_watcher']):.0f}" if way == "stream" else "",
                f"{int(run['requests']):,}",
            ]
        )
    header = [
        "read by",
        "watchers",
        "events delivered",
        "delivered/s",
        "x 1 watcher",
        "x polling",
        "guesses/s written",
        "latency p50 ms",
        "latency p99 ms",
        "server CPU ms / 1000 delivered",
        "server memory KB / watcher",
        "requests",
    ]
    table = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
    table += ["| " + " | ".join(row) + " |" for row in rows]
    return [
        HEADING,
        "",
        "`benchmarks/bench_sse.py` does the measuring, in a process of its own, against",
        "`mastermind serve` with one worker over a SQLite file, in another process, on",
        "127.0.0.1. N watchers each open a connection of their own to",
        "`GET /games/{id}/events` of one game; then one writer posts",
        f"{figures.guesses} guesses into it, one after another as fast as they are",
        "answered, and gives up: each watcher must read every one of the",
        f"{figures.guesses + 1} events once and in order, or the run fails.",
        "*delivered/s* is the events all watchers read, over the time from the first",
        "guess sent to the last event read; *latency* is, for each event and watcher,",
        "the time from sending the request that made the event to reading it. The",
        "baseline reads the same events, made the same way, by polling: N clients ask",
        "for the board again as soon as it is answered, each until it sees the game",
        f"lost, or for {figures.poll_cap:.0f} s at most. *x 1 watcher* and *x polling*",
        "divide a rate by that of one live watcher and of as many pollers, in the same",
        "run. Processor time and resident memory are the server's, from `/proc`.",
        "",
        "\n".join(table),
        "",
        "The client shares the machine with the server: with two cores, the rates say",
        "what both together can do, and the server's processor time per event says",
        "what it costs the server alone. That time includes the writer's requests, which",
        "are most of it at one watcher. A stream's first message carries the board, each",
        "later one only what its event changed, a few hundred bytes; a game watched by",
        "many hands its events over in batches (see the HTTP page's live updates).",
        "",
    ]


def update(page: Path, figures: SseFigures) -> None:
    """Put this section into ``page`` in place of its last run's, or at the end."""
    text = page.read_text()
    fresh = "\n".join(section(figures)).rstrip("\n") + "\n"
    start = text.find(HEADING + "\n")
    if start < 0:
        page.write_text(text.rstrip("\n") + "\n\n" + fresh)
        return
    following = text.find("\n## ", start + len(HEADING))
    rest = "" if following < 0 else "\n" + text[following + 1 :]
    page.write_text(text[:start] + fresh + rest)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1 and 10 watchers only")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--update", type=Path, help="write the section into this page")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        figures = measure_sse(folder, quick=arguments.quick)
    if arguments.update:
        update(arguments.update, figures)
    print(json.dumps(asdict(figures)) if arguments.json else "\n".join(section(figures)))


if __name__ == "__main__":
    main()
