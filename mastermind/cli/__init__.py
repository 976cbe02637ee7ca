"""The terminal game: ``mastermind play``, and commands that list, show and replay games.

It needs the ``cli`` extra (click, rich, platformdirs); without it the command says so
instead of failing with a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

__all__ = ["main"]

_EXTRA = ("click", "platformdirs", "rich")
EXTRA_MISSING = 'mastermind\'s terminal game needs its extra: pip install ".[cli]" from a checkout'


def main(args: Sequence[str] | None = None) -> None:
    """Run the ``mastermind`` command with ``args`` (by default, the process's) and exit."""
    try:
        from mastermind.cli._app import cli
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] not in _EXTRA:
            raise
        print(EXTRA_MISSING, file=sys.stderr)
        raise SystemExit(1) from None
    cli.main(args, prog_name="mastermind")
