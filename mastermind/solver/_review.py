"""The figures of a game's review: what each guess left, and what each choice was worth.

For the position before each guess, the expected number of guesses still needed, this
guess included, by the best strategy: the total number of guesses the optimal strategy
takes over the codes that could still be the secret, divided by how many they are.

Where the figures come from, best first:

- the shipped optimal tree, while the game follows it (the classic game, Bulls and Cows
  and every other game a tree is shipped for);
- the exact search (``OptimalSearch``), once few enough codes are left;
- beyond both, an estimate: the best guess by one step of look-ahead, each of its
  feedback classes valued by ``estimated_total``. Figures from it are marked inexact.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs
import numpy as np
from numpy.typing import NDArray

from mastermind.domain import Code, Feedback, Rules
from mastermind.solver._heuristics import History, rank_guesses
from mastermind.solver._optimal import UNLIMITED, OptimalSearch
from mastermind.solver._scoring import NO_SECRET, CodeSpace, Indices
from mastermind.solver._solver import game_kind
from mastermind.solver._tables import endgame_table
from mastermind.solver._tree import Game, Node, shipped_tree

__all__ = ["GameAppraisal", "GuessAppraisal", "review_game"]

STRATEGY = "optimal"
"""The strategy the figures measure against: exact where proven, estimated elsewhere."""
EXACT_CANDIDATES = 40
"""The most codes a position may have left for the exact search to value it."""
CALIBRATION = 0.66
"""The share of its feedback classes that the best guess splits the candidates into, on
average over a game: fitted to the optimal strategy of the classic game, 4.34 guesses."""


@attrs.frozen
class GuessAppraisal:
    """What the code breaker makes of one guess, the service's ``GuessFigures``; see
    ``mastermind.service.GuessReview`` for each figure."""

    candidates_before: int
    candidates_after: int
    could_be_secret: bool
    expected_before: float
    expected_with_guess: float
    expected_after: float
    cost: float
    best_guess: Code | None
    exact: bool


@attrs.frozen
class GameAppraisal:
    """The figures of every guess of a game, and the best strategy's from the start: the
    service's ``ReviewFigures``."""

    strategy: str
    expected_at_start: float
    exact: bool
    guesses: tuple[GuessAppraisal, ...]


@attrs.frozen
class _Value:
    """What a position is worth: the expected guesses to finish, and a guess that does."""

    expected: float
    best: int
    exact: bool


def estimated_total(size: int, classes: int) -> float:
    """An estimate of the total guesses the best strategy takes to find each of ``size``
    codes, when a guess splits them into at most ``classes`` feedback classes besides a win.

    The larger of two figures: the fewest guesses any game allows, every guess a candidate
    that splits the rest into ``classes`` equal parts; and ``1 + log(size) / log(b)``
    guesses per code, a steady split into ``b = CALIBRATION * classes`` parts.
    """
    total, level, width, left = 0.0, 1, 1.0, float(size)
    while left > 0:
        taken = min(left, width)
        total += taken * level
        left -= taken
        level += 1
        width *= classes
    steady = size * (1 + math.log(size) / math.log(max(2.0, CALIBRATION * classes)))
    return max(total, steady)


class _Reviewer:
    def __init__(self, space: CodeSpace, exact_candidates: int, unique: bool) -> None:
        self.space = space
        self.exact_candidates = exact_candidates
        self.unique = unique
        self.tree = shipped_tree(Game(space.colours, space.length, unique, space.black_only), None)
        if space.black_only:
            # every count of black pegs but a win
            self.classes = max(1, space.length)
        else:
            # every black and white count but a win, and all but one black with one white
            self.classes = max(1, (space.length + 1) * (space.length + 2) // 2 - 2)
        self._searches: list[OptimalSearch] = []
        self._estimates: dict[int, float] = {}

    def estimate(self, size: int) -> float:
        if size not in self._estimates:
            self._estimates[size] = estimated_total(size, self.classes)
        return self._estimates[size]

    def value(self, candidates: Indices, node: Node | None, history: History) -> _Value:
        size = len(candidates)
        if size == 1:
            return _Value(1.0, int(candidates[0]), True)
        if node is not None:
            return _Value(self.tree_total(node, candidates) / size, node.guess, True)
        if size <= self.exact_candidates:
            total, best = self.exact_total(candidates)
            return _Value(total / size, best, True)
        return self.estimated(candidates, history)

    def with_guess(
        self, candidates: Indices, parts: dict[int, Indices], before: _Value
    ) -> tuple[float, bool]:
        """1 + the expected guesses after this one, and whether that figure is exact."""
        size = len(candidates)
        total, exact = float(size), before.exact
        for feedback, part in parts.items():
            if feedback == self.space.win:
                continue
            if len(part) == size:  # a guess that tells nothing leaves the position as it was
                total += before.expected * size
            elif before.exact and len(part) <= self.exact_candidates:
                total += self.exact_total(part)[0]
            else:
                total += self.estimate(len(part))
                exact = exact and len(part) <= 2
        return total / size, exact

    def tree_total(self, node: Node, candidates: Indices) -> int:
        """Total guesses the tree takes from ``node`` over ``candidates``: optimal, as every
        part of an optimal tree is optimal for its own candidates."""
        total = len(candidates)
        for feedback, part in self.space.partition(node.guess, candidates).items():
            if feedback != self.space.win:
                total += self.tree_total(node.after[feedback], part)
        return total

    def exact_total(self, candidates: Indices) -> tuple[int, int]:
        """The optimal total over the candidates, and the guess that starts it."""
        if len(candidates) <= 2:
            return 2 * len(candidates) - 1, int(candidates[0])
        search = self._search_for(candidates)
        columns = np.searchsorted(search.table.secrets, candidates)
        total = search.cost(columns, UNLIMITED, [])
        return total, search.guess(columns, UNLIMITED)

    def _search_for(self, candidates: Indices) -> OptimalSearch:
        # Later positions' candidates are subsets of earlier ones: one table serves them all.
        for search in self._searches:
            if np.isin(candidates, search.table.secrets).all():
                return search
        table = endgame_table(self.space, candidates, self.unique)
        search = OptimalSearch(self.space, UNLIMITED, table)
        self._searches.append(search)
        return search

    def estimated(self, candidates: Indices, history: History) -> _Value:
        table = np.array(
            [0.0, *(self.estimate(size) for size in range(1, len(candidates) + 1))],
            dtype=np.float64,
        )
        win = self.space.win

        def totals(parts: NDArray[np.int64]) -> NDArray[np.float64]:
            others = parts.copy()
            others[:, win] = 0
            result: NDArray[np.float64] = table[others].sum(axis=1)
            return result

        guesses, ranks, is_candidate = rank_guesses(
            self.space, candidates, history, totals, unique=self.unique
        )
        best = int(np.lexsort((guesses, ~is_candidate, ranks))[0])
        size = len(candidates)
        return _Value((size + float(ranks[best])) / size, int(guesses[best]), False)


def review_game(
    available_pegs: Sequence[str],
    length: int,
    history: Sequence[tuple[Code, Feedback]],
    *,
    exact_candidates: int = EXACT_CANDIDATES,
    unique: bool = False,
    black_only: bool = False,
    rules: Rules | None = None,
) -> GameAppraisal:
    """The figures of every guess of a game, from its guesses and their feedbacks alone.

    Positions with at most ``exact_candidates`` codes left are searched exactly. The game
    is told as ``Solver`` is told it: by its palette, length, ``unique`` and
    ``black_only``, or by its ``rules``.

    Raises:
        ValueError: a guess is not a code of this game, or no secret fits the feedbacks.
    """
    available_pegs, length, unique, black_only = game_kind(
        rules, available_pegs, length, unique, black_only
    )
    space = CodeSpace(available_pegs, length, black_only=black_only)
    reviewer = _Reviewer(space, exact_candidates, unique)
    numbered: History = [
        (space.index(guess), space.feedback_number(feedback)) for guess, feedback in history
    ]
    candidates: Indices = space.unique_codes if unique else np.arange(space.size, dtype=np.intp)
    node = reviewer.tree.root if reviewer.tree is not None else None
    before = start = reviewer.value(candidates, node, [])
    rows: list[GuessAppraisal] = []
    for number, (guess, feedback) in enumerate(numbered):
        parts = space.partition(guess, candidates)
        if feedback not in parts:
            raise ValueError(NO_SECRET)
        on_tree = node is not None and node.guess == guess
        if on_tree:
            with_guess, exact_guess = before.expected, True
        else:
            with_guess, exact_guess = reviewer.with_guess(candidates, parts, before)
        after_candidates = parts[feedback]
        if len(after_candidates) == len(candidates):
            pass  # the guess told nothing: the tree's position, if any, is the same
        elif node is not None and on_tree:
            node = node.after.get(feedback)
        else:
            node = None
        if feedback == space.win:
            after = _Value(0.0, guess, True)
        else:
            after = reviewer.value(after_candidates, node, numbered[: number + 1])
        exact = exact_guess and before.exact
        # rounded, so that figures worked out two ways alike do not differ by a last bit
        cost = round(with_guess - before.expected, 9)
        rows.append(
            GuessAppraisal(
                candidates_before=len(candidates),
                candidates_after=len(after_candidates),
                could_be_secret=bool(np.isin(guess, candidates)),
                expected_before=before.expected,
                expected_with_guess=with_guess,
                expected_after=after.expected,
                # An estimate may rank a guess above the proven best: it costs nothing then.
                cost=cost if exact else max(0.0, cost),
                best_guess=space.code(before.best),
                exact=exact and after.exact,
            )
        )
        candidates, before = after_candidates, after
    return GameAppraisal(
        strategy=STRATEGY,
        expected_at_start=start.expected,
        exact=start.exact and all(row.exact for row in rows),
        guesses=tuple(rows),
    )
