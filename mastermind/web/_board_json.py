"""A board's answer as JSON, its rows written once each: a game of n guesses answers every
guess with all its rows, and writing them all again each time made a guess cost more the
longer its game.

The text of a game's rows is kept, for the games answered last, with the rows it was
written from; a board whose rows begin with those writes only the rows after them. The
bytes are those :func:`~mastermind.web._problems.json_response` writes of
``encode(BoardAnswer.of(...))``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from mastermind.domain import BoardRow, DecodingBoard
from mastermind.service import BoardAnswer, RowAnswer, encode
from mastermind.web._problems import json_text

__all__ = ["BoardTexts"]

_NO_ROWS = '"rows":[]'
"""Where the rows go in a board written without them: no string written as JSON holds
this, as its quotes would be escaped, and no field before the rows is named so."""


class BoardTexts:
    """Boards written as JSON, the rows of the ``size`` games written last kept."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[str, object], tuple[tuple[BoardRow, ...], str]] = (
            OrderedDict()
        )
        self._lock = threading.Lock()

    def text(self, board: DecodingBoard, *, hints: bool, reveal: bool = False) -> str:
        """The JSON of ``encode(BoardAnswer.of(board, hints=hints, reveal=reveal))``."""
        head = json_text(encode(BoardAnswer.of(board, hints=hints, reveal=reveal, rows=False)))
        rows = self._rows(board)
        at = head.index(_NO_ROWS) + len(_NO_ROWS) - 1
        return f"{head[:at]}{rows}{head[at:]}"

    def _rows(self, board: DecodingBoard) -> str:
        rows = board.rows
        if not rows:
            return ""
        key = (board.game_id, board.rules.answer)
        with self._lock:
            kept = self._kept.get(key)
        start, text = 0, ""
        if kept is not None:
            seen, written = kept
            # A tuple compares its items by identity first: rows carried from the last
            # board compare at once.
            if len(seen) <= len(rows) and rows[: len(seen)] == seen:
                start, text = len(seen), written
        if start < len(rows):
            rules = board.rules
            later = ",".join(json_text(encode(RowAnswer.of(row, rules))) for row in rows[start:])
            text = f"{text},{later}" if text else later
            with self._lock:
                self._kept[key] = (rows, text)
                self._kept.move_to_end(key)
                while len(self._kept) > self.size:
                    self._kept.popitem(last=False)
        return text
