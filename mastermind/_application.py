"""The application, put together: what ``bootstrap`` returns to every entry point."""

from __future__ import annotations

from collections.abc import Callable

from mastermind.config import Limits
from mastermind.service import Games, PlayerTokens
from mastermind.service._daily import DailyGames
from mastermind.store import EventStore

__all__ = ["Application"]


class Application:
    """The parts of the application, wired: ``games`` for every entry point, and the
    players' tokens for those that serve games to others."""

    def __init__(
        self,
        games: Games,
        tokens: Callable[[], PlayerTokens],
        store: EventStore,
        limits: Limits | None = None,
        *,
        closing: Callable[[], None] | None = None,
        daily: Callable[[], DailyGames] | None = None,
    ) -> None:
        self.games = games
        self._daily = daily
        self._chosen_daily: DailyGames | None = None
        self._closing = closing
        self.limits = limits or Limits()
        self._tokens = tokens
        self._chosen_tokens: PlayerTokens | None = None
        self.store = store
        """The store the games are kept in; for wiring and tests, never for entry points."""

    @property
    def tokens(self) -> PlayerTokens:
        """The players' tokens, chosen on first use: a terminal game never needs a key."""
        if self._chosen_tokens is None:
            self._chosen_tokens = self._tokens()
        return self._chosen_tokens

    @property
    def daily(self) -> DailyGames:
        """The daily code, of the tokens' key, chosen on first use as the tokens are.

        Raises:
            InvalidTokenKey: the key is too short to be safe.
            DailyCodeUnavailable: the key would last only as long as this process.
        """
        if self._chosen_daily is None:
            if self._daily is None:
                raise LookupError("this application was put together without the daily code")
            self._chosen_daily = self._daily()
        return self._chosen_daily

    def close(self) -> None:
        """Close the store, and end the hints' worker processes, if any were made here."""
        try:
            if self._closing is not None:
                self._closing()
        finally:
            self.games.close()
