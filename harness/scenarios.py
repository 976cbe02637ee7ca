"""Three faults under load, each on a real ``mastermind serve`` process, and what came of them.

- PostgreSQL stopped with ``pg_ctl stop -m immediate``, then started again;
- the filesystem of a SQLite file full, then freed;
- the server killed with SIGKILL, then started again on the same store.

Each scenario runs players (``traffic.Traffic``) before, during and after the fault, then
opens the store afresh and checks it against what the players were told. The tests in
``tests/faults`` assert on what a scenario answers; ``benchmarks/bench_load.py`` runs the same
scenarios and reports their figures.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import httpx

from harness.faults import StoppablePostgres, fill, small_filesystem
from harness.processes import GENEROUS_RATES, ServerProcess, still_running
from harness.traffic import SECRET, Answer, Target, Traffic, check_store

__all__ = [
    "FaultFigures",
    "FaultRun",
    "Timing",
    "full_disk",
    "postgres_restart",
    "server_killed",
]

RECOVERY_WITHIN = 15.0
"""The longest a scenario waits for the first good answer once the fault is gone."""
ORPHANS_GONE_WITHIN = 5.0
"""Seconds a killed server's own processes have to notice and end."""


@dataclass(frozen=True)
class Timing:
    before: float = 1.0
    """Seconds of load before the fault."""
    during: float = 2.0
    """Seconds of load during the fault, once it is first felt."""
    after: float = 1.5
    """Seconds of load once service is back."""
    clients: int = 4


@dataclass(frozen=True)
class FaultFigures:
    """What one scenario's players saw, for a test to assert on and a report to quote."""

    scenario: str
    requests: int
    acknowledged: int
    """Writes answered 201: each must be in the store."""
    unavailable: int
    """Answers of 503."""
    unavailable_without_retry_after: int
    internal_errors: int
    """Answers of 500: there must be none."""
    other_refusals: int
    """Answers neither 2xx, 500 nor 503."""
    connection_errors: int
    """Requests that got no answer at all."""
    connections_closed: int
    """Answers after which the server closed the connection."""
    lost_writes: int
    broken_streams: int
    streams: int
    fault_seconds: float
    recovery_seconds: float | None
    """From the moment the fault was gone to the first good answer to a request sent
    after it; ``None`` if none came within ``RECOVERY_WITHIN`` seconds."""
    failures_after_recovery: int
    """Requests sent after that first good answer that were not answered well."""
    tracebacks: int
    """Tracebacks in the server's log."""
    orphans: int
    """Processes of a killed server, such as its hint workers, still running after it."""


@dataclass
class FaultRun:
    figures: FaultFigures
    answers: list[Answer]
    fault: tuple[float, float]
    """When the fault began and when it was gone, in ``time.monotonic()``."""
    lost: list[str]
    broken: list[str]
    log: str
    orphans: list[int]
    """Processes of a killed server, such as its hint workers, that outlived it."""

    def during_fault(self) -> list[Answer]:
        began, ended = self.fault
        return [answer for answer in self.answers if began <= answer.sent < ended]


def postgres_restart(folder: Path, timing: Timing = Timing()) -> FaultRun:
    """PostgreSQL stopped as a crash stops it, under load, and started again."""
    cluster = StoppablePostgres()
    with cluster:
        log = folder / "server.log"
        with _serve(cluster.url, log) as server:
            with Traffic(Target(server.url), timing.clients) as traffic:
                fault = _fault(traffic, timing, cluster.stop_immediately, cluster.start_again)
                recovered = traffic.first_success_after(fault[1], within=RECOVERY_WITHIN)
                time.sleep(timing.after)
            text = server.stop()
        return _run("PostgreSQL restarted", cluster.url, traffic, fault, recovered, text)


def full_disk(folder: Path, timing: Timing = Timing(), *, megabytes: int = 16) -> FaultRun:
    """A SQLite file on a tmpfs that fills up under load, then has room again.

    Raises:
        CannotMount: this machine lets no tmpfs be mounted.
    """
    with small_filesystem(folder / "small", megabytes) as place:
        url = f"sqlite:///{place / 'games.db'}"
        fillers: list[Path] = []
        log = folder / "server.log"
        with _serve(url, log) as server:
            with Traffic(Target(server.url), timing.clients) as traffic:
                fault = _fault(
                    traffic,
                    timing,
                    lambda: fillers.append(fill(place)),
                    lambda: fillers.pop().unlink(),
                )
                recovered = traffic.first_success_after(fault[1], within=RECOVERY_WITHIN)
                time.sleep(timing.after)
            text = server.stop()
        return _run("SQLite on a full disk", url, traffic, fault, recovered, text)


def server_killed(folder: Path, timing: Timing = Timing()) -> FaultRun:
    """The server killed with SIGKILL under load, hint worker and all, and started again
    on the same SQLite file and port."""
    url = f"sqlite:///{folder / 'games.db'}"
    with _serve(url, folder / "server.log") as server:
        _ask_a_hint(server.url)
        with Traffic(Target(server.url), timing.clients) as traffic:
            time.sleep(timing.before)
            began = time.monotonic()
            children = server.kill()
            time.sleep(timing.during)
            server.restart()
            ended = time.monotonic()  # the fault is gone once the server answers again
            recovered = traffic.first_success_after(ended, within=RECOVERY_WITHIN)
            time.sleep(timing.after)
        text = server.stop()
    orphans = still_running(children, within=ORPHANS_GONE_WITHIN)
    return _run("server killed", url, traffic, (began, ended), recovered, text, orphans)


def _serve(store_url: str, log: Path) -> ServerProcess:
    return ServerProcess(store_url, log, *GENEROUS_RATES, via="command", MASTERMIND_SECRET=SECRET)


def _ask_a_hint(url: str) -> None:
    """Start the server's hint worker, so that the kill finds it running."""
    game = httpx.post(f"{url}/games", timeout=10).json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    httpx.get(f"{url}/games/{game['id']}/hint", headers=auth, timeout=30).raise_for_status()


def _fault(
    traffic: Traffic, timing: Timing, begin: Callable[[], None], end: Callable[[], None]
) -> tuple[float, float]:
    """Load, then the fault until the players first feel it and ``timing.during`` more."""
    time.sleep(timing.before)
    began = time.monotonic()
    begin()
    deadline = began + RECOVERY_WITHIN
    while time.monotonic() < deadline and not any(
        not answer.ok and answer.sent >= began for answer in list(traffic.answers)
    ):
        time.sleep(0.02)
    time.sleep(timing.during)
    end()
    return began, time.monotonic()


def _run(
    scenario: str,
    store_url: str,
    traffic: Traffic,
    fault: tuple[float, float],
    recovered: float | None,
    log: str,
    orphans: list[int] | None = None,
) -> FaultRun:
    traffic.stop()
    answers = sorted(traffic.answers, key=lambda answer: answer.sent)
    check = check_store(store_url, traffic.games)
    after = [a for a in answers if recovered is not None and a.sent > recovered]
    figures = FaultFigures(
        scenario=scenario,
        requests=len(answers),
        acknowledged=sum(a.status == 201 for a in answers),
        unavailable=sum(a.status == 503 for a in answers),
        unavailable_without_retry_after=sum(
            a.status == 503 and not (a.retry_after or "").isdigit() for a in answers
        ),
        internal_errors=sum(a.status == 500 for a in answers),
        other_refusals=sum(
            a.status is not None and not a.ok and a.status not in (500, 503) for a in answers
        ),
        connection_errors=sum(a.status is None for a in answers),
        connections_closed=sum(a.reconnected for a in answers),
        lost_writes=len(check.lost),
        broken_streams=len(check.broken),
        streams=check.streams,
        fault_seconds=round(fault[1] - fault[0], 2),
        recovery_seconds=None if recovered is None else round(recovered - fault[1], 2),
        failures_after_recovery=sum(not a.ok for a in after),
        tracebacks=len(re.findall(r"^Traceback \(most recent call last\)", log, re.M)),
        orphans=len(orphans or []),
    )
    return FaultRun(figures, answers, fault, check.lost, check.broken, log, orphans or [])
