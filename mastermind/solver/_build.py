"""Building optimal strategy trees by search, and the files shipped with the package."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mastermind.domain import CLASSIC_PEGS
from mastermind.solver._optimal import UNLIMITED, UNSOLVABLE, OptimalSearch
from mastermind.solver._scoring import CodeSpace, Indices
from mastermind.solver._tree import StrategyTree, build, shipped_tree_name

__all__ = ["build_optimal_tree"]

SHIPPED_GAMES = ((6, 4, None), (6, 4, 5))
"""The trees shipped with the package: colours, pegs, and most guesses (``None``: any)."""


def build_optimal_tree(
    available_pegs: Sequence[str] = CLASSIC_PEGS, length: int = 4, most_guesses: int | None = None
) -> StrategyTree:
    """Search out a strategy with the fewest guesses over all secrets, as a tree.

    With ``most_guesses``, no secret may take more guesses than that. Only the number of
    colours matters, not their names. The classic game takes about ten seconds.
    """
    space = CodeSpace(available_pegs, length)
    limit = UNLIMITED if most_guesses is None else most_guesses
    search = OptimalSearch(space, limit)
    everything: Indices = np.arange(space.size, dtype=np.intp)
    total = search.cost(everything, limit, [])
    if total >= UNSOLVABLE:
        raise ValueError(f"No strategy solves every secret within {most_guesses} guesses")

    def choose(candidates: Indices, depth: int) -> int:
        return search.guess(candidates, limit - depth)

    return StrategyTree(
        colours=space.colours,
        length=length,
        most_guesses=most_guesses,
        total=total,
        root=build(space, everything, choose),
    )


def write_shipped_trees(directory: Path, report: bool = True) -> None:
    """Build every tree the package ships and write them into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    for colours, length, most_guesses in SHIPPED_GAMES:
        started = time.perf_counter()
        pegs = [str(colour) for colour in range(colours)]
        tree = build_optimal_tree(pegs, length, most_guesses)
        path = directory / shipped_tree_name(colours, length, most_guesses)
        tree.write(path)
        if report:
            seconds = time.perf_counter() - started
            print(
                f"{path.name}: {tree.total} guesses over {colours**length} secrets"
                f" ({tree.total / colours**length:.4f} each), searched in {seconds:.0f} s"
            )
