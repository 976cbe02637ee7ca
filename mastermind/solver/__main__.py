"""``python -m mastermind.solver build-optimal [DIRECTORY]``: rebuild the shipped trees."""

from __future__ import annotations

import sys
from pathlib import Path

from mastermind.solver._build import write_shipped_trees

_USAGE = "usage: python -m mastermind.solver build-optimal [DIRECTORY]"


def main(arguments: list[str]) -> int:
    """Run the command line; returns the exit status."""
    if not arguments or arguments[0] != "build-optimal" or len(arguments) > 2:
        print(_USAGE, file=sys.stderr)
        return 2
    default = Path(__file__).parent / "data"
    write_shipped_trees(Path(arguments[1]) if len(arguments) == 2 else default)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
