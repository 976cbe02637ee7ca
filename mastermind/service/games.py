"""The application service: games that persist, for as many players as the store allows."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Sequence

from mastermind.domain import (
    CLASSIC_PEGS,
    Code,
    Command,
    DecodingBoard,
    GameError,
    GameNotStarted,
    GiveUp,
    InvalidGameSetup,
    JoinGame,
    MakeGuess,
    Started,
    State,
    UnreadableCode,
    decide,
    decider,
    initial_state,
)
from mastermind.service._runner import CommandRunner
from mastermind.service._secrets import SecretMaker, random_secret
from mastermind.service.projections import (
    GameCatalogue,
    GameSummary,
    Statistics,
    catch_up,
)
from mastermind.store import EventStore


class GameNotFound(GameError):
    def __init__(self, game_id: str) -> None:
        super().__init__(game_id, f"There is no game with id {game_id!r}.")


class Games:
    """Join, play and inspect games kept in an event store.

    Every command goes through one runner: load the game's stream, fold it, decide, and
    append with the expected version, retrying when another writer got there first.
    """

    def __init__(
        self,
        store: EventStore,
        secret_maker: SecretMaker = random_secret,
        *,
        max_attempts: int = 10,
        new_game_id: Callable[[], str] = lambda: str(uuid.uuid4()),
    ) -> None:
        self.store = store
        self._secret_maker = secret_maker
        self._new_game_id = new_game_id
        self._runner = CommandRunner(decider, store, max_attempts=max_attempts)
        self._lock = threading.Lock()
        self._catalogue = GameCatalogue()

    def join(
        self,
        total_attempts: int = 12,
        available_pegs: Sequence[str] = CLASSIC_PEGS,
        length: int = 4,
        secret: Code | str | None = None,
        *,
        unique: bool = False,
    ) -> str:
        """Start a game and answer its id.

        Without a ``secret`` the code maker draws one of ``length`` pegs; with ``unique``
        no colour appears twice in it, as in some editions of the game.

        Raises:
            InvalidGameSetup: the game could not be played as asked.
        """
        game_id = self._new_game_id()
        if isinstance(available_pegs, str):
            raise InvalidGameSetup(game_id, "the palette must list colour names, not be one string")
        palette = tuple(available_pegs)
        made = secret is None
        if secret is None:
            secret = self._make_secret(game_id, palette, length, unique)
        elif isinstance(secret, str):
            secret = _read(secret, palette)
        if unique and len(set(secret.pegs)) < len(secret.pegs):
            raise InvalidGameSetup(game_id, "the secret repeats a colour")
        if made:
            _refuse_setup_apart_from_the_secret(game_id, total_attempts, palette)
            if not set(secret.pegs) <= set(palette):
                # Whoever joins must not learn a secret the code maker chose, even a bad one.
                raise InvalidGameSetup(game_id, "the code maker's secret does not fit this palette")
        join = JoinGame(game_id, secret, total_attempts, palette)
        self._runner.handle(game_id, lambda _: join)
        return game_id

    def guess(self, game_id: str, guess: Code | str | Sequence[str]) -> DecodingBoard:
        """Place a guess, typed as names or initials, or given as a code or a list of names.

        Raises:
            GameNotFound: no game has this id.
            GameError: the rules refuse the guess; nothing is recorded.
        """

        def make_guess(state: State) -> MakeGuess:
            if isinstance(guess, Code):
                return MakeGuess(game_id, guess)
            if not isinstance(guess, str):
                return MakeGuess(game_id, Code(guess))
            palette = state.available_pegs if isinstance(state, Started) else CLASSIC_PEGS
            return MakeGuess(game_id, _read(guess, palette))

        return self._run(game_id, make_guess)

    def give_up(self, game_id: str) -> DecodingBoard:
        """Surrender: the game is lost and its secret shown."""
        return self._run(game_id, lambda _: GiveUp(game_id))

    def board(self, game_id: str) -> DecodingBoard:
        """The game as its player sees it; the secret shows only once the game is over."""
        stream = self.store.load(game_id)
        if not stream.version:
            raise GameNotFound(game_id)
        return DecodingBoard.from_events(stream.events, game_id)

    def summaries(self) -> list[GameSummary]:
        """Every game in the store, oldest first."""
        with self._lock:
            catch_up(self._catalogue, self.store)
            return self._catalogue.summaries()

    def statistics(self) -> Statistics:
        with self._lock:
            catch_up(self._catalogue, self.store)
            return Statistics.of(self._catalogue.summaries())

    def _run(self, game_id: str, command: Callable[[State], Command]) -> DecodingBoard:
        try:
            events = self._runner.handle(game_id, command)
        except GameNotStarted:
            raise GameNotFound(game_id) from None
        return DecodingBoard.from_events(events, game_id)

    def _make_secret(
        self, game_id: str, palette: tuple[str, ...], length: int, unique: bool
    ) -> Code:
        if not isinstance(length, int) or isinstance(length, bool):
            raise InvalidGameSetup(
                game_id, f"a code's length must be a whole number, not {length!r}"
            )
        if length < 1:
            raise InvalidGameSetup(game_id, f"a code needs at least 1 peg, not {length}")
        if not palette:
            raise InvalidGameSetup(game_id, "the palette has no colours")
        if unique and length > len(palette):
            raise InvalidGameSetup(
                game_id,
                f"a code of {length} different colours needs at least {length} colours, "
                f"not {len(palette)}",
            )
        return self._secret_maker(palette, length, unique)


def _refuse_setup_apart_from_the_secret(
    game_id: str, total_attempts: int, palette: tuple[str, ...]
) -> None:
    """Let the rules judge the palette and attempts with a stand-in secret that fits."""
    decide(JoinGame(game_id, Code(palette[:1]), total_attempts, palette), initial_state)


def _read(text: str, palette: Sequence[str]) -> Code:
    """Read typed pegs; blank text is a guess of no pegs, which the rules call too short."""
    try:
        return Code.parse(text, palette)
    except UnreadableCode:
        return Code(())
