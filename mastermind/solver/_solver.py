"""Playing the game as code breaker: the next guess, whole games, and every secret."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Sequence

import attrs
import numpy as np

from mastermind.domain import CLASSIC_PEGS, Code, Feedback, Rules
from mastermind.solver._budget import Budget
from mastermind.solver._heuristics import History
from mastermind.solver._scoring import (
    MOST_TABULATED,
    NO_SECRET,
    CodeSpace,
    Indices,
    numbers_of,
)
from mastermind.solver._strategies import (
    BEST,
    STRATEGY_NAMES,
    Strategy,
    play_every_secret,
    strategy_named,
)
from mastermind.solver._wide import Wide

__all__ = ["Evaluation", "Solver", "Suggestion", "evaluate", "solve"]

BEST_TABLE_SIZE = 1 << 20
"""The largest game ``"best"`` lists every code of; beyond it, codes that fit are searched for."""
LISTED_CANDIDATES = 100_000
"""The most codes ``Solver.candidates`` lists for a game too large to tabulate."""
_POSITIONS_KEPT = 12
"""Positions whose candidates are kept: those of the game in play, a few moves deep."""


GameKind = tuple[tuple[str, ...], int, bool, bool]
"""What the solver reads of a game's rules: its pegs (the blank among them, where the
rules allow it), its length, whether no code holds a peg twice, and whether only pegs in
place are counted. Bulls and Cows is scored as black and white pegs, worded otherwise."""


def kind_of(rules: Rules) -> GameKind:
    """What the solver reads of the rules."""
    return rules.pegs, rules.length, not rules.repeats, not rules.answer.counts_white


def game_kind(
    rules: Rules | None, pegs: Sequence[str], length: int, unique: bool, black_only: bool
) -> GameKind:
    """The game's kind: from its rules when they are given."""
    return (tuple(pegs), length, unique, black_only) if rules is None else kind_of(rules)


@attrs.frozen
class Suggestion:
    """The guess a strategy makes next, and how many codes the board still allows: a hint,
    with every field of the service's ``Hint``."""

    guess: Code
    remaining: int | None
    """How many codes could still be the secret; ``None`` when too many to count in the
    time a hint may take."""
    strategy: str
    incomplete: bool = False
    """Whether the time ran out before the strategy finished its search, so that the guess
    is the best it found: it may not fit every key peg so far."""


class _Tabled:
    """Plays with every code of the game listed, so the candidates are known exactly."""

    def __init__(self, space: CodeSpace, strategy: Strategy, unique: bool) -> None:
        self.space = space
        self.strategy = strategy
        self.unique = unique
        self._kept: OrderedDict[tuple[tuple[int, int], ...], Indices] = OrderedDict()

    def candidates(self, history: History) -> Indices:
        """The codes the history allows, worked out from the longest position kept."""
        cut = len(history)
        while cut > 0 and tuple(history[:cut]) not in self._kept:
            cut -= 1
        known: Indices | None = self._kept.get(tuple(history[:cut]))
        if known is None and self.unique:
            known = self.space.unique_codes
        for step, (guess, feedback) in enumerate(history[cut:], start=cut + 1):
            row = self.space.scores(np.array([guess], dtype=np.intp), known)[0]
            fits = np.flatnonzero(row == feedback)
            known = fits if known is None else known[fits]
            self._kept[tuple(history[:step])] = known
            while len(self._kept) > _POSITIONS_KEPT:
                self._kept.popitem(last=False)
        if known is None:
            return np.arange(self.space.size, dtype=np.intp)
        return known

    def advise(self, history: History, budget: Budget) -> tuple[int, int | None]:
        candidates = self.candidates(history)
        if len(candidates) == 0:
            raise ValueError(NO_SECRET)
        return self.strategy.choose(candidates, history, budget), len(candidates)


class _Searched:
    """Plays a game too large to list by searching for the codes that fit."""

    def __init__(self, wide: Wide, *, any_fit: bool) -> None:
        self.wide = wide
        self.any_fit = any_fit

    def candidates(self, history: History) -> Indices:
        codes, complete = self.wide.clues(history).fitting(LISTED_CANDIDATES, Budget())
        if not complete:
            raise ValueError(f"More than {LISTED_CANDIDATES:,} codes fit; too many to list")
        return numbers_of(codes, self.wide.space.colours).astype(np.intp)

    def advise(self, history: History, budget: Budget) -> tuple[int, int | None]:
        if self.any_fit:
            return self.wide.any_fit(history, budget), None
        return self.wide.advise(history, budget)


class Solver:
    """Chooses guesses for one game, by one strategy.

    ``strategy`` is one of ``STRATEGIES``; ``seed`` only matters to
    ``"random-consistent"`` and to the draws ``"best"`` makes in large games. With
    ``unique``, the secret holds no colour twice. ``budget`` caps the seconds of
    processor time spent on each guess; a strategy that runs out answers the best guess
    it found (see ``Suggestion.incomplete``). A solver keeps what it has worked out, so reusing
    one for many games of the same kind is faster than making a new one each time.

    ``"best"`` and ``"random-consistent"`` play games of any size; the other strategies
    play games of up to ``MOST_TABULATED`` codes.

    ``rules``, such as a preset of ``mastermind.domain.PRESETS``, give the game at once in
    place of the palette, length, ``unique`` and ``black_only``: with ``black_only`` only
    pegs in place are counted, and in a unique game no guess holds a colour twice either.
    """

    def __init__(
        self,
        strategy: str = "optimal",
        available_pegs: Sequence[str] = CLASSIC_PEGS,
        length: int = 4,
        *,
        seed: int = 0,
        unique: bool = False,
        black_only: bool = False,
        budget: float | None = None,
        rules: Rules | None = None,
    ) -> None:
        available_pegs, length, unique, black_only = game_kind(
            rules, available_pegs, length, unique, black_only
        )
        self.strategy = strategy
        self.unique = unique
        self.budget = budget
        self.space = CodeSpace(available_pegs, length, black_only=black_only)
        if unique and length > self.space.colours:
            raise ValueError(
                f"No code of {length} pegs holds {self.space.colours} colours once each"
            )
        self._player = self._player_for(seed)

    def _player_for(self, seed: int) -> _Tabled | _Searched:
        space, name = self.space, self.strategy
        if name not in STRATEGY_NAMES:
            raise ValueError(
                f"Unknown strategy {name!r}; choose one of {', '.join(STRATEGY_NAMES)}"
            )
        if name == BEST and space.size > BEST_TABLE_SIZE:
            return _Searched(Wide(space, unique=self.unique, seed=seed), any_fit=False)
        if name == "random-consistent" and not space.tabulated:
            return _Searched(Wide(space, unique=self.unique, seed=seed), any_fit=True)
        if not space.tabulated:
            raise ValueError(
                f"{name} plays games of at most {MOST_TABULATED:,} codes, and this one has"
                f" {space.size:,}; choose best or random-consistent"
            )
        return _Tabled(space, strategy_named(name, space, seed, self.unique), self.unique)

    def _numbered(self, history: Sequence[tuple[Code, Feedback]]) -> History:
        return [
            (self.space.index(guess), self.space.feedback_number(feedback))
            for guess, feedback in history
        ]

    def candidates(self, history: Sequence[tuple[Code, Feedback]]) -> list[Code]:
        """Every code that could still be the secret after the history.

        Raises:
            ValueError: a guess is not a code of this game, or, in a game too large to
                list, more than ``LISTED_CANDIDATES`` codes could be the secret.
        """
        numbers = self._player.candidates(self._numbered(history))
        return [self.space.code(int(number)) for number in numbers]

    def advise(self, history: Sequence[tuple[Code, Feedback]]) -> Suggestion:
        """The guess to make after ``history``, with how many codes are left.

        Raises:
            ValueError: a guess is not a code of this game, or no secret fits the
                feedbacks.
        """
        budget = Budget(self.budget)
        guess, remaining = self._player.advise(self._numbered(history), budget)
        return Suggestion(self.space.code(guess), remaining, self.strategy, budget.exhausted)

    def next_guess(self, history: Sequence[tuple[Code, Feedback]]) -> Code:
        """The guess to make after ``history``, a sequence of guesses and their feedbacks.

        Raises:
            ValueError: a guess is not a code of this game, or no secret fits the
                feedbacks.
        """
        return self.advise(history).guess


def solve(
    secret: Code,
    strategy: str = "optimal",
    available_pegs: Sequence[str] = CLASSIC_PEGS,
    length: int | None = None,
    *,
    seed: int = 0,
    rules: Rules | None = None,
) -> list[Code]:
    """Play a game against ``secret``; the guesses made, the last of which is the secret."""
    solver = Solver(
        strategy,
        available_pegs,
        len(secret.pegs) if length is None else length,
        seed=seed,
        rules=rules,
    )
    solver.space.index(secret)
    game_rules = rules or Rules(len(secret.pegs), solver.space.pegs)
    history: list[tuple[Code, Feedback]] = []
    while not history or history[-1][0] != secret:
        guess = solver.next_guess(history)
        history.append((guess, game_rules.score(secret, guess)))
    return [guess for guess, _ in history]


@attrs.frozen
class Evaluation:
    """How a strategy fares over every secret of a game."""

    strategy: str
    length: int
    colours: int
    secrets: int
    total: int
    """Guesses over all secrets, the winning guesses included."""
    worst: int
    """The most guesses any secret needed."""
    histogram: tuple[tuple[int, int], ...]
    """Pairs of a number of guesses and how many secrets needed exactly that many."""
    seconds: float

    @property
    def average(self) -> float:
        """Guesses per secret."""
        return self.total / self.secrets

    def __str__(self) -> str:
        spread = ", ".join(f"{guesses}: {count}" for guesses, count in self.histogram)
        return (
            f"{self.strategy} on {self.length} pegs of {self.colours} colours:"
            f" {self.total} guesses for {self.secrets} secrets, average {self.average:.4f},"
            f" worst {self.worst} ({spread}) in {self.seconds:.2f} s"
        )


def evaluate(
    strategy: str = "optimal",
    available_pegs: Sequence[str] = CLASSIC_PEGS,
    length: int = 4,
    *,
    seed: int = 0,
    unique: bool = False,
    black_only: bool = False,
    rules: Rules | None = None,
) -> Evaluation:
    """Play every secret of the game with a strategy and report how many guesses it took.

    The game is told as ``Solver`` is told it, by its palette, length, ``unique`` and
    ``black_only``, or by its ``rules``.
    """
    started = time.perf_counter()
    solver = Solver(
        strategy,
        available_pegs,
        length,
        seed=seed,
        unique=unique,
        black_only=black_only,
        rules=rules,
    )
    player = solver._player
    if not isinstance(player, _Tabled):
        raise ValueError(f"{solver.space.size:,} secrets are too many to play every one")
    secrets = player.candidates([])
    solved = play_every_secret(solver.space, player.strategy, secrets)
    seconds = time.perf_counter() - started
    return Evaluation(
        strategy=strategy,
        length=solver.space.length,
        colours=solver.space.colours,
        secrets=len(secrets),
        total=sum(guesses * count for guesses, count in solved.items()),
        worst=max(solved),
        histogram=tuple(solved.items()),
        seconds=seconds,
    )
