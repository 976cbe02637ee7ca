"""Mistakes named before they cost an attempt: a guess already on the board, whose answer
is known, is named at the prompt before it is sent."""

from __future__ import annotations

from mastermind.cli._pegs import PegLook
from mastermind.domain import Code, DecodingBoard

__all__ = ["repeat_question", "repeated_row"]


def repeated_row(board: DecodingBoard, typed: str) -> tuple[int, Code] | None:
    """The row of ``board``, numbered from 1, whose guess ``typed`` repeats exactly, with
    the guess read; ``None`` for a new guess, or text the game will refuse, which it says
    what is wrong with."""
    try:
        code = Code.parse(typed, board.rules.pegs)
    except ValueError:
        return None
    for number, row in enumerate(board.rows, 1):
        if row.guess == code:
            return number, code
    return None


def repeat_question(look: PegLook, code: Code, number: int) -> str:
    """The prompt that names the repeat: ``You tried R G B Y in row 3...``, y to send."""
    shown = " ".join(look.label(name) for name in code.pegs)
    return f"You tried {shown} in row {number}: the answer will be the same. Send it anyway? [y/N] "
