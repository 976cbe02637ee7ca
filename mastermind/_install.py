"""How to install an optional part: the one place that names the distribution.

The import name is ``mastermind``, but the distribution is ``mastermind-decider``: the
name ``mastermind`` on PyPI belongs to another project, and installing it would bring
that project instead of the part asked for.
"""

from __future__ import annotations

__all__ = ["DISTRIBUTION", "install_hint"]

DISTRIBUTION = "mastermind-decider"
"""This project's distribution name, as ``pip`` and the package's metadata know it."""


def install_hint(extra: str) -> str:
    """The command that installs ``extra``, from the package index or from a checkout."""
    return f'pip install "{DISTRIBUTION}[{extra}]", or pip install ".[{extra}]" from a checkout'
