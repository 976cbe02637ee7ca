"""The application around the core: games kept in a store, and read models of them."""

from mastermind.service._runner import CommandRunner
from mastermind.service._secrets import FixedSecrets, SecretMaker, random_secret
from mastermind.service.games import GameNotFound, Games
from mastermind.service.projections import (
    GameCatalogue,
    GameSummary,
    Statistics,
    catch_up,
)

__all__ = [
    "CommandRunner",
    "FixedSecrets",
    "GameCatalogue",
    "GameNotFound",
    "GameSummary",
    "Games",
    "SecretMaker",
    "Statistics",
    "catch_up",
    "random_secret",
]
