"""The daily code's drivers: players by name, each with the stage's way to be known.

The service stage asks ``DailyGames`` over a SQLite file; the HTTP stage sends requests
to a server of its own, each player a client that keeps its cookie, as a browser does;
the terminal stage runs ``mastermind daily`` with each player's own data directory.
Every stage derives the daily code from ``KEY``; the service and HTTP stages start on
``FIRST_DAY`` and can turn the day, while the terminal's day is the clock's.

The HTTP and terminal drivers live beside their stage's game driver, in ``http_driver``
and ``cli_driver``: the decider and service stages load this module, and must run with
neither the ``web`` nor the ``cli`` extra installed.
"""

from __future__ import annotations

import tempfile
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Protocol

from mastermind import Code, GameStarted
from mastermind.bootstrap import Application, Limits, bootstrap
from mastermind.service import KEY_VARIABLE, DailyCodes, command_kind, daily_results_document
from mastermind.store import SQLiteEventStore
from mastermind.testing import Calendar
from support.driver import BoardView

KEY = "the key of the specification's daily code"
FIRST_DAY = date(2026, 11, 23)


class DailyDriver(Protocol):
    """Players of the daily code, by name. Each answers in plain values."""

    def play(self, player: str) -> str:
        """Start or resume the player's game of the day; answer its id."""

    def send(self, player: str, name: str, /, **fields: Any) -> BoardView:
        """Send the command ``name`` of ``mastermind.service.COMMANDS``, its request made of
        ``fields``, to the player's game; answer the board after it."""

    def guesses_made(self, player: str) -> int: ...

    def secret(self, player: str) -> Code:
        """The secret of the day of the player's game, as the key derives it."""

    def share(self, player: str) -> str | None: ...

    def shown_secret(self, player: str, game_id: str) -> Code | None:
        """The secret the board of one of the player's games shows, if any."""

    def results(self) -> dict[str, Any]:
        """Today's results, as ``daily_results_document`` writes them."""

    def games_started(self) -> int: ...

    def next_day(self) -> None:
        """Turn the day; ``NotImplementedError`` where the day is the clock's."""

    def close(self) -> None: ...


class StoredDaily:
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


class ServiceDaily(StoredDaily):
    def __init__(self) -> None:
        super().__init__()
        self.calendar = Calendar(FIRST_DAY)
        self.application = self._bootstrap(self.calendar)
        self.daily, self.games = self.application.daily, self.application.games
        self.tokens: dict[str, str] = {}

    def play(self, player: str) -> str:
        token = self.tokens.setdefault(player, self.daily.new_player())
        self.game_ids[player] = self.daily.play(token).board.game_id
        return self.game_ids[player]

    def send(self, player: str, name: str, /, **fields: Any) -> BoardView:
        request = command_kind(name).request(**fields)
        return BoardView.of(self.games.send(name, self.game_ids[player], request))

    def guesses_made(self, player: str) -> int:
        return self.games.board(self.game_ids[player]).attempts_used

    def share(self, player: str) -> str | None:
        return self.daily.play(self.tokens[player]).share

    def shown_secret(self, player: str, game_id: str) -> Code | None:
        return self.games.board(game_id).secret

    def results(self) -> dict[str, Any]:
        return daily_results_document(self.daily.results())

    def next_day(self) -> None:
        self.calendar.day += timedelta(days=1)

    def close(self) -> None:
        self.application.close()
        super().close()
