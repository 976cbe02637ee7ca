"""The terminal game: ``mastermind play``, and commands that list, show and replay games.

It needs the ``cli`` extra (click, rich, platformdirs); without it the command says so
instead of failing with a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mastermind._install import install_hint

__all__ = ["main"]

_EXTRA = ("click", "platformdirs", "rich")
EXTRA_MISSING = f"mastermind's terminal game needs its extra: {install_hint('cli')}"


INTERRUPTED = 130
"""The shell's status for a program stopped by Ctrl-C."""


def main(args: Sequence[str] | None = None) -> None:
    """Run the ``mastermind`` command with ``args`` (by default, the process's) and exit.

    Ctrl-C at any moment ends the command with status 130 and no traceback: while the
    command runs, its own boundary answers it; before that, while click, rich and the
    rest are still being imported, this does.
    """
    try:
        _run(args)
    except KeyboardInterrupt:
        raise SystemExit(INTERRUPTED) from None


def _run(args: Sequence[str] | None) -> None:
    try:
        from mastermind.cli._app import cli
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] not in _EXTRA:
            raise
        print(EXTRA_MISSING, file=sys.stderr)
        raise SystemExit(1) from None
    cli.main(args, prog_name="mastermind")
