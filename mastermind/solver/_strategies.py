"""The strategies by name, each choosing a guess from the candidates and the history."""

from __future__ import annotations

from collections import OrderedDict
from typing import Protocol

import numpy as np

from mastermind.solver._budget import Budget
from mastermind.solver._heuristics import RANKINGS, History, best_guess, random_consistent_guess
from mastermind.solver._optimal import (
    UNLIMITED,
    UNSOLVABLE,
    OptimalSearch,
    OutOfTime,
)
from mastermind.solver._scoring import CodeSpace, Indices
from mastermind.solver._tables import endgame_table
from mastermind.solver._tree import Game, StrategyTree, best_tree, shipped_tree
from mastermind.solver._wide import Wide

__all__ = ["BEST", "STRATEGY_NAMES", "Strategy", "play_every_secret", "strategy_named"]

BEST = "best"
"""The strongest strategy we have for each size of game."""
OPTIMAL_STRATEGIES = {"optimal": None, "optimal-worst-5": 5}
"""Optimal strategies by name, with the most guesses any secret may take."""
ENDGAME_STRATEGIES = {"entropy-endgame": "entropy"}
"""Heuristics that hand over to the optimal search for the last few candidates."""
STRATEGY_NAMES = tuple(
    sorted([BEST, *RANKINGS, "random-consistent", *OPTIMAL_STRATEGIES, *ENDGAME_STRATEGIES])
)

ENDGAME_CANDIDATES = 30
"""How few candidates the endgame strategies search out optimally."""
BLACK_ONLY_ENDGAME_CANDIDATES = 15
"""The same where black pegs alone answer: an answer splits the candidates into at most
one part more than the code has pegs, so the exact search of 16 or more takes minutes,
of 15 or fewer hundredths of a second."""


def endgame_candidates(space: CodeSpace) -> int:
    """How few candidates the endgame strategies search out optimally in this game."""
    return BLACK_ONLY_ENDGAME_CANDIDATES if space.black_only else ENDGAME_CANDIDATES


_LIVE_SEARCH_GAME_SIZE = 700
"""Games up to this many codes are searched on the spot when no tree is shipped."""
_LIVE_SEARCH_CANDIDATES = 60
"""Off the shipped tree, the search takes over once this few candidates are left."""


_ENDGAMES_KEPT = 16
"""Endgame searches kept for reuse; play goes depth first, so few are ever needed again."""


class Strategy(Protocol):
    """Chooses the next guess; ``candidates`` are the codes the history still allows.

    A strategy that cannot finish within ``budget`` answers the best guess it found and
    marks the budget as run out.
    """

    def choose(self, candidates: Indices, history: History, budget: Budget) -> int: ...


class Heuristic:
    """A one-step strategy of ``RANKINGS``; in a unique game its guesses hold no colour twice."""

    def __init__(self, space: CodeSpace, name: str, unique: bool = False) -> None:
        self.space = space
        self.name = name
        self.unique = unique

    def choose(self, candidates: Indices, history: History, budget: Budget) -> int:
        return best_guess(self.space, candidates, history, self.name, budget, self.unique)


class RandomConsistent:
    """Any candidate, drawn with a seeded generator."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, candidates: Indices, history: History, budget: Budget) -> int:
        return random_consistent_guess(candidates, history, self.seed)


def game_of(space: CodeSpace, unique: bool) -> Game:
    """The game a tree must be made for to be played on this space."""
    return Game(space.colours, space.length, unique, space.black_only)


def codes_in_play(space: CodeSpace, unique: bool) -> int:
    """How many codes a game has: those that hold no colour twice, in a unique game."""
    return len(space.unique_codes) if unique else space.size


class Optimal:
    """The fewest guesses in total, from a shipped tree or, for small games, a search.

    A history that strays from the tree, by guesses the strategy would not have made,
    is played on by the search once few candidates are left, and until then by the
    most-parts heuristic, since searching large sets mid-game would take too long. In a
    unique game, every guess holds no colour twice.
    """

    def __init__(self, space: CodeSpace, most_guesses: int | None, unique: bool = False) -> None:
        self.space = space
        self.most_guesses = most_guesses
        self.unique = unique
        self.tree: StrategyTree | None = shipped_tree(game_of(space, unique), most_guesses)
        self._search: OptimalSearch | None = None
        if self.tree is None and codes_in_play(space, unique) > _LIVE_SEARCH_GAME_SIZE:
            raise ValueError(
                f"No optimal strategy is shipped for {space.length} pegs of {space.colours}"
                " colours and the game is too large to search on the spot;"
                " build one with build_optimal_tree or choose a heuristic strategy"
            )
        self._fallback = Heuristic(space, "most-parts", unique)

    def search(self) -> OptimalSearch:
        """The search, started on first use and kept for its memory of solved sets."""
        if self._search is None:
            limit = self.most_guesses or UNLIMITED
            self._search = OptimalSearch(self.space, limit, unique=self.unique)
        return self._search

    def choose(self, candidates: Indices, history: History, budget: Budget) -> int:
        if self.tree is not None:
            node = self.tree.follow(history)
            if node is not None:
                return node.guess
            if len(candidates) > _LIVE_SEARCH_CANDIDATES:
                return self._fallback.choose(candidates, history, budget)
        search = self.search()
        guesses_left = search.most_guesses - len(history)
        if guesses_left < 1:
            return self._fallback.choose(candidates, history, budget)
        search.budget = budget.share(0.7) if budget.seconds is not None else None
        columns = search.columns(candidates)
        try:
            cost = search.cost(columns, guesses_left, [guess for guess, _ in history])
        except OutOfTime:
            budget.ran_out()
            return self._fallback.choose(candidates, history, budget)
        finally:
            search.budget = None
        if cost >= UNSOLVABLE:
            return self._fallback.choose(candidates, history, budget)
        return search.guess(columns, guesses_left)


class Endgame:
    """A heuristic while many candidates are left, then the optimal search.

    Once at most ``endgame`` candidates are left, the search looks at every code of the
    game, one per distinct way of splitting them, and plays the rest of the game
    optimally.
    """

    def __init__(
        self, space: CodeSpace, heuristic: str, endgame: int, unique: bool = False
    ) -> None:
        self.space = space
        self.endgame = endgame
        self.unique = unique
        self._opening = Heuristic(space, heuristic, unique)
        self._searches: OrderedDict[tuple[tuple[int, int], ...], OptimalSearch] = OrderedDict()

    def choose(self, candidates: Indices, history: History, budget: Budget) -> int:
        if len(candidates) > self.endgame:
            return self._opening.choose(candidates, history, budget)
        among = np.sort(self.space.scores(candidates, candidates), axis=1)
        tells_all_apart = (among[:, 1:] != among[:, :-1]).all(axis=1)
        if tells_all_apart.any():
            # no strategy does better than a candidate that tells all others apart
            return int(candidates[int(np.argmax(tells_all_apart))])
        search = self._search_for(candidates, history)
        columns = np.searchsorted(search.table.secrets, candidates)
        search.budget = budget.share(0.8) if budget.seconds is not None else None
        try:
            search.cost(columns, UNLIMITED, [])
        except OutOfTime:
            budget.ran_out()
            return self._opening.choose(candidates, history, budget)
        finally:
            search.budget = None
        return search.guess(columns, UNLIMITED)

    def _search_for(self, candidates: Indices, history: History) -> OptimalSearch:
        for start in range(len(history) + 1):
            search = self._searches.get(tuple(history[:start]))
            if search is not None and np.isin(candidates, search.table.secrets).all():
                self._searches.move_to_end(tuple(history[:start]))
                return search
        table = endgame_table(self.space, candidates, self.unique)
        search = OptimalSearch(self.space, UNLIMITED, table)
        self._searches[tuple(history)] = search
        while len(self._searches) > _ENDGAMES_KEPT:
            self._searches.popitem(last=False)
        return search


class Best:
    """The strongest strategy we have for the game's size.

    The optimal tree where one is shipped, else the record tree; the optimal search for
    games small enough to search on the spot; elsewhere, and off a tree, a code that fits
    every key peg so far, chosen as ``Wide`` does. In a unique game no guess repeats a
    colour.
    """

    def __init__(self, space: CodeSpace, seed: int = 0, unique: bool = False) -> None:
        self.space = space
        self.tree = best_tree(game_of(space, unique))
        self.wide = Wide(space, unique=unique, seed=seed)
        self._search: Optimal | None = None
        if codes_in_play(space, unique) <= _LIVE_SEARCH_GAME_SIZE:
            self._search = Optimal(space, None, unique)

    def choose(self, candidates: Indices, history: History, budget: Budget) -> int:
        if self.tree is not None:
            node = self.tree.follow(history)
            if node is not None:
                return node.guess
        if self._search is not None:
            return self._search.choose(candidates, history, budget)
        return self.wide.among(candidates, history, budget)


def strategy_named(name: str, space: CodeSpace, seed: int = 0, unique: bool = False) -> Strategy:
    """The strategy of a name in ``STRATEGY_NAMES``."""
    if name == BEST:
        return Best(space, seed, unique)
    if name in RANKINGS:
        return Heuristic(space, name, unique)
    if name == "random-consistent":
        return RandomConsistent(seed)
    if name in OPTIMAL_STRATEGIES:
        return Optimal(space, OPTIMAL_STRATEGIES[name], unique)
    if name in ENDGAME_STRATEGIES:
        return Endgame(space, ENDGAME_STRATEGIES[name], endgame_candidates(space), unique)
    raise ValueError(f"Unknown strategy {name!r}; choose one of {', '.join(STRATEGY_NAMES)}")


def play_every_secret(
    space: CodeSpace, strategy: Strategy, secrets: Indices | None = None
) -> dict[int, int]:
    """How many secrets, of the game's or those given, the strategy solves in each number
    of guesses."""
    solved: dict[int, int] = {}

    def play(candidates: Indices, history: History) -> None:
        guess = strategy.choose(candidates, history, Budget())
        for feedback, part in space.partition(guess, candidates).items():
            if feedback == space.win:
                solved[len(history) + 1] = solved.get(len(history) + 1, 0) + 1
            else:
                play(part, [*history, (guess, feedback)])

    play(np.arange(space.size, dtype=np.intp) if secrets is None else secrets, [])
    return dict(sorted(solved.items()))
