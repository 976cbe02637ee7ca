"""Commands, which ask the game to do something, and events, which record what it did."""

from __future__ import annotations

import attrs

from mastermind.domain.code import CLASSIC_PEGS, Code
from mastermind.domain.feedback import Feedback
from mastermind.domain.maker import COMPUTER, CodeMaker


def _to_palette(pegs: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(pegs)


@attrs.frozen
class JoinGame:
    """Start a game whose secret the code maker has placed."""

    game_id: str
    secret: Code
    total_attempts: int = 12
    available_pegs: tuple[str, ...] = attrs.field(default=CLASSIC_PEGS, converter=_to_palette)
    unique: bool = False
    """No colour appears twice in the secret, as in some editions of the game."""
    maker: CodeMaker = COMPUTER
    """Who placed the secret: the computer, or a person playing against the breaker."""


@attrs.frozen
class MakeGuess:
    """Place a row of code pegs and ask for key pegs."""

    game_id: str
    guess: Code


@attrs.frozen
class GiveUp:
    """Surrender: the game ends as lost and the secret is revealed."""

    game_id: str


@attrs.frozen
class CallOff:
    """The code maker calls the game off: it ends as lost, and the secret is revealed."""

    game_id: str


Command = JoinGame | MakeGuess | GiveUp | CallOff


@attrs.frozen
class GameStarted:
    game_id: str
    secret: Code
    total_attempts: int
    available_pegs: tuple[str, ...] = attrs.field(converter=_to_palette)
    unique: bool = False
    """No colour appears twice in the secret; records written before it existed read False."""
    maker: CodeMaker = COMPUTER
    """Who placed the secret; records written before it existed read the computer."""

    @property
    def code_length(self) -> int:
        return len(self.secret.pegs)


@attrs.frozen
class GuessMade:
    game_id: str
    guess: Code
    feedback: Feedback


@attrs.frozen
class GameWon:
    game_id: str


@attrs.frozen
class GameLost:
    game_id: str
    called_off: bool = False
    """The code maker ended the game, rather than the breaker giving up or running out of
    attempts; records written before it existed read False."""


Event = GameStarted | GuessMade | GameWon | GameLost
