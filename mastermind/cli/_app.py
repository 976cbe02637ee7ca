"""The terminal game's commands: a group of subcommands behind one error boundary.

The commands are listed from :data:`~mastermind.cli._listing.COMMANDS`, and each one's
module is imported only when it runs or shows its help: ``mastermind --help`` imports
click and none of the game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import click

from mastermind._install import DISTRIBUTION
from mastermind.cli._boundary import BoundaryGroup
from mastermind.cli._help import HelpContext, wrapped_at_words
from mastermind.cli._listing import COMMANDS

__all__ = ["DeferredCommand", "cli", "listed"]


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


class DeferredCommand(click.Command):
    """A command listed by its summary alone, and imported only to run or to show its help,
    so that listing the commands costs none of its imports."""

    def __init__(self, name: str, load: Callable[[], click.Command], summary: str) -> None:
        # As help, not short help: the listing cuts it as it cuts every command's help.
        super().__init__(name, help=summary)
        self._load = load

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        return self._load().make_context(info_name, args, parent, **extra)


def listed(name: str) -> Callable[[], click.Command]:
    """What loads the command ``name`` from where :data:`COMMANDS` says it is."""
    where, _ = COMMANDS[name]

    def load() -> click.Command:
        module, _, attribute = where.partition(":")
        found = getattr(importlib.import_module(module), attribute)
        command: click.Command = found if isinstance(found, click.Command) else found(name)
        return wrapped_at_words(command)

    return load


cli.context_class = HelpContext
for _name, (_, _summary) in COMMANDS.items():
    cli.add_command(DeferredCommand(_name, listed(_name), _summary))
