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

import attrs
import httpx

from mastermind import Code, CodeMaker
from mastermind.bootstrap import Limits, bootstrap
from mastermind.service import (
    BoardAnswer,
    FixedSecrets,
    Role,
    SecretMaker,
    command_kind,
    decode,
    encode,
    random_secret,
)
from mastermind.testing import Calendar
from mastermind.web import create_app
from support.daily_drivers import FIRST_DAY, StoredDaily
from support.driver import BoardView, GameSetup, Rejected
from support.serving import serving

UNLIMITED = Limits(create_rate="1000/second", hint_rate="1000/second")
"""Rates never reached here, where every game comes from one address."""


def _board_view(answer: dict[str, Any]) -> BoardView:
    return BoardView.answered(decode(answer, BoardAnswer))


def _rules_body(setup: GameSetup) -> dict[str, Any]:
    """What ``POST /games`` is told of the game's rules: ``"rules"``, the preset's name,
    or the attempts and colours of a classic game."""
    if setup.rules is not None:
        return {"rules": setup.rules}
    return {"attempts": setup.total_attempts, "colours": list(setup.available_pegs)}


def _command_post(game_id: str, name: str, fields: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Where the command ``name`` of the service's table goes for a game, and the options
    that send its request: its fields as the JSON body, if it has any."""
    kind = command_kind(name)
    body = {"json": encode(kind.request(**fields))} if attrs.fields(kind.request) else {}
    return f"/games/{game_id}/{kind.resource}", body


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
        setup_body = _rules_body(setup)
        if setup.rules is None:
            setup_body["length"] = len(setup.secret) if setup.secret else 4
        created = self._send("POST", "/games", json=setup_body)
        self.game_id, self.token = created["id"], created["token"]

    def send(self, name: str, /, *, by: Role | None = None, **fields: Any) -> BoardView:
        """``POST /games/{id}/<resource>`` of the command's row, with the token of ``by``,
        or else of the role it is for, and its request as the body if it has fields."""
        path, body = _command_post(self.game_id, name, fields)
        role = command_kind(name).role if by is None else by
        return _board_view(self._send("POST", path, by=role, **body))

    def guess_before_joining(self, setup: GameSetup, typed: str) -> None:
        raise NotImplementedError("a game over HTTP exists from the moment it is created")

    def join_again(self) -> None:
        raise NotImplementedError("every POST /games starts a new game")

    def board(self) -> BoardView:
        return _board_view(self._send("GET", f"/games/{self.game_id}"))

    def make_code(self, setup: GameSetup, maker: CodeMaker) -> None:
        """The maker's ``POST /games`` with the secret: the maker keeps the token answered,
        and plays the code breaker's part with the invite's."""
        assert setup.secret is not None, "a person gives the secret"
        body = {
            **_rules_body(setup),
            "secret": list(setup.secret),
            "maker_name": maker.name,
            "hints": maker.allows_hints,
        }
        created = self._send("POST", "/games", json=body)
        assert created["role"] == "maker", created
        self.game_id, self.maker_token = created["id"], created["token"]
        self.token = created["invite"]["token"]

    def maker_board(self) -> BoardView:
        return _board_view(self._send("GET", f"/games/{self.game_id}", by=Role.MAKER))

    def hint(self) -> tuple[str, ...]:
        return tuple(self._send("GET", f"/games/{self.game_id}/hint")["guess"])

    def code_maker(self) -> tuple[str, str | None]:
        maker = self._send("GET", f"/games/{self.game_id}")["maker"]
        return maker["kind"], maker["name"]

    def close(self) -> None:
        self.client.close()

    def _send(self, method: str, path: str, *, by: Role = Role.BREAKER, **options: Any) -> Any:
        """Send as the game's code breaker, or its code maker; a problem document becomes
        a rejection."""
        token = self.maker_token if by is Role.MAKER else self.token
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
        self.calendar = Calendar(FIRST_DAY)
        self.application = self._bootstrap(self.calendar, limits=UNLIMITED)
        self._serving = contextlib.ExitStack()
        self.url = self._serving.enter_context(
            serving(create_app(self.application), access_log=True)
        )
        self.clients: dict[str, httpx.Client] = {}
        self.tokens: dict[str, str] = {}
        self.game_tokens: dict[str, str] = {}

    def play(self, player: str) -> str:
        game = self._send(player, "POST", "/daily")
        self.game_ids[player], self.tokens[player] = game["id"], game["token"]
        self.game_tokens[game["id"]] = game["token"]
        return str(game["id"])

    def send(self, player: str, name: str, /, **fields: Any) -> BoardView:
        path, body = _command_post(self.game_ids[player], name, fields)
        return _board_view(self._send(player, "POST", path, **body))

    def guesses_made(self, player: str) -> int:
        return len(self._send(player, "GET", f"/games/{self.game_ids[player]}")["rows"])

    def shown_secret(self, player: str, game_id: str) -> Code | None:
        headers = {"Authorization": f"Bearer {self.game_tokens[game_id]}"}
        answer = httpx.get(f"{self.url}/games/{game_id}", headers=headers, timeout=10)
        assert answer.status_code == 200, answer.text
        secret = answer.json()["secret"]
        return None if secret is None else Code(secret)

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

    def _send(self, player: str, method: str, path: str, **options: Any) -> Any:
        if player not in self.clients:
            self.clients[player] = httpx.Client(base_url=self.url, timeout=10)
        token = self.tokens.get(player)
        headers = {"Authorization": f"Bearer {token}"} if path.startswith("/games") else {}
        response = self.clients[player].request(method, path, headers=headers, **options)
        assert response.status_code < 400, response.text
        return response.json()
