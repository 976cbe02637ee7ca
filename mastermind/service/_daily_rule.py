"""The rules of a daily game's day, declared once: when its secret shows, when it closes,
and what number it has.

A daily game is told by its id alone, ``daily-YYYY-MM-DD-`` and 16 hex digits, so that
``Games`` keeps these rules without the server's key: every answer it gives, the boards
after a command, the board read back, the review, goes through :class:`DailySecrets`,
and so does the live stream. Keeping a secret of a game that merely looks daily hides
nothing its player could not wait a day for.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, TypeVar

from mastermind.domain import DecodingBoard, GameError
from mastermind.service._review import ReviewUnavailable

__all__ = [
    "FIRST_DAILY_DAY",
    "DailyGameClosed",
    "DailyReviewTooEarly",
    "DailySecrets",
    "check_day",
    "daily_number",
    "daily_tag",
    "day_of_daily",
    "secret_notice",
    "secret_shown_at",
    "utc_text",
    "utc_today",
]

T = TypeVar("T")

DAILY_GAME_ID = re.compile(r"daily-(\d{4}-\d{2}-\d{2})-([0-9a-f]{16})")

FIRST_DAILY_DAY = date(2026, 11, 23)
"""The day of daily code #1: the first day the daily code was served, the day its
examples are written for, so that the number counts the days players have had a code."""


def utc_today() -> date:
    """The day it is now in UTC, when every player's daily code changes at once."""
    return datetime.now(UTC).date()


def utc_text(moment: datetime) -> str:
    """A moment in UTC as the answers and the refusals write it: ``2026-11-28T00:00:00Z``."""
    return moment.isoformat().replace("+00:00", "Z")


def check_day(value: object, argument: str = "day") -> date:
    """``value``, when it is a day: a ``date``, not a ``datetime``, whose moment would
    compare with no day.

    Raises:
        TypeError: ``value`` is anything else.
    """
    if not isinstance(value, date) or isinstance(value, datetime):
        raise TypeError(f"{argument} must be a date, not {type(value).__name__}")
    return value


def day_of_daily(game_id: str) -> date | None:
    """The day of a daily game, from its id; ``None`` for any other game."""
    match = DAILY_GAME_ID.fullmatch(game_id)
    if match is None:
        return None
    try:
        return date.fromisoformat(match.group(1))
    except ValueError:
        return None


def daily_tag(game_id: str) -> str | None:
    """The part of a daily game's id that is the same every day for one player."""
    match = DAILY_GAME_ID.fullmatch(game_id)
    return None if match is None else match.group(2)


def daily_number(day: date) -> int:
    """The day's number, ``Mastermind #12``: 1 on :data:`FIRST_DAILY_DAY`, one more a day."""
    return (check_day(day) - FIRST_DAILY_DAY).days + 1


def secret_shown_at(day: date) -> datetime:
    """When the secret of ``day`` shows: at midnight UTC, as the next day begins."""
    return datetime.combine(check_day(day) + timedelta(days=1), time(0), UTC)


def secret_notice(day: date) -> str:
    """The words that say when the secret of ``day`` shows."""
    return f"The secret is shown at {_moment_words(secret_shown_at(day))}."


def _moment_words(moment: datetime) -> str:
    return f"{moment:%H:%M} UTC on {moment.day} {moment:%B}"


def may_finish(in_play: Mapping[str, T], day: date, day_of: Callable[[T], date]) -> dict[str, T]:
    """The daily games of ``in_play`` that may still finish once a game of ``day`` has
    begun: those of that day and the day before. A game of an earlier day is closed, and
    a record that kept it would grow with every game never finished."""
    oldest = day - timedelta(days=1)
    return {game_id: kept for game_id, kept in in_play.items() if day_of(kept) >= oldest}


class DailyGameClosed(GameError):
    """A guess, or a give-up, on a daily game whose day is over: its day's code is out."""

    def __init__(self, game_id: str, day: str) -> None:
        super().__init__(
            game_id,
            f"The daily game of {day} is closed: its day is over, and a new code is out. "
            "Play today's daily code instead.",
        )
        self.day = day


class DailyReviewTooEarly(ReviewUnavailable):
    """A finished daily game has no review before its day is over: the review would show
    the secret, or the codes that still fit, to whoever asks. A kind of
    ``ReviewUnavailable``, so that a caller that goes on without a review goes on."""

    def __init__(self, shown_at: str) -> None:
        try:
            when = _moment_words(datetime.fromisoformat(shown_at))
        except (TypeError, ValueError):  # as a client read it back: its words stay its own
            when = str(shown_at)
        super().__init__(
            f"A daily game can be reviewed once its day is over, at {when}: "
            "until then its review would give the code away."
        )
        self.shown_at = shown_at
        """When the review can be had, as the answers write a moment."""

    @property
    def details(self) -> dict[str, Any]:
        """What the refusal carries besides its words, for adapters to pass on."""
        return {"shown_at": self.shown_at}


class DailySecrets:
    """The one rule of a daily game's secret and guesses, over the day ``today`` tells.

    A daily game shows its secret only once its UTC day is over, won, lost or given up;
    a daily game of a day gone by takes no command.
    """

    def __init__(self, today: Callable[[], date] = utc_today) -> None:
        if not callable(today):
            raise TypeError(f"today must be a function telling the day, not {type(today).__name__}")
        self.today = today
        """The clock of the day: UTC's, or a test's."""

    def keeps(self, game_id: str) -> date | None:
        """The day of a daily game whose secret is still kept; ``None`` for others."""
        day = day_of_daily(game_id)
        return day if day is not None and day >= self.today() else None

    def shown(self, board: DecodingBoard) -> DecodingBoard:
        """``board`` as anyone may see it now: a daily game's secret out of view until
        its day is over.

        Raises:
            TypeError: ``board`` is no :class:`DecodingBoard`.
        """
        if not isinstance(board, DecodingBoard):
            raise TypeError(f"board must be a DecodingBoard, not {type(board).__name__}")
        if board.secret is None or self.keeps(board.game_id) is None:
            return board
        return board.with_secret(None)

    def check_open(self, game_id: str) -> None:
        """Refuse a command on a daily game of a day gone by.

        Raises:
            DailyGameClosed: the game is daily and its day is over.
        """
        day = day_of_daily(game_id)
        if day is not None and day < self.today():
            raise DailyGameClosed(game_id, day.isoformat())

    def check_reviewable(self, game_id: str) -> None:
        """Refuse the review of a daily game whose day is not over.

        Raises:
            DailyReviewTooEarly: the game is daily and its secret is still kept.
        """
        day = self.keeps(game_id)
        if day is not None:
            raise DailyReviewTooEarly(utc_text(secret_shown_at(day)))
