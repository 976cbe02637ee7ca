"""The options the commands share: the rules a game is played by, where games are kept, and
how they are shown."""

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
    PRESETS,
    Rules,
    rules_named,
)

__all__ = [
    "attempts_option",
    "chosen_rules",
    "colour_option",
    "colours_option",
    "game_id_argument",
    "game_setup_options",
    "json_option",
    "length_option",
    "plain_option",
    "rules_option",
    "secret_option",
    "store_choice",
    "store_options",
    "unique_option",
]

F = TypeVar("F", bound=Callable[..., Any])


def _options(*options: Callable[[F], F]) -> Callable[[F], F]:
    """Several options as one decorator, listed in ``--help`` in the order given."""

    def decorate(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


rules_option = click.option(
    "--rules",
    "preset",
    type=click.Choice(tuple(PRESETS), case_sensitive=False),
    metavar="NAME",
    help=f"The member of the Mastermind family to play: {', '.join(PRESETS)}. The options "
    "below change the rules chosen where given. [default: classic]",
)
length_option = click.option(
    "--length",
    type=int,
    help=f"Pegs in the secret code, 1 to {MAX_LENGTH}. [default: the rules', {DEFAULT_LENGTH} "
    "in the classic game]",
)
attempts_option = click.option(
    "--attempts",
    type=int,
    help=f"Guesses allowed, 1 to {MAX_ATTEMPTS}. [default: the rules', {DEFAULT_ATTEMPTS} in "
    "the classic game]",
)
colours_option = click.option(
    "--colours",
    "--colors",
    "colours",
    metavar="N|NAMES",
    help=f"How many of {', '.join(DEFAULT_PALETTE)} to play with (of the digits, in Bulls "
    'and Cows), or colour names of your own, such as "Ash Birch Cedar". [default: the '
    f"rules', {len(CLASSIC_PEGS)} in the classic game]",
)
unique_option = click.option(
    "--unique", is_flag=True, help="No colour appears twice in the secret, nor in a guess."
)

secret_option = click.option(
    "--secret",
    envvar=SECRET_VARIABLE,
    hidden=True,
    help="The code maker's secret, for tests and demonstrations.",
)

game_setup_options = _options(
    rules_option, length_option, attempts_option, colours_option, unique_option, secret_option
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


def chosen_rules(
    preset: str | None,
    length: int | None = None,
    attempts: int | None = None,
    colours: str | None = None,
    unique: bool = False,
) -> Rules:
    """The rules ``--rules`` names, the classic game without it, changed by whichever of
    ``--length``, ``--attempts``, ``--colours`` and ``--unique`` are given.

    The rules are judged when the game starts, which refuses them with the reason.

    Raises:
        click.BadParameter: ``--colours`` asks for a palette that cannot be offered.
    """
    rules = PRESETS["classic"] if preset is None else rules_named(preset)
    try:
        symbols = None if colours is None else choose_palette(colours, rules.symbols)
    except PaletteChoiceError as error:
        raise click.BadParameter(str(error), param_hint="'--colours'") from None
    return rules.changed(
        length=length, symbols=symbols, attempts=attempts, repeats=False if unique else None
    )


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
