"""Where errors stop: one line for the player and an exit status, never a traceback.

Exit statuses:

- 0: done.
- 1: the game or the store refused: no such game, a guess the rules reject, a game that
  is over, a database that cannot be opened or read, a hint the solver cannot give
  (a game too large, or the ``solver`` extra missing).
- 2: the command line is wrong: an unknown option, a value out of range, a store URL
  that names no store, a setup the rules cannot play (``--attempts 0``, ``--unique``
  with too few colours...), or a game or strategy that ``solve`` cannot play.
- 130: interrupted by Ctrl-C. At the prompt of ``play`` and ``resume``, Ctrl-C is a way
  to leave the game, which is saved: the status is 0 there, as after ``quit``.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import click

from mastermind.cli import INTERRUPTED

__all__ = ["BoundaryGroup", "REFUSED", "USAGE", "exit_status", "reported_as_json"]

REFUSED = 1
USAGE = 2


class BoundaryGroup(click.Group):
    """A command group that reports every error in one line, with the status it calls for."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            result = super().main(
                args,
                prog_name,
                complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
            status = result if isinstance(result, int) else 0
        except click.UsageError as error:
            see = f" See '{error.ctx.command_path} --help'." if error.ctx else ""
            status = _complain(f"{error.format_message()}{see}", USAGE)
        except click.ClickException as error:
            status = _complain(error.format_message(), error.exit_code)
        except click.Abort:
            status = INTERRUPTED
        except BrokenPipeError:
            status = _quiet_broken_pipe()
        except Exception as error:
            status = _refused(error)
        if standalone_mode:
            sys.exit(status)
        return status


def _refused(error: Exception) -> int:
    """The status of a refusal of the game or the store, said in one line; any other
    error is raised again.

    Imported here, not at the top, so that ``mastermind --help`` imports none of the
    game: an error of the game or the store comes from modules already loaded.
    """
    from mastermind.cli._wiring import CannotOpenGames, UnusableStoreURL, reason
    from mastermind.domain import GameError
    from mastermind.service import HintUnavailable, StoreError

    if isinstance(error, GameError):
        return _complain(error.message, exit_status(error))
    if isinstance(error, UnusableStoreURL):
        return _complain(str(error), USAGE)
    if isinstance(error, CannotOpenGames | HintUnavailable):
        return _complain(str(error), REFUSED)
    if isinstance(error, StoreError):
        return _complain(f"The games could not be read or saved: {reason(error)}", REFUSED)
    raise error


def exit_status(error: Exception) -> int:
    from mastermind.domain import InvalidGameSetup

    return USAGE if isinstance(error, InvalidGameSetup) else REFUSED


@contextlib.contextmanager
def reported_as_json(as_json: bool) -> Iterator[None]:
    """With ``--json``, a refusal is printed as a JSON document on standard output.

    The document is ``{"error": {"type", "message", "game_id", "details"}}``, and the
    exit status is the same as without ``--json``.
    """
    if not as_json:
        yield
        return
    from mastermind.cli._documents import error_document
    from mastermind.domain import GameError

    try:
        yield
    except GameError as error:
        click.echo(json.dumps(error_document(error), indent=2))
        raise click.exceptions.Exit(exit_status(error)) from None


def _complain(message: str, status: int) -> int:
    click.echo(f"Error: {' '.join(message.split())}", err=True)
    return status


def _quiet_broken_pipe() -> int:
    """The reader went away, as ``mastermind history ID | head`` does: stop writing."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    with contextlib.suppress(OSError, ValueError):
        os.dup2(devnull, sys.stdout.fileno())
    return REFUSED
