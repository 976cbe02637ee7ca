"""The terminal game: ``mastermind play``, and commands that list, show and replay games.

It needs the ``cli`` extra (click, rich, platformdirs); without it the command says so
instead of failing with a traceback. The ``mastermind`` command itself, which puts these
commands beside the web game's ``serve``, is :func:`mastermind.main.main`.
"""

from __future__ import annotations

from mastermind._install import install_hint

__all__ = ["CLI_MODULES", "EXTRA_MISSING", "INTERRUPTED"]

CLI_MODULES = ("click", "platformdirs", "rich")
"""The modules of the ``cli`` extra."""
EXTRA_MISSING = f"mastermind's terminal game needs its extra: {install_hint('cli')}"

INTERRUPTED = 130
"""The shell's status for a program stopped by Ctrl-C."""
