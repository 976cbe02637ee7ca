"""The decoding board as JSON: everything a player may see, and not the secret in play."""

from __future__ import annotations

from typing import Any

from mastermind.domain import DecodingBoard


def board_json(board: DecodingBoard, *, hints: bool) -> dict[str, Any]:
    """The board of a started game.

    ``secret`` is ``None`` until the game is over, as on the board itself: this is the
    only place an answer could show it, and it reads nothing but the board.
    """
    return {
        "id": board.game_id,
        "status": board.outcome.value,
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
                "feedback": {"black": row.feedback.black, "white": row.feedback.white},
                "key_pegs": str(row.feedback),
            }
            for row in board.rows
        ],
        "secret": list(board.secret.pegs) if board.is_over and board.secret else None,
        "hints": hints and not board.is_over,
    }
