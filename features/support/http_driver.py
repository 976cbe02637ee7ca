"""Drives the HTTP API over real HTTP: uvicorn on a free port of 127.0.0.1, httpx as client.

One server serves the whole stage, on a SQLite file. Each scenario plays its own game,
and places its secret through the server's code maker just before it joins. The daily
code's players have a server of their own, whose day they turn.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx

from mastermind import Code, CodeMaker
from mastermind.bootstrap import Limits, bootstrap
from mastermind.service import FixedSecrets, SecretMaker, random_secret
from mastermind.web import create_app
from support.daily_drivers import Calendar, StoredDaily
from support.driver import BoardView, GameSetup, Rejected, Row
from support.serving import serving

UNLIMITED = Limits(create_rate="1000/second", hint_rate="1000/second")
"""Rates never reached here, where every game comes from one address."""


class HttpServer:
    """The web application on uvicorn, in a background thread."""

    def __init__(self) -> None:
        self.code_maker: SecretMaker = random_secret
        self.url = ""
        self._directory = tempfile.TemporaryDirectory()
        self._application = bootstrap(
            f"sqlite:///{Path(self._directory.name) / 'games.db'}",
            secret_maker=self._make_secret,
            environment={},
            limits=UNLIMITED,
        )
        self._serving = contextlib.ExitStack()

    def _make_secret(self, available_pegs: Sequence[str], length: int, unique: bool) -> Code:
        return self.code_maker(available_pegs, length, unique)

    def start(self) -> None:
        self.url = self._serving.enter_context(
            serving(create_app(self._application), access_log=True)
        )

    def stop(self) -> None:
        self._serving.close()
        self._application.close()
        self._directory.cleanup()


class HttpDriver:
    def __init__(self, server: HttpServer) -> None:
        self.server = server
        self.client = httpx.Client(base_url=server.url, timeout=10)
        self.game_id = ""
        self.token = ""
        self.maker_token = ""

    def join(self, setup: GameSetup) -> None:
        if setup.secret is None:
            self.server.code_maker = random_secret
        else:
            self.server.code_maker = FixedSecrets(Code(setup.secret))
        setup_body = {
            "attempts": setup.total_attempts,
            "colours": list(setup.available_pegs),
            "length": len(setup.secret) if setup.secret else 4,
        }
        created = self._send("POST", "/games", json=setup_body)
        self.game_id, self.token = created["id"], created["token"]

    def guess(self, typed: str) -> str:
        board = self._send("POST", f"/games/{self.game_id}/guesses", json={"guess": typed})
        return str(board["rows"][-1]["key_pegs"])

    def guess_before_joining(self, setup: GameSetup, typed: str) -> None:
        raise NotImplementedError("a game over HTTP exists from the moment it is created")

    def join_again(self) -> None:
        raise NotImplementedError("every POST /games starts a new game")

    def give_up(self) -> None:
        self._send("POST", f"/games/{self.game_id}/give-up")

    def board(self) -> BoardView:
        return self._board_view(self._send("GET", f"/games/{self.game_id}"))

    @staticmethod
    def _board_view(board: dict[str, Any]) -> BoardView:
        return BoardView(
            outcome=board["status"],
            attempts_left=board["attempts"]["left"],
            rows=tuple(Row(tuple(row["guess"]), row["key_pegs"]) for row in board["rows"]),
            secret=None if board["secret"] is None else tuple(board["secret"]),
            code_length=board["length"],
        )

    def make_code(self, setup: GameSetup, maker: CodeMaker) -> None:
        """The maker's ``POST /games`` with the secret: the maker keeps the token answered,
        and plays the code breaker's part with the invite's."""
        assert setup.secret is not None, "a person gives the secret"
        body = {
            "attempts": setup.total_attempts,
            "colours": list(setup.available_pegs),
            "secret": list(setup.secret),
            "maker_name": maker.name,
            "hints": maker.allows_hints,
        }
        created = self._send("POST", "/games", json=body)
        assert created["role"] == "maker", created
        self.game_id, self.maker_token = created["id"], created["token"]
        self.token = created["invite"]["token"]

    def maker_board(self) -> BoardView:
        return self._board_view(self._send("GET", f"/games/{self.game_id}", as_maker=True))

    def maker_guess(self, typed: str) -> None:
        path = f"/games/{self.game_id}/guesses"
        self._send("POST", path, json={"guess": typed}, as_maker=True)

    def maker_ends(self) -> None:
        self._send("POST", f"/games/{self.game_id}/end", as_maker=True)

    def breaker_ends(self) -> None:
        self._send("POST", f"/games/{self.game_id}/end")

    def hint(self) -> tuple[str, ...]:
        return tuple(self._send("GET", f"/games/{self.game_id}/hint")["guess"])

    def code_maker(self) -> tuple[str, str | None]:
        maker = self._send("GET", f"/games/{self.game_id}")["maker"]
        return maker["kind"], maker["name"]

    def close(self) -> None:
        self.client.close()

    def _send(self, method: str, path: str, *, as_maker: bool = False, **options: Any) -> Any:
        """Send as the game's player, or its code maker; a problem document becomes a
        rejection."""
        token = self.maker_token if as_maker else self.token
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.client.request(method, path, headers=headers, **options)
        if response.status_code >= 400:
            assert response.headers["content-type"] == "application/problem+json", response
            problem = response.json()
            raise Rejected(problem["error"], problem["detail"])
        return response.json()


class HttpDaily(StoredDaily):
    """A server of its own on a free port of 127.0.0.1, whose day the scenario turns."""

    def __init__(self) -> None:
        super().__init__()
        self.calendar = Calendar()
        self.application = self._bootstrap(self.calendar, limits=UNLIMITED)
        self._serving = contextlib.ExitStack()
        self.url = self._serving.enter_context(
            serving(create_app(self.application), access_log=True)
        )
        self.clients: dict[str, httpx.Client] = {}
        self.tokens: dict[str, str] = {}

    def play(self, player: str) -> str:
        game = self._send(player, "POST", "/daily")
        self.game_ids[player], self.tokens[player] = game["id"], game["token"]
        return str(game["id"])

    def guess(self, player: str, typed: str) -> None:
        self._send(player, "POST", self._path(player, "/guesses"), json={"guess": typed})

    def guesses_made(self, player: str) -> int:
        return len(self._send(player, "GET", self._path(player, ""))["rows"])

    def give_up(self, player: str) -> tuple[str, ...]:
        return tuple(self._send(player, "POST", self._path(player, "/give-up"))["secret"])

    def share(self, player: str) -> str | None:
        share: str | None = self._send(player, "POST", "/daily")["share"]
        return share

    def results(self) -> dict[str, Any]:
        results: dict[str, Any] = self._send("someone", "GET", "/daily/results")
        return results

    def next_day(self) -> None:
        self.calendar.day += timedelta(days=1)

    def close(self) -> None:
        for client in self.clients.values():
            client.close()
        self._serving.close()
        self.application.close()
        super().close()

    def _path(self, player: str, suffix: str) -> str:
        return f"/games/{self.game_ids[player]}{suffix}"

    def _send(self, player: str, method: str, path: str, **options: Any) -> Any:
        if player not in self.clients:
            self.clients[player] = httpx.Client(base_url=self.url, timeout=10)
        token = self.tokens.get(player)
        headers = {"Authorization": f"Bearer {token}"} if path.startswith("/games") else {}
        response = self.clients[player].request(method, path, headers=headers, **options)
        assert response.status_code < 400, response.text
        return response.json()
