"""Guesses that are interchangeable because of what the history leaves unchanged.

Reordering the positions and renaming the colours of every code never changes how codes
score against each other, so such a symmetry that leaves every guess so far as it was
also leaves the candidates as they were: swapping colours that no guess has used yet,
and reordering positions together with the renaming of used colours that takes each
guess back to itself. Guesses that those map onto each other split the candidates alike,
so a strategy need only look at one of each: the lowest-numbered, which keeps ties
broken exactly as if all guesses had been looked at. Both symmetries keep a code free of
repeated colours, and black-only scoring as well as black and white.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray

from mastermind.solver._budget import Budget
from mastermind.solver._scoring import CodeSpace, Digits, Indices, numbers_of

__all__ = ["Symmetries", "colour_patterns", "representatives"]

_MOST_POSITIONS_TO_PERMUTE = 7


def _renaming(guesses: Digits, permutation: list[int], colours: int) -> Digits | None:
    """The renaming of used colours that takes every guess, reordered, back to itself,
    every unused colour left as it is; ``None`` if there is none."""
    renaming = np.arange(colours, dtype=np.uint8)
    named = np.zeros(colours, dtype=bool)
    for source, target in zip(guesses[:, permutation].ravel(), guesses.ravel(), strict=True):
        if named[source]:
            if renaming[source] != target:
                return None
        else:
            named[source] = True
            renaming[source] = target
    # a renaming of the used colours onto themselves must take no two to one
    return renaming if len(set(renaming[named].tolist())) == int(named.sum()) else None


def _fixing_maps(guesses: Digits, length: int, colours: int) -> list[tuple[list[int], Digits]]:
    """Every reordering of positions, with its renaming of colours, that leaves every
    guess as it was."""
    if length > _MOST_POSITIONS_TO_PERMUTE:
        return [(list(range(length)), np.arange(colours, dtype=np.uint8))]
    maps = []
    for order in itertools.permutations(range(length)):
        renaming = _renaming(guesses, list(order), colours)
        if renaming is not None:
            maps.append((list(order), renaming))
    return maps


def _relabel_unseen(digits: Digits, unseen: list[int], colours: int) -> Digits:
    """Rename unseen colours, by first appearance, to the lowest unseen colours."""
    rows = np.arange(digits.shape[0])
    is_unseen = np.zeros(colours, dtype=bool)
    is_unseen[unseen] = True
    targets = np.array([*unseen, 0], dtype=np.uint8)
    renamed = np.full((digits.shape[0], colours), -1, dtype=np.int16)
    used = np.zeros(digits.shape[0], dtype=np.intp)
    result = digits.copy()
    for position in range(digits.shape[1]):
        column = digits[:, position]
        unseen_here = is_unseen[column]
        fresh = unseen_here & (renamed[rows, column] < 0)
        renamed[rows[fresh], column[fresh]] = targets[used[fresh]]
        used += fresh
        result[:, position] = np.where(unseen_here, renamed[rows, column], column)
    return result


def colour_patterns(length: int, colours: int, unique: bool) -> Iterator[list[int]]:
    """One code of each colour pattern: the first colour most often, then the next..."""

    def partitions(left: int, largest: int) -> Iterator[list[int]]:
        if left == 0:
            yield []
            return
        for part in range(min(left, largest), 0, -1):
            for rest in partitions(left - part, part):
                yield [part, *rest]

    for sizes in partitions(length, 1 if unique else length):
        if len(sizes) <= colours:
            yield [colour for colour, size in enumerate(sizes) for _ in range(size)]


def representatives(space: CodeSpace, history: list[int], budget: Budget | None = None) -> Indices:
    """The lowest-numbered guess of each class of interchangeable guesses.

    Should ``budget`` run out, the symmetries not applied by then are left out: each class
    still has a guess among those answered, though some may have more than one.
    """
    if not history:
        # Every symmetry applies: one code of each colour pattern is all there is.
        patterns = np.array(list(colour_patterns(space.length, space.colours, False)))
        numbers = numbers_of(patterns.astype(np.uint8), space.colours)
        return np.sort(numbers).astype(np.intp)
    guesses = space.digits[np.array(history, dtype=np.intp)]
    seen = set(guesses.ravel().tolist())
    unseen = [colour for colour in range(space.colours) if colour not in seen]
    maps = _fixing_maps(guesses, space.length, space.colours)
    if len(unseen) < 2 and len(maps) == 1:
        return np.arange(space.size, dtype=np.intp)
    weights = space.colours ** np.arange(space.length - 1, -1, -1, dtype=np.int64)
    lowest = np.full(space.size, np.iinfo(np.int64).max, dtype=np.int64)
    for applied, (permutation, renaming) in enumerate(maps):
        if applied and budget is not None and budget.expired():
            budget.ran_out()
            break
        moved = renaming[space.digits[:, permutation]]
        if len(unseen) >= 2:
            moved = _relabel_unseen(moved, unseen, space.colours)
        np.minimum(lowest, moved.astype(np.int64) @ weights, out=lowest)
    return np.unique(lowest).astype(np.intp)


_MOST_GROUP_CELLS = 32 * 1024 * 1024
"""Largest table of where every symmetry sends every code that is worth keeping."""


class Symmetries:
    """Every renaming of colours combined with every reordering of positions.

    These map the game onto itself, so that a symmetry that leaves the history's guesses
    unchanged also leaves the candidates unchanged. Where the table of all of them would
    be too large, only the simpler ones of ``representatives`` are used.
    """

    def __init__(self, space: CodeSpace) -> None:
        self.space = space
        group_size = math.factorial(space.colours) * math.factorial(space.length)
        self.images: NDArray[np.int32] | None = None
        if group_size * space.size <= _MOST_GROUP_CELLS:
            self.images = self._images()

    def _images(self) -> NDArray[np.int32]:
        """Where each symmetry sends each code: one row per symmetry."""
        space = self.space
        renamings = np.array(list(itertools.permutations(range(space.colours))), dtype=np.int32)
        blocks = []
        for order in itertools.permutations(range(space.length)):
            image = np.zeros((len(renamings), space.size), dtype=np.int32)
            for position in order:
                image *= space.colours
                image += renamings[:, space.digits[:, position]]
            blocks.append(image)
        return np.concatenate(blocks)

    def representatives(self, history: list[int]) -> Indices:
        """The lowest-numbered guess of each class of guesses the history cannot tell apart."""
        if self.images is None:
            return representatives(self.space, history)
        keeping = np.ones(len(self.images), dtype=bool)
        for guess in history:
            keeping &= self.images[:, guess] == guess
        lowest = self.images[keeping].min(axis=0)
        return np.unique(lowest).astype(np.intp)
