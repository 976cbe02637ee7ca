"""A store's URL, read once: its scheme, its path, and what follows from them."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

import attrs

__all__ = ["StoreURL"]


@attrs.frozen
class StoreURL:
    """The URL of an event store, as :func:`~mastermind.store.connect` reads it.

    Reading a URL never fails: ``connect`` refuses one that names no store.

    >>> url = StoreURL.parse("postgres://player:hunter2@db.example/games")
    >>> url.scheme, url.redacted
    ('postgresql', 'postgres://player:***@db.example/games')
    >>> StoreURL.parse("sqlite:///data/games.db").sqlite_file
    PosixPath('data/games.db')
    """

    text: str
    """The URL as given."""
    scheme: str
    """The scheme in lower case, ``postgresql`` for ``postgres`` too; empty without one."""
    host: str
    """What stands between ``//`` and the path: user, password, host and port."""
    path: str
    """The path, still quoted, with its leading ``/``."""
    query: str

    @classmethod
    def parse(cls, url: str) -> StoreURL:
        """The parts of ``url``."""
        if not isinstance(url, str):
            raise TypeError(f"url must be a str, not {type(url).__name__}")
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        scheme = "postgresql" if scheme == "postgres" else scheme
        return cls(url, scheme, parts.netloc, parts.path, parts.query)

    @property
    def keeps_games(self) -> bool:
        """Whether the games outlive the process: those of every store but one in memory."""
        return self.scheme != "memory"

    @property
    def is_postgres(self) -> bool:
        return self.scheme == "postgresql"

    @property
    def sqlite_file(self) -> Path | None:
        """The file a SQLite URL names, relative unless its path starts with ``//``."""
        path = unquote(self.path[1:])
        if self.scheme != "sqlite" or not path:
            return None
        return Path(path)

    @property
    def options(self) -> list[tuple[str, str]]:
        """The query's options, in order, blank ones kept."""
        return parse_qsl(self.query, keep_blank_values=True)

    def with_query(self, query: str) -> str:
        """The URL with ``query`` in place of its own."""
        return urlsplit(self.text)._replace(query=query).geturl()

    @property
    def redacted(self) -> str:
        """The URL without its password, fit for an error message or a log."""
        parts = urlsplit(self.text)
        if parts.password is None:
            return self.text
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
        return parts._replace(netloc=netloc).geturl()
