"""Open an event store from a URL."""

from __future__ import annotations

from urllib.parse import quote

from mastermind.store._codec import EventCodec
from mastermind.store._port import EventStore
from mastermind.store._url import StoreURL

__all__ = ["UnsupportedStoreURL", "connect"]

SCHEMES = ("memory://", "sqlite:///PATH", "postgresql://USER@HOST/DATABASE")


class UnsupportedStoreURL(ValueError):
    """A URL that names no store this library can open."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(
            f"Cannot open an event store at {StoreURL.parse(url).redacted!r}: {reason}. "
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
    table: str | None = None,
    schema: str | None = None,
) -> EventStore:
    """Open the event store that ``url`` names, keeping events through ``codec``.

    ``table`` names the table the events are kept in, ``events`` unless given, and on
    PostgreSQL ``schema`` the schema it is in: two applications that want their events
    apart in one database each name their own. The URL may name them too, as
    ``?table=loans`` (and ``&schema=lending`` on PostgreSQL); a name given both ways must
    agree. A memory store is one application's alone and takes neither.

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
    parsed = StoreURL.parse(url)
    if parsed.scheme == "memory":
        if parsed.host or parsed.path or parsed.query or table or schema:
            raise UnsupportedStoreURL(url, "a memory store takes no host, path, table or options")
        from mastermind.store.memory import InMemoryEventStore

        return InMemoryEventStore(codec=codec)
    if parsed.scheme == "sqlite":
        if schema is not None:
            raise UnsupportedStoreURL(url, "a SQLite file has no schemas; name a table instead")
        return _sqlite(parsed, codec, table)
    if parsed.is_postgres:
        from mastermind.store.postgres import PostgresEventStore

        conninfo, named = _take_options(parsed, ("table", "schema"))
        return PostgresEventStore(
            conninfo,
            codec=codec,
            max_connections=max_connections,
            connection_wait=connection_wait,
            table=_or_events(_agreed(url, "table", table, named.get("table"))),
            schema=_agreed(url, "schema", schema, named.get("schema")),
        )
    scheme = parsed.scheme
    reason = f"the scheme {scheme!r} is unknown" if scheme else "it has no scheme"
    raise UnsupportedStoreURL(url, reason)


def _take_options(url: StoreURL, names: tuple[str, ...]) -> tuple[str, dict[str, str]]:
    """The URL without the options ``names``, which are the store's and not libpq's, and
    those options."""
    options = url.options
    taken = {name: value for name, value in options if name in names}
    if not taken:
        return url.text, taken
    kept = "&".join(
        f"{quote(name, safe='')}={quote(value, safe='')}"
        for name, value in options
        if name not in names
    )
    return url.with_query(kept), taken


def _agreed(url: str, name: str, given: str | None, in_url: str | None) -> str | None:
    if given is not None and in_url is not None and given != in_url:
        raise UnsupportedStoreURL(url, f"the {name} is {in_url!r} in the URL but {given!r} given")
    return given if given is not None else in_url


def _or_events(table: str | None) -> str:
    return "events" if table is None else table


def _sqlite(url: StoreURL, codec: EventCodec | None, table: str | None) -> EventStore:
    from mastermind.store.sqlite import SQLiteEventStore

    if url.host:
        raise UnsupportedStoreURL(
            url.text, f"a SQLite file has no host; write sqlite:///{url.host}{url.path}"
        )
    path = url.sqlite_file
    if path is None or str(path) == ":memory:":
        raise UnsupportedStoreURL(
            url.text, "a SQLite store needs a file path; for memory use memory://"
        )
    options = dict(url.options)
    synchronous = options.pop("synchronous", "normal").upper()
    table = _agreed(url.text, "table", table, options.pop("table", None))
    if options:
        raise UnsupportedStoreURL(url.text, f"unknown options {', '.join(sorted(options))}")
    if synchronous not in ("FULL", "NORMAL"):
        raise UnsupportedStoreURL(url.text, "synchronous is full or normal")
    path.parent.mkdir(parents=True, exist_ok=True)
    return SQLiteEventStore(
        str(path),
        codec=codec,
        synchronous="FULL" if synchronous == "FULL" else "NORMAL",
        table=_or_events(table),
    )
