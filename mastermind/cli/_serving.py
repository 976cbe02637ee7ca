"""``mastermind serve``: the web game, in the browser and over HTTP."""

from __future__ import annotations

from pathlib import Path

import click

from mastermind.bootstrap import UnsupportedStoreURL
from mastermind.cli._options import store_choice, store_options
from mastermind.cli._wiring import UnusableStoreURL, default_database


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
def serve(host: str, port: int, workers: int, database: Path | None, store_url: str | None) -> None:
    """Serve the web game: the page at /, the HTTP API under /games.

    Servers that share a PostgreSQL store (--store postgresql://...) must share
    MASTERMIND_WEB_SECRET, the key of the players' tokens. Needs the web extra:
    pip install ".[web]" from a checkout.
    """
    try:
        from mastermind.web import InvalidTokenKey
        from mastermind.web import serve as serve_web
    except ImportError as error:
        raise click.ClickException(str(error)) from None
    choice = store_choice(database, store_url)
    url = choice.url or f"sqlite:///{(choice.database or default_database()).absolute()}"
    try:
        serve_web(host, port, url, workers)
    except UnsupportedStoreURL as error:
        raise UnusableStoreURL(str(error)) from error
    except InvalidTokenKey as error:
        raise click.ClickException(str(error)) from None
