"""The terminal game: ``mastermind play``, and commands that list, show and replay games.

It needs the ``cli`` extra (click, rich, platformdirs); without it the command says so
instead of failing with a traceback.
"""

from __future__ import annotations

import sys

from mastermind._install import install_hint

TYPE_CHECKING = False  # as typing's own: importing typing or collections costs milliseconds
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

__all__ = ["main"]

_EXTRA = ("click", "platformdirs", "rich")
EXTRA_MISSING = f"mastermind's terminal game needs its extra: {install_hint('cli')}"


INTERRUPTED = 130
"""The shell's status for a program stopped by Ctrl-C."""


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
        raise SystemExit(INTERRUPTED) from None


def _leave_at_once(signal_number: int, frame: object) -> None:
    import os

    os._exit(INTERRUPTED)


def _run(args: Sequence[str] | None, answering: Any) -> None:
    import signal

    try:
        from mastermind.cli._app import cli
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] not in _EXTRA:
            raise
        print(EXTRA_MISSING, file=sys.stderr)
        raise SystemExit(1) from None
    finally:
        signal.signal(signal.SIGINT, answering)
    cli.main(args, prog_name="mastermind")
