"""The games this terminal's user started, and when: what tells the player's own games
from the others of a store it shares, such as the web page's or a friend's.

The store keeps no clock and no player, so the terminal keeps its own book, beside the
daily code's player file in the user's data directory: for each store, the id of each
game started here and the moment it was started.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import platformdirs

from mastermind.cli._private_file import read_object, write_object
from mastermind.domain import Outcome
from mastermind.service import DailyGameClosed, Games, GameSummary

__all__ = [
    "OWN_GAMES_FILE",
    "OwnGames",
    "age",
    "in_play",
    "in_play_first",
    "latest_in_play",
    "own_games",
]

OWN_GAMES_FILE = "terminal-games.json"


def own_games() -> OwnGames:
    """The book of this user's games, in their data directory."""
    return OwnGames(platformdirs.user_data_path("mastermind", appauthor=False) / OWN_GAMES_FILE)


class OwnGames:
    """The games started at this terminal, by the store they are kept in.

    One JSON file, ``{store: {game id: ISO time}}``, readable by the user alone. A file
    that cannot be read is as good as none: no game is the player's own, and nothing
    else is lost.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    def started(self, store: str) -> dict[str, datetime]:
        """When each game kept in ``store`` that this terminal started was started."""
        games = self._read().get(store)
        if not isinstance(games, dict):
            return {}
        started = {}
        for game_id, when in games.items():
            try:
                started[game_id] = datetime.fromisoformat(when)
            except (TypeError, ValueError):
                continue
        return started

    def keep(self, store: str, game_id: str, when: datetime) -> None:
        """Note that the game ``game_id`` of ``store`` was started here at ``when``."""
        book = self._read()
        games = book.get(store)
        book[store] = {**(games if isinstance(games, dict) else {}), game_id: when.isoformat()}
        try:
            write_object(self.path, book)
        except OSError:
            # A book that cannot be written costs the game nothing: it is not counted
            # as the player's, which the list of games still shows.
            return

    def _read(self) -> dict[str, Any]:
        return read_object(self.path)


def in_play_first(summaries: Iterable[GameSummary]) -> list[GameSummary]:
    """The games in play, the latest started first, then those over, the latest first.

    ``summaries`` come oldest first, as a store lists them.
    """
    latest_first = list(summaries)[::-1]
    return sorted(latest_first, key=lambda summary: summary.outcome is not Outcome.IN_PROGRESS)


def latest_in_play(
    summaries: Sequence[GameSummary], started: Mapping[str, datetime]
) -> GameSummary | None:
    """The game in play of those ``started`` lists that was started last, if any."""
    mine = [s for s in summaries if s.outcome is Outcome.IN_PROGRESS and s.game_id in started]
    return max(mine, key=lambda summary: started[summary.game_id], default=None)


def in_play(games: Games) -> list[GameSummary]:
    """The games of ``games`` that take a guess still, oldest first: in progress, and no
    daily game whose day is over."""
    return [
        summary
        for summary in games.summaries()
        if summary.outcome is Outcome.IN_PROGRESS and _open(games, summary.game_id)
    ]


def _open(games: Games, game_id: str) -> bool:
    try:
        games.daily_secrets.check_open(game_id)
    except DailyGameClosed:
        return False
    return True


def age(then: datetime, now: datetime | None = None) -> str:
    """How long ago ``then`` was, as a person says it: ``"just now"``, ``"5 minutes
    ago"``, ``"2 hours ago"``, ``"yesterday"``, ``"3 days ago"``, ``"on 2026-01-31"``."""
    now = now or datetime.now(UTC)
    elapsed = now - then
    if elapsed < timedelta(minutes=1):
        return "just now"
    if elapsed < timedelta(hours=1):
        return _ago(elapsed // timedelta(minutes=1), "minute")
    if elapsed < timedelta(days=1):
        return _ago(elapsed // timedelta(hours=1), "hour")
    if elapsed < timedelta(days=2):
        return "yesterday"
    if elapsed < timedelta(days=30):
        return _ago(elapsed.days, "day")
    return f"on {then.date().isoformat()}"


def _ago(count: int, unit: str) -> str:
    return f"{count} {unit} ago" if count == 1 else f"{count} {unit}s ago"
