"""Which code worked a hint out: the version a cached hint is kept under."""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys

from mastermind._install import DISTRIBUTION
from mastermind.hints._breaking import SHIPPED_TREES

__all__ = ["hints_version"]


def hints_version() -> str:
    """The version of the code that works hints out: the distribution's, and a fingerprint
    of the solver's files, so that a solver changed in a working copy of the same version
    never answers with what its former self worked out."""
    solver = SHIPPED_TREES.parent
    found = []
    for folder in (solver, solver / "data"):
        with contextlib.suppress(OSError), os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_file() and not entry.name.endswith(".pyc"):
                    status = entry.stat()
                    found.append(
                        f"{folder.name}/{entry.name}:{status.st_size}:{status.st_mtime_ns}"
                    )
    fingerprint = hashlib.sha256("\n".join(sorted(found)).encode()).hexdigest()[:16]
    return f"{_distribution_version()}+{fingerprint}"


def _distribution_version() -> str:
    """The installed distribution's version, read from the name of its ``.dist-info``
    directory: ``importlib.metadata`` would cost a command a tenth of its start-up."""
    prefix = DISTRIBUTION.replace("-", "_") + "-"
    for folder in sys.path:
        with contextlib.suppress(OSError), os.scandir(folder or ".") as entries:
            for entry in entries:
                name = entry.name
                if name.lower().startswith(prefix) and name.endswith(".dist-info"):
                    return name[len(prefix) : -len(".dist-info")]
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"
