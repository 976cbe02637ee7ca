"""Read models folded from the store's global feed: the list of games, and its statistics.

A projection remembers the last position it applied and catches up from there, so
reading it again costs only the events recorded since. Positions may have gaps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Protocol

import attrs

from mastermind.domain import GameLost, GameStarted, GameWon, GuessMade, Outcome
from mastermind.store import EventStore, RecordedEvent


class Projection(Protocol):
    position: int

    def apply(self, record: RecordedEvent) -> None: ...


def catch_up(projection: Projection, store: EventStore, page_size: int = 1000) -> None:
    """Apply every record recorded after the projection's position, page by page."""
    while records := store.read_all(after_position=projection.position, limit=page_size):
        for record in records:
            projection.apply(record)
            projection.position = record.position


@attrs.frozen
class GameSummary:
    """One line of the list of games."""

    game_id: str
    outcome: Outcome
    attempts_used: int
    total_attempts: int
    code_length: int
    colours: int
    called_off: bool = False
    """Lost because the code maker ended the game."""

    @property
    def given_up(self) -> bool:
        return (
            self.outcome is Outcome.LOST
            and self.attempts_used < self.total_attempts
            and not self.called_off
        )


class GameCatalogue:
    """Every game in the store, in the order they started."""

    def __init__(self) -> None:
        self.position = 0
        self._games: dict[str, GameSummary] = {}

    def apply(self, record: RecordedEvent) -> None:
        event = record.event
        if isinstance(event, GameStarted):
            self._games[event.game_id] = GameSummary(
                event.game_id,
                Outcome.IN_PROGRESS,
                0,
                event.total_attempts,
                event.code_length,
                len(event.available_pegs),
            )
            return
        game = self._games.get(event.game_id)
        if game is None:
            return
        match event:
            case GuessMade():
                game = attrs.evolve(game, attempts_used=game.attempts_used + 1)
            case GameWon():
                game = attrs.evolve(game, outcome=Outcome.WON)
            case GameLost():
                game = attrs.evolve(game, outcome=Outcome.LOST, called_off=event.called_off)
        self._games[event.game_id] = game

    def summaries(self) -> list[GameSummary]:
        return list(self._games.values())

    def find(self, game_id: str) -> GameSummary | None:
        return self._games.get(game_id)


@attrs.frozen
class Statistics:
    """How the code breakers have fared, across every game in the store."""

    games_played: int = 0
    won: int = 0
    lost: int = 0
    """Lost by running out of attempts."""
    given_up: int = 0
    guesses_per_win: Mapping[int, int] = attrs.field(factory=dict)
    """How many games were won in each number of guesses."""
    called_off: int = 0
    """Ended by the person who made the code."""

    @classmethod
    def of(cls, games: Iterable[GameSummary]) -> Statistics:
        """The statistics of these games, as the catalogue lists them."""
        played = won = lost = given_up = called_off = 0
        wins: Counter[int] = Counter()
        for game in games:
            played += 1
            if game.outcome is Outcome.WON:
                won += 1
                wins[game.attempts_used] += 1
            elif game.given_up:
                given_up += 1
            elif game.called_off:
                called_off += 1
            elif game.outcome is Outcome.LOST:
                lost += 1
        return cls(played, won, lost, given_up, dict(sorted(wins.items())), called_off)

    @property
    def in_progress(self) -> int:
        return self.games_played - self.won - self.lost - self.given_up - self.called_off

    @property
    def average_guesses_per_win(self) -> float | None:
        wins = sum(self.guesses_per_win.values())
        if not wins:
            return None
        return sum(guesses * count for guesses, count in self.guesses_per_win.items()) / wins
