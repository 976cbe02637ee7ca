"""The one place where the application is put together.

Every entry point, the terminal game, the web server and its workers, and the tests'
drivers, starts here. Each part is an argument with a production default, so that a
test hands in a fake where it needs one:

- the store: an ``EventStore``, or the URL ``connect`` takes (``MASTERMIND_STORE``);
- the codec, with its upcasters, that every store keeps events through;
- the code maker: ``MASTERMIND_SECRET`` fixes one secret for every game, to test and
  to demonstrate; a real game's secret comes from the ``secrets`` module;
- the code breaker that gives hints: the solver, where it is installed;
- the players' tokens of the HTTP API: ``MASTERMIND_WEB_SECRET``, a key file next to a
  SQLite database, or a key good for this process only.
"""

from __future__ import annotations

import enum
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Literal
from urllib.parse import unquote, urlsplit

from mastermind._advice import SolverHints
from mastermind.domain import Code
from mastermind.service import Games, HintSource, SecretMaker, random_secret
from mastermind.service._tokens import KEY_VARIABLE, PlayerTokens, key_from_environment_or_file
from mastermind.store import EventCodec, EventStore, UnsupportedStoreURL, connect

__all__ = [
    "DEFAULT_STORE_URL",
    "SECRET_VARIABLE",
    "STORE_VARIABLE",
    "Application",
    "UnsupportedStoreURL",
    "bootstrap",
    "fixed_or_random_secret",
    "tokens_key",
]

STORE_VARIABLE = "MASTERMIND_STORE"
SECRET_VARIABLE = "MASTERMIND_SECRET"
DEFAULT_STORE_URL = "sqlite:///mastermind.db"

log = logging.getLogger("mastermind")


class _Default(enum.Enum):
    SOLVER = "the solver, where it is installed"


class Application:
    """The parts of the application, wired: ``games`` for every entry point, and the
    players' tokens for those that serve games to others."""

    def __init__(self, games: Games, tokens: Callable[[], PlayerTokens], store: EventStore) -> None:
        self.games = games
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

    def close(self) -> None:
        self.games.close()


def bootstrap(
    store: EventStore | str | None = None,
    *,
    codec: EventCodec | None = None,
    secret_maker: SecretMaker | None = None,
    hints: HintSource | Literal[_Default.SOLVER] | None = _Default.SOLVER,
    tokens: PlayerTokens | None = None,
    new_game_id: Callable[[], str] | None = None,
    environment: Mapping[str, str] | None = None,
) -> Application:
    """The application over ``store``, with every other part chosen as its argument says
    or, left out, as the environment says.

    Raises:
        UnsupportedStoreURL: the store's URL names no store.
        StoreError: the store cannot be opened.
        InvalidTokenKey: the tokens' key in the environment is too short to be safe.
    """
    environment = os.environ if environment is None else environment
    url = None
    if store is None or isinstance(store, str):
        url = store or environment.get(STORE_VARIABLE) or DEFAULT_STORE_URL
        store = connect(url, codec=codec)
    elif codec is not None:
        raise ValueError("A codec goes with a store's URL: the store given has its own")
    games = Games(
        store,
        secret_maker or fixed_or_random_secret(environment.get(SECRET_VARIABLE)),
        hints=SolverHints() if hints is _Default.SOLVER else hints,
        new_game_id=new_game_id,
    )

    def choose_tokens() -> PlayerTokens:
        return tokens or PlayerTokens(tokens_key(url, environment))

    return Application(games, choose_tokens, store)


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
