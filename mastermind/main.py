"""The ``mastermind`` command: the terminal game's commands and the web game's ``serve``.

The one module that knows both entry points. ``serve`` is listed with the others but
imported only when it runs, so that ``mastermind --help`` and ``mastermind play`` load
none of the web's libraries, and a missing ``web`` extra is reported in one line.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # as typing's own: importing typing or collections costs milliseconds
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    import click

__all__ = ["command", "main"]

SERVE_SUMMARY = "Serve the web game: the page at /, the HTTP API under /games."


def main(args: Sequence[str] | None = None) -> None:
    """Run the ``mastermind`` command with ``args`` (by default, the process's) and exit.

    Ctrl-C at any moment ends the command with status 130 and no traceback: while the
    command runs, its own boundary answers it; before that, while click, rich and the
    rest are still being imported, the process leaves at once, with nothing to save. An
    interrupt raised in the middle of an import may land in one of the import system's
    callbacks, where Python prints it as "Exception ignored" instead of raising it.
    """
    try:
        import signal

        answering = signal.signal(signal.SIGINT, _leave_at_once)
        _run(args, answering)
    except KeyboardInterrupt:
        from mastermind.cli import INTERRUPTED  # not at the top: no import escapes the handler

        raise SystemExit(INTERRUPTED) from None


def command() -> click.Group:
    """The ``mastermind`` group: the terminal game's commands, and ``serve``."""
    from mastermind.cli._app import DeferredCommand, cli

    if "serve" not in cli.commands:
        cli.add_command(DeferredCommand("serve", _serve, SERVE_SUMMARY))
    return cli


def _serve() -> click.Command:
    import click

    try:
        from mastermind.web._command import serve
    except ImportError as error:  # the web extra is missing: its message says what to install
        raise click.ClickException(str(error)) from None
    return serve


def _leave_at_once(signal_number: int, frame: object) -> None:
    import os

    os._exit(128 + signal_number)  # the shell's status for a signal: INTERRUPTED for Ctrl-C


def _run(args: Sequence[str] | None, answering: Any) -> None:
    import signal

    from mastermind.cli import CLI_MODULES, EXTRA_MISSING

    try:
        group = command()
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] not in CLI_MODULES:
            raise
        print(EXTRA_MISSING, file=sys.stderr)
        raise SystemExit(1) from None
    finally:
        signal.signal(signal.SIGINT, answering)
    group.main(args, prog_name="mastermind")
