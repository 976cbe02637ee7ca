"""The terminal game's commands: a group of subcommands behind one error boundary."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from mastermind._install import DISTRIBUTION
from mastermind.cli import _daily, _playing, _reviewing, _sending, _solving, _viewing
from mastermind.cli._boundary import BoundaryGroup

__all__ = ["DeferredCommand", "cli"]


@click.group(
    "mastermind",
    cls=BoundaryGroup,
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(package_name=DISTRIBUTION, prog_name="mastermind")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Mastermind in the terminal: break the code that the computer made, or that a person
    at this keyboard made.

    Start with 'mastermind play', or 'mastermind play --maker' for two players. Every
    game is kept, as the events that happened in it, in a SQLite file in your data
    directory: any game can be resumed, shown, or replayed event by event. A game id may
    be shortened to its first characters.
    """
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


for command in (
    _playing.play,
    _playing.resume,
    _playing.new,
    *_sending.sending_commands(),
    _daily.daily,
    _viewing.show,
    _viewing.history,
    _viewing.list_games,
    _viewing.stats,
    _reviewing.review,
    _solving.solve,
    _solving.hint,
    _solving.solver_group,
):
    cli.add_command(command)


class DeferredCommand(click.Command):
    """A command listed by its summary alone, and imported only to run or to show its help,
    so that listing the commands costs none of its imports."""

    def __init__(self, name: str, load: Callable[[], click.Command], summary: str) -> None:
        super().__init__(name, short_help=summary, help=summary)
        self._load = load

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        return self._load().make_context(info_name, args, parent, **extra)
