"""Codes that fit every key peg so far, found by constraint search instead of a table.

A game of 10 pegs from 20 colours has 10^13 codes, too many to list, so the codes that
could still be the secret are searched for peg by peg. For each guess so far, the black
pegs and the pegs of common colour (black plus white) that a partial code earns can only
grow as pegs are added, and by at most one a peg; a partial code is dropped as soon as
either count has passed its key pegs or can no longer reach them. Partial codes are
extended a block at a time with numpy, depth first, which bounds the memory and makes
the search complete: when it ends, every code that fits has been found.

Where far too many codes fit to list, ``sample`` draws some with a beam of partial codes
thinned at random at every peg. Late in a large game, where codes that fit are few and
far apart, ``search_locally`` finds them faster: it changes codes a peg at a time
towards fewer missed key pegs, and also answers the code that misses by least should
none fit in time.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np
from numpy.typing import NDArray

from mastermind.solver._budget import Budget
from mastermind.solver._scoring import Digits, colour_counts, score_block

__all__ = ["Clues"]

Counts = NDArray[np.int16]

_BLOCK = 1024
"""Partial codes extended at once: each block's tables stay a few megabytes."""
_CLOSEST_STARTS = 32
"""Codes improved side by side by the local search."""
_STALE_MOVES = 30
"""Moves without improvement after which the local search starts a code afresh."""


@attrs.frozen
class _Partial:
    """Partial codes of one length, with what each earns against every guess so far."""

    pegs: Digits
    blacks: Counts
    common: Counts
    counts: Digits

    def __len__(self) -> int:
        return len(self.pegs)

    def take(self, rows: NDArray[np.intp]) -> _Partial:
        return _Partial(self.pegs[rows], self.blacks[rows], self.common[rows], self.counts[rows])


class Clues:
    """What the guesses so far and their key pegs say about the secret."""

    def __init__(
        self,
        colours: int,
        length: int,
        history: Sequence[tuple[Digits, int, int]],
        *,
        unique: bool = False,
        black_only: bool = False,
    ) -> None:
        self.colours = colours
        self.length = length
        self.unique = unique
        self.black_only = black_only
        guesses = [digits for digits, _, _ in history]
        self.guesses: Digits = (
            np.array(guesses, dtype=np.uint8).reshape(len(guesses), length)
            if guesses
            else np.zeros((0, length), dtype=np.uint8)
        )
        self.blacks: Counts = np.array([black for _, black, _ in history], dtype=np.int16)
        self.totals: Counts = np.array(
            [black + white for _, black, white in history], dtype=np.int16
        )
        self._guess_counts = colour_counts(self.guesses, colours).T.astype(np.int16)
        palette = np.arange(colours, dtype=np.uint8)
        self._hits = [
            (palette[:, None] == self.guesses[:, position][None, :]).astype(np.int16)
            for position in range(length)
        ]

    def _root(self) -> _Partial:
        rows = len(self.guesses)
        return _Partial(
            np.zeros((1, 0), dtype=np.uint8),
            np.zeros((1, rows), dtype=np.int16),
            np.zeros((1, rows), dtype=np.int16),
            np.zeros((1, self.colours), dtype=np.uint8),
        )

    def _extend(self, part: _Partial, order: NDArray[np.intp]) -> _Partial:
        """Every partial code one peg longer, colours tried in ``order``, that may still fit."""
        position = part.pegs.shape[1]
        left = self.length - position - 1
        blacks = part.blacks[:, None, :] + self._hits[position][order][None, :, :]
        fresh = part.counts[:, order, None] < self._guess_counts[order][None, :, :]
        common = part.common[:, None, :] + fresh
        fits = (blacks <= self.blacks) & (blacks >= self.blacks - left)
        if not self.black_only:
            fits &= (common <= self.totals) & (common >= self.totals - left)
        fits = fits.all(axis=2)
        if self.unique:
            fits &= part.counts[:, order] == 0
        rows, which = np.nonzero(fits)
        colours = order[which].astype(np.uint8)
        counts = part.counts[rows]
        counts[np.arange(len(rows)), colours] += 1
        return _Partial(
            np.concatenate([part.pegs[rows], colours[:, None]], axis=1),
            blacks[rows, which],
            common[rows, which],
            counts,
        )

    def fitting(
        self, most: int, budget: Budget, rng: np.random.Generator | None = None
    ) -> tuple[Digits, bool]:
        """Codes that fit, in numbering order unless ``rng`` shuffles the colours tried,
        and whether they are all there are.

        The search stops once it has ``most`` codes or the budget runs out.
        """
        natural = np.arange(self.colours, dtype=np.intp)
        stack = [self._root()]
        found: list[Digits] = []
        count = 0
        while stack:
            if budget.expired():
                return self._stacked(found), False
            part = stack.pop()
            if part.pegs.shape[1] == self.length:
                found.append(part.pegs)
                count += len(part)
                if count >= most:
                    return self._stacked(found), not stack
                continue
            order = natural if rng is None else rng.permutation(self.colours)
            longer = self._extend(part, order)
            starts = range(0, len(longer), _BLOCK)
            stack.extend(
                longer.take(np.arange(s, min(len(longer), s + _BLOCK))) for s in reversed(starts)
            )
        return self._stacked(found), True

    def sample(self, width: int, rng: np.random.Generator, budget: Budget) -> Digits:
        """Codes that fit, drawn with a beam of at most ``width`` partial codes."""
        part = self._root()
        for _ in range(self.length):
            if budget.expired() or len(part) == 0:
                return self._stacked([])
            part = self._extend(part, rng.permutation(self.colours))
            if len(part) > width:
                part = part.take(np.sort(rng.choice(len(part), width, replace=False)))
        return part.pegs

    def misses(self, codes: Digits) -> NDArray[np.int64]:
        """How far each code's key pegs are from the guesses' key pegs, in pegs."""
        if len(self.guesses) == 0:
            return np.zeros(len(codes), dtype=np.int64)
        scores = score_block(codes, self.guesses, self.colours, black_only=self.black_only)
        blacks, whites = np.divmod(scores.astype(np.int64), self.length + 1)
        missed = np.abs(blacks - self.blacks) + np.abs(blacks + whites - self.totals)
        total: NDArray[np.int64] = missed.sum(axis=1)
        return total

    def search_locally(
        self, want: int, rng: np.random.Generator, budget: Budget
    ) -> tuple[Digits, Digits]:
        """Codes that fit found by changing codes a peg or a swap at a time, and the code
        found that misses the key pegs by least.

        Each of a few codes moves to its best neighbour, sideways too, and starts afresh
        once it fits or has stopped improving; the search ends with ``want`` codes that
        fit or when the budget runs out.
        """
        codes = self.random_codes(_CLOSEST_STARTS, rng)
        misses = self.misses(codes)
        best, best_misses = codes[int(misses.argmin())].copy(), int(misses.min())
        stale = np.zeros(len(codes), dtype=np.int64)
        found: list[Digits] = []
        rows = np.arange(len(codes))
        while True:
            fitting = misses == 0
            if fitting.any():
                found.append(codes[fitting].copy())
            renew = fitting | (stale > _STALE_MOVES)
            if renew.any():
                codes[renew] = self.random_codes(int(renew.sum()), rng)
                misses[renew] = self.misses(codes[renew])
                stale[renew] = 0
            if sum(map(len, found)) >= want or budget.expired():
                break
            neighbours = self._neighbours(codes)
            scored = self.misses(neighbours.reshape(-1, self.length)).reshape(len(codes), -1)
            choice = np.argmin(scored + rng.random(scored.shape), axis=1)
            moved = scored[rows, choice]
            accept = moved <= misses
            stale[moved < misses] = 0
            stale[moved >= misses] += 1
            codes[accept] = neighbours[accept, choice[accept]]
            misses[accept] = moved[accept]
            if misses.min() < best_misses:
                best, best_misses = codes[int(misses.argmin())].copy(), int(misses.min())
        fits = np.unique(np.concatenate(found), axis=0) if found else self._stacked([])
        return fits, best

    def _neighbours(self, codes: Digits) -> Digits:
        """Every code one peg or one swap away from each code: one block of rows per code."""
        changes = np.repeat(codes[:, None, :], self.length * self.colours, axis=1)
        positions = np.repeat(np.arange(self.length), self.colours)
        colours = np.tile(np.arange(self.colours, dtype=np.uint8), self.length)
        changes[:, np.arange(len(positions)), positions] = colours
        if self.unique:
            repeats = colour_counts(changes.reshape(-1, self.length), self.colours).max(axis=1) > 1
            repeats = repeats.reshape(len(codes), -1)
            changes[repeats] = codes.repeat(repeats.sum(axis=1), axis=0)
        first, second = np.triu_indices(self.length, 1)
        swaps = np.repeat(codes[:, None, :], len(first), axis=1)
        pairs = np.arange(len(first))
        swaps[:, pairs, first] = codes[:, second]
        swaps[:, pairs, second] = codes[:, first]
        return np.concatenate([changes, swaps], axis=1)

    def random_codes(self, count: int, rng: np.random.Generator) -> Digits:
        """Codes drawn uniformly from the game, with no colour twice in a unique game."""
        if not self.unique:
            return rng.integers(0, self.colours, size=(count, self.length), dtype=np.uint8)
        order = np.argsort(rng.random((count, self.colours)), axis=1)[:, : self.length]
        return order.astype(np.uint8)

    def _stacked(self, found: list[Digits]) -> Digits:
        if not found:
            return np.zeros((0, self.length), dtype=np.uint8)
        return np.concatenate(found)
