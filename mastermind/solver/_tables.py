"""The tables the optimal search plays on: each guess it may make, scored against the
secrets it must find, with feedbacks numbered densely."""

from __future__ import annotations

import attrs
import numpy as np

from mastermind.solver._scoring import CodeSpace, Indices, Scores

__all__ = ["GuessTable", "dense", "endgame_table", "whole_game_table"]

_CHUNK_CELLS = 4 * 1024 * 1024
"""How many guess-secret scores an endgame table holds at once while it is built."""
_WHOLE_TABLE_CELLS = 64 * 1024 * 1024
"""The largest table of every guess against every secret the search keeps."""


@attrs.frozen
class GuessTable:
    """The guesses a search may make, scored against the secrets it must find."""

    scores: Scores
    """Feedbacks numbered densely from 0, one row per guess, one column per secret."""
    guesses: Indices
    """The code number of each row."""
    secrets: Indices
    """The code number of each column."""
    secret_rows: Indices
    """The row of each secret, as a guess."""
    win: int
    feedbacks: int
    symmetric: bool
    """Whether rows are all codes of the game, or all that hold no colour twice, in
    numbering order, so that its symmetries apply."""


def dense(scores: Scores, win: int, bins: int) -> tuple[Scores, int, int]:
    present = np.zeros(bins, dtype=bool)
    present[np.unique(scores)] = True
    present[win] = True
    dense = np.cumsum(present, dtype=np.uint8) - 1
    return dense[scores], int(dense[win]), int(present.sum())


def whole_game_table(space: CodeSpace, unique: bool = False) -> GuessTable:
    """Every code as a guess against every code as a secret; with ``unique``, every code
    that holds no colour twice."""
    if unique:
        codes = space.unique_codes
        if len(codes) ** 2 > _WHOLE_TABLE_CELLS:
            raise ValueError("The optimal search needs a game small enough to tabulate")
        table = space.scores(codes, codes)
    else:
        if not space.has_matrix:
            raise ValueError("The optimal search needs a game small enough to tabulate")
        codes = np.arange(space.size, dtype=np.intp)
        table = space.scores(None, codes)
    scores, win, feedbacks = dense(table, space.win, space.feedback_bins)
    columns = np.arange(len(codes), dtype=np.intp)
    return GuessTable(scores, codes, codes, columns, win, feedbacks, True)


def _distinct_rows(rows: Scores) -> Indices:
    """The first of each set of equal rows, found by hashing and then checked."""
    weights = np.random.default_rng(0).integers(1, 2**62, size=rows.shape[1], dtype=np.int64)
    hashes = rows.astype(np.int64) @ weights
    _, first, which = np.unique(hashes, return_index=True, return_inverse=True)
    if not (rows == rows[first[which]]).all():
        as_bytes = np.ascontiguousarray(rows).view(np.dtype((np.void, rows.shape[1])))[:, 0]
        _, first = np.unique(as_bytes, return_index=True)
    result: Indices = first
    return result


def endgame_table(space: CodeSpace, candidates: Indices, unique: bool = False) -> GuessTable:
    """Every code that splits the candidates, one per distinct way of splitting them; with
    ``unique``, every such code that holds no colour twice."""
    chunk = max(1, _CHUNK_CELLS // len(candidates))
    kept_rows: list[Scores] = []
    kept_guesses: list[Indices] = []
    every = space.unique_codes if unique else np.arange(space.size, dtype=np.intp)
    for start in range(0, len(every), chunk):
        guesses = every[start : start + chunk]
        rows = space.scores(guesses, candidates)
        splits = (rows != rows[:, :1]).any(axis=1) | (rows == space.win).any(axis=1)
        rows, guesses = rows[splits], guesses[splits]
        first = np.sort(_distinct_rows(rows))
        kept_rows.append(rows[first])
        kept_guesses.append(guesses[first])
    stacked = np.concatenate(kept_rows)
    first = np.sort(_distinct_rows(stacked))
    # the first row of each kind is the lowest-numbered guess, as ties are broken
    distinct, guesses = stacked[first], np.concatenate(kept_guesses)[first]
    scores, win, feedbacks = dense(distinct, space.win, space.feedback_bins)
    secret_rows = np.searchsorted(guesses, candidates)
    return GuessTable(scores, guesses, candidates, secret_rows, win, feedbacks, False)
