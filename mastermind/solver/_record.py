"""A strategy for Super Mastermind better than the best published one, by rollouts.

The base strategy is entropy until few candidates are left, then the exact search: the
``entropy-endgame`` strategy. Near the root the search does better by looking ahead. At
a set of candidates it takes the few guesses entropy ranks best, plays each of them out
to the end with the base strategy, keeps the one whose whole subtree costs least, and
then improves each part that guess leaves in the same way, one level deeper. Since the
base strategy's own guess is among those tried, no set ever costs more than the base
strategy makes it cost. Every total is the true total of a concrete subtree, never an
estimate, and ties go to the guess entropy ranks first, so a rerun finds the same tree.
See ``docs/super-mastermind.md``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import attrs
import numpy as np
from numpy.typing import NDArray

from mastermind.solver._lookahead import Counts, Endgames, ScoreTable, key_of
from mastermind.solver._scoring import CodeSpace, Indices
from mastermind.solver._tree import Game, Node, StrategyTree, record_tree_name

__all__ = ["build_record_tree", "guesses_per_secret", "record_tree_file"]

SUPER_PEGS = tuple(str(colour) for colour in range(8))
"""Super Mastermind's eight colours, by number: only how many there are matters."""
Report = Callable[[str], None]
History = tuple[int, ...]


@attrs.frozen
class SearchSettings:
    """How hard the search looks; the defaults found the shipped tree."""

    endgame: int = 30
    """Sets of at most this many candidates are solved exactly, every code a guess."""
    widths: tuple[int, ...] = (3, 20, 10, 3)
    """How many guesses are played out at each depth from the root; one below that."""


def record_tree_file(colours: int, length: int) -> str:
    """The name of the file the record tree of a game is written to."""
    return record_tree_name(Game(colours, length))


def _entropy_ranks(counts: Counts) -> NDArray[np.float64]:
    """Sum of n log n over the parts: lower is more informative."""
    sizes = counts.astype(np.float64)
    logs = np.log2(np.where(sizes > 0, sizes, 1.0))
    ranks: NDArray[np.float64] = np.round((sizes * logs).sum(axis=1), 9)
    return ranks


def silent(line: str) -> None:
    """Reports nothing."""


class RecordSearch:
    """The rollouts, with every total worked out kept per set of candidates."""

    def __init__(
        self,
        space: CodeSpace,
        settings: SearchSettings,
        report: Report = silent,
        unique: bool = False,
    ) -> None:
        self.space = space
        self.settings = settings
        self.table = ScoreTable(space, unique)
        self.endgames = Endgames(self.table)
        self.report = report
        self.base: dict[bytes, tuple[int, int]] = {}
        """Total and guess of the base strategy, per set."""
        self.improved: dict[bytes, tuple[int, int]] = {}
        """Total and guess after the rollouts, per set."""

    def ranked(self, candidates: Indices, history: History, count: int) -> Indices:
        """The ``count`` best guesses by entropy; ties to candidates, then the lowest."""
        guesses = self.table.guesses(history)
        counts = self.table.histograms(candidates, guesses)
        is_candidate = counts[:, self.table.win_column] > 0
        ranks = _entropy_ranks(counts)
        # a guess that neither splits the set nor may win teaches nothing
        ranks[(counts.max(axis=1) == len(candidates)) & ~is_candidate] = np.inf
        order = np.lexsort((guesses, ~is_candidate, ranks))
        best: Indices = guesses[order[:count]]
        return best

    def with_guess(
        self,
        candidates: Indices,
        history: History,
        guess: int,
        value: Callable[[Indices, History], int],
    ) -> int:
        """The total of a guess: one for each candidate, and the parts' totals by ``value``."""
        after = (*history, guess)
        parts = self.table.partition(guess, candidates)
        return len(candidates) + sum(value(part, after) for part in parts.values())

    def base_total(self, candidates: Indices, history: History) -> int:
        """What the base strategy costs over the set."""
        if len(candidates) <= self.settings.endgame:
            return self.endgames.total(candidates)
        key = key_of(candidates)
        found = self.base.get(key)
        if found is None:
            guess = int(self.ranked(candidates, history, 1)[0])
            found = (self.with_guess(candidates, history, guess, self.base_total), guess)
            self.base[key] = found
        return found[0]

    def total(self, candidates: Indices, history: History) -> int:
        """What the improved strategy costs over the set."""
        if len(candidates) <= self.settings.endgame:
            return self.endgames.total(candidates)
        key = key_of(candidates)
        found = self.improved.get(key)
        if found is not None:
            return found[0]
        depth = len(history)
        if depth >= len(self.settings.widths):
            return self.base_total(candidates, history)
        options = self.ranked(candidates, history, self.settings.widths[depth])
        totals = [
            self.with_guess(candidates, history, int(guess), self.base_total) for guess in options
        ]
        guess = int(options[int(np.argmin(totals))])
        if depth == 0:
            tried = ", ".join(
                f"{self.space.code(int(g))} {t}" for g, t in zip(options, totals, strict=True)
            )
            self.report(f"first guesses played out: {tried}")
        total = self.with_guess(candidates, history, guess, self.total)
        self.improved[key] = (total, guess)
        if depth <= 1:
            self.report(
                f"depth {depth}: {len(candidates)} candidates, {self.space.code(guess)},"
                f" {total} guesses (base strategy {self.base_total(candidates, history)})"
            )
        return total

    def tree(self, candidates: Indices, history: History) -> tuple[Node, int]:
        """The subtree the improved strategy plays, and its total."""
        if len(candidates) <= self.settings.endgame:
            return self.endgames.tree(candidates), self.endgames.total(candidates)
        key = key_of(candidates)
        if key not in self.improved and key not in self.base:
            self.total(candidates, history)
        guess = (self.improved.get(key) or self.base[key])[1]
        after, total = {}, len(candidates)
        for feedback, part in self.table.partition(guess, candidates).items():
            after[feedback], part_total = self.tree(part, (*history, guess))
            total += part_total
        return Node(guess, after), total


def build_record_tree(
    available_pegs: Sequence[str] = SUPER_PEGS,
    length: int = 5,
    settings: SearchSettings | None = None,
    report: Report = silent,
    *,
    unique: bool = False,
    black_only: bool = False,
) -> StrategyTree:
    """Search out the record strategy for a game; the defaults are Super Mastermind's.

    With ``unique`` no code holds a colour twice, guesses included; with ``black_only``
    only pegs in place are counted. ``report`` is told of the progress, a line at a time.
    Super Mastermind takes about 24 minutes on one core and 2 GB of memory, most of it
    the table of every score.
    """
    started = time.perf_counter()
    space = CodeSpace(available_pegs, length, black_only=black_only)
    search = RecordSearch(space, settings or SearchSettings(), report, unique)
    everything: Indices = space.unique_codes if unique else np.arange(space.size, dtype=np.intp)
    searched = search.total(everything, ())
    root, total = search.tree(everything, ())
    report(
        f"{total} guesses in all ({searched} as searched), {search.endgames.searched}"
        f" endgames searched, in {time.perf_counter() - started:.0f} s"
    )
    return StrategyTree(
        colours=space.colours,
        length=length,
        most_guesses=None,
        total=total,
        root=root,
        unique=unique,
        black_only=black_only,
    )


def guesses_per_secret(tree: StrategyTree) -> dict[int, int]:
    """How many secrets the tree solves in each number of guesses."""
    space = tree.space
    solved: dict[int, int] = {}

    def play(node: Node, candidates: Indices, guesses: int) -> None:
        row = space.scores(np.array([node.guess], dtype=np.intp), candidates)[0]
        for feedback in np.unique(row):
            if feedback == space.win:
                solved[guesses] = solved.get(guesses, 0) + 1
            else:
                play(node.after[int(feedback)], candidates[row == feedback], guesses + 1)

    play(tree.root, space.unique_codes if tree.unique else np.arange(space.size), 1)
    return dict(sorted(solved.items()))
