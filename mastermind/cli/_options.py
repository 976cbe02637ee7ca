"""The options the commands share: how a game is set up, where games are kept, how shown."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from mastermind.cli._palette import DEFAULT_PALETTE, PaletteChoiceError, choose_palette
from mastermind.cli._wiring import StoreChoice
from mastermind.config import SECRET_VARIABLE, STORE_VARIABLE
from mastermind.domain import (
    CLASSIC_PEGS,
    DEFAULT_ATTEMPTS,
    DEFAULT_LENGTH,
    MAX_ATTEMPTS,
    MAX_LENGTH,
)

__all__ = [
    "attempts_option",
    "colour_option",
    "colours_option",
    "game_id_argument",
    "game_setup_options",
    "json_option",
    "length_option",
    "plain_option",
    "secret_option",
    "store_choice",
    "store_options",
]

F = TypeVar("F", bound=Callable[..., Any])


def _palette(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    try:
        return choose_palette(value)
    except PaletteChoiceError as error:
        raise click.BadParameter(str(error), ctx, param) from None


def _options(*options: Callable[[F], F]) -> Callable[[F], F]:
    """Several options as one decorator, listed in ``--help`` in the order given."""

    def decorate(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


length_option = click.option(
    "--length",
    type=int,
    default=DEFAULT_LENGTH,
    show_default=True,
    help=f"Pegs in the secret code, 1 to {MAX_LENGTH}.",
)
attempts_option = click.option(
    "--attempts",
    type=int,
    default=DEFAULT_ATTEMPTS,
    show_default=True,
    help=f"Guesses allowed, 1 to {MAX_ATTEMPTS}.",
)
colours_option = click.option(
    "--colours",
    "--colors",
    "palette",
    metavar="N|NAMES",
    callback=_palette,
    default=str(len(CLASSIC_PEGS)),
    show_default=True,
    help=f"How many of {', '.join(DEFAULT_PALETTE)} to play with, or colour names of "
    'your own, such as "Ash Birch Cedar".',
)

secret_option = click.option(
    "--secret",
    envvar=SECRET_VARIABLE,
    hidden=True,
    help="The code maker's secret, for tests and demonstrations.",
)

game_setup_options = _options(
    length_option,
    attempts_option,
    colours_option,
    click.option("--unique", is_flag=True, help="No colour appears twice in the secret."),
    secret_option,
)

store_options = _options(
    click.option(
        "--db",
        "database",
        type=click.Path(dir_okay=False, path_type=Path),
        help="The SQLite file that keeps the games. [default: games.db in your data directory]",
    ),
    click.option(
        "--store",
        "store_url",
        metavar="URL",
        envvar=STORE_VARIABLE,
        show_envvar=True,
        help="Keep the games in another store: sqlite:///PATH, postgresql://..., memory://.",
    ),
)

colour_option = click.option(
    "--color/--no-color",
    "colour",
    default=None,
    help="Colour the output, or not. [default: colour on a terminal, unless NO_COLOR is set]",
)
plain_option = click.option(
    "--plain",
    is_flag=True,
    help="Write the game line after line, without colour or redrawing the board: for "
    "screen readers, logs and terminals that cannot clear their screen.",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON, for scripts.")
game_id_argument = click.argument("game_id")


def store_choice(database: Path | None, store_url: str | None) -> StoreChoice:
    """The store the options name; ``--db`` overrides a URL from the environment."""
    from_environment = (
        click.get_current_context().get_parameter_source("store_url") is ParameterSource.ENVIRONMENT
    )
    if database is not None and store_url is not None:
        if from_environment:
            return StoreChoice(database=database)
        raise click.UsageError("Give --db or --store, not both.")
    return StoreChoice(database, store_url, url_is_remembered=from_environment)
