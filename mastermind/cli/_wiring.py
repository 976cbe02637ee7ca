"""Where the terminal game keeps its games, the store the options choose, and its finished
hints, the cache directory: both opened through the application's one bootstrap."""

from __future__ import annotations

import contextlib
import os
import shlex
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from urllib.parse import quote

import attrs
import platformdirs

from mastermind._install import DISTRIBUTION
from mastermind._reasons import reason
from mastermind.bootstrap import Application, bootstrap
from mastermind.config import StoreURL, UnsupportedStoreURL, default_database
from mastermind.service import Games, StoreError

__all__ = [
    "CACHE_VARIABLE",
    "CannotOpenGames",
    "StoreChoice",
    "UnusableStoreURL",
    "default_database",
    "hint_cache_directory",
    "opened_application",
    "opened_games",
    "reason",
    "short_id",
    "short_ids",
]

SHORT_ID = 8
"""The characters of a game's id that the terminal shows, unless another game's id starts
with the same ones."""
CACHE_VARIABLE = "MASTERMIND_CACHE_DIR"
"""The directory where the terminal game keeps finished hints; ``off``, or empty, for none."""
NO_CACHE = ("", "off")


def hint_cache_directory(environment: Mapping[str, str] | None = None) -> Path | None:
    """Where finished hints are kept between commands: the directory ``MASTERMIND_CACHE_DIR``
    names, else the user's cache directory as the platform's conventions place it; ``None``
    when the variable says ``off`` or is set empty."""
    environment = os.environ if environment is None else environment
    chosen = environment.get(CACHE_VARIABLE)
    if chosen is None:
        return platformdirs.user_cache_path(DISTRIBUTION, appauthor=False)
    if chosen.strip().casefold() in NO_CACHE:
        return None
    return Path(chosen).expanduser()


class CannotOpenGames(Exception):
    """The games cannot be opened: a broken file, a directory that refuses writes..."""


class UnusableStoreURL(CannotOpenGames):
    """``--store`` or ``MASTERMIND_STORE`` names no store: a mistake on the command line."""


@attrs.frozen
class StoreChoice:
    """Where the games are kept: a SQLite file (``--db``) or any store's URL (``--store``).

    ``url_is_remembered`` says that the URL came from the environment, so that the hint
    to resume a game need not repeat it.
    """

    database: Path | None = None
    url: str | None = None
    url_is_remembered: bool = False

    @property
    def where(self) -> str:
        """The store, named for the player; a URL's password stays hidden."""
        if self.url is not None:
            return StoreURL.parse(self.url).redacted
        return str(self.database or default_database())

    @property
    def store_url(self) -> str:
        """The store as a URL: a SQLite file's, unless a URL was given."""
        if self.url is not None:
            return self.url
        database = (self.database or default_database()).absolute()
        return f"sqlite:///{quote(str(database))}"

    @property
    def keeps_games(self) -> bool:
        """Whether games outlive the program: all but those of a store in memory."""
        return self.url is None or StoreURL.parse(self.url).keeps_games

    def command_options(self) -> str:
        """The options that open this store again, as typed in a shell, from any directory."""
        if self.url is not None and not self.url_is_remembered:
            return f" --store {shlex.quote(StoreURL.parse(self.url).redacted)}"
        if self.database is not None:
            return f" --db {shlex.quote(str(self.database.absolute()))}"
        return ""


@contextlib.contextmanager
def opened_games(choice: StoreChoice) -> Iterator[Games]:
    """The games kept where ``choice`` says, with the store closed afterwards.

    Raises:
        CannotOpenGames: the store cannot be opened, with the reason in one line.
    """
    with opened_application(choice) as application:
        yield application.games


@contextlib.contextmanager
def opened_application(
    choice: StoreChoice, environment: Mapping[str, str] | None = None
) -> Iterator[Application]:
    """The application over the store ``choice`` names, closed afterwards; ``environment``
    holds what it may read besides the options, none by default.

    Raises:
        CannotOpenGames: the store cannot be opened, with the reason in one line.
    """
    try:
        # The commands take the testing secret as an option of their own, so the
        # environment is not consulted twice.
        application = bootstrap(
            choice.store_url, environment=environment or {}, hint_cache=hint_cache_directory()
        )
    except UnsupportedStoreURL as error:
        raise UnusableStoreURL(str(error)) from error
    except (ImportError, OSError, StoreError) as error:
        raise CannotOpenGames(
            f"Cannot open the games at {choice.where}: {reason(error)}"
        ) from error
    try:
        yield application
    finally:
        application.close()


def short_ids(game_ids: Iterable[str]) -> dict[str, str]:
    """Each id cut to its first :data:`SHORT_ID` characters, or to as many more as tell it
    from every other id, so that each one typed back names its game alone."""
    ordered = sorted(set(game_ids))
    shortened = {}
    for index, game_id in enumerate(ordered):
        neighbours = ordered[max(index - 1, 0) : index] + ordered[index + 1 : index + 2]
        shared = max((_shared_start(game_id, other) for other in neighbours), default=0)
        shortened[game_id] = game_id[: max(SHORT_ID, shared + 1)]
    return shortened


def _shared_start(one: str, other: str) -> int:
    pairs = zip(one, other, strict=False)
    return next((at for at, (a, b) in enumerate(pairs) if a != b), min(len(one), len(other)))


def short_id(games: Games, game_id: str) -> str:
    """The id of one of ``games``, shortened as :func:`short_ids` shortens it among them all."""
    return short_ids([summary.game_id for summary in games.summaries()] + [game_id])[game_id]
