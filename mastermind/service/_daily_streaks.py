"""Each player's daily record: games played and won, the streak of days won, the best.

A projection of the store's global feed, like the day's results, keyed by the part of a
daily game's id that is the same every day for one player (``daily_tag``): it counts
daily games alone, apart from every other game the player may play, and knows no token.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, datetime, timedelta

import attrs

from mastermind.domain import Code, GameLost, GameStarted, GameWon
from mastermind.service._daily_rule import daily_number, daily_tag, may_finish, secret_shown_at
from mastermind.store import MASTERMIND_CATEGORY, RecordedEvent

__all__ = ["DailyStats"]


@attrs.define
class DailyRecord:
    """One player's daily games so far."""

    played: int = 0
    won: int = 0
    run: int = 0
    """Days won in a row, up to the last day won; 0 once a game is lost."""
    best: int = 0
    last_won: date | None = None

    def win(self, day: date) -> None:
        self.won += 1
        if self.last_won is not None and day <= self.last_won:
            return  # a game of an earlier day, finished late: the run is not its own
        follows = self.last_won is not None and day == self.last_won + timedelta(days=1)
        self.run = self.run + 1 if follows else 1
        self.best = max(self.best, self.run)
        self.last_won = day

    def lose(self, day: date) -> None:
        if self.last_won is None or day > self.last_won:
            self.run = 0

    def streak(self, today: date) -> int:
        """The run, if it still holds today: its last day won is today or yesterday."""
        if self.last_won is None or self.last_won < today - timedelta(days=1):
            return 0
        return self.run


@attrs.frozen
class DailyStats:
    """A player's daily record as it stands ``day``, and when the next code comes."""

    day: date
    played: int
    won: int
    streak: int
    """Days won in a row, up to today or yesterday; a day lost or missed ends it."""
    best_streak: int

    @property
    def number(self) -> int:
        return daily_number(self.day)

    @property
    def next_code_at(self) -> datetime:
        """When the next day's code comes: midnight UTC, as ``day`` ends."""
        return secret_shown_at(self.day)

    @classmethod
    def of(cls, record: DailyRecord | None, today: date) -> DailyStats:
        record = record or DailyRecord()
        return cls(today, record.played, record.won, record.streak(today), record.best)


@attrs.define
class Streaks:
    """The state of the projection: each player's record, and the daily games in play."""

    players: dict[str, DailyRecord] = attrs.field(factory=dict)
    in_play: dict[str, date] = attrs.field(factory=dict)
    """The daily games begun and not finished, of yesterday and today at most: a game of
    an earlier day is closed and can finish no more."""
    newest: date | None = attrs.field(default=None, eq=False)
    """The latest day a game began on since the state was made or loaded: the games in
    play are pruned once a day, as it first begins, not at every start."""

    def begin(self, game_id: str, day: date) -> None:
        """Keep a game of ``day`` in play, forgetting those of the days before yesterday."""
        if self.newest is None or day > self.newest:
            self.newest = day
            self.in_play = may_finish(self.in_play, day, lambda begun: begun)
        self.in_play[game_id] = day


class DailyStreaks:
    """A projection of the feed: each player's daily games played and won, and streaks.

    ``is_daily`` tells a daily game, and its day, from its id and secret, as for the
    day's results.
    """

    name = "mastermind.daily-streaks"
    version = 1
    categories = (MASTERMIND_CATEGORY,)
    types = None

    def __init__(self, is_daily: Callable[[str, Code], date | None]) -> None:
        self._is_daily = is_daily

    def initial_state(self) -> Streaks:
        return Streaks()

    def apply(self, streaks: Streaks, record: RecordedEvent) -> Streaks:
        event = record.event
        if isinstance(event, GameStarted):
            day = self._is_daily(event.game_id, event.secret)
            tag = daily_tag(event.game_id)
            if day is not None and tag is not None:
                streaks.players.setdefault(tag, DailyRecord()).played += 1
                streaks.begin(event.game_id, day)
            return streaks
        if not isinstance(event, GameWon | GameLost):
            return streaks
        day = streaks.in_play.pop(event.game_id, None)
        tag = daily_tag(event.game_id)
        if day is None or tag is None:
            return streaks
        player = streaks.players.setdefault(tag, DailyRecord())
        if isinstance(event, GameWon):
            player.win(day)
        else:
            player.lose(day)
        return streaks

    def dump(self, streaks: Streaks) -> str:
        """``{"players": {tag: [played, won, run, best, last_won]}, "in_play": {game:
        day}}`` in JSON."""
        players = {
            tag: [p.played, p.won, p.run, p.best, p.last_won and p.last_won.isoformat()]
            for tag, p in streaks.players.items()
        }
        in_play = {game_id: day.isoformat() for game_id, day in streaks.in_play.items()}
        return json.dumps({"players": players, "in_play": in_play}, separators=(",", ":"))

    def load(self, text: str) -> Streaks:
        """The state that :meth:`dump` wrote as ``text``.

        Raises:
            ValueError: the text is not such a state.
        """
        try:
            kept = json.loads(text)
            streaks = Streaks()
            for tag, (played, won, run, best, last_won) in kept["players"].items():
                last = None if last_won is None else date.fromisoformat(last_won)
                streaks.players[str(tag)] = DailyRecord(
                    _count(played), _count(won), _count(run), _count(best), last
                )
            for game_id, day in kept["in_play"].items():
                streaks.in_play[str(game_id)] = date.fromisoformat(day)
        except (TypeError, KeyError, AttributeError, ValueError) as error:
            raise ValueError(f"not a record of daily streaks: {error!r}") from None
        return streaks


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"expected a count, not {value!r}")
    return value
