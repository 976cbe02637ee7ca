"""A clock for the daily code that tells the day it is set to: the day turns when a test says."""

from __future__ import annotations

from datetime import date, timedelta

__all__ = ["Calendar"]


class Calendar:
    """The day for ``Games(today=…)`` or ``bootstrap(today=…)``: ``day``, until turned.

    >>> calendar = Calendar(date(2026, 11, 23))
    >>> calendar.turn()
    >>> calendar()
    datetime.date(2026, 11, 24)
    """

    def __init__(self, day: date) -> None:
        if not isinstance(day, date):
            raise TypeError(f"day must be a date, not {type(day).__name__}")
        self.day = day

    def __call__(self) -> date:
        return self.day

    def turn(self, days: int = 1) -> None:
        """Move the day on by ``days`` (back, if negative)."""
        if not isinstance(days, int) or isinstance(days, bool):
            raise TypeError(f"days must be an int, not {type(days).__name__}")
        self.day += timedelta(days=days)
