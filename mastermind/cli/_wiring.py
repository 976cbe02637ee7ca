"""The one place the terminal game picks its adapters: the store that keeps the games."""

from __future__ import annotations

import contextlib
import shlex
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import attrs
import platformdirs

from mastermind.bootstrap import bootstrap
from mastermind.domain import GameError, Outcome
from mastermind.service import GameNotFound, Games
from mastermind.store import (
    CorruptRecord,
    EventStore,
    SQLiteEventStore,
    StoreClosed,
    UnsupportedStoreURL,
    VersionConflict,
    connect,
)


def default_database() -> Path:
    """``games.db`` in the user's data directory, as the platform's conventions place it."""
    return platformdirs.user_data_path("mastermind", appauthor=False) / "games.db"


class StoreUnavailable(Exception):
    """The games cannot be opened or read: a broken file, a directory that refuses writes..."""


class UnusableStoreURL(StoreUnavailable):
    """``--store`` or ``MASTERMIND_STORE`` names no store: a mistake on the command line."""


class AmbiguousGameId(GameError):
    def __init__(self, game_id: str, matches: list[str]) -> None:
        shown = ", ".join(matches[:3]) + (", ..." if len(matches) > 3 else "")
        super().__init__(
            game_id,
            f"The id {game_id!r} could be any of {len(matches)} games ({shown}): type more of it.",
        )
        self.matches = tuple(matches)


class NoGameInPlay(GameError):
    def __init__(self) -> None:
        super().__init__("", "No game is in play: start one with 'mastermind play'.")


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
            return _without_password(self.url)
        return str(self.database or default_database())

    @property
    def keeps_games(self) -> bool:
        """Whether games outlive the program: all but those of a store in memory."""
        return self.url is None or urlsplit(self.url).scheme.lower() != "memory"

    def command_options(self) -> str:
        """The options that open this store again, as typed in a shell, from any directory."""
        if self.url is not None and not self.url_is_remembered:
            return f" --store {shlex.quote(_without_password(self.url))}"
        if self.database is not None:
            return f" --db {shlex.quote(str(self.database.absolute()))}"
        return ""


def store_errors() -> tuple[type[Exception], ...]:
    """What a store may raise when its database fails, for the command line to report."""
    errors: list[type[Exception]] = [
        CorruptRecord,
        OSError,
        StoreClosed,
        VersionConflict,
        sqlite3.Error,
    ]
    # PostgreSQL's driver is loaded only by a PostgreSQL store, and only if installed.
    psycopg = sys.modules.get("psycopg")
    if psycopg is not None:
        errors.append(psycopg.Error)
    return tuple(errors)


@contextlib.contextmanager
def opened_games(choice: StoreChoice) -> Iterator[Games]:
    """The games kept where ``choice`` says, with the store closed afterwards.

    Raises:
        StoreUnavailable: the store cannot be opened, with the reason in one line.
    """
    store = _open_store(choice)
    try:
        # The commands take the testing secret as an option of their own, so the
        # environment is not consulted twice.
        yield bootstrap(store, environment={})
    finally:
        store.close()


def resolve_game_id(games: Games, typed: str) -> str:
    """The game that ``typed`` names: its whole id, or the start of just one game's id.

    Raises:
        GameNotFound: no game's id is or starts with ``typed``.
        AmbiguousGameId: several games' ids start with ``typed``.
    """
    typed = typed.strip()
    if not typed:
        raise GameNotFound(typed)
    if games.store.load(typed).version:
        return typed
    matches = [
        summary.game_id for summary in games.summaries() if summary.game_id.startswith(typed)
    ]
    if not matches:
        raise GameNotFound(typed)
    if len(matches) > 1:
        raise AmbiguousGameId(typed, matches)
    return matches[0]


def latest_game_in_play(games: Games) -> str:
    """The game most recently started among those still in play.

    Raises:
        NoGameInPlay: every game is over, or there is none.
    """
    in_play = [s.game_id for s in games.summaries() if s.outcome is Outcome.IN_PROGRESS]
    if not in_play:
        raise NoGameInPlay()
    return in_play[-1]


def _open_store(choice: StoreChoice) -> EventStore:
    try:
        if choice.url is not None:
            return connect(choice.url)
        database = choice.database or default_database()
        database.parent.mkdir(parents=True, exist_ok=True)
        # A power cut may cost the last guess, never the file: worth it for a game that
        # answers at once.
        return SQLiteEventStore(database, synchronous="NORMAL")
    except UnsupportedStoreURL as error:
        raise UnusableStoreURL(str(error)) from error
    except Exception as error:
        if not isinstance(error, (ImportError, ValueError, *store_errors())):
            raise
        raise StoreUnavailable(
            f"Cannot open the games at {choice.where}: {reason(error)}"
        ) from error


def reason(error: Exception) -> str:
    """An error's message as one sentence; for a system call, without the file it names."""
    text = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    sentence = " ".join(text.split())
    return sentence if sentence.endswith((".", "?", "!")) else f"{sentence}."


def _without_password(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    return parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@", 1)).geturl()
