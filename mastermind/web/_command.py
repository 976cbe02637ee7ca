"""``mastermind serve``: the web game, in the browser and over HTTP, as a click command.

Its options are made from the declarations of :class:`~mastermind.config.ServerSettings`
and :class:`~mastermind.config.Limits`, one option per setting, with its help, its
default and its bounds, so that a setting is described in one place.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import attrs
import click
from click.core import ParameterSource

from mastermind._reasons import reason
from mastermind.config import (
    SERVING_LIMITS,
    Declared,
    Limits,
    ServerSettings,
    StoreURL,
    UnsupportedStoreURL,
    declared,
    default_database,
)
from mastermind.service import InvalidTokenKey, StoreError
from mastermind.web._limits_storage import require_redis
from mastermind.web._server import serve as serve_web

__all__ = ["reach", "serve"]

F = TypeVar("F", bound=Callable[..., Any])

POSTGRES_DEFAULT_MAX_CONNECTIONS = 100
"""PostgreSQL's ``max_connections`` unless its configuration raises it."""
SPARE_CONNECTIONS = 10
"""Connections left to everyone else: psql, backups, migrations, superusers."""


class _Misuse(click.ClickException):
    """A command line that names no store: a usage error, said in the store's own words."""

    exit_code = 2


def _option(field: attrs.Attribute[Any], said: Declared, default: Any) -> Callable[[F], F]:
    """The click option of one setting, as its declaration describes it."""
    kinds = typing.get_args(field.type) or (field.type,)
    kind = next(kind for kind in kinds if kind is not type(None))
    extra: dict[str, Any] = {}
    if kind is bool:
        extra["is_flag"] = True
    elif kind is int:
        low = said.at_least if said.above is None else said.above + 1
        extra["type"] = click.IntRange(_whole(low), _whole(said.at_most))
    elif kind is float:
        low = said.at_least if said.above is None else said.above
        extra["type"] = click.FloatRange(low, said.at_most, min_open=said.above is not None)
    elif kind is Path:
        extra["type"] = click.Path(dir_okay=False, path_type=Path)
    if said.variable is not None:
        extra.update(envvar=said.variable, show_envvar=True)
    if said.check is not None:
        extra["callback"] = _checked(said.check)
    return click.option(
        said.option or f"--{field.name.replace('_', '-')}",
        field.name,
        default=default,
        show_default=default is not None and kind is not bool,
        metavar=said.metavar,
        help=said.help,
        **extra,
    )


def _whole(bound: float | None) -> int | None:
    return None if bound is None else int(bound)


def _checked(check: Callable[[Any], Any]) -> Callable[[click.Context, click.Parameter, Any], Any]:
    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        try:
            return check(value)
        except ValueError as error:
            raise click.BadParameter(str(error), ctx, param) from None

    return callback


def _settings_options(command: F) -> F:
    """Every server setting, then every limit, as options in that order in ``--help``."""
    attrs.resolve_types(ServerSettings)
    attrs.resolve_types(Limits)
    server = ServerSettings()
    options = [(f, said, getattr(server, f.name)) for f, said in declared(ServerSettings)]
    options += [(f, said, getattr(SERVING_LIMITS, f.name)) for f, said in declared(Limits)]
    for field, said, default in reversed(options):
        command = _option(field, said, default)(command)
    return command


@click.command()
@_settings_options
@click.pass_context
def serve(ctx: click.Context, /, **values: Any) -> None:
    """Serve the web game: the page at /, the HTTP API under /games.

    Servers that share a PostgreSQL store (--store postgresql://...) must share
    MASTERMIND_WEB_SECRET, the key of the players' tokens; with --limits-storage
    redis://HOST:PORT, they count every client's rates and streams together. Needs the
    web extra: pip install "mastermind-decider[web]".
    """
    names = {field.name for field, _ in declared(ServerSettings)}
    server = ServerSettings(**{name: values.pop(name) for name in names})
    limits = Limits(**values)
    database, url = server.database, server.store_url
    if database is not None and url is not None:
        if ctx.get_parameter_source("store_url") is not ParameterSource.ENVIRONMENT:
            raise click.UsageError("Give --db or --store, not both.")
        url = None  # --db overrides the URL the environment remembers
    where = StoreURL.parse(url).redacted if url else str(database or default_database())
    url = url or f"sqlite:///{(database or default_database()).absolute()}"
    if not server.allow_many_connections:
        _check_connections(url, server.workers, limits.store_connections)
    try:
        require_redis(limits.storage)
    except ImportError as error:
        raise click.ClickException(str(error)) from None
    for line in reach(server.host, server.port, server.public_url):
        click.echo(line)
    try:
        serve_web(
            server.host,
            server.port,
            url,
            server.workers,
            limits=limits,
            trust_proxy=server.trust_proxy,
            public_url=server.public_url,
        )
    except UnsupportedStoreURL as error:
        raise _Misuse(str(error)) from error
    except InvalidTokenKey as error:
        raise click.ClickException(str(error)) from None
    except StoreError as error:
        raise click.ClickException(f"Cannot open the games at {where}: {reason(error)}") from error


OUTSIDE_POOL = 2
"""Connections of a worker's PostgreSQL store outside its pool: the one that listens for
new events, and the one that notifies of its appends."""


def _check_connections(url: str, workers: int, store_connections: int) -> None:
    """Refuse more PostgreSQL connections than its default limit leaves for a server:
    past it, requests fail with "too many clients" under load, not at start."""
    if not StoreURL.parse(url).is_postgres:
        return
    wanted = workers * (store_connections + OUTSIDE_POOL)
    allowed = POSTGRES_DEFAULT_MAX_CONNECTIONS - SPARE_CONNECTIONS
    if wanted > allowed:
        raise click.UsageError(
            f"{workers} workers of {store_connections} connections each, and "
            f"{OUTSIDE_POOL} more outside the pool, may open {wanted} "
            f"PostgreSQL connections, more than the {allowed} that PostgreSQL's default "
            f"max_connections of {POSTGRES_DEFAULT_MAX_CONNECTIONS} leaves for a server. "
            "Give fewer --workers or --store-connections, or, if the database's "
            "max_connections is raised, --allow-many-connections."
        )


EVERY_ADDRESS = {"0.0.0.0": (socket.AF_INET,), "::": (socket.AF_INET6,)}
"""The hosts that listen on every address of this machine, and the family each takes:
asyncio listens on ``::`` for IPv6 alone."""
_ROUTE_PROBES = {socket.AF_INET: "192.0.2.1", socket.AF_INET6: "2001:db8::1"}
"""Addresses reserved for documentation: a UDP socket connected towards one learns the
address this machine would send from, and sends nothing."""


def reach(host: str, port: int, public_url: str | None) -> list[str]:
    """What ``serve`` says at start of where a friend on another machine can open the
    game: every address of this machine when it listens on all, or why they cannot."""
    if host in EVERY_ADDRESS:
        found = own_addresses(EVERY_ADDRESS[host])
        if found:
            lines = ["A friend on your network can open the game at:"]
            lines += [f"  {_url(address, port)}" for address in found]
        else:
            lines = [
                "No address of this machine but loopback was found: a friend can reach it "
                "only through a proxy, or a name of its own."
            ]
        if public_url is not None:
            return [*lines, f"Invites lead to {public_url}/."]
        if found:
            lines.append(
                "Open the page at one of these yourself: an invite leads to the address "
                "its maker opened the page at."
            )
        lines.append(
            "Behind a proxy, or at a name of its own, give --public-url URL (or "
            "MASTERMIND_PUBLIC_URL) so that invites lead there."
        )
        return lines
    if host == "localhost" or _is_loopback(host):
        return [
            f"Listening on {host} only: a friend on another machine cannot reach "
            f"{_url(host, port)}. To play with one, serve --host 0.0.0.0 and send them one "
            "of the addresses it prints."
        ]
    return [f"A friend can open the game at {_url(host, port)}."]


def own_addresses(families: tuple[socket.AddressFamily, ...]) -> list[str]:
    """This machine's addresses of ``families`` that another machine may reach: those
    its name resolves to, and the one it would send from by its default route; neither
    loopback nor link-local, IPv4 first."""
    found: dict[str, ipaddress.IPv4Address | ipaddress.IPv6Address] = {}
    for text in _candidates(families):
        try:
            address = ipaddress.ip_address(text.partition("%")[0])
        except ValueError:
            continue
        if not (address.is_loopback or address.is_link_local or address.is_unspecified):
            found.setdefault(str(address), address)
    return sorted(found, key=lambda text: (found[text].version, found[text]))


def _candidates(families: tuple[socket.AddressFamily, ...]) -> Iterator[str]:
    with contextlib.suppress(OSError):
        for named, _, _, _, address in socket.getaddrinfo(socket.gethostname(), None):
            if named in families:
                yield str(address[0])
    for family in families:
        with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((_ROUTE_PROBES[family], 9))  # a UDP connect sends nothing
            yield str(probe.getsockname()[0])


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"
