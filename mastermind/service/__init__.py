"""The application around the core: games kept in a store, and read models of them.

The store's records and errors that ``Games`` hands on are named here too, so that entry
points talk to the service alone.
"""

from mastermind.service._advice_answers import (
    DailyResultsAnswer,
    HintAnswer,
    ReviewAnswer,
    ReviewedGuessAnswer,
    SuggestedGuess,
    daily_results_document,
    review_document,
)
from mastermind.service._answers import (
    AttemptsAnswer,
    BoardAnswer,
    FeedbackAnswer,
    MakerAnswer,
    RowAnswer,
    StatisticsAnswer,
    SummaryAnswer,
    decode,
    encode,
)
from mastermind.service._arguments import MAX_IDEMPOTENCY_KEY, check_idempotency_key
from mastermind.service._commands import (
    COMMANDS,
    ColourName,
    CommandKind,
    GuessRequest,
    NoFields,
    command_kind,
)
from mastermind.service._daily import (
    DailyCodes,
    DailyCodeUnavailable,
    DailyGame,
    DailyGames,
    InvalidDailyKey,
    InvalidPlayerToken,
)
from mastermind.service._daily_results import DailyResults, share_text
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
from mastermind.service._problems import (
    REFUSALS,
    STORE_RETRY_SECONDS,
    ProblemAnswer,
    Refusal,
    Refused,
)
from mastermind.service._review import (
    GameNotOver,
    GameReview,
    GuessFigures,
    GuessReview,
    ReviewFigures,
    ReviewSource,
    ReviewUnavailable,
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
    "AttemptsAnswer",
    "BoardAnswer",
    "COMMANDS",
    "ColourName",
    "CommandKind",
    "CommandRunner",
    "CorruptDatabase",
    "CorruptRecord",
    "DailyCodeUnavailable",
    "DailyCodes",
    "DailyGame",
    "DailyGames",
    "DailyResults",
    "DailyResultsAnswer",
    "FeedbackAnswer",
    "FixedSecrets",
    "GameCatalogue",
    "GameNotFound",
    "GameNotOver",
    "GameReview",
    "GameSummary",
    "Games",
    "GuessFigures",
    "GuessRequest",
    "GuessReview",
    "Handled",
    "Hint",
    "HintAbandoned",
    "HintAnswer",
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
    "MakerAnswer",
    "NoFields",
    "NoGameInPlay",
    "NoGameOver",
    "NoGames",
    "PlayerTokens",
    "ProblemAnswer",
    "Projection",
    "ProjectionRunner",
    "REFUSALS",
    "RecordedEvent",
    "Refusal",
    "Refused",
    "ReviewAnswer",
    "ReviewFigures",
    "ReviewSource",
    "ReviewUnavailable",
    "ReviewedGuessAnswer",
    "Role",
    "RowAnswer",
    "SecretMaker",
    "STORE_RETRY_SECONDS",
    "SnapshotPolicy",
    "Statistics",
    "StatisticsAnswer",
    "StoreError",
    "StoreUnavailable",
    "Subscription",
    "SuggestedGuess",
    "SummaryAnswer",
    "UnreadableGuess",
    "VersionConflict",
    "abandon_hints_when",
    "check_idempotency_key",
    "command_kind",
    "daily_results_document",
    "decode",
    "encode",
    "hint_abandoned",
    "random_secret",
    "review_document",
    "share_text",
]
