"""Read models folded from the store's global feed: the list of games, and its statistics.

A projection is a fold of the feed that a :class:`ProjectionRunner` runs: it saves the
projection's state with the position it was folded up to, in one write, and catches up
from there, so reading it again costs only the events recorded since, even after a
restart. Positions may have gaps.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

import attrs

from mastermind.domain import GameLost, GameStarted, GameWon, GuessMade, Outcome, is_given_up
from mastermind.service._projection_runner import Projection, ProjectionRunner
from mastermind.store import MASTERMIND_CATEGORY, RecordedEvent

_Field = TypeVar("_Field")

__all__ = [
    "GameCatalogue",
    "GameSummary",
    "Projection",
    "ProjectionRunner",
    "Statistics",
]


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
    rules: str | None = "classic"
    """The preset the game is played by; ``None`` for rules of one's own."""

    @property
    def given_up(self) -> bool:
        return is_given_up(
            self.outcome, self.attempts_used, self.total_attempts, called_off=self.called_off
        )


class GameCatalogue:
    """The list of games, as a projection: every game's summary by its id, in the order
    the games started.

    Its state is a ``dict`` that :meth:`apply` changes in place, since copying every
    game's summary for each event would cost more than the rest together; its checkpoint
    holds every game's summary, about 60 bytes a game whose id is a UUID.
    """

    name = "mastermind.catalogue"
    version = 2
    categories = (MASTERMIND_CATEGORY,)
    types = None

    def initial_state(self) -> dict[str, GameSummary]:
        return {}

    def apply(self, games: dict[str, GameSummary], record: RecordedEvent) -> dict[str, GameSummary]:
        event = record.event
        if isinstance(event, GameStarted):
            games[event.game_id] = GameSummary(
                event.game_id,
                Outcome.IN_PROGRESS,
                0,
                event.rules.attempts,
                event.rules.length,
                len(event.rules.pegs),
                rules=event.rules.name,
            )
            return games
        game = games.get(event.game_id)
        if game is None:
            return games
        match event:
            case GuessMade():
                game = attrs.evolve(game, attempts_used=game.attempts_used + 1)
            case GameWon():
                game = attrs.evolve(game, outcome=Outcome.WON)
            case GameLost():
                game = attrs.evolve(game, outcome=Outcome.LOST, called_off=event.called_off)
        games[event.game_id] = game
        return games

    def dump(self, games: dict[str, GameSummary]) -> str:
        """One JSON list of every game's fields, in the order the games started."""
        return json.dumps(
            [
                [
                    game.game_id,
                    game.outcome.value,
                    game.attempts_used,
                    game.total_attempts,
                    game.code_length,
                    game.colours,
                    game.called_off,
                    game.rules,
                ]
                for game in games.values()
            ],
            separators=(",", ":"),
            ensure_ascii=False,
        )

    def load(self, text: str) -> dict[str, GameSummary]:
        """The summaries that :meth:`dump` wrote as ``text``.

        Raises:
            ValueError: the text is not a list of games as :meth:`dump` writes it.
        """
        games: dict[str, GameSummary] = {}
        try:
            for fields in _list(json.loads(text)):
                game_id, outcome, used, total, length, colours, called_off, rules = _list(fields)
                games[game_id] = GameSummary(
                    _of(str, game_id),
                    Outcome(outcome),
                    _of(int, used),
                    _of(int, total),
                    _of(int, length),
                    _of(int, colours),
                    _of(bool, called_off),
                    None if rules is None else _of(str, rules),
                )
        except ValueError as error:
            raise ValueError(f"not a list of games: {error}") from None
        return games


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list, not {type(value).__name__}")
    return value


def _of(kind: type[_Field], value: Any) -> _Field:
    if not isinstance(value, kind):
        raise ValueError(f"expected {kind.__name__}, not {type(value).__name__}")
    return value


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
