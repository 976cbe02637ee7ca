"""The application around the core: games kept in a store, and read models of them.

The store's records and errors that ``Games`` hands on are named here too, so that entry
points talk to the service alone.
"""

from mastermind.service._arguments import MAX_IDEMPOTENCY_KEY, check_idempotency_key
from mastermind.service._daily import (
    DailyCodes,
    DailyCodeUnavailable,
    DailyGame,
    DailyGames,
    InvalidDailyKey,
    InvalidPlayerToken,
)
from mastermind.service._daily_results import DailyResults, daily_results_document, share_text
from mastermind.service._errors import (
    AmbiguousGameId,
    GameNotFound,
    NoGameInPlay,
    NoGameOver,
    NoGames,
    UnreadableGuess,
)
from mastermind.service._hints import (
    Hint,
    HintAbandoned,
    HintsBusy,
    HintSource,
    HintTimedOut,
    HintUnavailable,
    abandon_hints_when,
    hint_abandoned,
)
from mastermind.service._review import (
    GameNotOver,
    GameReview,
    GuessFigures,
    GuessReview,
    ReviewFigures,
    ReviewSource,
    ReviewUnavailable,
    review_document,
)
from mastermind.service._runner import CommandRunner, Handled, IdempotencyKeyReused
from mastermind.service._secrets import FixedSecrets, SecretMaker, random_secret
from mastermind.service._snapshots import SnapshotPolicy
from mastermind.service._subscription import Subscription
from mastermind.service._tokens import KEY_VARIABLE, InvalidTokenKey, PlayerTokens, Role
from mastermind.service.games import Games
from mastermind.service.projections import (
    GameCatalogue,
    GameSummary,
    Projection,
    ProjectionRunner,
    Statistics,
)
from mastermind.store import (
    CorruptDatabase,
    CorruptRecord,
    RecordedEvent,
    StoreError,
    StoreUnavailable,
    VersionConflict,
)

__all__ = [
    "AmbiguousGameId",
    "CommandRunner",
    "CorruptDatabase",
    "CorruptRecord",
    "DailyCodeUnavailable",
    "DailyCodes",
    "DailyGame",
    "DailyGames",
    "DailyResults",
    "FixedSecrets",
    "GameCatalogue",
    "GameNotFound",
    "GameNotOver",
    "GameReview",
    "GameSummary",
    "Games",
    "GuessFigures",
    "GuessReview",
    "Handled",
    "Hint",
    "HintAbandoned",
    "HintSource",
    "HintTimedOut",
    "HintUnavailable",
    "HintsBusy",
    "IdempotencyKeyReused",
    "InvalidDailyKey",
    "InvalidPlayerToken",
    "InvalidTokenKey",
    "KEY_VARIABLE",
    "MAX_IDEMPOTENCY_KEY",
    "NoGameInPlay",
    "NoGameOver",
    "NoGames",
    "PlayerTokens",
    "Projection",
    "ProjectionRunner",
    "RecordedEvent",
    "ReviewFigures",
    "ReviewSource",
    "ReviewUnavailable",
    "Role",
    "SecretMaker",
    "SnapshotPolicy",
    "Statistics",
    "StoreError",
    "StoreUnavailable",
    "Subscription",
    "UnreadableGuess",
    "VersionConflict",
    "abandon_hints_when",
    "check_idempotency_key",
    "daily_results_document",
    "hint_abandoned",
    "random_secret",
    "review_document",
    "share_text",
]
