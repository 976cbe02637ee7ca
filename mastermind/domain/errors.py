"""Why the game refuses a command. Each error names its game and says why in plain words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = [
    "CommandForAnotherGame",
    "GameAlreadyLost",
    "GameAlreadyStarted",
    "GameAlreadyWon",
    "GameError",
    "GameNotStarted",
    "GuessAgainstRules",
    "GuessTooLong",
    "GuessTooShort",
    "HintsNotAllowed",
    "InvalidGameSetup",
    "InvalidNote",
    "InvalidPegInGuess",
]


class GameError(Exception):
    """A command the rules refuse. Nothing happened: no event, no attempt used."""

    def __init__(self, game_id: str, message: str) -> None:
        super().__init__(message)
        self.game_id = game_id

    @property
    def message(self) -> str:
        """The reason, written for the player."""
        return str(self.args[0])

    @property
    def details(self) -> dict[str, Any]:
        """What the error carries besides the game id, for adapters to pass on."""
        return {
            name: value
            for name, value in vars(self).items()
            if name != "game_id" and not name.startswith("_")
        }

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, GameError)
            and (other.game_id, other.details) == (self.game_id, self.details)
        )

    def __hash__(self) -> int:
        return hash((type(self), self.game_id))

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{k}={v!r}" for k, v in {"game_id": self.game_id, **self.details}.items()
        )
        return f"{type(self).__name__}({fields})"


class GameNotStarted(GameError):
    def __init__(self, game_id: str) -> None:
        super().__init__(game_id, "The game has not started yet: join it first.")


class GameAlreadyStarted(GameError):
    def __init__(self, game_id: str) -> None:
        super().__init__(game_id, "The game has already started.")


class GuessTooShort(GameError):
    def __init__(self, game_id: str, required_length: int, actual_length: int) -> None:
        super().__init__(
            game_id,
            f"The guess has {_pegs(actual_length)}, but the code has {_pegs(required_length)}.",
        )
        self.required_length = required_length
        self.actual_length = actual_length


class GuessTooLong(GameError):
    def __init__(self, game_id: str, required_length: int, actual_length: int) -> None:
        super().__init__(
            game_id,
            f"The guess has {_pegs(actual_length)}, but the code has only "
            f"{_pegs(required_length)}.",
        )
        self.required_length = required_length
        self.actual_length = actual_length


class InvalidPegInGuess(GameError):
    def __init__(
        self, game_id: str, invalid_pegs: Sequence[str], available_pegs: Sequence[str]
    ) -> None:
        unknown = ", ".join(repr(peg) for peg in invalid_pegs)
        colours = "colour" if len(invalid_pegs) == 1 else "colours"
        super().__init__(
            game_id,
            f"This game has no {colours} {unknown}. Choose from {', '.join(available_pegs)}.",
        )
        self.invalid_pegs = tuple(invalid_pegs)
        self.available_pegs = tuple(available_pegs)


class GuessAgainstRules(GameError):
    """A guess the game's rules refuse: a repeated symbol where none may repeat, or a
    blank hole where none may stay blank."""

    def __init__(self, game_id: str, reason: str) -> None:
        super().__init__(game_id, f"The guess cannot be played: {reason}.")
        self.reason = reason


class GameAlreadyWon(GameError):
    def __init__(self, game_id: str) -> None:
        super().__init__(game_id, "The game is over: you have already won it.")


class GameAlreadyLost(GameError):
    def __init__(self, game_id: str) -> None:
        super().__init__(game_id, "The game is over: it has been lost.")


class CommandForAnotherGame(GameError):
    def __init__(self, game_id: str, command_game_id: str) -> None:
        super().__init__(
            game_id,
            f"This is game {game_id!r}: a command for game {command_game_id!r} cannot change it.",
        )
        self.command_game_id = command_game_id


class InvalidGameSetup(GameError):
    def __init__(self, game_id: str, reason: str) -> None:
        super().__init__(game_id, f"The game cannot start: {reason}.")
        self.reason = reason


class InvalidNote(GameError):
    """A note the rules refuse: from no person, empty, too long, or unreadable."""

    def __init__(self, game_id: str, reason: str) -> None:
        super().__init__(game_id, f"The note cannot be left: {reason}.")
        self.reason = reason


class HintsNotAllowed(GameError):
    def __init__(self, game_id: str) -> None:
        super().__init__(game_id, "The code maker of this game does not allow hints.")


def _pegs(count: int) -> str:
    return f"{count} peg" if count == 1 else f"{count} pegs"
