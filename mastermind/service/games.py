"""The application service: games that persist, for as many players as the store allows."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Sequence

from mastermind.domain import (
    CLASSIC_PEGS,
    COMPUTER,
    BoardSoFar,
    CallOff,
    Code,
    CodeMaker,
    Command,
    Decider,
    DecodingBoard,
    Event,
    GameNotStarted,
    GameSetup,
    GiveUp,
    InvalidGameSetup,
    JoinGame,
    MakeGuess,
    NotAColour,
    Outcome,
    State,
    UnreadableCode,
    board_view,
    decider,
)
from mastermind.service._errors import (
    AmbiguousGameId,
    GameNotFound,
    NoGameInPlay,
    NoGameOver,
    NoGames,
    UnreadableGuess,
)
from mastermind.service._hints import Hint, HintSource, HintUnavailable
from mastermind.service._review import (
    GameNotOver,
    GameReview,
    ReviewSource,
    ReviewUnavailable,
    review_of,
)
from mastermind.service._runner import CommandRunner, Handled
from mastermind.service._secrets import SecretMaker, random_secret
from mastermind.service._subscription import Subscription
from mastermind.service.projections import GameCatalogue, GameSummary, Statistics, catch_up
from mastermind.store import EventStore, RecordedEvent

_GAMES_BY_KEY = uuid.UUID("3f2b9c1e-8d4a-5b6f-9e07-6a1c2d3e4f50")
"""The namespace of the ids of games started with an idempotency key: one id a key."""

Playing = tuple[State, BoardSoFar]
"""A game's state under the rules, and its board, folded in one pass over its events."""
_playing: Decider[Command, Event, Playing] = decider.with_view(board_view)


class Games:
    """Join, play and inspect games kept in an event store.

    Every command goes through one runner: load the game's stream, fold it, decide, and
    append with the expected version, retrying when another writer got there first.
    ``hints`` is the code breaker asked by :meth:`hint`, ``reviews`` the one asked by
    :meth:`review`; without them, hints and reviews are refused.
    """

    def __init__(
        self,
        store: EventStore,
        secret_maker: SecretMaker = random_secret,
        *,
        hints: HintSource | None = None,
        reviews: ReviewSource | None = None,
        max_attempts: int = 10,
        new_game_id: Callable[[], str] | None = None,
    ) -> None:
        self._store = store
        self._secret_maker = secret_maker
        self._hints = hints
        self._reviews = reviews
        self._new_game_id = new_game_id or (lambda: str(uuid.uuid4()))
        self._runner = CommandRunner(_playing, store, max_attempts=max_attempts)
        self._lock = threading.Lock()
        self._catalogue = GameCatalogue()

    def start(
        self,
        total_attempts: int = 12,
        available_pegs: Sequence[str] = CLASSIC_PEGS,
        length: int | None = None,
        secret: Code | str | Sequence[str] | None = None,
        *,
        unique: bool = False,
        maker: CodeMaker = COMPUTER,
        game_id: str | None = None,
        idempotency_key: str | None = None,
    ) -> DecodingBoard:
        """Start a game and answer its first board.

        Without a ``secret`` the computer draws one of ``length`` pegs, 4 unless
        given; a secret given sets the length, which must agree with ``length``. With ``unique``
        no colour appears twice in it, as in some editions of the game. A person who
        makes the code, the ``maker``, gives the ``secret``. The game's id is ``game_id``
        when given; starting again with the same ``idempotency_key`` and setup answers
        the same game.

        Raises:
            InvalidGameSetup: the game could not be played as asked.
            GameAlreadyStarted: a game already has the ``game_id`` given.
            IdempotencyKeyReused: the key started a game of another setup.
        """
        if game_id is None:
            game_id = (
                self._new_game_id()
                if idempotency_key is None
                else str(uuid.uuid5(_GAMES_BY_KEY, idempotency_key))
            )
        if isinstance(available_pegs, str):
            raise InvalidGameSetup(game_id, "the palette must list colour names, not be one string")
        palette = tuple(available_pegs)
        request = repr((total_attempts, palette, length, secret, unique, maker))
        if secret is not None:
            code = _read(secret, palette, game_id)
            if length is not None and length != len(code.pegs):
                pegs = len(code.pegs)
                raise InvalidGameSetup(
                    game_id, f"the secret has {pegs} peg{'s' * (pegs != 1)}, not {length}"
                )
            join = JoinGame(game_id, code, total_attempts, palette, unique, maker)
            return self._handle(game_id, join, idempotency_key, request).state[1].board
        if maker.is_person:
            raise InvalidGameSetup(game_id, "a person who makes the code gives its secret")
        drawn = 4 if length is None else length
        problem = GameSetup(drawn, total_attempts, palette, unique).problem()
        if problem:
            raise InvalidGameSetup(game_id, problem)

        def join_with_a_made_secret(state: Playing) -> JoinGame:
            made = self._secret_maker(palette, drawn, unique)
            if not set(made.pegs) <= set(palette):
                # The rules would name the colours that do not fit: whoever joins must not
                # learn a secret the code maker chose, even a bad one.
                raise InvalidGameSetup(game_id, "the code maker's secret does not fit this game")
            return JoinGame(game_id, made, total_attempts, palette, unique, maker)

        return (
            self._handle(game_id, join_with_a_made_secret, idempotency_key, request).state[1].board
        )

    def join(
        self,
        total_attempts: int = 12,
        available_pegs: Sequence[str] = CLASSIC_PEGS,
        length: int | None = None,
        secret: Code | str | None = None,
        *,
        unique: bool = False,
    ) -> str:
        """Start a game and answer its id; see :meth:`start`."""
        board = self.start(total_attempts, available_pegs, length, secret, unique=unique)
        return board.game_id

    def guess(
        self,
        game_id: str,
        guess: Code | str | Sequence[str],
        *,
        idempotency_key: str | None = None,
    ) -> DecodingBoard:
        """Place a guess, typed as names or initials, or given as a code or a list of names
        or initials, and answer the board after it.

        A guess sent again with the same ``idempotency_key`` answers the board it left
        the first time, and uses no attempt.

        Raises:
            GameNotFound: no game has this id.
            GameError: the rules refuse the guess; nothing is recorded.
            IdempotencyKeyReused: the key was used for another guess.
        """

        def make_guess(state: Playing) -> MakeGuess:
            # The board keeps the palette after the game ends, so that a retried guess
            # reads as it did the first time.
            palette = state[1].board.available_pegs or CLASSIC_PEGS
            return MakeGuess(game_id, _read(guess, palette, game_id))

        return self._handle(game_id, make_guess, idempotency_key).state[1].board

    def give_up(self, game_id: str) -> DecodingBoard:
        """Surrender: the game is lost and its secret shown."""
        return self._handle(game_id, GiveUp(game_id)).state[1].board

    def call_off(self, game_id: str) -> DecodingBoard:
        """The code maker ends the game: it is lost, not given up, and its secret shown."""
        return self._handle(game_id, CallOff(game_id)).state[1].board

    def board(self, game_id: str) -> DecodingBoard:
        """The game as its player sees it; the secret shows only once the game is over."""
        return DecodingBoard.from_events(record.event for record in self.history(game_id))

    def maker_board(self, game_id: str) -> DecodingBoard:
        """The game as its code maker sees it: the secret shows while the game is in play."""
        playing = _playing.fold(record.event for record in self.history(game_id))
        return playing[1].board.with_secret(playing[1].secret)

    def history(self, game_id: str) -> tuple[RecordedEvent, ...]:
        """The records a game is made of, as the store keeps them."""
        stream = self._store.load(game_id)
        if not stream.version:
            raise GameNotFound(game_id)
        return stream.records

    def find(self, typed: str) -> str:
        """The game that ``typed`` names: its whole id, or the start of just one game's id.

        Raises:
            GameNotFound: no game's id is or starts with ``typed``.
            AmbiguousGameId: several games' ids start with ``typed``.
        """
        typed = typed.strip()
        if not typed:
            raise GameNotFound(typed)
        if self._store.load(typed).version:
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

    def offers_hints(self, board: DecodingBoard) -> bool:
        """Whether :meth:`hint` can answer for a game like this one while it is in play."""
        return (
            self._hints is not None
            and not board.is_over
            and board.maker.allows_hints
            and self._hints.offers(board)
        )

    def hint(self, game_id: str, strategy: str | None = None) -> Hint:
        """The code breaker's next guess for a game in play, from its board alone.

        Raises:
            GameNotFound, GameAlreadyWon, GameAlreadyLost: no game in play has this id.
            HintsNotAllowed: a person made the code and allows no hints.
            HintUnavailable: no code breaker is installed, or the game is too large.
            ValueError: the strategy is unknown, or cannot play a game this size.
        """
        board = self.board(game_id).in_play().hints_allowed()
        if self._hints is None:
            raise HintUnavailable("Hints need the code breaker, the solver extra, installed.")
        return self._hints.hint(board, strategy)

    def review(self, game_id: str) -> GameReview:
        """A finished game, guess by guess, against the best strategy there is for it.

        ``game_id`` may be the start of just one game's id, as :meth:`find` takes it.

        Raises:
            GameNotFound, AmbiguousGameId: the id names no game, or several.
            GameNotOver: the game is still in play.
            ReviewUnavailable: no code breaker is installed, or the game is too large.
        """
        game_id = self.find(game_id)
        board = self.board(game_id)
        if not board.is_over:
            raise GameNotOver(game_id)
        if self._reviews is None:
            raise ReviewUnavailable("Reviews need the code breaker, the solver extra, installed.")
        return review_of(board, self._reviews.figures(board))

    def summaries(self) -> list[GameSummary]:
        """Every game in the store, oldest first."""
        with self._lock:
            catch_up(self._catalogue, self._store)
            return self._catalogue.summaries()

    def subscribe(self, after_position: int | None = 0) -> Subscription:
        """The store's feed after ``after_position``, every game's records in the order
        they were appended, and then each new one as it comes; ``None``: from now on."""
        return Subscription(self._store, after_position=after_position)

    def statistics(self) -> Statistics:
        with self._lock:
            catch_up(self._catalogue, self._store)
            return Statistics.of(self._catalogue.summaries())

    def close(self) -> None:
        """Close the store the games are kept in."""
        self._store.close()

    def _handle(
        self,
        game_id: str,
        command: Command | Callable[[Playing], Command],
        idempotency_key: str | None = None,
        request: str | None = None,
    ) -> Handled[Event, Playing]:
        try:
            return self._runner.handle(
                game_id, command, idempotency_key=idempotency_key, request=request
            )
        except GameNotStarted:
            raise GameNotFound(game_id) from None


def _read(guess: Code | str | Sequence[str], palette: Sequence[str], game_id: str) -> Code:
    """A guess in the game's palette; blank text is a guess of no pegs, which is too short.

    Raises:
        UnreadableGuess: the text is one word that is no colour and no row of initials.
    """
    if isinstance(guess, Code):
        return guess
    if not isinstance(guess, str):
        return Code.from_names(guess, palette)
    try:
        return Code.parse(guess, palette)
    except NotAColour as unreadable:
        raise UnreadableGuess(game_id, unreadable) from None
    except UnreadableCode:
        return Code(())
