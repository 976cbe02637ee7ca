"""Guesses for games of any size: exact while few codes fit, by sampling beyond.

Past the sizes where a tree or an exact search decides, a guess is a code that fits every
key peg so far, chosen among those that fit by how it would split them (Berghman et al.,
2009, chose among sampled consistent codes the same way):

- While at most ``EXACT`` codes fit, all of them are listed, and the guess is the one
  among ``GUESSES`` of them that splits them all best; once at most ``ENDGAME`` are
  left, the exact search plays the rest of the game.
- Beyond that, ``SECRETS`` codes that fit are drawn, and the guess is the one among
  ``GUESSES`` of them that splits them all best.
- The first guess is chosen among the colour patterns (``AABC``, ``ABCD``, ...): every
  code of a pattern splits the game alike, so one of each is all there is to compare.

Late in a large game, when the beam finds few codes that fit, a local search looks for
more. When no code that fits turns up within the budget, the answer is the code found
that misses the key pegs by least, and the budget is marked as run out.
"""

from __future__ import annotations

import functools
import zlib

import numpy as np
from numpy.typing import NDArray

from mastermind.solver._budget import Budget
from mastermind.solver._fits import Clues
from mastermind.solver._heuristics import RANKINGS, History
from mastermind.solver._optimal import UNLIMITED, OptimalSearch, OutOfTime
from mastermind.solver._scoring import (
    NO_SECRET,
    CodeSpace,
    Digits,
    Indices,
    digits_of,
    histograms,
    numbers_of,
    score_block,
)
from mastermind.solver._symmetry import colour_patterns
from mastermind.solver._tables import GuessTable, dense, endgame_table

__all__ = ["Wide"]

EXACT = 20_000
"""The most codes that fit for all of them to be listed."""
SECRETS = 3000
"""How many codes that fit are drawn when more than ``EXACT`` do."""
GUESSES = 1000
"""How many of the codes that fit are compared as the next guess."""
ENDGAME = 30
"""How few codes that fit the exact search plays out."""
_ENDGAME_CELLS = 8 * 1024 * 1024
_EVERY_CODE_GAME = 1 << 20
"""The largest game whose every code the endgame may play: no larger one is listed."""
"""Largest table of every code against the codes left for the endgame to use every code."""
_OPENING_SECRETS = 1 << 16
"""Codes a first guess is judged against: all of a game this size, else a sample."""
_RANKING_CELLS = 4 * 1024 * 1024
"""Guess-secret scores ranked at once, between looks at the budget."""

_COMPARED_CELLS = 12 * 1024 * 1024
"""Most guess-secret scores worked out for one guess: about a quarter of a second."""
_FEW_FITS = 50
"""Fewer codes that fit than this, drawn by the beam, call for the local search too."""

_rank = RANKINGS["entropy"]


@functools.cache
def opening(colours: int, length: int, unique: bool, black_only: bool = False) -> tuple[int, ...]:
    """The colour pattern whose first guess splits the game best, as colour numbers."""
    patterns = np.array(list(colour_patterns(length, colours, unique)), dtype=np.uint8)
    clues = Clues(colours, length, [], unique=unique)
    rng = np.random.default_rng(colours * 100 + length * 2 + unique)
    if colours**length <= _OPENING_SECRETS and not unique:
        secrets = CodeSpace([str(colour) for colour in range(colours)], length).digits
    else:
        secrets = clues.random_codes(_OPENING_SECRETS, rng)
    scores = score_block(patterns, secrets, colours, black_only=black_only)
    ranks = _rank(histograms(scores, (length + 1) ** 2))
    return tuple(int(colour) for colour in patterns[int(np.argmin(ranks))])


def _seeded(seed: int, history: History) -> np.random.Generator:
    """The same draws whenever the same position recurs."""
    return np.random.default_rng([seed, zlib.crc32(repr(history).encode())])


def _searched_locally(
    clues: Clues, want: int, rng: np.random.Generator, budget: Budget, share: float
) -> Digits:
    """Codes that fit found by the local search in a share of the budget; failing that,
    the closest code alone, with the budget marked as run out."""
    found, closest = clues.search_locally(want, rng, budget.share(share))
    if len(found) == 0:
        budget.ran_out()
        return closest[None, :]
    return found


class Wide:
    """Chooses guesses from the codes that fit, found by search or given."""

    def __init__(self, space: CodeSpace, *, unique: bool = False, seed: int = 0) -> None:
        self.space = space
        self.unique = unique
        self.seed = seed

    def clues(self, history: History) -> Clues:
        """The history as constraints on the secret."""
        space = self.space
        rows = []
        for guess, feedback in history:
            black, white = divmod(feedback, space.length + 1)
            rows.append(
                (digits_of(np.array([guess]), space.colours, space.length)[0], black, white)
            )
        return Clues(
            space.colours, space.length, rows, unique=self.unique, black_only=space.black_only
        )

    def advise(self, history: History, budget: Budget) -> tuple[int, int | None]:
        """The next guess, and how many codes fit if they could all be counted."""
        colours = self.space.colours
        if not history:
            pattern = opening(colours, self.space.length, self.unique, self.space.black_only)
            first = np.array([pattern], dtype=np.uint8)
            return int(numbers_of(first, colours)[0]), None
        clues = self.clues(history)
        codes, complete = clues.fitting(EXACT, budget.share(0.4))
        rng = _seeded(self.seed, history)
        if complete:
            if len(codes) == 0:
                raise ValueError(NO_SECRET)
            return self.choose_exactly(codes, rng, budget), len(codes)
        drawn = clues.sample(SECRETS, rng, budget.share(0.4))
        if len(drawn) < GUESSES:
            drawn = np.unique(np.concatenate([drawn, codes[:SECRETS]]), axis=0)
        if len(drawn) < _FEW_FITS:
            found = _searched_locally(clues, GUESSES, rng, budget, 0.8)
            if budget.exhausted:
                return int(numbers_of(found, colours)[0]), None
            drawn = np.unique(np.concatenate([drawn, found]), axis=0)
        return self._choose_sampled(drawn, rng, budget), None

    def any_fit(self, history: History, budget: Budget) -> int:
        """A code that fits, drawn at random: the same whenever the same position recurs."""
        rng = _seeded(self.seed, history)
        clues = self.clues(history)
        drawn = clues.sample(GUESSES, rng, budget.share(0.4))
        if len(drawn) == 0:
            drawn = _searched_locally(clues, 1, rng, budget, 1.0)
        return int(numbers_of(drawn[rng.integers(len(drawn))][None, :], self.space.colours)[0])

    def choose_exactly(self, codes: Digits, rng: np.random.Generator, budget: Budget) -> int:
        """The guess for a position where ``codes``, in numbering order, are all that fit."""
        numbers = numbers_of(codes, self.space.colours)
        if len(codes) <= 2:
            return int(numbers[0])
        if len(codes) <= ENDGAME:
            return self._endgame(codes, numbers, budget)
        return self._choose_sampled(codes, rng, budget)

    def _choose_sampled(self, codes: Digits, rng: np.random.Generator, budget: Budget) -> int:
        """The best of at most ``GUESSES`` of the codes, against all of them."""
        guesses = codes
        most = max(1, min(GUESSES, _COMPARED_CELLS // len(codes)))
        if len(codes) > most:
            guesses = codes[np.sort(rng.choice(len(codes), most, replace=False))]
        return self.choose_among(guesses, codes, budget)

    def choose_among(self, guesses: Digits, secrets: Digits, budget: Budget) -> int:
        """The guess that splits the secrets best; the lowest-numbered among equals.

        Guesses are ranked a block at a time; when the budget runs out the best ranked so
        far is chosen.
        """
        numbers = numbers_of(guesses, self.space.colours)
        bins = self.space.feedback_bins
        ranks = np.full(len(guesses), np.inf)
        step = max(1, _RANKING_CELLS // len(secrets))
        for start in range(0, len(guesses), step):
            if start and budget.expired():
                budget.ran_out()
                break
            block = guesses[start : start + step]
            ranks[start : start + step] = _rank(
                histograms(self.space.score_codes(block, secrets), bins)
            )
        order = np.lexsort((numbers, ranks))
        return int(numbers[order[0]])

    def _endgame(self, codes: Digits, numbers: NDArray[np.int64], budget: Budget) -> int:
        """The exact search's guess, with every code as a guess where that is cheap enough;
        should the budget run out first, the guess that splits the codes best."""
        space = self.space
        every_code = (
            not self.unique
            and space.size <= _EVERY_CODE_GAME
            and space.size * len(codes) <= _ENDGAME_CELLS
        )
        if every_code:
            table = endgame_table(space, numbers.astype(np.intp))
        else:
            scores, win, feedbacks = dense(
                space.score_codes(codes, codes), space.win, space.feedback_bins
            )
            rows = np.arange(len(codes), dtype=np.intp)
            table = GuessTable(
                scores,
                numbers.astype(np.intp),
                numbers.astype(np.intp),
                rows,
                win,
                feedbacks,
                False,
            )
        search = OptimalSearch(space, UNLIMITED, table)
        search.budget = budget.share(0.8) if budget.seconds is not None else None
        columns = np.arange(len(codes), dtype=np.intp)
        try:
            search.cost(columns, UNLIMITED, [])
        except OutOfTime:
            budget.ran_out()
            return self.choose_among(codes, codes, budget)
        return search.guess(columns, UNLIMITED)

    def among(self, candidates: Indices, history: History, budget: Budget) -> int:
        """The guess when the codes that fit are known, as code numbers of a listed game."""
        if not history:
            return self.advise(history, budget)[0]
        rng = _seeded(self.seed, history)
        if len(candidates) > EXACT:
            candidates = candidates[np.sort(rng.choice(len(candidates), EXACT, replace=False))]
        return self.choose_exactly(self.space.digits[candidates], rng, budget)
