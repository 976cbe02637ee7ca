"""The terminal's own files in the user's data directory: JSON objects for the user alone.

The daily code's player tokens and the book of the games started here are both kept so:
a file that cannot be read is as good as none, and a file is replaced whole, never left
half written, readable by its user only (a player token is all it takes to play as its
player).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = ["read_object", "write_object"]


def read_object(path: Path) -> dict[str, Any]:
    """The JSON object kept at ``path``; empty if there is none, or none that can be read."""
    try:
        kept = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def write_object(path: Path, kept: dict[str, Any]) -> None:
    """Replace the file at ``path`` with ``kept``, readable and writable by its user alone.

    Raises:
        OSError: the folder or the file cannot be written.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(f".{path.name}.{os.getpid()}")
    descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as file:
        json.dump(kept, file, indent=1, sort_keys=True)
    os.replace(draft, path)
