"""The one place where the application is put together.

Every entry point, the terminal game, the web server and its workers, and the tests'
drivers, starts here. It composes, and chooses nothing: what is not handed in comes from
the :class:`~mastermind.config.Settings`, read from the environment where none are given.
Each part is an argument, so that a test hands in a fake where it needs one: the store
(or its URL), the codec, the code maker, the code breakers that give hints and review
games (the solver, where it is installed), the directory that keeps finished hints, the
players' tokens, the limits of one process, and the day of the daily code.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Literal

import attrs

from mastermind._application import Application
from mastermind.config import SECRET_VARIABLE, Limits, Settings, UnsupportedStoreURL
from mastermind.domain import Code
from mastermind.hints import solver_hints, solver_reviews
from mastermind.service import Games, HintSource, ReviewSource, SecretMaker, random_secret
from mastermind.service._daily import DailyCodes, DailyCodeUnavailable, DailyGames
from mastermind.service._daily_rule import utc_today
from mastermind.service._tokens import PlayerTokens
from mastermind.store import EventCodec, EventStore, connect

__all__ = ["Application", "Limits", "UnsupportedStoreURL", "bootstrap", "fixed_or_random_secret"]

log = logging.getLogger("mastermind")


class _Default(enum.Enum):
    SOLVER = "the solver, where it is installed"


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
    settings: Settings | None = None,
) -> Application:
    """The application over ``store``, with every other part as its argument says or, left
    out, as ``settings`` say: by default those of ``environment``, the process's unless given.

    With ``hint_cache``, a directory, the hints are kept in a file there once finished and
    answered again from it, by this process and later ones (see ``CachedHints``).

    Raises:
        UnsupportedStoreURL: the store's URL names no store.
        StoreError: the store cannot be opened.
        InvalidTokenKey: the tokens' key in the environment is too short to be safe.
        ValueError: ``MASTERMIND_LIMITS`` holds no limits.
    """
    settings = settings or Settings.from_environment(environment)
    limits = limits or settings.limits
    if store is None or isinstance(store, str):
        url = store or settings.store_url
        if url is None:
            raise ValueError("Name a store with its URL, or hand one in")
        store = connect(
            url,
            codec=codec,
            max_connections=limits.store_connections,
            connection_wait=limits.store_wait,
        )
    elif codec is not None:
        raise ValueError("A codec goes with a store's URL: the store given has its own")
    else:
        url = None  # a store handed in keeps no key file beside it
    settings = attrs.evolve(settings, store_url=url, limits=limits)
    made_hints = None
    if hints is _Default.SOLVER:
        hints = made_hints = solver_hints(
            workers=limits.hint_workers,
            queue=limits.hint_queue,
            seconds=limits.hint_seconds,
            budget=limits.hint_budget,
        )
    cached_hints = None
    if hints is not None and hint_cache is not None:
        from mastermind.hints._cache import CACHE_FILE, CachedHints

        hints = cached_hints = CachedHints(hints, hint_cache / CACHE_FILE)
    games = Games(
        store,
        secret_maker or fixed_or_random_secret(settings.fixed_secret),
        hints=hints,
        reviews=solver_reviews() if reviews is _Default.SOLVER else reviews,
        new_game_id=new_game_id,
        today=today,
    )
    keys: list[str] = []

    def key() -> str:  # one key for the tokens and the daily code, chosen once
        if not keys:
            keys.append(settings.tokens_key())
        return keys[0]

    def choose_daily() -> DailyGames:
        if not settings.lasting_key:
            raise DailyCodeUnavailable()
        return DailyGames(games, store, DailyCodes(key()))

    # Hints handed in belong to the caller; hints made here end with the application.
    made_closing: Callable[[], None] | None = getattr(made_hints, "close", None)

    def closing() -> None:
        try:
            if cached_hints is not None:
                cached_hints.close()
        finally:
            if made_closing is not None:
                made_closing()

    return Application(
        games,
        lambda: tokens or PlayerTokens(key()),
        store,
        limits,
        closing=closing,
        daily=choose_daily,
    )


def fixed_or_random_secret(fixed_secret: str | None = None) -> SecretMaker:
    """Unpredictable secrets, or ``fixed_secret`` for every game when it is given."""
    typed = (fixed_secret or "").strip()
    if not typed:
        return random_secret
    log.warning("%s is set: every game has the same secret. Use it only to test.", SECRET_VARIABLE)

    def same_secret(available_pegs: Sequence[str], length: int, unique: bool) -> Code:
        return Code.parse(typed, available_pegs)

    return same_secret
