"""The application service: games that persist, for as many players as the store allows."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any, cast

import attrs

from mastermind.domain import (
    COMPUTER,
    CallOff,
    Code,
    CodeMaker,
    Command,
    DecodingBoard,
    Event,
    GameNotStarted,
    GiveUp,
    JoinGame,
    Rules,
)
from mastermind.service._arguments import (
    check_game_id,
    check_idempotency_key,
    check_new_game_id,
    check_optional_str,
    check_str,
    check_typed_code,
)
from mastermind.service._commands import COMMANDS, GuessRequest, NoFields, command_kind
from mastermind.service._daily_rule import DailySecrets, utc_today
from mastermind.service._errors import (
    GameNotFound,
)
from mastermind.service._hints import (
    HINTS_NOT_WIRED,
    Hint,
    HintSource,
    HintUnavailable,
    check_hint_source,
)
from mastermind.service._reading import GameReads, Playing, playing
from mastermind.service._review import (
    REVIEWS_NOT_WIRED,
    GameNotOver,
    GameReview,
    ReviewSource,
    ReviewUnavailable,
    check_review_source,
    review_of,
)
from mastermind.service._runner import CommandRunner, Handled
from mastermind.service._secrets import SecretMaker, random_secret
from mastermind.service._starting import Setup, join_command
from mastermind.store import MASTERMIND_CATEGORY, EventStore

__all__ = ["Games"]

_GAMES_BY_KEY = uuid.UUID("3f2b9c1e-8d4a-5b6f-9e07-6a1c2d3e4f50")
"""The namespace of the ids of games started with an idempotency key: one id a key."""

_COMMAND_TYPES: tuple[type, ...] = (JoinGame, *(kind.command for kind in COMMANDS))
_NO_FIELDS = NoFields()


class Games(GameReads):
    """Join, play and inspect games kept in an event store.

    Every command goes through one runner: load the game's stream, fold it, decide, and
    append with the expected version, retrying when another writer got there first.
    ``hints`` is the code breaker asked by :meth:`hint`, ``reviews`` the one asked by
    :meth:`review`; without them, hints and reviews are refused. ``today`` tells the
    day that a daily game's secret and guesses are kept to (see ``DailySecrets``).
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
        today: Callable[[], date] = utc_today,
    ) -> None:
        check_hint_source(hints)
        check_review_source(reviews)
        super().__init__(store)
        self._secret_maker = secret_maker
        self._hints = hints
        self._reviews = reviews
        self._new_game_id = new_game_id or (lambda: str(uuid.uuid4()))
        self.daily_secrets = DailySecrets(today)
        self._runner = CommandRunner(
            attrs.evolve(playing, decide=self._decide),
            store,
            max_attempts=max_attempts,
            category=MASTERMIND_CATEGORY,
        )

    def _decide(self, command: Command, state: Playing) -> tuple[Event, ...]:
        """The rules' decision, once a daily game's day is found open: on every attempt
        the runner makes, after a keyed command's first answer is looked for, so that a
        retry or a day that turns meanwhile stores nothing on a closed day, and a replay
        answers as the first time did."""
        self.daily_secrets.check_open(command.game_id)
        return playing.decide(command, state)

    def start(
        self,
        total_attempts: int | None = None,
        available_pegs: Sequence[str] | None = None,
        length: int | None = None,
        secret: Code | str | Sequence[str] | None = None,
        *,
        rules: Rules | str | None = None,
        unique: bool | None = None,
        maker: CodeMaker = COMPUTER,
        game_id: str | None = None,
        idempotency_key: str | None = None,
    ) -> DecodingBoard:
        """Start a game and answer its first board.

        The game is played by ``rules``: a preset's name such as ``"bulls-and-cows"``, or
        :class:`Rules`; the classic game unless given. ``total_attempts``,
        ``available_pegs`` (its symbols), ``length`` and ``unique`` (no symbol repeats),
        where given, change those rules. Without a ``secret`` the computer draws one; a
        secret given sets the length, which must agree with ``length``. A person who
        makes the code, the ``maker``, gives the ``secret``. The game's id is ``game_id``
        when given; starting again with the same ``idempotency_key`` and setup answers
        the same game.

        Raises:
            TypeError: an argument's type is wrong, such as a ``maker`` that is no
                :class:`CodeMaker`, or a ``secret`` that is no code, text or list of names.
            ValueError: the ``game_id`` or the ``idempotency_key`` cannot name anything,
                or no preset has the name given as ``rules``.
            InvalidGameSetup: the game could not be played as asked.
            GameAlreadyStarted: a game already has the ``game_id`` given.
            DailyGameClosed: the ``game_id`` is a daily game's whose day is over.
            IdempotencyKeyReused: the key started a game of another setup.
        """
        idempotency_key = check_idempotency_key(idempotency_key)
        game_id = check_new_game_id(game_id)
        setup = Setup.checked(
            rules,
            total_attempts=total_attempts,
            available_pegs=available_pegs,
            length=length,
            secret=secret,
            unique=unique,
            maker=maker,
        )
        if game_id is None:
            game_id = (
                self._new_game_id()
                if idempotency_key is None
                else str(uuid.uuid5(_GAMES_BY_KEY, idempotency_key))
            )
        join, request = join_command(game_id, setup, self._secret_maker)
        return self.shown(self._handle(game_id, join, idempotency_key, request).state[1].board)

    def join(
        self,
        total_attempts: int | None = None,
        available_pegs: Sequence[str] | None = None,
        length: int | None = None,
        secret: Code | str | None = None,
        *,
        rules: Rules | str | None = None,
        unique: bool | None = None,
    ) -> str:
        """Start a game and answer its id; see :meth:`start`."""
        board = self.start(
            total_attempts, available_pegs, length, secret, rules=rules, unique=unique
        )
        return board.game_id

    def handle(self, command: Command, *, idempotency_key: str | None = None) -> DecodingBoard:
        """Run any command of the domain on its game, and answer the board after it.

        A command sent again with the same ``idempotency_key`` answers the board it left
        the first time, and changes nothing.

        Raises:
            TypeError: ``command`` is no command of the domain.
            GameNotFound: no game has the command's id (but for ``JoinGame``).
            GameError: the rules refuse the command; nothing is recorded.
            DailyGameClosed: the game is daily and its day is over; nothing is recorded.
            IdempotencyKeyReused: the key was used for another command.
        """
        if not isinstance(command, _COMMAND_TYPES):
            raise TypeError(
                f"command must be a command of the domain, not {type(command).__name__}"
            )
        idempotency_key = check_idempotency_key(idempotency_key)
        return self.shown(self._handle(command.game_id, command, idempotency_key).state[1].board)

    def send(
        self,
        name: str,
        game_id: str,
        request: object = _NO_FIELDS,
        *,
        idempotency_key: str | None = None,
    ) -> DecodingBoard:
        """Send the command ``name`` of :data:`COMMANDS`, with its ``request``, to a game
        in play, and answer the board after it. The entry points send every command so.

        Raises:
            ValueError: no command has this name, or the ``idempotency_key`` cannot name
                a request.
            TypeError: ``request`` is no request of this command.
            GameNotFound, GameError, IdempotencyKeyReused: as :meth:`handle`.
        """
        kind = command_kind(name)
        game_id = check_game_id(game_id)
        idempotency_key = check_idempotency_key(idempotency_key)
        kind.check_request(request)

        def command(state: Playing) -> Command:
            return kind.command_for(game_id, request, state[1].board)

        return self.shown(self._handle(game_id, command, idempotency_key).state[1].board)

    def board(self, game_id: str) -> DecodingBoard:
        """The game as its player sees it; the secret shows only once the game is over,
        and a daily game's only once its day is over too."""
        return self.shown(super().board(game_id))

    def maker_board(self, game_id: str) -> DecodingBoard:
        """The game as its code maker sees it: the secret shows while the game is in
        play, but for a daily game's, which nobody sees before its day is over."""
        return self.shown(super().maker_board(game_id))

    def shown(self, board: DecodingBoard) -> DecodingBoard:
        """``board`` as any answer may show it now: see ``DailySecrets.shown``."""
        return self.daily_secrets.shown(board)

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
            TypeError: ``guess`` is no code, text or list of names, or ``game_id`` or
                ``idempotency_key`` is not a str.
            ValueError: the ``idempotency_key`` cannot name a request.
        """
        game_id = check_game_id(game_id)
        typed = check_typed_code(guess, "guess")
        request = GuessRequest(cast(Any, typed))
        return self.send("guess", game_id, request, idempotency_key=idempotency_key)

    def give_up(self, game_id: str) -> DecodingBoard:
        """Surrender: the game is lost and its secret shown."""
        return self.handle(GiveUp(check_game_id(game_id)))

    def call_off(self, game_id: str) -> DecodingBoard:
        """The code maker ends the game: it is lost, not given up, and its secret shown."""
        return self.handle(CallOff(check_game_id(game_id)))

    def offers_hints(self, board: DecodingBoard) -> bool:
        """Whether :meth:`hint` can answer for a game like this one while it is in play."""
        if not isinstance(board, DecodingBoard):
            raise TypeError(f"board must be a DecodingBoard, not {type(board).__name__}")
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
            HintUnavailable: no code breaker is wired in or installed, or the game is too large.
            ValueError: the strategy is unknown, or cannot play a game this size.
            TypeError: ``game_id`` is not a str, or ``strategy`` neither a str nor ``None``.
        """
        game_id = check_game_id(game_id)
        strategy = check_optional_str(strategy, "strategy")
        board = self.board(game_id).in_play().hints_allowed()
        if self._hints is None:
            raise HintUnavailable(HINTS_NOT_WIRED)
        return self._hints.hint(board, strategy)

    def review(self, game_id: str) -> GameReview:
        """A finished game, guess by guess, against the best strategy there is for it.

        ``game_id`` may be the start of just one game's id, as :meth:`find` takes it.

        Raises:
            GameNotFound, AmbiguousGameId: the id names no game, or several.
            GameNotOver: the game is still in play.
            DailyReviewTooEarly: the game is daily, and its day is not over.
            ReviewUnavailable: no code breaker is wired in or installed, or the game is too
                large.
            TypeError: ``game_id`` is not a str.
        """
        game_id = self.find(check_str(game_id, "game_id"))
        board = super().board(game_id)
        if not board.is_over:
            raise GameNotOver(game_id)
        self.daily_secrets.check_reviewable(game_id)
        if self._reviews is None:
            raise ReviewUnavailable(REVIEWS_NOT_WIRED)
        return review_of(board, self._reviews.figures(board))

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
