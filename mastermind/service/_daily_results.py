"""What the daily code shows of its games: each day's results, and a result to share.

The results are a projection of the store's global feed, caught up on each reading, so
every process serving the store counts the same games; its checkpoint is kept in the
store, so that a restart reads only the games played since.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping
from datetime import date, datetime

import attrs

from mastermind.domain import (
    Code,
    DecodingBoard,
    GameLost,
    GameStarted,
    GameWon,
    GuessMade,
    Outcome,
)
from mastermind.service._daily_rule import (
    daily_number,
    may_finish,
    secret_notice,
    secret_shown_at,
)
from mastermind.store import MASTERMIND_CATEGORY, RecordedEvent

__all__ = ["DailyGame", "DailyResults", "share_text"]


def share_text(board: DecodingBoard, day: date) -> str:
    """A finished daily game as a player may share it: no colour, only key pegs.

    The first line names the day by its number and the guesses it took, ``X`` for a
    game lost; then one line a guess, its key pegs' marks as ``Feedback.marks`` shows
    them with no space between, so that every line is as long as the code.
    """
    tally = str(board.attempts_used) if board.outcome is Outcome.WON else "X"
    lines = [f"Mastermind #{daily_number(day)} {tally}/{board.total_attempts}"]
    lines.extend(row.feedback.marks(board.code_length, "") for row in board.rows)
    return "\n".join(lines)


@attrs.frozen
class DailyResults:
    """How the players of one day have fared so far."""

    day: date
    players: int = 0
    """Players who started the day's game."""
    wins: int = 0
    losses: int = 0
    """Games lost, whether out of attempts or given up."""
    histogram: Mapping[int, int] = attrs.field(factory=dict)
    """How many games were won in each number of guesses, fewest first."""
    secret: Code | None = None
    """The day's secret, once the day is over."""

    @property
    def number(self) -> int:
        return daily_number(self.day)

    @property
    def in_play(self) -> int:
        return self.players - self.wins - self.losses


@attrs.define
class _Day:
    players: int = 0
    losses: int = 0
    wins: Counter[int] = attrs.field(factory=Counter)


@attrs.define
class Scores:
    """The state of the daily scoreboard: each day's counts, and the daily games in play."""

    days: dict[date, _Day] = attrs.field(factory=dict)
    in_play: dict[str, tuple[date, int]] = attrs.field(factory=dict)
    """The day of each daily game in play, and the guesses made in it: of yesterday and
    today at most, as a game of an earlier day is closed."""
    newest: date | None = attrs.field(default=None, eq=False)
    """The latest day a game began on since the state was made or loaded: the games in
    play are pruned once a day, as it first begins."""

    def begin(self, game_id: str, day: date) -> None:
        """Keep a game of ``day`` in play, forgetting those of the days before yesterday."""
        if self.newest is None or day > self.newest:
            self.newest = day
            self.in_play = may_finish(self.in_play, day, lambda playing: playing[0])
        self.in_play[game_id] = (day, 0)

    def results(self, day: date) -> DailyResults:
        counts = self.days.get(day)
        if counts is None:
            return DailyResults(day)
        wins = dict(sorted(counts.wins.items()))
        return DailyResults(day, counts.players, sum(wins.values()), counts.losses, wins)


class DailyScoreboard:
    """A projection of the feed: the players, wins, losses and guesses of each day.

    ``is_daily`` tells a daily game, and its day, from a game's id and secret. Only the
    games in play are kept one by one; a finished game is a count. A game counted stays
    counted: a checkpoint made under one key keeps its games if the key changes.
    """

    name = "mastermind.daily-results"
    version = 1
    categories = (MASTERMIND_CATEGORY,)
    types = None

    def __init__(self, is_daily: Callable[[str, Code], date | None]) -> None:
        self._is_daily = is_daily

    def initial_state(self) -> Scores:
        return Scores()

    def apply(self, scores: Scores, record: RecordedEvent) -> Scores:
        event = record.event
        if isinstance(event, GameStarted):
            day = self._is_daily(event.game_id, event.secret)
            if day is not None:
                scores.days.setdefault(day, _Day()).players += 1
                scores.begin(event.game_id, day)
            return scores
        playing = scores.in_play.get(event.game_id)
        if playing is None:
            return scores
        day, guesses = playing
        match event:
            case GuessMade():
                scores.in_play[event.game_id] = (day, guesses + 1)
            case GameWon():
                scores.days[day].wins[guesses] += 1
                del scores.in_play[event.game_id]
            case GameLost():
                scores.days[day].losses += 1
                del scores.in_play[event.game_id]
        return scores

    def dump(self, scores: Scores) -> str:
        """``{"days": {day: [players, losses, {guesses: wins}]}, "in_play": {game: [day,
        guesses]}}`` in JSON."""
        days = {
            day.isoformat(): [counts.players, counts.losses, counts.wins]
            for day, counts in scores.days.items()
        }
        in_play = {
            game_id: [day.isoformat(), guesses]
            for game_id, (day, guesses) in scores.in_play.items()
        }
        return json.dumps({"days": days, "in_play": in_play}, separators=(",", ":"))

    def load(self, text: str) -> Scores:
        """The scoreboard that :meth:`dump` wrote as ``text``.

        Raises:
            ValueError: the text is not a scoreboard as :meth:`dump` writes it.
        """
        try:
            kept = json.loads(text)
            scores = Scores()
            for day, (players, losses, wins) in kept["days"].items():
                scores.days[date.fromisoformat(day)] = _Day(
                    _count(players),
                    _count(losses),
                    Counter({int(guesses): _count(count) for guesses, count in wins.items()}),
                )
            for game_id, (day, guesses) in kept["in_play"].items():
                scores.in_play[game_id] = (date.fromisoformat(day), _count(guesses))
        except (TypeError, KeyError, AttributeError, ValueError) as error:
            raise ValueError(f"not a daily scoreboard: {error!r}") from None
        return scores


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"expected a count, not {value!r}")
    return value


@attrs.frozen
class DailyGame:
    """A player's game of the day, as it stands: its board shows the secret only once
    the day is over (see ``DailySecrets``)."""

    day: date
    board: DecodingBoard

    @property
    def number(self) -> int:
        """The day's number, as the result to share names it."""
        return daily_number(self.day)

    @property
    def share(self) -> str | None:
        """The result to share once the game is over, with no colour in it; else ``None``."""
        return share_text(self.board, self.day) if self.board.is_over else None

    @property
    def secret_shown_at(self) -> datetime:
        """When the day's secret shows, to every player at once."""
        return secret_shown_at(self.day)

    @property
    def secret_notice(self) -> str | None:
        """When the secret shows, for a game lost or given up whose secret is still kept."""
        lost = self.board.is_over and self.board.outcome is not Outcome.WON
        return secret_notice(self.day) if lost and self.board.secret is None else None
