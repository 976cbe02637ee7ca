"""The game as a decider: ``decide`` turns commands into events, ``evolve`` folds them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

import attrs

from mastermind.domain.code import Code
from mastermind.domain.errors import (
    CommandForAnotherGame,
    GameAlreadyLost,
    GameAlreadyStarted,
    GameAlreadyWon,
    GameNotStarted,
    GuessAgainstRules,
    GuessTooLong,
    GuessTooShort,
    InvalidGameSetup,
    InvalidNote,
    InvalidPegInGuess,
)
from mastermind.domain.maker import COMPUTER, CodeMaker
from mastermind.domain.messages import (
    CallOff,
    Command,
    Event,
    GameLost,
    GameStarted,
    GameWon,
    GiveUp,
    GuessMade,
    JoinGame,
    LeaveNote,
    MakeGuess,
    NoteLeft,
)
from mastermind.domain.rules import BLANK, MAX_NOTE, Rules

__all__ = [
    "Decider",
    "Lost",
    "NotStarted",
    "Started",
    "State",
    "View",
    "Won",
    "decide",
    "decider",
    "evolve",
    "initial_state",
    "is_terminal",
]


@attrs.frozen
class NotStarted:
    """No secret on the board yet."""


@attrs.frozen
class Started:
    """A game in play: what the rules need to judge the next guess."""

    game_id: str
    secret: Code
    rules: Rules
    attempts_used: int = 0
    maker: CodeMaker = COMPUTER

    @property
    def attempts_left(self) -> int:
        return self.rules.attempts - self.attempts_used


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
    if not isinstance(state, NotStarted) and command.game_id != state.game_id:
        raise CommandForAnotherGame(state.game_id, command.game_id)
    match command:
        case JoinGame():
            return _join(command, state)
        case MakeGuess():
            return _guess(command, _started(command.game_id, state))
        case GiveUp():
            return (GameLost(_started(command.game_id, state).game_id),)
        case CallOff():
            return (GameLost(_started(command.game_id, state).game_id, called_off=True),)
        case LeaveNote():
            return _note(command, _started(command.game_id, state))
    raise TypeError(f"{type(command).__name__} is not a command of this game")


def evolve(state: State, event: Event) -> State:
    """The state after ``event``. Events are facts, so an event that cannot follow is a bug."""
    match state, event:
        case NotStarted(), GameStarted():
            return Started(event.game_id, event.secret, event.rules, maker=event.maker)
        case Started(), NoteLeft():
            return state
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
    return (GameStarted(command.game_id, command.secret, command.rules, command.maker),)


def _note(command: LeaveNote, state: Started) -> tuple[Event, ...]:
    text = command.text.strip()
    if not state.maker.is_person:
        reason = "the computer made this code, and only a person who made one leaves notes"
    elif not 0 < len(text) <= MAX_NOTE:
        reason = f"a note holds 1 to {MAX_NOTE} characters, not {len(text)}"
    elif not text.isprintable():
        reason = "a note holds no character that cannot be shown, such as a line break"
    else:
        return (NoteLeft(state.game_id, text),)
    raise InvalidNote(state.game_id, reason)


def _setup_problem(command: JoinGame) -> str | None:
    secret, rules = command.secret.pegs, command.rules
    if not secret:
        return "the secret is empty"
    problem = rules.problem() or command.maker.problem()
    if problem:
        return problem
    if len(secret) != rules.length:
        return f"the secret has {len(secret)} peg{'s' * (len(secret) != 1)}, not {rules.length}"
    outside = list(dict.fromkeys(_outside(secret, rules)))
    if outside:
        # In the player's words: what was typed, then what could have been.
        noun = "digit" if all(name.isdigit() for name in rules.symbols) else "colour"
        which = (
            f"is not one of this game's {noun}s"
            if len(outside) == 1
            else f"are not among this game's {noun}s"
        )
        return f"{', '.join(outside)}, in the secret, {which}, which are {', '.join(rules.pegs)}"
    return rules.code_problem(secret, "the secret")


def _outside(pegs: tuple[str, ...], rules: Rules) -> list[str]:
    """The pegs that are no symbol of the game; a blank is the rules' to judge."""
    symbols = rules.pegs
    return [peg for peg in pegs if peg not in symbols and peg != BLANK]


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
    required, actual = game.rules.length, len(command.guess.pegs)
    if actual < required:
        raise GuessTooShort(game.game_id, required, actual)
    if actual > required:
        raise GuessTooLong(game.game_id, required, actual)
    rules, guess = game.rules, command.guess.pegs
    invalid = _outside(guess, rules)
    if invalid:
        raise InvalidPegInGuess(game.game_id, list(dict.fromkeys(invalid)), rules.pegs)
    problem = rules.code_problem(guess, "the guess")
    if problem:
        raise GuessAgainstRules(game.game_id, problem)
    feedback = rules.score(game.secret, command.guess)
    made = GuessMade(game.game_id, command.guess, feedback)
    if feedback.black == required:
        return made, GameWon(game.game_id)
    if game.attempts_used + 1 == game.rules.attempts:
        return made, GameLost(game.game_id)
    return (made,)


C = TypeVar("C")
E = TypeVar("E")
S = TypeVar("S")
V = TypeVar("V")


@attrs.frozen
class View(Generic[E, V]):
    """A read model as a pure fold: an initial state and how each event changes it."""

    evolve: Callable[[V, E], V]
    initial_state: V

    def fold(self, events: Iterable[E]) -> V:
        """The state reached from the initial state through ``events``."""
        state = self.initial_state
        for event in events:
            state = self.evolve(state, event)
        return state


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

    def with_view(self, view: View[E, V]) -> Decider[C, E, tuple[S, V]]:
        """This decider, also folding ``view`` from the same events in the same pass.

        Commands are decided on this decider's own state; the view only watches. A
        service that answers a read model after each command then folds a stream once.
        """
        decide, evolve = self.decide, self.evolve

        def decide_on_own_state(command: C, state: tuple[S, V]) -> tuple[E, ...]:
            return decide(command, state[0])

        def evolve_both(state: tuple[S, V], event: E) -> tuple[S, V]:
            return evolve(state[0], event), view.evolve(state[1], event)

        def is_terminal(state: tuple[S, V]) -> bool:
            return self.is_terminal(state[0])

        return Decider(
            decide_on_own_state,
            evolve_both,
            (self.initial_state, view.initial_state),
            is_terminal,
        )


decider: Decider[Command, Event, State] = Decider(decide, evolve, initial_state, is_terminal)
