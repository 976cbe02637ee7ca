"""The code breaker as the bootstrap wires it: hints in the asking thread or in a pool of
processes (``mastermind.hints._pool``), and reviews."""

from __future__ import annotations

import functools

from mastermind.hints._adapters import HINT_SECONDS, SolverHints, SolverReviews
from mastermind.service import HintSource, ReviewSource

__all__ = ["solver_hints", "solver_reviews"]


def solver_hints(
    *, workers: int = 0, queue: int = 0, seconds: float = 10.0, budget: float = HINT_SECONDS
) -> HintSource:
    """The solver's hints, each searched for at most ``budget`` seconds of processor time:
    worked out in the asking thread with no ``workers``, as suits the terminal game; else
    by that many processes, each hint under a deadline of ``seconds``, with at most
    ``queue`` waiting for them.

    The pool is imported only then: the terminal game never loads ``multiprocessing``.
    """
    if workers == 0:
        return SolverHints(budget=budget)
    from mastermind.hints._pool import HintPool

    return HintPool(
        workers, queue=queue, seconds=seconds, source=functools.partial(SolverHints, budget=budget)
    )


def solver_reviews() -> ReviewSource:
    """The solver's reviews, worked out in the asking thread."""
    return SolverReviews()
