"""The decoding board as JSON: everything a player may see, and not the secret in play."""

from __future__ import annotations

import functools
from typing import Any

from mastermind.domain import DecodingBoard, Feedback


def board_json(board: DecodingBoard, *, hints: bool, reveal: bool = False) -> dict[str, Any]:
    """The board of a started game.

    ``secret`` is ``None`` until the game is over, unless ``reveal`` says the answer is
    the code maker's and the board is the maker's (``Games.maker_board``): this is the
    only place an answer could show it, and both must agree before it does.
    """
    return {
        "id": board.game_id,
        "status": board.outcome.value,
        "given_up": board.given_up,
        "called_off": board.called_off,
        "attempts": {
            "total": board.total_attempts,
            "used": board.attempts_used,
            "left": board.attempts_left,
        },
        "length": board.code_length,
        "colours": list(board.available_pegs),
        "rows": [
            {
                "guess": list(row.guess.pegs),
                "feedback": {"black": feedback.black, "white": feedback.white},
                "key_pegs": _key_pegs(feedback),
            }
            for row in board.rows
            for feedback in (row.feedback,)
        ],
        "secret": list(board.secret.pegs) if board.secret and (board.is_over or reveal) else None,
        "hints": hints and not board.is_over,
        "maker": {
            "kind": board.maker.kind.value,
            "name": board.maker.name,
            "allows_hints": board.maker.allows_hints,
        },
    }


@functools.lru_cache(maxsize=256)
def _key_pegs(feedback: Feedback) -> str:
    """The key pegs as the board shows them, ``"B B W"``: a board answers every one of its
    rows each time, and a game of four pegs has 14 kinds of feedback."""
    return str(feedback)
