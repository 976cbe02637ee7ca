"""The code breaker as the bootstrap wires it: hints in the asking thread or in a pool of
processes, and reviews.

The adapters themselves are public, in :mod:`mastermind.advice`; their names are
imported here too, for the parts of the package that reach for them through this module.
A server works hints out in processes of its own (``mastermind._hint_pool``).
"""

from __future__ import annotations

import functools

from mastermind.advice import (
    HINT_SECONDS,
    SOLVER_MISSING,
    SolverHints,
    SolverMissing,
    SolverReviews,
)
from mastermind.service import HintSource, ReviewSource

__all__ = [
    "HINT_SECONDS",
    "SOLVER_MISSING",
    "SolverHints",
    "SolverMissing",
    "SolverReviews",
    "solver_hints",
    "solver_reviews",
]


def solver_hints(
    *, workers: int = 0, queue: int = 0, seconds: float = 10.0, budget: float = HINT_SECONDS
) -> HintSource:
    """The solver's hints, each searched for at most ``budget`` seconds of processor time:
    worked out in the asking thread with no ``workers``, as suits the terminal game; else
    by that many processes, each hint under a deadline of ``seconds``, with at most
    ``queue`` waiting for them (see ``HintPool``)."""
    if workers == 0:
        return SolverHints(budget=budget)
    from mastermind._hint_pool import HintPool

    return HintPool(
        workers, queue=queue, seconds=seconds, source=functools.partial(SolverHints, budget=budget)
    )


def solver_reviews() -> ReviewSource:
    """The solver's reviews, worked out in the asking thread."""
    return SolverReviews()
