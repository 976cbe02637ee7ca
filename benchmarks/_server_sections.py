"""The sections of the performance page on the server: the HTTP API, load and faults."""

from __future__ import annotations

import bench_http
import bench_load
from _markdown import bullet, markdown_table, wrap

__all__ = ["faults_section", "http_section", "load_section"]


def http_section(figures: bench_http.HttpFigures) -> list[str]:
    table = [
        [
            "`POST /games/{id}/guesses`, the web game",
            f"{figures.game:,.0f}",
            f"{figures.game_to_minimal:.2f}",
        ],
        ["the same requests, a minimal Starlette endpoint", f"{figures.minimal:,.0f}", "1.00"],
    ]
    return [
        "## HTTP API",
        "",
        wrap(
            "`benchmarks/bench_http.py` does the measuring, in a process of its own. Two",
            "servers run in that process, each on uvicorn in a thread of its own on",
            "127.0.0.1: the web game, `create_app` over `bootstrap` and a SQLite store",
            "(`synchronous=NORMAL`),",
            "and a minimal Starlette app whose one route reads the JSON body and answers",
            "JSON with 201. One `httpx` client with keep-alive posts",
            f"{figures.requests:,} guesses a round, one after another, to each in turn,",
            'which one first alternating. The web game takes `{"guess": "GGGG"}` with',
            f"the game's bearer token, {figures.guesses_per_game} into each game of",
            f"{figures.guesses_per_game + 1} attempts whose secret is `RRRR`: no game ends,",
            f"and each answer is a board of 1 to {figures.guesses_per_game} rows. The games",
            "are started before the clock starts. *requests/s* is the median of",
            f"{figures.rounds} rounds; *x minimal* the median of the {figures.rounds} ratios",
            "of the two rates, round by round.",
        ),
        "",
        markdown_table(["server", "requests/s", "x minimal"], "lrr", table),
        "",
        wrap(
            "Both rates include the time of the client, which sends both the same requests",
            "and reads every answer whole: *x minimal* is the minimal endpoint's time per",
            "request over the web game's.",
        ),
        "",
    ]


def load_section(figures: bench_load.LoadFigures) -> list[str]:
    table = [
        [
            row.store,
            str(row.workers),
            f"`{LOAD_ROUTES[row.route]}`",
            f"{row.requests:,}",
            f"{row.rate:,.0f}",
            f"{row.p50_ms:.1f}",
            f"{row.p99_ms:.1f}",
            f"{row.to_baseline:.2f}",
            f"{row.refused:,}",
        ]
        for row in figures.routes
    ]
    if not any(row.store == "PostgreSQL" for row in figures.routes):
        table.append(["PostgreSQL", "", "", "", "", "", "", "", figures.postgres])
    header = [
        "store",
        "workers",
        "route",
        "answers",
        "requests/s",
        "p50 (ms)",
        "p99 (ms)",
        "x SQLite, 1 worker",
        "refused",
    ]
    hints = figures.hints
    hint_table = [
        ["no hint running", f"{hints.quiet_p50_ms:.1f}", f"{hints.quiet_p99_ms:.1f}", "1.00"],
        [
            f"{hints.hint_clients} clients asking for hints",
            f"{hints.busy_p50_ms:.1f}",
            f"{hints.busy_p99_ms:.1f}",
            f"{hints.busy_to_quiet_p99:.2f}",
        ],
    ]
    return [
        "## Under load",
        "",
        wrap(
            "`benchmarks/bench_load.py` does the measuring, in a process of its own. Each",
            "server is the `mastermind serve` command in a process of its own on 127.0.0.1,",
            "with rates that no load here meets, over SQLite (`synchronous=NORMAL`) or",
            "PostgreSQL (a throwaway server on loopback, `fsync=on`), with 1 or 2 workers.",
            f"{figures.clients} client threads, each with an `httpx` client with keep-alive,",
            f"send {figures.requests:,} creates in all, then as many guesses into the games",
            f"they created ({bench_load.GUESSES_PER_GAME} into each), then as many reads of",
            "those games' boards. A phase starts on a barrier and ends when the last client",
            "is done. *requests/s* is the phase's answers over its time; *p50* and *p99*",
            "are the latencies the clients saw; *x SQLite, 1 worker* is the rate over the",
            "same route's on SQLite with one worker, in the same run. *refused* counts",
            "answers other than 200 and 201, and requests with no answer.",
        ),
        "",
        markdown_table(header, "lrlrrrrrr", table),
        "",
        wrap(
            "The clients run on the same machine as the servers and take their share of",
            "its cores: with 2 workers on a machine of few cores, the clients, the",
            "workers and the database compete for them.",
        ),
        "",
        "### Board reads beside a saturated hint pool",
        "",
        wrap(
            "On SQLite with one worker and the hint pool that",
            f"`{' '.join(f'{name} {value}' for name, value in hints.pool.items())}` makes,",
            f"the clients read boards of {bench_load.GUESSES_PER_GAME} rows with no hint",
            f"running, then again while {hints.hint_clients} more clients ask for hints",
            f"without pause, each on a new game of {bench_load.HINT_LENGTH} pegs and",
            f"{bench_load.HINT_COLOURS} colours named for that game alone, so that no hint",
            "process has its solver at hand: more hints than the pool takes at once, so",
            "that it stays full and refuses the rest with 503.",
            f"During the second reads the pool answered {hints.hints_answered:,} hints and",
            f"refused {hints.hints_refused:,}. *x quiet* is the p99 over the p99 with no",
            "hint running, in the same run.",
        ),
        "",
        markdown_table(["board reads", "p50 (ms)", "p99 (ms)", "x quiet"], "lrrr", hint_table),
        "",
    ]


LOAD_ROUTES = {
    "create": "POST /games",
    "guess": "POST /games/{id}/guesses",
    "board": "GET /games/{id}",
}


def faults_section(figures: bench_load.LoadFigures) -> list[str]:
    def seconds(value: float | None) -> str:
        return "never" if value is None else f"{value:.2f}"

    table = [
        [
            fault.scenario,
            f"{fault.requests:,}",
            f"{fault.acknowledged:,}",
            f"{fault.unavailable:,}",
            f"{fault.internal_errors:,}",
            f"{fault.connection_errors:,}",
            f"**{fault.lost_writes}**",
            f"{fault.broken_streams}",
            f"{fault.fault_seconds:.2f}",
            seconds(fault.recovery_seconds),
        ]
        for fault in figures.faults
    ]
    header = [
        "fault",
        "requests",
        "acknowledged",
        "503",
        "500",
        "no answer",
        "writes lost",
        "streams with gaps",
        "fault (s)",
        "served again after (s)",
    ]
    return [
        "## Under faults",
        "",
        wrap(
            "The same benchmark runs the fault scenarios of `harness/scenarios.py`, which",
            "the tests in `tests/faults` run too. Four clients play against",
            "`mastermind serve`, every write with an",
            "`Idempotency-Key` and sent again with the same key until it is answered 201.",
            "Before, during and after the fault they keep going; then the store is opened",
            "afresh and every acknowledged write looked for.",
        ),
        "",
        bullet(
            "*PostgreSQL restarted*: `pg_ctl stop -m immediate` under load, then `pg_ctl"
            " start` on the same data."
        ),
        bullet(
            "*SQLite on a full disk*: the database on a tmpfs of 16 MB, filled by another"
            " file under load, then freed."
        ),
        bullet(
            "*server killed*: the server, its hint process running, killed with SIGKILL"
            " under load, then started again on the same file and port."
        ),
        "",
        markdown_table(header, "lrrrrrrrrr", table) if table else "No scenario ran.",
        "",
        *(bullet(reason) for reason in figures.faults_left_out),
        *([""] if figures.faults_left_out else []),
        wrap(
            "*acknowledged* counts answers of 201; *writes lost*, those of them the store",
            "does not hold, in order; *streams with gaps*, streams whose versions do not",
            "run 1, 2, 3... *fault* is how long it lasted, from the fault to the moment it",
            "was gone: PostgreSQL started, the file deleted, the server answering again.",
            "*served again after* is the time from then to the first good answer to a",
            "request sent after it.",
        ),
        "",
    ]
