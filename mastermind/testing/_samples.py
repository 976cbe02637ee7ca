"""Events to store when any event will do: a store keeps them whatever they say."""

from __future__ import annotations

from mastermind.domain import (
    Code,
    Event,
    Feedback,
    GameLost,
    GameStarted,
    GameWon,
    GuessMade,
    Rules,
)

__all__ = ["guessed", "started"]

SAMPLE_SECRET = Code.parse("RGBY")


def started(game_id: str = "g1") -> GameStarted:
    """A classic game's first event: secret Red Green Blue Yellow, 12 attempts."""
    return GameStarted(game_id, SAMPLE_SECRET, Rules())


def guessed(game_id: str = "g1", black: int = 1, white: int = 2) -> GuessMade:
    """A guess of Red Blue Orange Green, scored with the key pegs given."""
    return GuessMade(game_id, Code.parse("Red Blue Orange Green"), Feedback(black, white))


def one_of_each(game_id: str = "g1") -> list[Event]:
    """An event of every type Mastermind records, in an order no game plays."""
    return [started(game_id), guessed(game_id), GameWon(game_id), GameLost(game_id)]
