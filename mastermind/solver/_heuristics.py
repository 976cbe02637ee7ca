"""One-step strategies: pick the guess whose feedback best splits the candidates.

Every strategy ranks all codes of the game, not only the candidates, and breaks ties as
Knuth did: a guess that could still be the secret first, then the lowest-numbered one.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from mastermind.solver._budget import Budget
from mastermind.solver._scoring import CodeSpace, Indices, histograms
from mastermind.solver._symmetry import representatives

__all__ = ["History", "RANKINGS", "best_guess", "random_consistent_guess", "rank_guesses"]

History = list[tuple[int, int]]
"""Guesses and their feedbacks, as numbers."""
Ranking = Callable[[NDArray[np.int64]], NDArray[np.float64]]
"""From feedback histograms, one row per guess, a rank per guess: lower is better."""

_GUESS_CHUNK_CELLS = 4 * 1024 * 1024
"""How many guess-secret scores to hold at once when the table is not kept."""


def _largest_part(parts: NDArray[np.int64]) -> NDArray[np.float64]:
    ranks: NDArray[np.float64] = parts.max(axis=1).astype(np.float64)
    return ranks


def _fewest_parts(parts: NDArray[np.int64]) -> NDArray[np.float64]:
    ranks: NDArray[np.float64] = -np.count_nonzero(parts, axis=1).astype(np.float64)
    return ranks


def _expected_size(parts: NDArray[np.int64]) -> NDArray[np.float64]:
    ranks: NDArray[np.float64] = (parts * parts).sum(axis=1).astype(np.float64)
    return ranks


@functools.cache
def _size_times_log(largest: int) -> NDArray[np.float64]:
    sizes = np.arange(largest + 1, dtype=np.float64)
    terms: NDArray[np.float64] = sizes * np.log2(np.where(sizes > 0, sizes, 1.0))
    return terms


def _negative_entropy(parts: NDArray[np.int64]) -> NDArray[np.float64]:
    # sum n log n falls as entropy rises; rounding makes equal partitions tie exactly
    largest = int(parts.max(initial=0))
    table = _size_times_log(1 << max(10, largest.bit_length()))
    ranks: NDArray[np.float64] = np.round(table[parts].sum(axis=1), 9)
    return ranks


RANKINGS: dict[str, Ranking] = {
    "knuth": _largest_part,
    "most-parts": _fewest_parts,
    "expected-size": _expected_size,
    "entropy": _negative_entropy,
}


def rank_guesses(
    space: CodeSpace,
    candidates: Indices,
    history: History,
    ranking: Ranking,
    budget: Budget | None = None,
    unique: bool = False,
) -> tuple[Indices, NDArray[np.float64], NDArray[np.bool_]]:
    """The guesses worth comparing, their ranks, and whether each is a candidate; with
    ``unique``, only guesses that hold no colour twice.

    Candidates are ranked first. Should the budget run out, the guesses not ranked by
    then rank last.
    """
    guesses = representatives(space, [guess for guess, _ in history], budget)
    if unique:
        guesses = guesses[~space.repeats_colour[guesses]]
    is_candidate = np.isin(guesses, candidates, assume_unique=True)
    first = np.argsort(~is_candidate, kind="stable")
    chunk = max(1, _GUESS_CHUNK_CELLS // max(1, len(candidates)))
    ranks = np.full(len(guesses), np.inf, dtype=np.float64)
    for start in range(0, len(guesses), chunk):
        if start and budget is not None and budget.expired():
            budget.ran_out()
            break
        rows = first[start : start + chunk]
        parts = histograms(space.scores(guesses[rows], candidates), space.feedback_bins)
        ranks[rows] = ranking(parts)
    return guesses, ranks, is_candidate


def best_guess(
    space: CodeSpace,
    candidates: Indices,
    history: History,
    strategy: str,
    budget: Budget | None = None,
    unique: bool = False,
) -> int:
    """The guess a one-step strategy plays, with Knuth's tie-breaking.

    With a budget, the best guess ranked before it runs out.
    """
    if len(candidates) <= 2:
        return int(candidates[0])
    ranked = rank_guesses(space, candidates, history, RANKINGS[strategy], budget, unique)
    guesses, ranks, is_candidate = ranked
    order = np.lexsort((guesses, ~is_candidate, ranks))
    return int(guesses[order[0]])


def random_consistent_guess(candidates: Indices, history: History, seed: int) -> int:
    """A candidate drawn at random, the same one whenever the same history recurs."""
    draw = random.Random(f"{seed}:{history}")
    return int(candidates[draw.randrange(len(candidates))])
