"""What the application service refuses, beyond what the rules refuse."""

from __future__ import annotations

from collections.abc import Sequence

from mastermind.domain import GameError, NotAColour

__all__ = [
    "AmbiguousGameId",
    "GameNotFound",
    "NoGameInPlay",
    "NoGameOver",
    "NoGames",
    "UnreadableGuess",
]


class GameNotFound(GameError):
    def __init__(self, game_id: str) -> None:
        super().__init__(game_id, f"There is no game with id {game_id!r}.")


class AmbiguousGameId(GameError):
    def __init__(self, game_id: str, matches: Sequence[str]) -> None:
        shown = ", ".join(matches[:3]) + (", ..." if len(matches) > 3 else "")
        super().__init__(
            game_id,
            f"The id {game_id!r} could be any of {len(matches)} games ({shown}): type more of it.",
        )
        self.matches = tuple(matches)


class UnreadableGuess(GameError):
    """A guess typed as a word that is no colour, nor a row of colour initials."""

    def __init__(self, game_id: str, unreadable: NotAColour) -> None:
        super().__init__(game_id, f"{unreadable.reason[:1].upper()}{unreadable.reason[1:]}.")


class NoGames(GameError):
    def __init__(self) -> None:
        super().__init__("", "There are no games yet: start one with 'mastermind play'.")


class NoGameInPlay(GameError):
    def __init__(self) -> None:
        super().__init__("", "No game is in play: start one with 'mastermind play'.")


class NoGameOver(GameError):
    def __init__(self) -> None:
        super().__init__("", "No game is over yet: finish one, and it can be reviewed.")
