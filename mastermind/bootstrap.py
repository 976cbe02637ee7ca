"""The one place where the application is put together.

Every entry point, the terminal game, the web server and its workers, and the tests'
drivers, starts here. Each part is an argument with a production default, so that a
test hands in a fake where it needs one:

- the store: an ``EventStore``, or the URL ``connect`` takes (``MASTERMIND_STORE``);
- the codec, with its upcasters, that every store keeps events through;
- the code maker: ``MASTERMIND_SECRET`` fixes one secret for every game, to test and
  to demonstrate; a real game's secret comes from the ``secrets`` module;
- the code breaker that gives hints, and the one that reviews finished games: the
  solver, where it is installed;
- where finished hints are kept between processes: nowhere, unless a directory is
  given (the terminal game gives its cache directory, a server keeps its hint processes);
- the players' tokens of the HTTP API: ``MASTERMIND_WEB_SECRET``, a key file next to a
  SQLite database, or a key good for this process only; the daily code is derived from
  the same key, and its day from ``today``, UTC's unless a test says otherwise;
- the limits of one process: its database connections, its hint workers, the rates
  it answers each client at and the live streams it holds open (``MASTERMIND_LIMITS``).
"""

from __future__ import annotations

import enum
import json
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Literal
from urllib.parse import unquote, urlsplit

import attrs

from mastermind.domain import Code
from mastermind.hints import solver_hints, solver_reviews
from mastermind.service import Games, HintSource, ReviewSource, SecretMaker, random_secret
from mastermind.service._daily import (
    DailyCodes,
    DailyCodeUnavailable,
    DailyGames,
    utc_today,
)
from mastermind.service._tokens import KEY_VARIABLE, PlayerTokens, key_from_environment_or_file
from mastermind.store import EventCodec, EventStore, UnsupportedStoreURL, connect

__all__ = [
    "DEFAULT_STORE_URL",
    "LIMITS_VARIABLE",
    "SECRET_VARIABLE",
    "SERVING_LIMITS",
    "STORE_VARIABLE",
    "Application",
    "Limits",
    "UnsupportedStoreURL",
    "bootstrap",
    "fixed_or_random_secret",
    "tokens_key",
]

STORE_VARIABLE = "MASTERMIND_STORE"
SECRET_VARIABLE = "MASTERMIND_SECRET"
LIMITS_VARIABLE = "MASTERMIND_LIMITS"
DEFAULT_STORE_URL = "sqlite:///mastermind.db"

log = logging.getLogger("mastermind")


class _Default(enum.Enum):
    SOLVER = "the solver, where it is installed"


def _positive(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not value > 0:
        raise ValueError(f"{attribute.name} must be more than 0, not {value!r}")


@attrs.frozen(kw_only=True)
class Limits:
    """How much one process takes on, so that no client can starve the others.

    The defaults suit one server process: a person playing never meets them, and a
    script hammering the server soon does. Rates are per client address, written as
    ``"30/minute"``, ``"5/second"`` or ``"100 per hour"``.
    """

    create_rate: str = "30/minute"
    """Games one client address may create."""
    hint_rate: str = "60/minute"
    """Hints one client address may ask for."""
    hint_workers: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    """Processes that work out hints. With 0, a hint is worked out in the asking thread,
    as suits the terminal game; a server gives hints their own processes."""
    hint_queue: int = attrs.field(default=4, validator=attrs.validators.ge(0))
    """Hints that may wait for a busy worker; beyond them, a hint is refused at once."""
    hint_seconds: float = attrs.field(default=10.0, validator=_positive)
    """The longest a hint may take; past it, its work is stopped."""
    hint_budget: float = attrs.field(default=0.8, validator=_positive)
    """Seconds of processor time a hint's search may take before it answers the best
    guess found so far."""
    store_connections: int = attrs.field(default=10, validator=attrs.validators.ge(1))
    """Database connections one process keeps at most (PostgreSQL)."""
    store_wait: float = attrs.field(default=5.0, validator=_positive)
    """Seconds a request waits for a database connection before it is refused."""
    stream_heartbeat: float = attrs.field(default=15.0, validator=_positive)
    """Seconds between two heartbeats of a live stream of a game, which keep proxies from
    closing it while the players think."""
    streams_per_client: int = attrs.field(default=8, validator=attrs.validators.ge(1))
    """Live streams one client address may hold open at once."""
    streams: int = attrs.field(default=1000, validator=attrs.validators.ge(1))
    """Live streams one process holds open at most, whoever opened them."""

    @classmethod
    def from_environment(cls, environment: Mapping[str, str]) -> Limits:
        """The limits ``MASTERMIND_LIMITS`` holds as JSON, the defaults for those it leaves out.

        Raises:
            ValueError: the variable is no JSON object of known limits.
        """
        text = environment.get(LIMITS_VARIABLE, "").strip()
        if not text:
            return cls()
        try:
            fields = json.loads(text)
            if not isinstance(fields, dict):
                raise TypeError("not an object")
            return cls(**fields)
        except (TypeError, ValueError) as error:
            raise ValueError(f"{LIMITS_VARIABLE} holds no limits: {error}") from None

    def to_environment(self) -> str:
        """These limits as ``MASTERMIND_LIMITS`` holds them, for another process."""
        return json.dumps(attrs.asdict(self), separators=(",", ":"))


SERVING_LIMITS = Limits(hint_workers=1)
"""A server's limits when none are given: the defaults, with hints worked out in a
process of their own, so that no hint can slow the answers to other requests."""


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


def bootstrap(
    store: EventStore | str | None = None,
    *,
    codec: EventCodec | None = None,
    secret_maker: SecretMaker | None = None,
    hints: HintSource | Literal[_Default.SOLVER] | None = _Default.SOLVER,
    reviews: ReviewSource | Literal[_Default.SOLVER] | None = _Default.SOLVER,
    tokens: PlayerTokens | None = None,
    new_game_id: Callable[[], str] | None = None,
    environment: Mapping[str, str] | None = None,
    limits: Limits | None = None,
    hint_cache: Path | None = None,
    today: Callable[[], date] = utc_today,
) -> Application:
    """The application over ``store``, with every other part chosen as its argument says
    or, left out, as the environment says.

    With ``hint_cache``, a directory, the hints are kept in a file there once finished and
    answered again from it, by this process and later ones (see ``CachedHints``).

    Raises:
        UnsupportedStoreURL: the store's URL names no store.
        StoreError: the store cannot be opened.
        InvalidTokenKey: the tokens' key in the environment is too short to be safe.
        ValueError: ``MASTERMIND_LIMITS`` holds no limits.
    """
    environment = os.environ if environment is None else environment
    limits = limits or Limits.from_environment(environment)
    url = None
    if store is None or isinstance(store, str):
        url = store or environment.get(STORE_VARIABLE) or DEFAULT_STORE_URL
        store = connect(
            url,
            codec=codec,
            max_connections=limits.store_connections,
            connection_wait=limits.store_wait,
        )
    elif codec is not None:
        raise ValueError("A codec goes with a store's URL: the store given has its own")
    made_hints = (
        solver_hints(
            workers=limits.hint_workers,
            queue=limits.hint_queue,
            seconds=limits.hint_seconds,
            budget=limits.hint_budget,
        )
        if hints is _Default.SOLVER
        else None
    )
    chosen_hints = made_hints if hints is _Default.SOLVER else hints
    cached_hints = None
    if chosen_hints is not None and hint_cache is not None:
        from mastermind.hints._cache import CACHE_FILE, CachedHints

        chosen_hints = cached_hints = CachedHints(chosen_hints, hint_cache / CACHE_FILE)
    games = Games(
        store,
        secret_maker or fixed_or_random_secret(environment.get(SECRET_VARIABLE)),
        hints=chosen_hints,
        reviews=solver_reviews() if reviews is _Default.SOLVER else reviews,
        new_game_id=new_game_id,
    )

    keys: list[str] = []

    def key() -> str:  # one key for the tokens and the daily code, chosen once
        if not keys:
            keys.append(tokens_key(url, environment))
        return keys[0]

    def choose_tokens() -> PlayerTokens:
        return tokens or PlayerTokens(key())

    def choose_daily() -> DailyGames:
        if not environment.get(KEY_VARIABLE) and _key_file(url) is None:
            raise DailyCodeUnavailable()
        return DailyGames(games, store, DailyCodes(key()), clock=today)

    # Hints handed in belong to the caller; hints made here end with the application.
    made_closing: Callable[[], None] | None = getattr(made_hints, "close", None)

    def closing() -> None:
        try:
            if cached_hints is not None:
                cached_hints.close()
        finally:
            if made_closing is not None:
                made_closing()

    return Application(games, choose_tokens, store, limits, closing=closing, daily=choose_daily)


def tokens_key(store_url: str | None, environment: Mapping[str, str]) -> str:
    """The key of the players' tokens: ``MASTERMIND_WEB_SECRET``; else, for a SQLite
    store, a key file next to its database, made on first use; else a fresh key, good
    for this process only.

    Raises:
        InvalidTokenKey: the key is too short to be safe.
    """
    key_file = _key_file(store_url)
    if not environment.get(KEY_VARIABLE) and key_file is None:
        log.warning("%s is not set: players' tokens are good for this process only.", KEY_VARIABLE)
    return key_from_environment_or_file(key_file, environment)


def fixed_or_random_secret(fixed_secret: str | None = None) -> SecretMaker:
    """Unpredictable secrets, or ``fixed_secret`` for every game when it is given."""
    typed = (fixed_secret or "").strip()
    if not typed:
        return random_secret
    log.warning("%s is set: every game has the same secret. Use it only to test.", SECRET_VARIABLE)

    def same_secret(available_pegs: Sequence[str], length: int, unique: bool) -> Code:
        return Code.parse(typed, available_pegs)

    return same_secret


def _key_file(store_url: str | None) -> Path | None:
    """Where a SQLite store keeps the tokens' key: next to its database."""
    if store_url is None:
        return None
    parts = urlsplit(store_url)
    if parts.scheme.lower() != "sqlite" or not parts.path[1:]:
        return None
    database = Path(unquote(parts.path[1:]))
    database.parent.mkdir(parents=True, exist_ok=True)
    return database.with_name(database.name + ".key")
