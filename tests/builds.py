"""What some tests need built first: the distributions and the docs, each built once a run
(``conftest.py`` shares them between xdist's workers)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*command: str | Path, cwd: Path, environment: dict[str, str]) -> None:
    result = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, f"{command} failed:\n{result.stdout}\n{result.stderr}"


def build_dist(folder: Path) -> None:
    """The sdist, and the wheel built from it, into ``folder``: ``--no-isolation``, as the
    ``dev`` extra brings hatchling, and with no trace of this environment's paths."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSAFEPATH"}
    }
    _run(sys.executable, "-m", "build", "--no-isolation", "--outdir", folder, ROOT,
         cwd=folder, environment=environment)  # fmt: skip


def build_docs(folder: Path) -> None:
    """The docs into ``folder / "site"``, strictly, by mkdocs run from ``folder``: another
    folder than the repository, with the configuration named by its path."""
    named = ["--config-file", str(ROOT / "mkdocs.yml"), "--site-dir", str(folder / "site")]
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    _run(sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", *named,
         cwd=folder, environment=environment)  # fmt: skip
