"""What live streams cost the game they watch, and what stalled readers pin: no verdicts.

    .venv/bin/python benchmarks/bench_live.py [--watchers 500] [--stalled 200] [--json]

``mastermind serve`` runs with one worker over a SQLite file, in a process of its own, as
``bench_sse.py`` runs it; this process is its only client, on 127.0.0.1.

- *writer*: one writer posts 99 guesses into a game of 100 attempts and gives up, with no
  watcher, then on a fresh server with N watchers each reading every event (any missed or
  repeated fails the run); the ratio of the two rates of guesses written, in one run, is
  what N watchers cost the player;
- *stalled*: S clients open the live stream of a game made by a person and then read
  nothing, while the maker leaves 1000 notes and the breaker makes 99 guesses, leaving the
  game in play, so that no stream ends of itself; the kernel
  memory of the machine's TCP sockets (``/proc/net/sockstat``, in pages, less what it was
  before) and of the server's sockets alone (``ss -m``) are read then, and a new stream is
  asked for every 0.2 s, with ``streams`` set to S, until one is admitted: how long the
  stalled readers held their places.

To measure another checkout's server, run this from outside the checkout with
``PYTHONPATH`` naming it: the server process imports ``mastermind`` from there.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_sse
import httpx

NOTES = 1000
HOLD_CAP = 60.0
"""The longest the stalled run waits for a place to come free."""
_SKMEM = re.compile(r"skmem:\(r(\d+),rb\d+,t(\d+),tb\d+,f\d+,w(\d+)")


def tcp_pages() -> int:
    for line in Path("/proc/net/sockstat").read_text().splitlines():
        if line.startswith("TCP:"):
            fields = line.split()
            return int(fields[fields.index("mem") + 1])
    return 0


def server_socket_bytes(port: int) -> int:
    """What the kernel holds for the server's side of its connections: queued to send,
    and received but unread."""
    shown = subprocess.run(
        ["ss", "-tmnH", "state", "established", f"( sport = :{port} )"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return sum(int(r) + int(w) for r, _, w in _SKMEM.findall(shown))


def writer_rate(server: bench_sse.Server) -> float:
    """Guesses written a second with nobody watching."""

    async def run() -> float:
        async with httpx.AsyncClient(base_url=server.url, timeout=bench_sse.CAP) as client:
            created = await client.post("/games", json={"attempts": 100, "secret": "GGGG"})
            document = created.json()
            game = {"id": document["id"], "token": document["invite"]["token"]}
            sent: dict[int, float] = {}
            started = time.perf_counter()
            await bench_sse._write(client, game, sent, asyncio.Event())
            return len(sent) / (max(sent.values()) - started)

    return asyncio.run(run())


async def stalled(server: bench_sse.Server, readers: int) -> dict[str, float]:
    async with httpx.AsyncClient(base_url=server.url, timeout=bench_sse.CAP) as client:
        created = await client.post(
            "/games", json={"attempts": 100, "secret": "GGGG", "maker_name": "Mum"}
        )
        created.raise_for_status()
        document = created.json()
        maker = {"Authorization": f"Bearer {document['token']}"}
        game = {"id": document["id"], "token": document["invite"]["token"]}
        request = (
            f"GET /games/{game['id']}/events HTTP/1.1\r\nHost: bench\r\n"
            f"Authorization: Bearer {game['token']}\r\n\r\n"
        ).encode()
        before = tcp_pages()
        # Each sends its request and reads nothing at all, not even the answer's head.
        opened = []
        for _ in range(readers):
            reader = socket.create_connection(("127.0.0.1", server.port))
            reader.sendall(request)
            opened.append(reader)
        for _ in range(NOTES):
            text = "Think of the sea, and of the sky above it, and of the boats upon it. " * 2
            answer = await client.post(
                f"/games/{game['id']}/note", json={"text": text[:140]}, headers=maker
            )
            answer.raise_for_status()
        breaker = {"Authorization": f"Bearer {game['token']}"}
        for _ in range(bench_sse.GUESSES):  # the game stays in play: one attempt is left
            answer = await client.post(
                f"/games/{game['id']}/guesses", json={"guess": "RRRR"}, headers=breaker
            )
            answer.raise_for_status()
        pinned = time.perf_counter()
        await asyncio.sleep(0.5)
        held_pages = tcp_pages() - before
        held_server = server_socket_bytes(server.port)
        held_seconds = HOLD_CAP
        while time.perf_counter() - pinned < HOLD_CAP:
            other = await client.post("/games")
            token = other.json()["token"]
            async with client.stream(
                "GET",
                f"/games/{other.json()['id']}/events",
                headers={"Authorization": f"Bearer {token}"},
            ) as answer:
                if answer.status_code == 200:
                    held_seconds = time.perf_counter() - pinned
                    break
            await asyncio.sleep(0.2)
        for reader in opened:
            reader.close()
        return {
            "stalled": readers,
            "kernel_mb": held_pages * 4096 / 2**20,
            "server_sockets_mb": held_server / 2**20,
            "places_held_s": held_seconds,
        }


def measure(folder: Path | str, watchers: int, readers: int) -> dict[str, float]:
    folder = Path(folder)
    figures: dict[str, float] = {}
    for name in ("alone", "watched", "stalled") if readers else ("alone", "watched"):
        place = folder / name
        place.mkdir()
        limits = {**bench_sse.LIMITS, "streams": readers if name == "stalled" else 1000}
        bench_sse.LIMITS = limits
        server = bench_sse.Server(place)
        try:
            if name == "alone":
                figures["alone_per_s"] = writer_rate(server)
            elif name == "watched":
                run = asyncio.run(bench_sse.measure_run(server, "stream", watchers))
                figures["watchers"] = watchers
                figures["watched_per_s"] = run.written_per_second
                figures["server_cpu_ms_per_1000"] = run.server_cpu_ms_per_1000
            else:
                figures.update(asyncio.run(stalled(server, readers)))
        finally:
            server.stop()
    figures["watched_x_alone"] = figures["watched_per_s"] / figures["alone_per_s"]
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=500)
    parser.add_argument("--stalled", type=int, default=200)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        figures = measure(Path(folder), arguments.watchers, arguments.stalled)
    if arguments.json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name:>24}: {value:,.2f}")


if __name__ == "__main__":
    main()
