"""The daily code: one classic secret a UTC day for every player, and one game a player.

The secret is an HMAC-SHA256 of the day under the server's key, the key the players'
tokens are made with: any process holding the key derives the same secret, and nobody
without it can tell tomorrow's. A player is known by a player token the service signs
with the same key, and the game of a player and a day has an id derived from both, so
that asking again answers the same game rather than starting another.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import threading
from datetime import date

import attrs

from mastermind.domain import (
    CLASSIC_PEGS,
    DEFAULT_ATTEMPTS,
    DEFAULT_LENGTH,
    Code,
    CodeMaker,
    GameAlreadyStarted,
    GameError,
)
from mastermind.service._arguments import check_optional_str
from mastermind.service._daily_results import DailyGame, DailyResults, DailyScoreboard
from mastermind.service._daily_rule import (
    DailyGameClosed,
    check_day,
    day_of_daily,
)
from mastermind.service._daily_streaks import DailyStats, DailyStreaks
from mastermind.service._errors import GameNotFound
from mastermind.service.games import Games
from mastermind.service.projections import ProjectionRunner
from mastermind.store import EventStore

__all__ = [
    "DailyCodeUnavailable",
    "DailyCodes",
    "DailyGames",
    "InvalidDailyKey",
    "InvalidPlayerToken",
]

DAILY_LENGTH = DEFAULT_LENGTH
DAILY_ATTEMPTS = DEFAULT_ATTEMPTS
DAILY_PEGS = CLASSIC_PEGS
DAILY_MAKER = CodeMaker.computer(allows_hints=False)
"""The code maker of every daily game: the computer, allowing no hints, as it is a contest."""

_SECRET_PURPOSE = b"mastermind daily code\x00"
_PLAYER_PURPOSE = b"mastermind daily player\x00"
_GAME_PURPOSE = b"mastermind daily game\x00"
_PLAYER_TOKEN = re.compile(r"[0-9a-f]{32}\.[A-Za-z0-9_-]{43}")
MIN_KEY_BYTES = 16


class InvalidDailyKey(ValueError):
    """The server's key is too short to keep the daily code secret."""


class DailyCodeUnavailable(Exception):
    """The server's key lasts no longer than this process: each restart would change the
    day's code and forget every player, so there is no daily code."""

    def __init__(self) -> None:
        super().__init__(
            "The daily code needs a key that outlives this process: set "
            "MASTERMIND_WEB_SECRET, the same for every server of the store, or keep the "
            "games in a SQLite file, whose key is kept beside it."
        )


class InvalidPlayerToken(GameError):
    """A player token that this server did not sign: mistyped, cut short, or forged."""

    def __init__(self) -> None:
        super().__init__(
            "",
            "This player token was not given by this server: play without one, and a "
            "new player is made.",
        )


class DailyCodes:
    """What the key derives: each day's secret, the players' tokens, and their games' ids."""

    def __init__(self, key: bytes | str) -> None:
        key = key.encode() if isinstance(key, str) else key
        if len(key) < MIN_KEY_BYTES:
            raise InvalidDailyKey(
                f"the key of the daily code needs at least {MIN_KEY_BYTES} bytes, "
                "better 32 random ones"
            )
        self._key = key

    def secret(self, day: date) -> Code:
        """The day's secret: 4 pegs of the classic colours, repeats allowed.

        The HMAC's 32 bytes, read as one number, modulo the 1,296 codes: the
        remainder is uniform but for a bias below one part in 10^70.
        """
        number = int.from_bytes(self._mac(_SECRET_PURPOSE, day.isoformat()), "big")
        number %= len(DAILY_PEGS) ** DAILY_LENGTH
        pegs = []
        for _ in range(DAILY_LENGTH):
            number, colour = divmod(number, len(DAILY_PEGS))
            pegs.append(DAILY_PEGS[colour])
        return Code(pegs)

    def new_player(self) -> str:
        """A token for a new player: 128 random bits and the key's signature of them."""
        return self._signed(secrets.token_hex(16))

    def player_of(self, token: str) -> str:
        """The player a token names, once its signature holds, in constant time.

        Raises:
            InvalidPlayerToken: the token is malformed or not signed with this key.
        """
        if not isinstance(token, str) or not _PLAYER_TOKEN.fullmatch(token):
            raise InvalidPlayerToken()
        player = token.partition(".")[0]
        if not hmac.compare_digest(token.encode(), self._signed(player).encode()):
            raise InvalidPlayerToken()
        return player

    def game_id(self, player: str, day: date) -> str:
        """The id of the player's game of the day; the player cannot be read back from it."""
        tag = self._mac(_GAME_PURPOSE, player).hex()[:16]
        return f"daily-{day.isoformat()}-{tag}"

    def is_daily(self, game_id: str, secret: Code) -> date | None:
        """The day of a daily game, from its id and its secret; ``None`` for any other game."""
        day = day_of_daily(game_id)
        return day if day is not None and secret == self.secret(day) else None

    def _signed(self, player: str) -> str:
        signature = base64.urlsafe_b64encode(self._mac(_PLAYER_PURPOSE, player))
        return f"{player}.{signature.rstrip(b'=').decode('ascii')}"

    def _mac(self, purpose: bytes, text: str) -> bytes:
        return hmac.digest(self._key, purpose + text.encode(), hashlib.sha256)


class DailyGames:
    """The daily code over ``Games``: one game a player and a UTC day, and each day's results.

    The day is the one ``games`` keeps a daily game's secret and guesses to, its
    ``today``: one clock for the one rule, read by no other part of the application.
    """

    def __init__(self, games: Games, store: EventStore, codes: DailyCodes) -> None:
        if not isinstance(games, Games):
            raise TypeError(f"games must be Games, not {type(games).__name__}")
        if not isinstance(codes, DailyCodes):
            raise TypeError(f"codes must be DailyCodes, not {type(codes).__name__}")
        self.games = games
        self.codes = codes
        self._store = store
        self._lock = threading.Lock()
        self._scoreboard = ProjectionRunner(store, DailyScoreboard(codes.is_daily))
        self._streaks = ProjectionRunner(store, DailyStreaks(codes.is_daily))

    def today(self) -> date:
        """The day of the daily code now, as the games tell it."""
        return self.games.daily_secrets.today()

    def new_player(self) -> str:
        """A new player's token, for the entry point to keep: a cookie, a file."""
        return self.codes.new_player()

    def play(self, player_token: str, day: date | None = None) -> DailyGame:
        """The player's game of today: started on the first call, the same game after.

        With ``day``, the player's game of that day, which must have begun unless the day
        is today: a page that asks for the game it was playing as the day turns gets
        that game, not the next day's.

        Raises:
            TypeError: ``day`` is neither a date nor ``None``.
            InvalidPlayerToken: the token was not made by :meth:`new_player` with this key.
            GameNotFound: the player began no game on ``day``, a day other than today.
        """
        asked = None if day is None else check_day(day)
        player = self.codes.player_of(player_token)
        today = self.today()
        day = today if asked is None else asked
        game_id = self.codes.game_id(player, day)
        try:
            return DailyGame(day, self.games.board(game_id))
        except GameNotFound:
            if day != today:
                raise
        try:
            board = self.games.start(
                DAILY_ATTEMPTS,
                DAILY_PEGS,
                DAILY_LENGTH,
                self.codes.secret(day),
                maker=DAILY_MAKER,
                game_id=game_id,
            )
        except GameAlreadyStarted:  # another request of the same player got there first
            board = self.games.board(game_id)
        except DailyGameClosed:  # the day turned as the game began: none is made for it
            if asked is not None:
                raise GameNotFound(game_id) from None
            return self.play(player_token)
        if asked is None and self.today() != day:  # begun as its day ended: play the next
            return self.play(player_token)
        return DailyGame(day, board)

    def results(self, day: date | None = None) -> DailyResults:
        """How the players of ``day``, today unless given, have fared so far; with the
        day's secret once the day is over.

        Raises:
            TypeError: ``day`` is neither a date nor ``None``.
        """
        day = self.today() if day is None else check_day(day)
        with self._lock:
            results = self._scoreboard.catch_up().results(day)
        if day < self.today():
            results = attrs.evolve(results, secret=self.codes.secret(day))
        return results

    def stats(self, player_token: str | None) -> DailyStats:
        """The player's daily games played and won, streak and best streak, today; a
        player not yet known, or ``None``, has played none.

        Raises:
            TypeError: ``player_token`` is neither a str nor ``None``.
            InvalidPlayerToken: the token was not made by :meth:`new_player` with this key.
        """
        player_token = check_optional_str(player_token, "player_token")
        today = self.today()
        if player_token is None:
            return DailyStats.of(None, today)
        tag = self.codes.game_id(self.codes.player_of(player_token), today).rpartition("-")[2]
        with self._lock:
            return DailyStats.of(self._streaks.catch_up().players.get(tag), today)
