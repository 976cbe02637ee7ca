"""Open an event store from a URL."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

from mastermind.store._codec import EventCodec
from mastermind.store._port import EventStore

SCHEMES = ("memory://", "sqlite:///PATH", "postgresql://USER@HOST/DATABASE")


class UnsupportedStoreURL(ValueError):
    """A URL that names no store this library can open."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(
            f"Cannot open an event store at {_redacted(url)!r}: {reason}. "
            f"Use one of {', '.join(SCHEMES)}."
        )
        self.url = url
        self.reason = reason


def connect(
    url: str,
    *,
    codec: EventCodec | None = None,
    max_connections: int = 10,
    connection_wait: float = 5.0,
) -> EventStore:
    """Open the event store that ``url`` names, keeping events through ``codec``.

    A PostgreSQL store keeps at most ``max_connections`` connections open, and a call
    waits at most ``connection_wait`` seconds for one before it fails with
    ``StoreUnavailable``.

    Without a codec, the store keeps Mastermind's events, reading old records through
    :func:`~mastermind.store.mastermind_upcasters`.

    - ``memory://``: a store in this process's memory, gone when the process ends.
    - ``sqlite:///games.db`` (relative) or ``sqlite:////var/lib/games.db`` (absolute): a
      SQLite file, created with its parent directories if missing. Add
      ``?synchronous=full`` to sync every commit to disk.
    - ``postgresql://user:password@host:5432/db``: a PostgreSQL database, which needs
      the ``postgres`` extra. Anything libpq accepts in a URL works.

    Raises:
        UnsupportedStoreURL: the URL names no store, or names one wrongly.
    """
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "memory":
        if parts.netloc or parts.path or parts.query:
            raise UnsupportedStoreURL(url, "a memory store takes no host, path or options")
        from mastermind.store.memory import InMemoryEventStore

        return InMemoryEventStore(codec=codec)
    if scheme == "sqlite":
        return _sqlite(url, codec)
    if scheme in ("postgresql", "postgres"):
        from mastermind.store.postgres import PostgresEventStore

        return PostgresEventStore(
            url, codec=codec, max_connections=max_connections, connection_wait=connection_wait
        )
    reason = f"the scheme {parts.scheme!r} is unknown" if scheme else "it has no scheme"
    raise UnsupportedStoreURL(url, reason)


def _sqlite(url: str, codec: EventCodec | None) -> EventStore:
    from mastermind.store.sqlite import SQLiteEventStore

    parts = urlsplit(url)
    if parts.netloc:
        raise UnsupportedStoreURL(
            url, f"a SQLite file has no host; write sqlite:///{parts.netloc}{parts.path}"
        )
    path = unquote(parts.path[1:])
    if not path or path == ":memory:":
        raise UnsupportedStoreURL(url, "a SQLite store needs a file path; for memory use memory://")
    options = dict(parse_qsl(parts.query, keep_blank_values=True))
    synchronous = options.pop("synchronous", "normal").upper()
    if options:
        raise UnsupportedStoreURL(url, f"unknown options {', '.join(sorted(options))}")
    if synchronous not in ("FULL", "NORMAL"):
        raise UnsupportedStoreURL(url, "synchronous is full or normal")
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return SQLiteEventStore(
        path, codec=codec, synchronous="FULL" if synchronous == "FULL" else "NORMAL"
    )


def _redacted(url: str) -> str:
    """The URL without its password, fit for an error message."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return parts._replace(netloc=netloc).geturl()
