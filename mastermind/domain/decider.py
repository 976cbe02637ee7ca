"""The game as a decider: ``decide`` turns commands into events, ``evolve`` folds them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

import attrs

from mastermind.domain.code import SEPARATORS, Code
from mastermind.domain.errors import (
    GameAlreadyLost,
    GameAlreadyStarted,
    GameAlreadyWon,
    GameNotStarted,
    GuessTooLong,
    GuessTooShort,
    InvalidGameSetup,
    InvalidPegInGuess,
)
from mastermind.domain.feedback import score
from mastermind.domain.messages import (
    Command,
    Event,
    GameLost,
    GameStarted,
    GameWon,
    GiveUp,
    GuessMade,
    JoinGame,
    MakeGuess,
)


@attrs.frozen
class NotStarted:
    """No secret on the board yet."""


@attrs.frozen
class Started:
    """A game in play: what the rules need to judge the next guess."""

    game_id: str
    secret: Code
    total_attempts: int
    available_pegs: tuple[str, ...]
    attempts_used: int = 0

    @property
    def attempts_left(self) -> int:
        return self.total_attempts - self.attempts_used


@attrs.frozen
class Won:
    game_id: str


@attrs.frozen
class Lost:
    game_id: str


State = NotStarted | Started | Won | Lost

initial_state: State = NotStarted()


def is_terminal(state: State) -> bool:
    """Whether the game is over, so that no command can change it any more."""
    return isinstance(state, Won | Lost)


def decide(command: Command, state: State) -> tuple[Event, ...]:
    """The events that ``command`` causes in ``state``.

    Raises:
        GameError: the rules refuse the command; see the subclasses.
    """
    match command:
        case JoinGame():
            return _join(command, state)
        case MakeGuess():
            return _guess(command, _started(command.game_id, state))
        case GiveUp():
            return (GameLost(_started(command.game_id, state).game_id),)
    raise TypeError(f"{type(command).__name__} is not a command of this game")


def evolve(state: State, event: Event) -> State:
    """The state after ``event``. Events are facts, so an event that cannot follow is a bug."""
    match state, event:
        case NotStarted(), GameStarted():
            return Started(event.game_id, event.secret, event.total_attempts, event.available_pegs)
        case Started(), GuessMade():
            return attrs.evolve(state, attempts_used=state.attempts_used + 1)
        case Started(), GameWon():
            return Won(state.game_id)
        case Started(), GameLost():
            return Lost(state.game_id)
    raise ValueError(f"{type(event).__name__} cannot follow {type(state).__name__}")


def _join(command: JoinGame, state: State) -> tuple[Event, ...]:
    if not isinstance(state, NotStarted):
        raise GameAlreadyStarted(command.game_id)
    reason = _setup_problem(command)
    if reason:
        raise InvalidGameSetup(command.game_id, reason)
    return (
        GameStarted(
            command.game_id, command.secret, command.total_attempts, command.available_pegs
        ),
    )


def _setup_problem(command: JoinGame) -> str | None:
    palette = command.available_pegs
    if not palette:
        return "the palette has no colours"
    if any(not name.strip() for name in palette):
        return "a colour in the palette has no name"
    if any(SEPARATORS.search(name) for name in palette):
        return "a colour's name cannot hold spaces, commas or semicolons"
    if len({name.casefold() for name in palette}) != len(palette):
        return f"the palette names a colour twice ({', '.join(palette)})"
    if not command.secret.pegs:
        return "the secret is empty"
    outside = [peg for peg in command.secret.pegs if peg not in palette]
    if outside:
        return f"the secret uses {', '.join(outside)}, which the palette lacks"
    if not _is_whole_number(command.total_attempts):
        return f"the number of attempts must be a whole number, not {command.total_attempts!r}"
    if command.total_attempts < 1:
        return f"a game needs at least 1 attempt, not {command.total_attempts}"
    return None


def _is_whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _started(game_id: str, state: State) -> Started:
    match state:
        case NotStarted():
            raise GameNotStarted(game_id)
        case Won():
            raise GameAlreadyWon(game_id)
        case Lost():
            raise GameAlreadyLost(game_id)
    return state


def _guess(command: MakeGuess, game: Started) -> tuple[Event, ...]:
    required, actual = len(game.secret.pegs), len(command.guess.pegs)
    if actual < required:
        raise GuessTooShort(game.game_id, required, actual)
    if actual > required:
        raise GuessTooLong(game.game_id, required, actual)
    invalid = [peg for peg in command.guess.pegs if peg not in game.available_pegs]
    if invalid:
        raise InvalidPegInGuess(game.game_id, list(dict.fromkeys(invalid)), game.available_pegs)
    feedback = score(game.secret, command.guess)
    made = GuessMade(game.game_id, command.guess, feedback)
    if feedback.black == required:
        return made, GameWon(game.game_id)
    if game.attempts_used + 1 == game.total_attempts:
        return made, GameLost(game.game_id)
    return (made,)


C = TypeVar("C")
E = TypeVar("E")
S = TypeVar("S")


@attrs.frozen
class Decider(Generic[C, E, S]):
    """The four parts of a decider, bundled so that generic code can run any of them."""

    decide: Callable[[C, S], tuple[E, ...]]
    evolve: Callable[[S, E], S]
    initial_state: S
    is_terminal: Callable[[S], bool]

    def fold(self, events: Iterable[E]) -> S:
        """The state reached from the initial state through ``events``."""
        state = self.initial_state
        for event in events:
            state = self.evolve(state, event)
        return state


decider: Decider[Command, Event, State] = Decider(decide, evolve, initial_state, is_terminal)
