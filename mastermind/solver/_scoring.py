"""Every code of a game as small integers, and scoring many guesses at once.

A code is numbered by reading its colours, numbered in palette order from zero, as the
digits of a number in base ``colours`` with the first peg most significant. A feedback is
numbered ``black * (length + 1) + white``, which fits a byte for any practical length. In a
black-only game, where only pegs in place are counted, every feedback has no white pegs.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

import numpy as np
from numpy.typing import NDArray

from mastermind.domain import Code, Feedback

__all__ = [
    "CodeSpace",
    "Digits",
    "Indices",
    "MOST_TABULATED",
    "NO_SECRET",
    "Scores",
    "colour_counts",
    "digits_of",
    "histograms",
    "numbers_of",
    "score_block",
]

Digits = NDArray[np.uint8]
"""Codes as rows of colour numbers, one row per code."""
Scores = NDArray[np.uint8]
"""Feedback numbers, one row per guess and one column per secret."""
Indices = NDArray[np.intp]
"""Code numbers."""

_MOST_PEGS = 15
"""The longest code whose feedback numbers fit a byte."""
NO_SECRET = "No secret gives those feedbacks: one of them must be wrong"
"""What the solver says of key pegs that no code could have earned."""
MOST_TABULATED = 1 << 24
"""The most codes a game may have for every one of them to be listed in a table."""
_HISTOGRAM_CELLS = 1 << 20
"""How many feedback numbers are counted at once."""
_COUNTING_ROWS = 1 << 20
"""How many codes' colour counts are worked out at once, to bound the temporaries."""
_MATRIX_BYTES_LIMIT = 64 * 1024 * 1024
"""Above this the full guess-by-secret table is not kept; rows are scored on demand."""


def colour_counts(digits: Digits, colours: int) -> Digits:
    """How many pegs of each colour every code holds: one row per code.

    The table is stored a colour at a time (column-major), as scoring reads it.
    """
    counts = np.zeros((colours, digits.shape[0]), dtype=np.uint8).T
    for start in range(0, digits.shape[0], _COUNTING_ROWS):
        block = digits[start : start + _COUNTING_ROWS]
        rows = slice(start, start + len(block))
        for colour in range(colours):
            np.sum(block == colour, axis=1, dtype=np.uint8, out=counts[rows, colour])
    return counts


def all_digits(colours: int, length: int) -> Digits:
    """Every code in numbering order, written straight into one array.

    Each position's column is the palette broadcast along that position's axis, so no
    temporary larger than one row of colours is ever made. The table is stored a
    position at a time (column-major), as scoring reads it, so that scoring against
    every code copies nothing.
    """
    columns = np.empty((length,) + (colours,) * length, dtype=np.uint8)
    for position in range(length):
        shape = [1] * length
        shape[position] = colours
        columns[position] = np.arange(colours, dtype=np.uint8).reshape(shape)
    digits: Digits = columns.reshape(length, colours**length).T
    return digits


def digits_of(numbers: NDArray[np.int64], colours: int, length: int) -> Digits:
    """The colours of codes given by number, one row per code."""
    digits = np.empty((len(numbers), length), dtype=np.uint8)
    rest = np.asarray(numbers, dtype=np.int64).copy()
    for position in range(length - 1, -1, -1):
        rest, digits[:, position] = np.divmod(rest, colours)
    return digits


def numbers_of(digits: Digits, colours: int) -> NDArray[np.int64]:
    """The numbers of codes given by their colours."""
    weights = colours ** np.arange(digits.shape[1] - 1, -1, -1, dtype=np.int64)
    numbers: NDArray[np.int64] = digits.astype(np.int64) @ weights
    return numbers


def score_block(
    guesses: Digits,
    secrets: Digits,
    colours: int,
    guess_counts: Digits | None = None,
    secret_counts: Digits | None = None,
    *,
    black_only: bool = False,
) -> Scores:
    """Feedback numbers of every guess against every secret; with ``black_only``, the
    black pegs alone.

    Working one position and one colour at a time keeps every temporary a flat
    guess-by-secret byte table, which is what makes this fast. The colour counts of
    the codes may be given when they are at hand.
    """
    length = guesses.shape[1]
    shape = (guesses.shape[0], secrets.shape[0])
    # Rows of one position or one colour, contiguous, broadcast into preallocated tables:
    # no temporary is ever allocated inside the loops.
    guess_columns, secret_columns = np.ascontiguousarray(guesses.T), np.ascontiguousarray(secrets.T)
    black = np.zeros(shape, dtype=np.uint8)
    matches = np.empty(shape, dtype=bool)
    for position in range(length):
        np.equal(guess_columns[position][:, None], secret_columns[position][None, :], out=matches)
        black += matches.view(np.uint8)
    if black_only:
        black *= length + 1
        return black
    if guess_counts is None:
        guess_counts = colour_counts(guesses, colours)
    if secret_counts is None:
        secret_counts = colour_counts(secrets, colours)
    guess_columns = np.ascontiguousarray(guess_counts.T)
    secret_columns = np.ascontiguousarray(secret_counts.T)
    common = np.zeros(shape, dtype=np.uint8)
    shared = np.empty(shape, dtype=np.uint8)
    for colour in range(colours):
        np.minimum(guess_columns[colour][:, None], secret_columns[colour][None, :], out=shared)
        common += shared
    # black * (length + 1) + white, with white = common - black
    black *= length
    black += common
    return black


class CodeSpace:
    """All codes of one palette and length, numbered, with their scores; with
    ``black_only``, scored by the pegs in place alone."""

    def __init__(
        self, available_pegs: Sequence[str], length: int, *, black_only: bool = False
    ) -> None:
        if not 1 <= length <= _MOST_PEGS:
            raise ValueError(f"The solver plays codes of 1 to {_MOST_PEGS} pegs, not {length}")
        if len(available_pegs) < 1 or len(set(available_pegs)) != len(available_pegs):
            raise ValueError("The palette needs at least one colour and no colour twice")
        self.pegs = tuple(available_pegs)
        self.length = length
        self.black_only = black_only
        self.colours = len(self.pegs)
        self.size: int = self.colours**length
        self.win = length * (length + 1)
        self.feedback_bins = (length + 1) ** 2
        self._colour_number = {peg: number for number, peg in enumerate(self.pegs)}

    @property
    def tabulated(self) -> bool:
        """Whether the game is small enough for every code to be listed."""
        return self.size <= MOST_TABULATED

    @cached_property
    def digits(self) -> Digits:
        """Every code, in numbering order.

        Raises:
            ValueError: the game has more than ``MOST_TABULATED`` codes.
        """
        if not self.tabulated:
            raise ValueError(
                f"{self.length} pegs of {self.colours} colours make {self.size:,} codes,"
                f" more than the {MOST_TABULATED:,} that can be listed"
            )
        return all_digits(self.colours, self.length)

    @cached_property
    def unique_codes(self) -> Indices:
        """The numbers of the codes that hold no colour twice."""
        return np.flatnonzero(~self.repeats_colour)

    @cached_property
    def repeats_colour(self) -> NDArray[np.bool_]:
        """Whether each code holds some colour twice."""
        repeats: NDArray[np.bool_] = self.colour_counts.max(axis=1) > 1
        return repeats

    @cached_property
    def colour_counts(self) -> Digits:
        """How many pegs of each colour every code holds."""
        return colour_counts(self.digits, self.colours)

    @cached_property
    def _matrix(self) -> Scores | None:
        if self.size * self.size > _MATRIX_BYTES_LIMIT:
            return None
        return self.score_codes(self.digits, self.digits)

    def score_codes(
        self,
        guesses: Digits,
        secrets: Digits,
        guess_counts: Digits | None = None,
        secret_counts: Digits | None = None,
    ) -> Scores:
        """Feedback numbers of codes given by their colours, by this game's scoring."""
        return score_block(
            guesses,
            secrets,
            self.colours,
            guess_counts,
            secret_counts,
            black_only=self.black_only,
        )

    @property
    def has_matrix(self) -> bool:
        """Whether the whole guess-by-secret table is kept in memory."""
        return self._matrix is not None

    def scores(self, guesses: Indices | None, secrets: Indices | None) -> Scores:
        """Feedback numbers of the guesses against the secrets (``None``: every code)."""
        matrix = self._matrix
        if matrix is not None:
            rows = matrix if guesses is None else matrix[guesses]
            return rows if secrets is None else rows[:, secrets]

        def pick(table: Digits, numbers: Indices | None) -> Digits:
            return table if numbers is None else table[numbers]

        if self.black_only:
            return self.score_codes(pick(self.digits, guesses), pick(self.digits, secrets))
        return self.score_codes(
            pick(self.digits, guesses),
            pick(self.digits, secrets),
            pick(self.colour_counts, guesses),
            pick(self.colour_counts, secrets),
        )

    def index(self, code: Code) -> int:
        """The number of a code; raises ``ValueError`` for a code outside this game."""
        if len(code.pegs) != self.length:
            raise ValueError(f"{code} has {len(code.pegs)} pegs, this game has {self.length}")
        number = 0
        for peg in code.pegs:
            if peg not in self._colour_number:
                raise ValueError(f"{peg!r} is not a colour of this game: {', '.join(self.pegs)}")
            number = number * self.colours + self._colour_number[peg]
        return number

    def code(self, number: int) -> Code:
        """The code with a given number."""
        digits = digits_of(np.array([number], dtype=np.int64), self.colours, self.length)[0]
        return Code(self.pegs[int(colour)] for colour in digits)

    def feedback_number(self, feedback: Feedback) -> int:
        """The number of a feedback.

        Raises:
            ValueError: white pegs in a black-only game.
        """
        if self.black_only and feedback.white:
            raise ValueError(f"A black-only game gives no white pegs, not {feedback}")
        return feedback.black * (self.length + 1) + feedback.white

    def feedback(self, number: int) -> Feedback:
        """The feedback with a given number."""
        black, white = divmod(int(number), self.length + 1)
        return Feedback(black=black, white=white)

    def consistent(
        self, history: Sequence[tuple[Code, Feedback]], *, unique: bool = False
    ) -> Indices:
        """Numbers of the codes that could still be the secret after the history; with
        ``unique``, only codes that hold no colour twice."""
        candidates: Indices = np.arange(self.size, dtype=np.intp)
        if unique:
            candidates = candidates[~self.repeats_colour]
        for guess, feedback in history:
            row = self.scores(np.array([self.index(guess)], dtype=np.intp), candidates)[0]
            candidates = candidates[row == self.feedback_number(feedback)]
        return candidates

    def partition(self, guess: int, candidates: Indices) -> dict[int, Indices]:
        """The candidates grouped by the feedback the guess would earn, in feedback order."""
        row = self.scores(np.array([guess], dtype=np.intp), candidates)[0]
        order = np.argsort(row, kind="stable")
        feedbacks, starts = np.unique(row[order], return_index=True)
        groups = np.split(candidates[order], starts[1:])
        return {int(feedback): group for feedback, group in zip(feedbacks, groups, strict=True)}


def histograms(scores: Scores, bins: int) -> NDArray[np.int64]:
    """For each row of feedback numbers, how often each feedback occurs.

    Counted a block of rows at a time, so that the wide numbers counting needs stay a
    few megabytes however large the table.
    """
    rows, columns = scores.shape
    counts = np.empty((rows, bins), dtype=np.int64)
    step = max(1, _HISTOGRAM_CELLS // max(1, columns))
    for start in range(0, rows, step):
        block = scores[start : start + step]
        offsets = (np.arange(len(block), dtype=np.intp) * bins)[:, None]
        flat = (block.astype(np.intp) + offsets).ravel()
        counts[start : start + len(block)] = np.bincount(flat, minlength=len(block) * bins).reshape(
            len(block), bins
        )
    return counts
