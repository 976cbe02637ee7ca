"""Commands, which ask the game to do something, and events, which record what it did.

A command refuses an argument of the wrong type with ``TypeError`` as it is built. What
its values mean is the rules' to judge: a palette that lists something besides colour
names, or attempts that are no whole number, are refused by the decider, with
``InvalidGameSetup``, as any other game that cannot be played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from mastermind.domain.code import Code
from mastermind.domain.feedback import Feedback
from mastermind.domain.maker import COMPUTER, CodeMaker
from mastermind.domain.rules import Rules

__all__ = [
    "CallOff",
    "Command",
    "Event",
    "GameLost",
    "GameStarted",
    "GameWon",
    "GiveUp",
    "GuessMade",
    "JoinGame",
    "LeaveNote",
    "MakeGuess",
    "NoteLeft",
]


def _instance_of(kind: type, wanted: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A validator refusing a value that is not a ``kind``, naming the field it was for."""

    def refuse_another_type(_: Any, field: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, kind):
            raise TypeError(f"{field.name} must be {wanted}, not {type(value).__name__}")

    return refuse_another_type


_a_game_id = _instance_of(str, "a str")


def _classic_of_the_secrets_size(join: JoinGame) -> Rules:
    # The secret's own check, which runs next, refuses a secret that is no code.
    return Rules(length=len(join.secret.pegs)) if isinstance(join.secret, Code) else Rules()


@attrs.frozen
class JoinGame:
    """Start a game whose secret the code maker has placed."""

    game_id: str = attrs.field(validator=_a_game_id)
    secret: Code = attrs.field(validator=_instance_of(Code, "a Code"))
    rules: Rules = attrs.field(
        default=attrs.Factory(_classic_of_the_secrets_size, takes_self=True),
        validator=_instance_of(Rules, "Rules"),
    )
    """How the game is played; the classic game, of the secret's length, unless given."""
    maker: CodeMaker = attrs.field(
        default=COMPUTER, validator=_instance_of(CodeMaker, "a CodeMaker")
    )
    """Who placed the secret: the computer, or a person playing against the breaker."""


@attrs.frozen
class MakeGuess:
    """Place a row of code pegs and ask for key pegs."""

    game_id: str = attrs.field(validator=_a_game_id)
    guess: Code = attrs.field(validator=_instance_of(Code, "a Code"))


@attrs.frozen
class GiveUp:
    """Surrender: the game ends as lost and the secret is revealed."""

    game_id: str = attrs.field(validator=_a_game_id)


@attrs.frozen
class CallOff:
    """The code maker calls the game off: it ends as lost, and the secret is revealed."""

    game_id: str = attrs.field(validator=_a_game_id)


@attrs.frozen
class LeaveNote:
    """The person who made the code leaves the code breaker a note, shown on the board."""

    game_id: str = attrs.field(validator=_a_game_id)
    text: str = attrs.field(validator=_instance_of(str, "a str"))


Command = JoinGame | MakeGuess | GiveUp | CallOff | LeaveNote


@attrs.frozen
class GameStarted:
    game_id: str
    secret: Code
    rules: Rules
    """How the game is played; records written before it existed read as the classic
    game of their own size, palette and ``unique``."""
    maker: CodeMaker = COMPUTER
    """Who placed the secret; records written before it existed read the computer."""

    @property
    def code_length(self) -> int:
        return len(self.secret.pegs)

    @property
    def total_attempts(self) -> int:
        return self.rules.attempts

    @property
    def available_pegs(self) -> tuple[str, ...]:
        return self.rules.pegs


@attrs.frozen
class GuessMade:
    game_id: str
    guess: Code
    feedback: Feedback


@attrs.frozen
class GameWon:
    game_id: str


@attrs.frozen
class NoteLeft:
    game_id: str
    text: str


@attrs.frozen
class GameLost:
    game_id: str
    called_off: bool = False
    """The code maker ended the game, rather than the breaker giving up or running out of
    attempts; records written before it existed read False."""


Event = GameStarted | GuessMade | GameWon | GameLost | NoteLeft
