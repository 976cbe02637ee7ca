"""How fast the HTTP API takes guesses, next to a minimal Starlette endpoint: no verdicts.

    .venv/bin/python benchmarks/bench_http.py [--requests 2000] [--rounds 5]

Two servers run in this process, each on uvicorn in a thread of its own, on a free port
of 127.0.0.1, served the same way:

- the web game, ``create_app`` over ``bootstrap`` and a SQLite file store
  (``synchronous=NORMAL``), whose code maker gives every game the secret ``RRRR``;
- a minimal Starlette app with one route, ``POST /games/{id}/guesses``, that reads the
  JSON body and answers a small JSON document with 201.

One ``httpx`` client, with keep-alive, sends ``--requests`` guesses in a round, one after
another. On the web game they are ``{"guess": "GGGG"}`` with the game's bearer token,
``--guesses-per-game`` (99) into each game of 100 attempts, so that no game is won or
runs out of attempts, and each answer is a board of 1 to 99 rows; the games are started
over HTTP before the round's clock starts. On the minimal endpoint they are the same
requests. Rounds alternate between the two servers, and which goes first; each figure is
the median of ``--rounds`` rounds, and the ratio the median of the rounds' ratios.

``--depth`` measures, on the same two servers, what a guess costs as its game grows: each
round starts ``--depth-games`` games over HTTP and plays 97 guesses into half of them,
off the clock: 96 through the same ``Games`` the server runs, to be quick, and the 97th
over HTTP, so that the server has answered the game before, as it has a game played;
then it times one guess over HTTP into each fresh game (its first), one into each long
game (its 98th), and as many requests on the minimal endpoint, taking turns request by
request. *fresh / minimal* and
*98th / fresh* are rates divided round by round, then the median.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from harness import serving
from mastermind import Code
from mastermind.bootstrap import Application, Limits, bootstrap
from mastermind.service import PlayerTokens
from mastermind.store import SQLiteEventStore
from mastermind.web import create_app

UNLIMITED = Limits(create_rate="1000/second", hint_rate="1000/second")
"""Rates never reached here, where every game comes from one address."""

SECRET = "RRRR"
GUESS = "GGGG"
"""A guess that never wins against ``SECRET``."""
ATTEMPTS = 100
"""Attempts of each game: the most a game may have, so that it lasts long."""
GUESSES_PER_GAME = ATTEMPTS - 1
"""Guesses into each game: as many as keep it in play."""


@dataclass(frozen=True)
class HttpFigures:
    """Guesses per second over HTTP, each figure the median of ``rounds`` rounds."""

    requests: int
    """Requests in a round."""
    rounds: int
    guesses_per_game: int
    game: float
    """``POST /games/{id}/guesses`` on the web game, per second."""
    minimal: float
    """The same requests on the minimal Starlette endpoint, per second."""
    game_to_minimal: float
    """The web game's rate over the minimal endpoint's, round by round, then the median."""


def minimal_app() -> Starlette:
    """One route, as small as Starlette allows: read the JSON body, answer JSON with 201."""

    async def guess(request: Request) -> Response:
        document = await request.json()
        return JSONResponse({"guess": document["guess"]}, 201)

    return Starlette(routes=[Route("/games/{id}/guesses", guess, methods=["POST"])])


def same_secret(available_pegs: Sequence[str], length: int, unique: bool) -> Code:
    """The code maker of the benchmark: ``SECRET`` in every game."""
    return Code.parse(SECRET, available_pegs)


def web_game(database: Path) -> Application:
    """The application the web game serves, over a SQLite file, with unlimited rates."""
    return bootstrap(
        SQLiteEventStore(database),
        secret_maker=same_secret,
        hints=None,
        tokens=PlayerTokens.random(),
        environment={},
        limits=UNLIMITED,
    )


def start_games(client: httpx.Client, count: int) -> list[tuple[str, dict[str, str]]]:
    """``count`` fresh games: each one's guesses path and its player's headers."""
    games = []
    for _ in range(count):
        response = client.post("/games", json={"attempts": ATTEMPTS})
        if response.status_code != 201:
            raise RuntimeError(f"POST /games answered {response.status_code}: {response.text}")
        body = response.json()
        headers = {"Authorization": f"Bearer {body['token']}"}
        games.append((f"/games/{body['id']}/guesses", headers))
    return games


def guess_round(client: httpx.Client, requests: int, guesses_per_game: int, play: bool) -> float:
    """Guesses per second for ``requests`` guesses, ``guesses_per_game`` into each game.

    With ``play``, the games are started first, off the clock; without, the requests go
    to made-up games with a made-up token, which the minimal endpoint does not check.
    """
    count = -(-requests // guesses_per_game)
    if play:
        games = start_games(client, count)
    else:
        games = [
            (f"/games/minimal-{n}/guesses", {"Authorization": "Bearer minimal"})
            for n in range(count)
        ]
    body = {"guess": GUESS}
    started = time.perf_counter()
    for number in range(requests):
        path, headers = games[number // guesses_per_game]
        response = client.post(path, json=body, headers=headers)
        if response.status_code != 201:
            raise RuntimeError(f"POST {path} answered {response.status_code}: {response.text}")
    elapsed = time.perf_counter() - started
    if play:  # the last answer is the board after every guess of its game: all were taken
        board = response.json()
        guesses = (requests - 1) % guesses_per_game + 1
        if (board["status"], board["attempts"]["used"]) != ("in progress", guesses):
            raise RuntimeError(f"the game did not take {guesses} guesses: {board}")
    return requests / elapsed


def measure_http(
    folder: Path | str,
    *,
    requests: int = 2000,
    rounds: int = 5,
    guesses_per_game: int = GUESSES_PER_GAME,
) -> HttpFigures:
    """The web game and the minimal endpoint, round after round, side by side."""
    if not 1 <= guesses_per_game < ATTEMPTS:
        raise ValueError(f"guesses per game must be 1 to {ATTEMPTS - 1}, not {guesses_per_game}")
    if requests < 1 or rounds < 1:
        raise ValueError("a round makes at least one request, and there is at least one round")
    print("measuring HTTP ...", file=sys.stderr, flush=True)
    application = web_game(Path(folder) / "http.db")
    games, minimals, ratios = [], [], []
    try:
        with (
            serving(create_app(application), log_level="warning") as game_url,
            serving(minimal_app(), log_level="warning") as minimal_url,
            httpx.Client(base_url=game_url, timeout=30) as game_client,
            httpx.Client(base_url=minimal_url, timeout=30) as minimal_client,
        ):
            # A first short round of each warms up connections, imports and caches.
            warm = max(guesses_per_game, requests // 10)
            guess_round(game_client, warm, guesses_per_game, play=True)
            guess_round(minimal_client, warm, guesses_per_game, play=False)
            for number in range(rounds):
                # Alternate which goes first, so neither always runs on a warmer machine.
                order = [(game_client, True), (minimal_client, False)]
                if number % 2:
                    order.reverse()
                found = {
                    play: guess_round(client, requests, guesses_per_game, play)
                    for client, play in order
                }
                games.append(found[True])
                minimals.append(found[False])
                ratios.append(found[True] / found[False])
    finally:
        application.close()
    return HttpFigures(
        requests=requests,
        rounds=rounds,
        guesses_per_game=guesses_per_game,
        game=median(games),
        minimal=median(minimals),
        game_to_minimal=median(ratios),
    )


LATE = 97
"""Guesses played into a long game before its timed guess, the 98th."""


@dataclass(frozen=True)
class DepthFigures:
    """Guesses per second into fresh games and into games of 97 guesses, over HTTP."""

    games: int
    rounds: int
    fresh: float
    late: float
    minimal: float
    fresh_to_minimal: float
    late_to_fresh: float


def _post_interleaved(
    clients: dict[str, tuple[httpx.Client, list[tuple[str, dict[str, str]]]]],
) -> dict[str, float]:
    """Requests per second of each kind, one guess posted into each of its games, the
    kinds taking turns request by request so that a busy moment of the machine falls on
    all of them alike."""
    body = {"guess": GUESS}
    spent = dict.fromkeys(clients, 0.0)
    count = min(len(games) for _, games in clients.values())
    for number in range(count):
        for name, (client, games) in clients.items():
            path, headers = games[number]
            started = time.perf_counter()
            response = client.post(path, json=body, headers=headers)
            spent[name] += time.perf_counter() - started
            if response.status_code != 201:
                raise RuntimeError(f"POST {path} answered {response.status_code}: {response.text}")
    return {name: count / seconds for name, seconds in spent.items()}


def measure_depth(folder: Path | str, *, games: int = 200, rounds: int = 3) -> DepthFigures:
    """A guess into fresh games and into long games, and the minimal endpoint, each round."""
    print("measuring HTTP guesses by depth ...", file=sys.stderr, flush=True)
    application = web_game(Path(folder) / "depth.db")
    fresh, late, minimal, fresh_ratios, late_ratios = [], [], [], [], []
    minimal_games = [
        (f"/games/minimal-{n}/guesses", {"Authorization": "Bearer minimal"}) for n in range(games)
    ]
    try:
        with (
            serving(create_app(application), log_level="warning") as game_url,
            serving(minimal_app(), log_level="warning") as minimal_url,
            httpx.Client(base_url=game_url, timeout=30) as game_client,
            httpx.Client(base_url=minimal_url, timeout=30) as minimal_client,
        ):
            warm = start_games(game_client, games // 10)  # warm up
            _post_interleaved({"game": (game_client, warm), "minimal": (minimal_client, warm)})
            for number in range(rounds):
                new, long = start_games(game_client, games), start_games(game_client, games)
                for path, headers in long:
                    game_id = path.split("/")[2]
                    for _ in range(LATE - 1):
                        application.games.guess(game_id, GUESS)
                    # The last over HTTP, as the game's guesses would all have come.
                    game_client.post(path, json={"guess": GUESS}, headers=headers)
                timed = [("fresh", game_client, new), ("late", game_client, long)]
                timed.append(("minimal", minimal_client, minimal_games))
                if number % 2:
                    timed.reverse()
                found = _post_interleaved({name: (client, each) for name, client, each in timed})
                fresh.append(found["fresh"])
                late.append(found["late"])
                minimal.append(found["minimal"])
                fresh_ratios.append(found["fresh"] / found["minimal"])
                late_ratios.append(found["late"] / found["fresh"])
    finally:
        application.close()
    return DepthFigures(
        games=games,
        rounds=rounds,
        fresh=median(fresh),
        late=median(late),
        minimal=median(minimal),
        fresh_to_minimal=median(fresh_ratios),
        late_to_fresh=median(late_ratios),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000, help="guesses in a round")
    parser.add_argument("--rounds", type=int, default=5, help="median of this many rounds")
    parser.add_argument(
        "--guesses-per-game",
        type=int,
        default=GUESSES_PER_GAME,
        help=f"guesses into each game, below {ATTEMPTS}",
    )
    parser.add_argument(
        "--depth", action="store_true", help="a guess into fresh games against the 98th"
    )
    parser.add_argument("--depth-games", type=int, default=200, help="games of each kind")
    args = parser.parse_args()
    if args.depth:
        with tempfile.TemporaryDirectory() as folder:
            depth = measure_depth(folder, games=args.depth_games, rounds=args.rounds)
        print(f"{depth.games} games of each kind, median of {depth.rounds} rounds")
        print(f"first guess:      {depth.fresh:,.0f} guesses/s")
        print(f"98th guess:       {depth.late:,.0f} guesses/s")
        print(f"minimal endpoint: {depth.minimal:,.0f} requests/s")
        print(f"fresh / minimal:  {depth.fresh_to_minimal:.2f}")
        print(f"98th / fresh:     {depth.late_to_fresh:.2f}")
        return
    with tempfile.TemporaryDirectory() as folder:
        figures = measure_http(
            Path(folder),
            requests=args.requests,
            rounds=args.rounds,
            guesses_per_game=args.guesses_per_game,
        )
    print(
        f"{figures.requests:,} requests a round, {figures.guesses_per_game} guesses a game, "
        f"median of {figures.rounds} rounds"
    )
    print(f"web game:         {figures.game:,.0f} guesses/s")
    print(f"minimal endpoint: {figures.minimal:,.0f} requests/s")
    print(f"game / minimal:   {figures.game_to_minimal:.2f}")


if __name__ == "__main__":
    main()
