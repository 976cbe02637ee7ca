"""``python -m mastermind.solver build-optimal|build-record|build-family [DIRECTORY]``:
rebuild trees.

``build-optimal`` searches out the classic game's optimal trees; ``build-record`` the
Super Mastermind tree that beats the best published strategy (see
``docs/super-mastermind.md``); ``build-family`` the trees of the other presets: the
unique and black-peg games, Bulls and Cows, and 4 pegs of 7 colours (see
``docs/solver.md``). Without a directory, the trees are written over the package's own.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from mastermind.solver._build import write_family_trees, write_shipped_trees
from mastermind.solver._record import build_record_tree, guesses_per_secret, record_tree_file

__all__: list[str] = []

_USAGE = "usage: python -m mastermind.solver build-optimal|build-record|build-family [DIRECTORY]"


def build_record(directory: Path) -> None:
    """Search out the Super Mastermind record tree, write it, and say how it fares."""
    started = time.perf_counter()

    def report(line: str) -> None:
        print(f"{time.perf_counter() - started:7.0f} s  {line}", flush=True)

    tree = build_record_tree(report=report)
    seconds = time.perf_counter() - started
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / record_tree_file(tree.colours, tree.length)
    tree.write(path)
    solved = guesses_per_secret(tree)
    secrets = sum(solved.values())
    spread = ", ".join(f"{guesses}: {count}" for guesses, count in solved.items())
    print(
        f"{path.name}: {tree.total} guesses over {secrets} secrets"
        f" ({tree.total / secrets:.4f} each), worst {max(solved)} ({spread}),"
        f" searched in {seconds:.0f} s"
    )


def main(arguments: list[str]) -> int:
    """Run the command line; returns the exit status."""
    commands = {
        "build-optimal": write_shipped_trees,
        "build-record": build_record,
        "build-family": write_family_trees,
    }
    if not arguments or arguments[0] not in commands or len(arguments) > 2:
        print(_USAGE, file=sys.stderr)
        return 2
    default = Path(__file__).parent / "data"
    commands[arguments[0]](Path(arguments[1]) if len(arguments) == 2 else default)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
