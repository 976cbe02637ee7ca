"""The strategy that plays every secret in the fewest guesses in total, by search.

Branch and bound over the tree of guesses and feedbacks. The cost of a set of candidates
is the total number of guesses, from here on, over all of its secrets. A guess costs one
for every candidate, plus the cost of each feedback's part; the part of a winning guess
costs nothing more. The bound for a part of ``m`` candidates assumes the best any game
allows: each guess a candidate, splitting the rest into as many parts as there are
feedbacks. Guesses are tried in order of that bound, and a guess is dropped as soon as
the parts already solved plus the bounds of the rest reach the best total found so far.
Results, exact or only bounded from below, are kept per candidate set.
"""

from __future__ import annotations

import functools

import attrs
import numpy as np
from numpy.typing import NDArray

from mastermind.solver._budget import Budget
from mastermind.solver._scoring import CodeSpace, Indices, histograms
from mastermind.solver._symmetry import Symmetries
from mastermind.solver._tables import GuessTable, whole_game_table

__all__ = ["OptimalSearch", "OutOfTime", "UNLIMITED", "UNSOLVABLE"]

UNSOLVABLE = 10**12
"""Cost of a set that cannot be solved within the guesses left."""
UNLIMITED = 32
"""More guesses than any practical game needs: the depth limit when there is none."""
_SYMMETRY_LEVELS = 3
"""How many guesses into the game symmetries are looked for; later they rarely pay."""


def _lower_bounds(parts_per_guess: int, largest: int, most_guesses: int) -> NDArray[np.int64]:
    """Fewest total guesses for ``m`` candidates with ``d`` guesses left, indexed [d, m]."""
    bounds = np.full((most_guesses + 1, largest + 1), UNSOLVABLE, dtype=np.int64)
    bounds[:, 0] = 0
    for guesses_left in range(1, most_guesses + 1):
        total = solved = 0
        level, width = 1, 1
        for size in range(1, largest + 1):
            if solved == width:
                if level == guesses_left:
                    break
                level, width, solved = level + 1, width * parts_per_guess, 0
            solved += 1
            total += level
            bounds[guesses_left, size] = total
    return bounds


class OutOfTime(Exception):
    """The search's budget ran out before it was done."""


@attrs.frozen
class Entry:
    """What is known of a set of candidates: its cost is at least ``lower``."""

    lower: int
    row: int = -1
    """The row of the best guess when ``lower`` is the exact cost, else -1."""


class OptimalSearch:
    """The fewest total guesses for any set of the table's secrets, and how to play it.

    Candidate sets are given as column numbers of the table; for the whole game's table
    those are the code numbers.
    """

    def __init__(
        self,
        space: CodeSpace,
        most_guesses: int = UNLIMITED,
        table: GuessTable | None = None,
        *,
        unique: bool = False,
    ) -> None:
        self.space = space
        self.table = whole_game_table(space, unique) if table is None else table
        self.scores = self.table.scores
        self.win = self.table.win
        self.most_guesses = most_guesses
        self.bounds = _lower_bounds(
            max(1, self.table.feedbacks - 1), len(self.table.secrets), most_guesses
        )
        self.every_row = np.arange(len(self.table.guesses), dtype=np.intp)
        self.memo: dict[tuple[bytes, int], Entry] = {}
        self.nodes = 0
        self.budget: Budget | None = None
        """While set, the search raises ``OutOfTime`` once it runs out; what it has
        learnt by then is kept."""

    @functools.cached_property
    def symmetries(self) -> Symmetries:
        """The symmetries of the game, worked out on first use."""
        return Symmetries(self.space)

    def cost(self, candidates: Indices, guesses_left: int, history: list[int]) -> int:
        """The least total number of guesses to solve every candidate, or ``UNSOLVABLE``.

        ``history`` holds the guesses made so far; their symmetries spare the search
        from trying guesses that are mirror images of each other.
        """
        return self._cost(candidates, self._level(guesses_left), UNSOLVABLE, history)

    def columns(self, codes: Indices) -> Indices:
        """The columns of the table that hold these codes, all secrets of the table."""
        if len(self.table.secrets) == self.space.size:
            return codes
        found: Indices = np.searchsorted(self.table.secrets, codes)
        return found

    def guess(self, candidates: Indices, guesses_left: int) -> int:
        """The code number of the best guess for a set whose cost ``cost`` has found."""
        if len(candidates) <= 2:
            return int(self.table.secrets[candidates[0]])
        key = (candidates.astype(np.uint16).tobytes(), self._level(guesses_left))
        return int(self.table.guesses[self.memo[key].row])

    def _level(self, guesses_left: int) -> int:
        # Without a limit, sets are remembered alike however deep in the game they occur.
        return self.most_guesses if self.most_guesses == UNLIMITED else guesses_left

    def _next(self, guesses_left: int) -> int:
        return guesses_left if self.most_guesses == UNLIMITED else guesses_left - 1

    def _cost(self, candidates: Indices, guesses_left: int, budget: int, history: list[int]) -> int:
        """The exact cost if it is below ``budget``, otherwise a lower bound of it."""
        size = len(candidates)
        bound = int(self.bounds[guesses_left, size])
        if size <= 2 or bound >= budget:
            return bound
        key = (candidates.astype(np.uint16).tobytes(), guesses_left)
        entry = self.memo.get(key)
        if entry is not None and (entry.row >= 0 or entry.lower >= budget):
            return entry.lower
        self.nodes += 1
        if self.budget is not None and self.nodes % 64 == 1 and self.budget.expired():
            raise OutOfTime()
        perfect = self._perfect_guess(candidates) if size <= self.table.feedbacks else -1
        if perfect >= 0:
            self.memo[key] = Entry(bound, perfect)
            return bound
        best, best_row, lowest_failure = self._search(candidates, guesses_left, budget, history)
        if best_row >= 0:
            self.memo[key] = Entry(best, best_row)
            return best
        lower = max(lowest_failure, entry.lower if entry else 0)
        self.memo[key] = Entry(lower)
        return lower

    def _perfect_guess(self, candidates: Indices) -> int:
        """The row of a candidate that tells all others apart, or -1.

        Such a guess meets the bound, so nothing can do better.
        """
        rows = self.table.secret_rows[candidates]
        among = np.sort(self.scores[np.ix_(rows, candidates)], axis=1)
        all_distinct = (among[:, 1:] != among[:, :-1]).all(axis=1)
        if not all_distinct.any():
            return -1
        return int(rows[int(np.argmax(all_distinct))])

    def _search(
        self, candidates: Indices, guesses_left: int, budget: int, history: list[int]
    ) -> tuple[int, int, int]:
        size = len(candidates)
        if self.table.symmetric and len(history) < _SYMMETRY_LEVELS:
            guess_rows = self._rows_of(self.symmetries.representatives(history))
            rows = self.scores[guess_rows][:, candidates]
        else:
            guess_rows = self.every_row
            rows = self.scores[:, candidates]
        parts = histograms(rows, self.table.feedbacks)
        consistent = parts[:, self.win] > 0
        parts[:, self.win] = 0
        part_bounds = self.bounds[self._next(guesses_left)][parts]
        guess_bounds = size + part_bounds.sum(axis=1)
        guess_bounds[parts.max(axis=1) == size] = UNSOLVABLE
        order = np.lexsort((self.table.guesses[guess_rows], ~consistent, guess_bounds))
        best, best_row, lowest_failure = budget, -1, UNSOLVABLE
        tried: set[bytes] = set()
        for position in order:
            guess_bound = int(guess_bounds[position])
            if guess_bound >= best:
                lowest_failure = min(lowest_failure, guess_bound)
                break
            row = rows[position]
            signature = row.tobytes()
            if signature in tried:
                continue
            tried.add(signature)
            guess = int(self.table.guesses[guess_rows[position]])
            total = self._play(candidates, row, guesses_left, best, guess_bound, [*history, guess])
            if total < best:
                best, best_row = total, int(guess_rows[position])
            else:
                lowest_failure = min(lowest_failure, total)
        return best, best_row, lowest_failure

    def _rows_of(self, codes: Indices) -> Indices:
        """The rows of those codes that are guesses of the table."""
        guesses = self.table.guesses
        if len(guesses) == self.space.size:
            return codes
        rows = np.minimum(np.searchsorted(guesses, codes), len(guesses) - 1)
        found: Indices = rows[guesses[rows] == codes]
        return found

    def _play(
        self,
        candidates: Indices,
        row: NDArray[np.uint8],
        guesses_left: int,
        best: int,
        guess_bound: int,
        history: list[int],
    ) -> int:
        """Total cost of the guess that scores ``row`` if below ``best``, else a lower bound."""
        order = np.argsort(row, kind="stable")
        values, starts, counts = np.unique(row[order], return_index=True, return_counts=True)
        groups = [
            candidates[order[start : start + count]]
            for value, start, count in zip(values, starts, counts, strict=True)
            if value != self.win
        ]
        groups.sort(key=len, reverse=True)
        after = self._next(guesses_left)
        rest = guess_bound
        for group in groups:
            part_bound = int(self.bounds[after, len(group)])
            cost = self._cost(group, after, best - rest + part_bound, history)
            rest += cost - part_bound
            if rest >= best:
                return rest
        return rest
