"""Mastermind done right: an event-sourced game built around a pure decider.

Importing the package loads nothing: each name loads its module on first use. The pure
core's names load the domain alone; ``Games``, its errors and ``connect`` bring in
the application service and the event stores. So the ``mastermind`` command takes charge
of Ctrl-C within milliseconds of starting, before any import could be interrupted.
"""

from __future__ import annotations

TYPE_CHECKING = False  # as typing's own, without the milliseconds of importing typing
if TYPE_CHECKING:
    from typing import Any

    from mastermind.domain import (
        CLASSIC_PEGS,
        COMPUTER,
        MAX_ATTEMPTS,
        MAX_COLOUR_NAME,
        MAX_COLOURS,
        MAX_LENGTH,
        MAX_MAKER_NAME,
        SEPARATOR_CHARACTERS,
        BoardRow,
        BoardSoFar,
        CallOff,
        Code,
        CodeMaker,
        Command,
        CommandForAnotherGame,
        Decider,
        DecodingBoard,
        Event,
        Feedback,
        GameAlreadyLost,
        GameAlreadyStarted,
        GameAlreadyWon,
        GameError,
        GameLost,
        GameNotStarted,
        GameSetup,
        GameStarted,
        GameWon,
        GiveUp,
        GuessMade,
        GuessTooLong,
        GuessTooShort,
        HintsNotAllowed,
        InvalidGameSetup,
        InvalidPegInGuess,
        JoinGame,
        KeyPeg,
        Lost,
        MakeGuess,
        MakerKind,
        NotAColour,
        NotStarted,
        Outcome,
        Started,
        State,
        UnreadableCode,
        View,
        Won,
        board_view,
        decide,
        decider,
        evolve,
        has_unique_initials,
        initial_state,
        is_terminal,
        score,
        split_names,
    )
    from mastermind.service import GameNotFound, GameNotOver, Games
    from mastermind.store import connect

_ELSEWHERE = {
    "GameNotFound": "mastermind.service",
    "GameNotOver": "mastermind.service",
    "Games": "mastermind.service",
    "connect": "mastermind.store",
}
"""Where the names that are not the domain's live; every other name is the domain's."""

__all__ = [
    "BoardRow",
    "BoardSoFar",
    "CLASSIC_PEGS",
    "COMPUTER",
    "CallOff",
    "Code",
    "CodeMaker",
    "Command",
    "CommandForAnotherGame",
    "Decider",
    "DecodingBoard",
    "Event",
    "Feedback",
    "GameAlreadyLost",
    "GameAlreadyStarted",
    "GameAlreadyWon",
    "GameError",
    "GameLost",
    "GameNotFound",
    "GameNotOver",
    "GameNotStarted",
    "GameSetup",
    "GameStarted",
    "GameWon",
    "Games",
    "GiveUp",
    "GuessMade",
    "GuessTooLong",
    "GuessTooShort",
    "HintsNotAllowed",
    "InvalidGameSetup",
    "InvalidPegInGuess",
    "JoinGame",
    "KeyPeg",
    "Lost",
    "MAX_ATTEMPTS",
    "MAX_COLOURS",
    "MAX_COLOUR_NAME",
    "MAX_LENGTH",
    "MAX_MAKER_NAME",
    "MakeGuess",
    "MakerKind",
    "NotAColour",
    "NotStarted",
    "Outcome",
    "SEPARATOR_CHARACTERS",
    "Started",
    "State",
    "UnreadableCode",
    "View",
    "Won",
    "board_view",
    "connect",
    "decide",
    "decider",
    "evolve",
    "has_unique_initials",
    "initial_state",
    "is_terminal",
    "score",
    "split_names",
]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = _ELSEWHERE.get(name, "mastermind.domain")
    import importlib  # here, not at the top: importing the package must cost nothing

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
