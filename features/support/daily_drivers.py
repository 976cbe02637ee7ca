"""The daily code's drivers: players by name, each with the stage's way to be known.

The service stage asks ``DailyGames`` over a SQLite file; the HTTP stage sends requests
to a server of its own, each player a client that keeps its cookie, as a browser does;
the terminal stage runs ``mastermind daily`` with each player's own data directory.
Every stage derives the daily code from ``KEY``; the service and HTTP stages start on
``FIRST_DAY`` and can turn the day, while the terminal's day is the clock's.
"""

from __future__ import annotations

import json
import tempfile
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Protocol

import httpx
import uvicorn
from click.testing import CliRunner

from mastermind import Code, GameStarted
from mastermind.bootstrap import Application, Limits, bootstrap
from mastermind.cli._app import cli
from mastermind.service import KEY_VARIABLE, DailyCodes, daily_results_document
from mastermind.store import SQLiteEventStore

KEY = "the key of the specification's daily code"
FIRST_DAY = date(2026, 11, 23)
UNLIMITED = Limits(create_rate="1000/second", hint_rate="1000/second")


class DailyDriver(Protocol):
    """Players of the daily code, by name. Each answers in plain values."""

    def play(self, player: str) -> str:
        """Start or resume the player's game of the day; answer its id."""

    def guess(self, player: str, typed: str) -> None: ...

    def guesses_made(self, player: str) -> int: ...

    def give_up(self, player: str) -> tuple[str, ...]:
        """Give the player's game up; answer the secret it reveals."""

    def secret(self, player: str) -> Code:
        """The secret of the day of the player's game, as the key derives it."""

    def share(self, player: str) -> str | None: ...

    def results(self) -> dict[str, Any]:
        """Today's results, as ``daily_results_document`` writes them."""

    def games_started(self) -> int: ...

    def next_day(self) -> None:
        """Turn the day; ``NotImplementedError`` where the day is the clock's."""

    def close(self) -> None: ...


class Calendar:
    def __init__(self) -> None:
        self.day = FIRST_DAY

    def __call__(self) -> date:
        return self.day


class _Stored:
    """What every driver shares: a SQLite file in a directory of its own."""

    def __init__(self) -> None:
        self._directory = tempfile.TemporaryDirectory()
        self.database = Path(self._directory.name) / "games.db"
        self.game_ids: dict[str, str] = {}

    def _bootstrap(self, today: Calendar, limits: Limits | None = None) -> Application:
        """The application over this driver's file, with the key of the scenarios and the
        day of ``today``."""
        return bootstrap(
            f"sqlite:///{self.database}",
            hints=None,
            reviews=None,
            environment={KEY_VARIABLE: KEY},
            limits=limits,
            today=today,
        )

    def games_started(self) -> int:
        store = SQLiteEventStore(self.database)
        try:
            return sum(isinstance(record.event, GameStarted) for record in store.read_all())
        finally:
            store.close()

    def secret(self, player: str) -> Code:
        day = date.fromisoformat(self.game_ids[player][len("daily-") :][:10])
        return DailyCodes(KEY).secret(day)

    def close(self) -> None:
        self._directory.cleanup()


class ServiceDaily(_Stored):
    def __init__(self) -> None:
        super().__init__()
        self.calendar = Calendar()
        self.application = self._bootstrap(self.calendar)
        self.daily, self.games = self.application.daily, self.application.games
        self.tokens: dict[str, str] = {}

    def play(self, player: str) -> str:
        token = self.tokens.setdefault(player, self.daily.new_player())
        self.game_ids[player] = self.daily.play(token).board.game_id
        return self.game_ids[player]

    def guess(self, player: str, typed: str) -> None:
        self.games.guess(self.game_ids[player], typed)

    def guesses_made(self, player: str) -> int:
        return self.games.board(self.game_ids[player]).attempts_used

    def give_up(self, player: str) -> tuple[str, ...]:
        secret = self.games.give_up(self.game_ids[player]).secret
        assert secret is not None
        return secret.pegs

    def share(self, player: str) -> str | None:
        return self.daily.play(self.tokens[player]).share

    def results(self) -> dict[str, Any]:
        return daily_results_document(self.daily.results())

    def next_day(self) -> None:
        self.calendar.day += timedelta(days=1)

    def close(self) -> None:
        self.application.close()
        super().close()


class HttpDaily(_Stored):
    """A server of its own on a free port of 127.0.0.1, whose day the scenario turns."""

    def __init__(self) -> None:
        super().__init__()
        self.calendar = Calendar()
        self.application = self._bootstrap(self.calendar, limits=UNLIMITED)
        from mastermind.web import create_app
        from support.http_driver import serve_in_thread

        config = uvicorn.Config(create_app(self.application), lifespan="off", log_config=None)
        self._server = uvicorn.Server(config)
        self.url, self._thread = serve_in_thread(self._server, "the daily code's server")
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
        self._server.should_exit = True
        self._thread.join(timeout=10)
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


class CliDaily(_Stored):
    """``mastermind daily --json`` and the one-move commands, each player a user of its own."""

    def __init__(self) -> None:
        super().__init__()
        self.runner = CliRunner()

    def play(self, player: str) -> str:
        self.game_ids[player] = self._run(player, "daily")["game_id"]
        return self.game_ids[player]

    def guess(self, player: str, typed: str) -> None:
        self._run(player, "guess", self.game_ids[player], "--", typed)

    def guesses_made(self, player: str) -> int:
        attempts: int = self._run(player, "show", self.game_ids[player])["attempts_used"]
        return attempts

    def give_up(self, player: str) -> tuple[str, ...]:
        return tuple(self._run(player, "give-up", self.game_ids[player])["secret"])

    def share(self, player: str) -> str | None:
        share: str | None = self._run(player, "daily")["share"]
        return share

    def results(self) -> dict[str, Any]:
        results: dict[str, Any] = self._run("someone", "daily", "--results")
        return results

    def next_day(self) -> None:
        raise NotImplementedError("the terminal's day is the clock's")

    def _run(self, player: str, command: str, *arguments: str) -> Any:
        environment = {
            KEY_VARIABLE: KEY,
            "XDG_DATA_HOME": str(self.database.parent / player),
            "MASTERMIND_CACHE_DIR": "off",
            "MASTERMIND_SECRET": None,
            "MASTERMIND_STORE": None,
        }
        options = ["--json", "--db", str(self.database)]
        result = self.runner.invoke(cli, [command, *options, *arguments], env=environment)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)
