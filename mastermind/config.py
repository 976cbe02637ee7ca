"""Every setting of the application and of its server, declared once.

Each setting is a field with its default, its help text and, where it has one, its
environment variable. The environment is read here and nowhere else, by
:meth:`Settings.from_environment`; ``bootstrap`` takes the settings it returns, and
``mastermind serve`` makes one option of each field of :class:`ServerSettings` and
:class:`Limits`. The policy of the players' tokens' key is here too: the key in
``MASTERMIND_WEB_SECRET``; else, for a SQLite store, a key file next to its database;
else a key good for this process only.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import attrs

from mastermind.service import KEY_VARIABLE
from mastermind.service._tokens import key_from_environment_or_file
from mastermind.store import StoreURL, UnsupportedStoreURL

__all__ = [
    "DEFAULT_STORE_URL",
    "KEY_VARIABLE",
    "LIMITS_STORAGE_VARIABLE",
    "LIMITS_VARIABLE",
    "PUBLIC_URL_VARIABLE",
    "SECRET_VARIABLE",
    "SERVING_LIMITS",
    "STORE_VARIABLE",
    "Declared",
    "Limits",
    "ServerSettings",
    "Settings",
    "StoreURL",
    "UnsupportedStoreURL",
    "declared",
    "default_database",
    "public_url",
    "tokens_key",
]

STORE_VARIABLE = "MASTERMIND_STORE"
SECRET_VARIABLE = "MASTERMIND_SECRET"
LIMITS_VARIABLE = "MASTERMIND_LIMITS"
LIMITS_STORAGE_VARIABLE = "MASTERMIND_LIMITS_STORAGE"
PUBLIC_URL_VARIABLE = "MASTERMIND_PUBLIC_URL"
LIMITS_STORAGE_SCHEMES = ("memory", "redis", "rediss", "redis+unix")
"""What the limits may be counted in: each process's memory, or a Redis server."""
DEFAULT_STORE_URL = "sqlite:///mastermind.db"

log = logging.getLogger("mastermind")


@attrs.frozen(kw_only=True)
class Declared:
    """What a setting says of itself, beside its name and its default."""

    help: str
    variable: str | None = None
    """The environment variable that holds it, if any."""
    at_least: float | None = None
    above: float | None = None
    at_most: float | None = None
    metavar: str | None = None
    option: str | None = None
    """The command line's name for it, where it is not the field's name with dashes."""
    check: Callable[[Any], Any] | None = None
    """What a value typed on the command line must pass: it returns the value to keep,
    or raises ``ValueError``."""
    read: Callable[[str], Any] = str
    """The value a non-empty environment variable holds."""


def setting(default: Any, help: str | Declared, **declaration: Any) -> Any:
    """A field of settings: its default, and what :class:`Declared` holds of it, or the
    declaration itself where two kinds of settings share it."""
    said = help if isinstance(help, Declared) else Declared(help=help, **declaration)
    return attrs.field(default=default, validator=_within(said), metadata={"declared": said})


def declared(settings: type[Any]) -> Iterator[tuple[attrs.Attribute[Any], Declared]]:
    """The fields of a class of settings, in order, with their declarations."""
    for field in attrs.fields(settings):
        yield field, field.metadata["declared"]


def _within(said: Declared) -> Callable[[object, attrs.Attribute[Any], Any], None]:
    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if said.at_least is not None and not value >= said.at_least:
            raise ValueError(f"{attribute.name} must be at least {said.at_least}, not {value!r}")
        if said.above is not None and not value > said.above:
            raise ValueError(f"{attribute.name} must be more than {said.above}, not {value!r}")
        if said.at_most is not None and not value <= said.at_most:
            raise ValueError(f"{attribute.name} must be at most {said.at_most}, not {value!r}")

    return check


def _rate(text: str) -> str:
    try:
        from limits import parse
    except ImportError:  # without the web extra, nothing serves rates to check
        return text
    try:
        parse(text)
    except ValueError:
        raise ValueError(
            f"{text!r} is no rate: write it as 30/minute, 5/second or '100 per hour'."
        ) from None
    return text


def limits_storage(text: str) -> str:
    """``text``, if it names a place to count the limits in: ``memory://`` or a Redis URL.

    Raises:
        ValueError: it names none.
    """
    scheme, separator, _ = text.strip().partition("://")
    if not separator or scheme.lower() not in LIMITS_STORAGE_SCHEMES:
        raise ValueError(
            f"{text!r} is no place to count the limits in: write memory://, or "
            "redis://HOST:PORT for a Redis server that every worker and machine shares."
        )
    return text.strip()


def public_url(text: str | None) -> str | None:
    """``text``, if it is the address players open the page at: an ``http`` or ``https``
    URL with a host, and no query, fragment or password; kept without its last ``/``.

    Invites are built on it, never on the ``Host`` a request names.

    Raises:
        TypeError: ``text`` is neither a str nor ``None``.
        ValueError: it is no such address.
    """
    if text is None:
        return None
    if not isinstance(text, str):
        raise TypeError(f"public_url must be a str or None, not {type(text).__name__}")
    url = text.strip()
    example = "write it as https://mastermind.example, the address players open the page at."
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - a port out of range raises here
    except ValueError:
        raise ValueError(f"{text!r} is no URL: {example}") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{text!r} is no http or https address: {example}")
    if parts.query or parts.fragment or "?" in url or "#" in url:
        raise ValueError(f"{text!r} has a query or a fragment, which an invite adds: {example}")
    if parts.username is not None or parts.password is not None:
        raise ValueError(f"{text!r} names a user, which every invite would show: {example}")
    return url.rstrip("/")


PUBLIC_URL = Declared(
    help="The address players open the page at, such as https://mastermind.example, "
    "behind a proxy or a name of its own: invites are built on it. [default: links "
    "relative to the page]",
    variable=PUBLIC_URL_VARIABLE,
    metavar="URL",
    check=public_url,
    read=public_url,
)
"""The public address, as the server's option and the application's setting declare it."""


def _proxies(text: str | None) -> str | None:
    if text is None:
        return None
    addresses = [address.strip() for address in text.split(",") if address.strip()]
    if not addresses:
        raise ValueError("Name the proxy's address, such as 127.0.0.1.")
    for address in addresses:
        if address == "*":
            continue
        try:
            ipaddress.ip_network(address, strict=False)
        except ValueError:
            raise ValueError(
                f"{address!r} is neither an IP address, a network such as 10.0.0.0/8, nor *."
            ) from None
    return ",".join(addresses)


@attrs.frozen(kw_only=True)
class Limits:
    """How much one process takes on, so that no client can starve the others.

    The defaults suit one process of the terminal game; :data:`SERVING_LIMITS`, one
    server process: a person playing never meets them, and a script hammering the server
    soon does. Rates are per client address, written as ``"30/minute"``, ``"5/second"``
    or ``"100 per hour"``. Each field's help is in :func:`declared`, as ``serve --help``
    shows it.
    """

    create_rate: str = setting(
        "30/minute", "Games one client address may create.", metavar="RATE", check=_rate
    )
    hint_rate: str = setting(
        "60/minute", "Hints one client address may ask for.", metavar="RATE", check=_rate
    )
    new_player_rate: str = setting(
        "20/day",
        "New players of the daily code one client address may make: POST /daily without "
        "a player cookie or token. A returning player is never counted.",
        metavar="RATE",
        check=_rate,
    )
    hint_workers: int = setting(
        0,
        "Processes of each worker that work out hints; 0 works them out in the asking thread.",
        at_least=0,
        at_most=64,
    )
    hint_queue: int = setting(
        4,
        "Hints that may wait for a busy hint process; beyond them, a hint answers 503.",
        at_least=0,
    )
    hint_seconds: float = setting(
        10.0, "The longest a hint may take before its work is stopped.", above=0
    )
    hint_budget: float = setting(
        0.8,
        "Seconds of processor time a hint's search may take before it answers the best "
        "guess found so far.",
        above=0,
    )
    store_connections: int = setting(
        10, "Database connections each worker keeps at most (PostgreSQL).", at_least=1
    )
    store_wait: float = setting(
        5.0,
        "Seconds a request waits for a database connection before it answers 503.",
        above=0,
    )
    stream_heartbeat: float = setting(
        15.0,
        "Seconds between two heartbeats of a quiet live stream, which keep proxies from "
        "closing it.",
        above=0,
    )
    streams_per_client: int = setting(
        8,
        "Live streams of games one client address may hold open at once; beyond them, 429.",
        at_least=1,
    )
    streams: int = setting(
        1000, "Live streams each worker holds open at most; beyond them, 503.", at_least=1
    )
    storage: str = setting(
        "memory://",
        "Where the rates and each client's open streams are counted: memory:// counts in "
        "each worker apart; redis://HOST:PORT counts once for every worker and machine "
        "that names the same Redis.",
        option="--limits-storage",
        metavar="URL",
        variable=LIMITS_STORAGE_VARIABLE,
        check=limits_storage,
    )
    stream_queue: int = setting(
        64,
        "Events one live stream may have waiting for its client; beyond them, the stream "
        "ends with a last message saying why, and the client resumes with Last-Event-ID.",
        at_least=1,
    )
    stream_buffer: int = setting(
        16384,
        "Bytes of unsent answer the kernel holds for one connection of mastermind serve "
        "(SO_SNDBUF), rather than letting a client that reads slowly pin megabytes.",
        at_least=4096,
    )
    stream_stall: float = setting(
        10.0,
        "Seconds a connection of mastermind serve may hold back answers its client does "
        "not read before it is cut, and its live stream's place given back.",
        above=0,
    )

    @classmethod
    def from_environment(cls, environment: Mapping[str, str]) -> Limits:
        """The limits ``MASTERMIND_LIMITS`` holds as JSON, the defaults for those it leaves
        out, counted where ``MASTERMIND_LIMITS_STORAGE`` says when it is set.

        Raises:
            ValueError: the variable is no JSON object of known limits, or the storage
                is no place to count them in.
        """
        limits = cls.from_text(environment.get(LIMITS_VARIABLE, ""))
        storage = environment.get(LIMITS_STORAGE_VARIABLE, "")
        return attrs.evolve(limits, storage=limits_storage(storage)) if storage.strip() else limits

    @classmethod
    def from_text(cls, text: str) -> Limits:
        """The limits ``text`` holds as JSON, as ``MASTERMIND_LIMITS`` does.

        Raises:
            ValueError: the text is no JSON object of known limits.
        """
        if not text.strip():
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


@attrs.frozen(kw_only=True)
class Settings:
    """What the application reads from its environment, read once."""

    store_url: str | None = setting(
        DEFAULT_STORE_URL,
        "The store that keeps the games: sqlite:///PATH, postgresql://..., memory://.",
        variable=STORE_VARIABLE,
    )
    """``None`` where the store is handed in, not named."""
    fixed_secret: str = setting(
        "",
        "The code maker's secret for every game, to test and to demonstrate.",
        variable=SECRET_VARIABLE,
    )
    players_key: str = attrs.field(
        default="",
        repr=False,
        metadata={
            "declared": Declared(
                help="The key of the players' tokens, shared by every server of a store.",
                variable=KEY_VARIABLE,
            )
        },
    )
    limits: Limits = setting(  # noqa: RUF009 - setting() is an attrs field
        Limits(),
        "What one process takes on, as JSON: its rates, hint workers and streams.",
        variable=LIMITS_VARIABLE,
        read=Limits.from_text,
    )
    public_url: str | None = setting(None, PUBLIC_URL)
    """Where the players open the page, if set: the invites' address."""

    @classmethod
    def from_environment(cls, environment: Mapping[str, str] | None = None) -> Settings:
        """The settings that ``environment``, by default the process's, holds; the
        defaults for the variables it leaves out or sets empty.

        Raises:
            ValueError: ``MASTERMIND_LIMITS`` holds no limits.
        """
        environment = os.environ if environment is None else environment
        given = {}
        for field, said in declared(cls):
            text = environment.get(said.variable or "", "")
            if text.strip():
                given[field.name] = said.read(text)
        given["limits"] = Limits.from_environment(environment)
        return cls(**given)

    @property
    def key_file(self) -> Path | None:
        """Where a SQLite store keeps the tokens' key: next to its database."""
        database = None if self.store_url is None else StoreURL.parse(self.store_url).sqlite_file
        return None if database is None else database.with_name(database.name + ".key")

    @property
    def lasting_key(self) -> bool:
        """Whether the tokens' key outlives this process: given, or kept in a file."""
        return bool(self.players_key) or self.key_file is not None

    def tokens_key(self) -> str:
        """The key of the players' tokens: ``MASTERMIND_WEB_SECRET``; else, for a SQLite
        store, a key file next to its database, made on first use; else a fresh key, good
        for this process only.

        Raises:
            InvalidTokenKey: the key is too short to be safe.
        """
        key_file = self.key_file
        if key_file is not None:
            key_file.parent.mkdir(parents=True, exist_ok=True)
        elif not self.players_key:
            log.warning(
                "%s is not set: players' tokens are good for this process only.", KEY_VARIABLE
            )
        given = {KEY_VARIABLE: self.players_key} if self.players_key else {}
        return key_from_environment_or_file(key_file, given)


def tokens_key(store_url: str | None, environment: Mapping[str, str]) -> str:
    """The players' tokens' key, as :meth:`Settings.tokens_key` chooses it, for the store
    at ``store_url`` and the key in ``environment``.

    Raises:
        InvalidTokenKey: the key is too short to be safe.
    """
    return Settings(store_url=store_url, players_key=environment.get(KEY_VARIABLE, "")).tokens_key()


def default_database() -> Path:
    """``games.db`` in the user's data directory, as the platform's conventions place it:
    the store of the terminal game and of ``serve`` when none is named."""
    import platformdirs  # the cli extra's, as the commands that ask for it are

    return platformdirs.user_data_path("mastermind", appauthor=False) / "games.db"


@attrs.frozen(kw_only=True)
class ServerSettings:
    """What ``mastermind serve`` takes besides its :class:`Limits`."""

    host: str = setting("127.0.0.1", "The address to listen on.")
    port: int = setting(8000, "The port.", at_least=1, at_most=65535)
    workers: int = setting(1, "Processes serving at once, on one store.", at_least=1, at_most=64)
    database: Path | None = setting(  # noqa: RUF009 - setting() is an attrs field
        None,
        "The SQLite file that keeps the games. [default: games.db in your data directory]",
        option="--db",
    )
    store_url: str | None = setting(
        None,
        "Keep the games in another store: sqlite:///PATH, postgresql://..., memory://.",
        option="--store",
        metavar="URL",
        variable=STORE_VARIABLE,
    )
    trust_proxy: str | None = setting(
        None,
        "Believe X-Forwarded-For and X-Forwarded-Proto from these addresses only: IPs and "
        "networks separated by commas, or * for any. [default: believe no one]",
        metavar="ADDRESSES",
        check=_proxies,
    )
    public_url: str | None = setting(None, PUBLIC_URL)
    allow_many_connections: bool = setting(
        False,
        "Allow more than 90 PostgreSQL connections in all, for a server whose "
        "max_connections is raised.",
    )
