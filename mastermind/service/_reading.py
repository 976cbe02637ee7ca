"""What ``Games`` answers without changing anything: boards, records, the list of games
and what is found in it, and the feed."""

from __future__ import annotations

import threading

from mastermind.domain import (
    BoardSoFar,
    Command,
    Decider,
    DecodingBoard,
    Event,
    Outcome,
    State,
    board_view,
    decider,
)
from mastermind.service._arguments import check_game_id, check_position, check_str
from mastermind.service._errors import (
    AmbiguousGameId,
    GameNotFound,
    NoGameInPlay,
    NoGameOver,
    NoGames,
)
from mastermind.service._subscription import Subscription
from mastermind.service.projections import (
    GameCatalogue,
    GameSummary,
    ProjectionRunner,
    Statistics,
)
from mastermind.store import MASTERMIND_CATEGORY, EventStore, RecordedEvent

__all__ = ["GameReads", "Playing", "playing"]

Playing = tuple[State, BoardSoFar]
"""A game's state under the rules, and its board, folded in one pass over its events."""
playing: Decider[Command, Event, Playing] = decider.with_view(board_view)


class GameReads:
    """The reading half of ``Games``, over its store and its list of games."""

    def __init__(self, store: EventStore) -> None:
        self._store = store
        self._lock = threading.Lock()
        self._catalogue = ProjectionRunner(store, GameCatalogue())

    def board(self, game_id: str) -> DecodingBoard:
        """The game as its player sees it; the secret shows only once the game is over."""
        game_id = check_game_id(game_id)
        return DecodingBoard.from_events(record.event for record in self.history(game_id))

    def maker_board(self, game_id: str) -> DecodingBoard:
        """The game as its code maker sees it: the secret shows while the game is in play."""
        game_id = check_game_id(game_id)
        folded = playing.fold(record.event for record in self.history(game_id))[1]
        return folded.board.with_secret(folded.secret)

    def history(self, game_id: str) -> tuple[RecordedEvent, ...]:
        """The records a game is made of, as the store keeps them."""
        game_id = check_game_id(game_id)
        stream = self._store.load(game_id, category=MASTERMIND_CATEGORY)
        if not stream.version:
            raise GameNotFound(game_id)
        return stream.records

    def find(self, typed: str) -> str:
        """The game that ``typed`` names: its whole id, or the start of just one game's id.

        Raises:
            GameNotFound: no game's id is or starts with ``typed``.
            AmbiguousGameId: several games' ids start with ``typed``.
            TypeError: ``typed`` is not a str.
        """
        typed = check_game_id(check_str(typed, "typed").strip())
        if self._store.load(typed, category=MASTERMIND_CATEGORY).version:
            return typed
        matches = [s.game_id for s in self.summaries() if s.game_id.startswith(typed)]
        if not matches:
            raise GameNotFound(typed)
        if len(matches) > 1:
            raise AmbiguousGameId(typed, matches)
        return matches[0]

    def latest(self) -> str:
        """The game most recently started, whether in play or over.

        Raises:
            NoGames: the store holds no game.
        """
        return self._latest(tuple(Outcome), NoGames())

    def latest_in_play(self) -> str:
        """The game most recently started among those still in play.

        Raises:
            NoGameInPlay: every game is over, or there is none.
        """
        return self._latest((Outcome.IN_PROGRESS,), NoGameInPlay())

    def latest_over(self) -> str:
        """The game most recently started among those that are over.

        Raises:
            NoGameOver: no game is over, or there is none.
        """
        return self._latest((Outcome.WON, Outcome.LOST), NoGameOver())

    def _latest(self, outcomes: tuple[Outcome, ...], none_found: Exception) -> str:
        found = [s.game_id for s in self.summaries() if s.outcome in outcomes]
        if not found:
            raise none_found
        return found[-1]

    def summaries(self) -> list[GameSummary]:
        """Every game in the store, oldest first."""
        with self._lock:
            return list(self._catalogue.catch_up().values())

    def subscribe(self, after_position: int | None = 0) -> Subscription:
        """The store's feed of games after ``after_position``, every game's records in the
        order they were appended, and then each new one as it comes; ``None``: from now
        on. Records of other applications sharing the store are passed over.

        Raises:
            TypeError: ``after_position`` is neither a whole number nor ``None``.
            ValueError: ``after_position`` is below 0.
        """
        after_position = check_position(after_position, "after_position")
        return Subscription(
            self._store, after_position=after_position, categories=(MASTERMIND_CATEGORY,)
        )

    def statistics(self) -> Statistics:
        with self._lock:
            return Statistics.of(self._catalogue.catch_up().values())
