"""Boards the tests of hints ask about: the classic game, and the largest the rules allow."""

from __future__ import annotations

from mastermind.domain import MAX_COLOURS, MAX_LENGTH, DecodingBoard, Outcome, Rules

CLASSIC = DecodingBoard("classic", Outcome.IN_PROGRESS, Rules())
LARGEST = DecodingBoard(
    "largest",
    Outcome.IN_PROGRESS,
    Rules(MAX_LENGTH, tuple(f"C{number}" for number in range(1, MAX_COLOURS + 1))),
)
"""The largest game the rules allow: 10 pegs of 20 colours, about 10^13 codes."""
LARGE = DecodingBoard("large", Outcome.IN_PROGRESS, Rules(9))
"""Nine pegs of six colours: ten million codes, more than the old advisor would play."""
