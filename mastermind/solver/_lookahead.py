"""Scoring whole candidate sets fast, and the exact endgames the record search rests on.

The whole guess-by-secret table of feedback numbers is kept in memory (a gibibyte for
Super Mastermind), so that scoring a guess is indexing. Histograms of every guess over a
set are counted one feedback at a time, in bytes, a block of rows at once.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from mastermind.solver._optimal import UNLIMITED, UNSOLVABLE, OptimalSearch
from mastermind.solver._scoring import CodeSpace, Indices, Scores
from mastermind.solver._symmetry import representatives
from mastermind.solver._tables import GuessTable
from mastermind.solver._tree import Node

__all__ = ["Counts", "Endgames", "ScoreTable", "key_of"]

Counts = NDArray[np.int64]
"""Feedback histograms: one row per guess, one column per possible feedback."""

_ROWS_PER_BLOCK = 255
"""Rows summed in bytes before a count could overflow."""
_MATRIX_BLOCK = 1024


def _distinct_rows(rows: Scores) -> Indices:
    """The first of each set of equal rows, found by hashing and then checked."""
    weights = np.random.default_rng(0).integers(1, 2**62, size=rows.shape[1], dtype=np.int64)
    _, first, which = np.unique(rows.astype(np.int64) @ weights, True, True)
    if not (rows == rows[first[which]]).all():  # pragma: no cover - a collision
        as_bytes = np.ascontiguousarray(rows).view(np.dtype((np.void, rows.shape[1])))[:, 0]
        _, first = np.unique(as_bytes, return_index=True)
    found: Indices = np.sort(first)
    return found


def key_of(candidates: Indices) -> bytes:
    """A set of candidates, sorted, as a dictionary key."""
    return candidates.astype(np.int32).tobytes()


class ScoreTable:
    """Every code as a guess against every code as a secret, in memory.

    In a unique game the guesses, like the secrets, are the codes that hold no colour
    twice; the table keeps every code, and the guesses offered are those alone.
    """

    def __init__(self, space: CodeSpace, unique: bool = False) -> None:
        self.space = space
        self.unique = unique
        digits, counts = space.digits, space.colour_counts
        self.matrix: Scores = np.empty((space.size, space.size), dtype=np.uint8)
        for start in range(0, space.size, _MATRIX_BLOCK):
            stop = min(space.size, start + _MATRIX_BLOCK)
            self.matrix[start:stop] = space.score_codes(
                digits[start:stop], digits, counts[start:stop], counts
            )
        length = space.length
        self.feedbacks = np.array(
            [
                black * (length + 1) + white
                for black in range(length + 1)
                for white in range(1 if space.black_only else length + 1 - black)
                if not (black == length - 1 and white == 1)
            ],
            dtype=np.uint8,
        )
        self.win_column = int(np.flatnonzero(self.feedbacks == space.win)[0])
        self._representatives: dict[tuple[int, ...], Indices] = {}

    def guesses(self, history: tuple[int, ...]) -> Indices:
        """One guess of each class the history's symmetries make interchangeable."""
        found = self._representatives.get(history)
        if found is None:
            found = representatives(self.space, list(history))
            if self.unique:
                found = found[~self.space.repeats_colour[found]]
            self._representatives[history] = found
        return found

    def histograms(self, candidates: Indices, guesses: Indices) -> Counts:
        """How many candidates each guess sends to each feedback: guesses by feedbacks."""
        if len(guesses) == self.space.size:
            rows = self.matrix[candidates]
        else:
            rows = np.ascontiguousarray(self.matrix[guesses][:, candidates].T)
        counts = np.zeros((len(self.feedbacks), len(guesses)), dtype=np.int64)
        matches = np.empty((min(_ROWS_PER_BLOCK, len(candidates)), len(guesses)), dtype=bool)
        total = np.empty(len(guesses), dtype=np.uint8)
        for start in range(0, len(candidates), _ROWS_PER_BLOCK):
            block = rows[start : start + _ROWS_PER_BLOCK]
            found = matches[: len(block)]
            for column, feedback in enumerate(self.feedbacks):
                np.equal(block, feedback, out=found)
                np.add.reduce(found.view(np.uint8), axis=0, dtype=np.uint8, out=total)
                counts[column] += total
        result: Counts = counts.T
        return result

    def endgame_table(self, candidates: Indices) -> GuessTable:
        """Every code that splits the candidates, the lowest of each way of splitting them."""
        # the table is symmetric: a code scores the same as guess and as secret
        rows = np.ascontiguousarray(self.matrix[candidates].T)
        win = self.space.win
        splits = (rows != rows[:, :1]).any(axis=1) | (rows == win).any(axis=1)
        if self.unique:
            splits &= ~self.space.repeats_colour
        guesses = np.flatnonzero(splits)
        rows = rows[guesses]
        first = _distinct_rows(rows)
        present = np.zeros(self.space.feedback_bins, dtype=bool)
        present[self.feedbacks] = True
        dense = np.cumsum(present, dtype=np.uint8) - 1
        scores, dense_win, feedbacks = dense[rows[first]], int(dense[win]), int(present.sum())
        guesses = guesses[first]
        secret_rows = np.searchsorted(guesses, candidates)
        return GuessTable(scores, guesses, candidates, secret_rows, dense_win, feedbacks, False)

    def partition(self, guess: int, candidates: Indices) -> dict[int, Indices]:
        """The candidates by the feedback the guess earns, the winning one left out."""
        row = self.matrix[guess, candidates]
        order = np.argsort(row, kind="stable")
        feedbacks, starts = np.unique(row[order], return_index=True)
        groups = np.split(candidates[order], starts[1:])
        return {
            int(feedback): group
            for feedback, group in zip(feedbacks, groups, strict=True)
            if feedback != self.space.win
        }


class Endgames:
    """Exact optimal play of small sets, every code a guess; totals kept per set."""

    def __init__(self, table: ScoreTable) -> None:
        self.table = table
        self.totals: dict[bytes, int] = {}
        self.searched = 0

    def total(self, candidates: Indices) -> int:
        """The fewest guesses, in all, that solve every candidate."""
        size = len(candidates)
        if size <= 2:
            return 2 * size - 1
        key = key_of(candidates)
        found = self.totals.get(key)
        if found is None:
            found = 2 * size - 1 if self._tells_all_apart(candidates) >= 0 else -1
            if found < 0:
                found = self._solve(candidates)[0]
            self.totals[key] = found
        return found

    def _tells_all_apart(self, candidates: Indices) -> int:
        """A candidate that tells all the others apart, or -1: nothing beats it."""
        among = np.sort(self.table.matrix[np.ix_(candidates, candidates)], axis=1)
        apart = (among[:, 1:] != among[:, :-1]).all(axis=1)
        return int(candidates[int(np.argmax(apart))]) if apart.any() else -1

    def tree(self, candidates: Indices) -> Node:
        """The optimal subtree for a set, searched again."""
        if len(candidates) <= 2:
            return self._chain(candidates)
        perfect = self._tells_all_apart(candidates)
        if perfect >= 0:
            row = self.table.matrix[perfect, candidates]
            return Node(
                perfect,
                {
                    int(feedback): Node(int(code))
                    for feedback, code in zip(row, candidates, strict=True)
                    if code != perfect
                },
            )
        search = self._solve(candidates)[1]
        return self._grow(search, np.arange(len(candidates), dtype=np.intp), candidates)

    def _chain(self, candidates: Indices) -> Node:
        first = int(candidates[0])
        if len(candidates) == 1:
            return Node(first)
        return Node(first, {int(self.table.matrix[first, candidates[1]]): Node(int(candidates[1]))})

    def _solve(self, candidates: Indices) -> tuple[int, OptimalSearch]:
        self.searched += 1
        space = self.table.space
        search = OptimalSearch(space, UNLIMITED, self.table.endgame_table(candidates))
        total = search.cost(np.arange(len(candidates), dtype=np.intp), UNLIMITED, [])
        if total >= UNSOLVABLE:  # pragma: no cover - every set can be solved
            raise AssertionError("an endgame could not be solved")
        return total, search

    def _grow(self, search: OptimalSearch, columns: Indices, candidates: Indices) -> Node:
        guess = search.guess(columns, UNLIMITED)
        row = self.table.matrix[guess, candidates[columns]]
        after = {}
        for feedback in np.unique(row):
            if feedback != self.table.space.win:
                after[int(feedback)] = self._grow(search, columns[row == feedback], candidates)
        return Node(guess, after)
