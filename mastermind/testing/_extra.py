"""What to do when the testing kit's own dependencies are missing."""

from __future__ import annotations

from mastermind._install import install_hint

__all__ = ["missing_extra"]


def missing_extra(package: str, needed_by: str) -> ImportError:
    """An error that names the missing package and the extra that brings it."""
    return ImportError(
        f"{needed_by} needs {package}, which is not installed. Install the project's "
        f'"testing" extra, with {install_hint("testing")}, '
        f"or add {package} to your own test dependencies.",
        name=package,
    )
