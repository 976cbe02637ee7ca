"""Every error Mastermind raises for its users to catch, in one place.

Each is defined where it is raised and named here too, the same class:
``from mastermind.errors import GameError, StoreError``.

The game's refusals, ``GameError`` and its kinds, and the codes that cannot be read,
``UnreadableCode`` and ``NotAColour``, are the domain's, loaded with this module. The
errors of the service, the stores and ``mastermind.hints`` load their part on first use,
so that importing this module costs no more than the domain. The code breaker's
``GameTooLarge`` is ``mastermind.solver``'s alone: that part needs numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mastermind.domain import errors as _game_errors
from mastermind.domain.code import NotAColour as NotAColour
from mastermind.domain.code import UnreadableCode as UnreadableCode
from mastermind.domain.errors import *  # noqa: F403

if TYPE_CHECKING:
    from mastermind.hints import SolverMissing as SolverMissing
    from mastermind.service import AmbiguousGameId as AmbiguousGameId
    from mastermind.service import DailyCodeUnavailable as DailyCodeUnavailable
    from mastermind.service import DailyGameClosed as DailyGameClosed
    from mastermind.service import DailyReviewTooEarly as DailyReviewTooEarly
    from mastermind.service import GameNotFound as GameNotFound
    from mastermind.service import GameNotOver as GameNotOver
    from mastermind.service import HintAbandoned as HintAbandoned
    from mastermind.service import HintsBusy as HintsBusy
    from mastermind.service import HintTimedOut as HintTimedOut
    from mastermind.service import HintUnavailable as HintUnavailable
    from mastermind.service import IdempotencyKeyReused as IdempotencyKeyReused
    from mastermind.service import InvalidDailyKey as InvalidDailyKey
    from mastermind.service import InvalidPlayerToken as InvalidPlayerToken
    from mastermind.service import InvalidTokenKey as InvalidTokenKey
    from mastermind.service import NoGameInPlay as NoGameInPlay
    from mastermind.service import NoGameOver as NoGameOver
    from mastermind.service import NoGames as NoGames
    from mastermind.service import Refused as Refused
    from mastermind.service import ReviewUnavailable as ReviewUnavailable
    from mastermind.service import UnreadableGuess as UnreadableGuess
    from mastermind.store import CheckpointConflict as CheckpointConflict
    from mastermind.store import CorruptDatabase as CorruptDatabase
    from mastermind.store import CorruptRecord as CorruptRecord
    from mastermind.store import ForeignTable as ForeignTable
    from mastermind.store import StoreClosed as StoreClosed
    from mastermind.store import StoreError as StoreError
    from mastermind.store import StoreUnavailable as StoreUnavailable
    from mastermind.store import UnknownEventType as UnknownEventType
    from mastermind.store import UnsupportedStoreURL as UnsupportedStoreURL
    from mastermind.store import VersionConflict as VersionConflict
    from mastermind.store import WrongCategory as WrongCategory

_LOADED_ON_FIRST_USE = {
    "AmbiguousGameId": "mastermind.service",
    "CheckpointConflict": "mastermind.store",
    "CorruptDatabase": "mastermind.store",
    "CorruptRecord": "mastermind.store",
    "DailyCodeUnavailable": "mastermind.service",
    "DailyGameClosed": "mastermind.service",
    "DailyReviewTooEarly": "mastermind.service",
    "ForeignTable": "mastermind.store",
    "GameNotFound": "mastermind.service",
    "GameNotOver": "mastermind.service",
    "HintAbandoned": "mastermind.service",
    "HintTimedOut": "mastermind.service",
    "HintUnavailable": "mastermind.service",
    "HintsBusy": "mastermind.service",
    "IdempotencyKeyReused": "mastermind.service",
    "InvalidDailyKey": "mastermind.service",
    "InvalidPlayerToken": "mastermind.service",
    "InvalidTokenKey": "mastermind.service",
    "NoGameInPlay": "mastermind.service",
    "NoGameOver": "mastermind.service",
    "NoGames": "mastermind.service",
    "Refused": "mastermind.service",
    "ReviewUnavailable": "mastermind.service",
    "SolverMissing": "mastermind.hints",
    "StoreClosed": "mastermind.store",
    "StoreError": "mastermind.store",
    "StoreUnavailable": "mastermind.store",
    "UnknownEventType": "mastermind.store",
    "UnreadableGuess": "mastermind.service",
    "UnsupportedStoreURL": "mastermind.store",
    "VersionConflict": "mastermind.store",
    "WrongCategory": "mastermind.store",
}
"""The errors of the parts that need more than the domain, and the part each comes from."""

# mypy reads an ``__all__`` of literal names only; without one, it takes every name the
# imports bring as exported, which is what this list says at run time.
if not TYPE_CHECKING:
    __all__ = sorted([*_game_errors.__all__, "NotAColour", "UnreadableCode", *_LOADED_ON_FIRST_USE])


def __getattr__(name: str) -> Any:
    part = _LOADED_ON_FIRST_USE.get(name)
    if part is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    error = getattr(importlib.import_module(part), name)
    globals()[name] = error
    return error


def __dir__() -> list[str]:
    return sorted({*globals(), *_LOADED_ON_FIRST_USE})
