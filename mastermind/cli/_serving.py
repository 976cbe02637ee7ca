"""``mastermind serve``: the web game, in the browser and over HTTP."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from urllib.parse import urlsplit

import click

from mastermind.bootstrap import SERVING_LIMITS, Limits, UnsupportedStoreURL
from mastermind.cli._options import store_choice, store_options
from mastermind.cli._wiring import CannotOpenGames, UnusableStoreURL, default_database, reason
from mastermind.service import StoreError

DEFAULTS = SERVING_LIMITS

POSTGRES_DEFAULT_MAX_CONNECTIONS = 100
"""PostgreSQL's ``max_connections`` unless its configuration raises it."""
SPARE_CONNECTIONS = 10
"""Connections left to everyone else: psql, backups, migrations, superusers."""


def _rate(ctx: click.Context, param: click.Parameter, value: str) -> str:
    try:
        from limits import parse
    except ImportError:  # serve reports the missing web extra by itself
        return value
    try:
        parse(value)
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is no rate: write it as 30/minute, 5/second or '100 per hour'.",
            ctx,
            param,
        ) from None
    return value


def _proxies(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    addresses = [address.strip() for address in value.split(",") if address.strip()]
    if not addresses:
        raise click.BadParameter("Name the proxy's address, such as 127.0.0.1.", ctx, param)
    for address in addresses:
        if address == "*":
            continue
        try:
            ipaddress.ip_network(address, strict=False)
        except ValueError:
            raise click.BadParameter(
                f"{address!r} is neither an IP address, a network such as 10.0.0.0/8, nor *.",
                ctx,
                param,
            ) from None
    return ",".join(addresses)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option(
    "--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="The port."
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Processes serving at once, on one store.",
)
@store_options
@click.option(
    "--trust-proxy",
    metavar="ADDRESSES",
    callback=_proxies,
    help="Believe X-Forwarded-For and X-Forwarded-Proto from these addresses only: IPs and "
    "networks separated by commas, or * for any. [default: believe no one]",
)
@click.option(
    "--create-rate",
    metavar="RATE",
    default=DEFAULTS.create_rate,
    show_default=True,
    callback=_rate,
    help="Games one client address may create, such as 30/minute.",
)
@click.option(
    "--hint-rate",
    metavar="RATE",
    default=DEFAULTS.hint_rate,
    show_default=True,
    callback=_rate,
    help="Hints one client address may ask for.",
)
@click.option(
    "--hint-workers",
    type=click.IntRange(0, 64),
    default=DEFAULTS.hint_workers,
    show_default=True,
    help="Processes of each worker that work out hints; 0 works them out in the server.",
)
@click.option(
    "--hint-queue",
    type=click.IntRange(min=0),
    default=DEFAULTS.hint_queue,
    show_default=True,
    help="Hints that may wait for a busy hint process; beyond them, a hint answers 503.",
)
@click.option(
    "--hint-seconds",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULTS.hint_seconds,
    show_default=True,
    help="The longest a hint may take before its work is stopped.",
)
@click.option(
    "--store-connections",
    type=click.IntRange(min=1),
    default=DEFAULTS.store_connections,
    show_default=True,
    help="Database connections each worker keeps at most (PostgreSQL).",
)
@click.option(
    "--store-wait",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULTS.store_wait,
    show_default=True,
    help="Seconds a request waits for a database connection before it answers 503.",
)
@click.option(
    "--streams-per-client",
    type=click.IntRange(min=1),
    default=DEFAULTS.streams_per_client,
    show_default=True,
    help="Live streams of games one client address may hold open at once; beyond them, 429.",
)
@click.option(
    "--streams",
    type=click.IntRange(min=1),
    default=DEFAULTS.streams,
    show_default=True,
    help="Live streams each worker holds open at most; beyond them, 503.",
)
@click.option(
    "--stream-heartbeat",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULTS.stream_heartbeat,
    show_default=True,
    help="Seconds between two heartbeats of a quiet live stream.",
)
@click.option(
    "--allow-many-connections",
    is_flag=True,
    help="Allow more than 90 PostgreSQL connections in all, for a server whose "
    "max_connections is raised.",
)
def serve(
    host: str,
    port: int,
    workers: int,
    database: Path | None,
    store_url: str | None,
    trust_proxy: str | None,
    create_rate: str,
    hint_rate: str,
    hint_workers: int,
    hint_queue: int,
    hint_seconds: float,
    store_connections: int,
    store_wait: float,
    streams_per_client: int,
    streams: int,
    stream_heartbeat: float,
    allow_many_connections: bool,
) -> None:
    """Serve the web game: the page at /, the HTTP API under /games.

    Servers that share a PostgreSQL store (--store postgresql://...) must share
    MASTERMIND_WEB_SECRET, the key of the players' tokens. Needs the web extra:
    pip install "mastermind-decider[web]".
    """
    try:
        from mastermind.web import InvalidTokenKey
        from mastermind.web import serve as serve_web
    except ImportError as error:
        raise click.ClickException(str(error)) from None
    choice = store_choice(database, store_url)
    url = choice.url or f"sqlite:///{(choice.database or default_database()).absolute()}"
    if not allow_many_connections:
        _check_connections(url, workers, store_connections)
    limits = Limits(
        create_rate=create_rate,
        hint_rate=hint_rate,
        hint_workers=hint_workers,
        hint_queue=hint_queue,
        hint_seconds=hint_seconds,
        store_connections=store_connections,
        store_wait=store_wait,
        streams_per_client=streams_per_client,
        streams=streams,
        stream_heartbeat=stream_heartbeat,
    )
    try:
        serve_web(host, port, url, workers, limits=limits, trust_proxy=trust_proxy)
    except UnsupportedStoreURL as error:
        raise UnusableStoreURL(str(error)) from error
    except InvalidTokenKey as error:
        raise click.ClickException(str(error)) from None
    except StoreError as error:
        raise CannotOpenGames(
            f"Cannot open the games at {choice.where}: {reason(error)}"
        ) from error


def _check_connections(url: str, workers: int, store_connections: int) -> None:
    """Refuse more PostgreSQL connections than its default limit leaves for a server:
    past it, requests fail with "too many clients" under load, not at start."""
    if urlsplit(url).scheme.lower() not in ("postgresql", "postgres"):
        return
    wanted = workers * store_connections
    allowed = POSTGRES_DEFAULT_MAX_CONNECTIONS - SPARE_CONNECTIONS
    if wanted > allowed:
        raise click.UsageError(
            f"{workers} workers of {store_connections} connections each may open {wanted} "
            f"PostgreSQL connections, more than the {allowed} that PostgreSQL's default "
            f"max_connections of {POSTGRES_DEFAULT_MAX_CONNECTIONS} leaves for a server. "
            "Give fewer --workers or --store-connections, or, if the database's "
            "max_connections is raised, --allow-many-connections."
        )
