"""The application around the core: games kept in a store, and read models of them.

The store's records and errors that ``Games`` hands on are named here too, so that entry
points talk to the service alone.
"""

from typing import TYPE_CHECKING

from mastermind.service import (
    _advice_answers,
    _answer_rows,
    _answers,
    _arguments,
    _commands,
    _daily,
    _daily_results,
    _daily_rule,
    _daily_streaks,
    _errors,
    _hints,
    _problems,
    _review,
    _runner,
    _secrets,
    _snapshots,
    _subscription,
    _tokens,
    games,
    projections,
)
from mastermind.service._advice_answers import *  # noqa: F403
from mastermind.service._answer_rows import *  # noqa: F403
from mastermind.service._answers import *  # noqa: F403
from mastermind.service._arguments import *  # noqa: F403
from mastermind.service._commands import *  # noqa: F403
from mastermind.service._daily import *  # noqa: F403
from mastermind.service._daily_results import *  # noqa: F403
from mastermind.service._daily_rule import *  # noqa: F403
from mastermind.service._daily_streaks import *  # noqa: F403
from mastermind.service._errors import *  # noqa: F403
from mastermind.service._hints import *  # noqa: F403
from mastermind.service._problems import *  # noqa: F403
from mastermind.service._review import *  # noqa: F403
from mastermind.service._runner import *  # noqa: F403
from mastermind.service._secrets import *  # noqa: F403
from mastermind.service._snapshots import *  # noqa: F403
from mastermind.service._subscription import *  # noqa: F403
from mastermind.service._tokens import *  # noqa: F403
from mastermind.service.games import *  # noqa: F403
from mastermind.service.projections import *  # noqa: F403
from mastermind.store import CorruptDatabase as CorruptDatabase
from mastermind.store import CorruptRecord as CorruptRecord
from mastermind.store import RecordedEvent as RecordedEvent
from mastermind.store import StoreError as StoreError
from mastermind.store import StoreUnavailable as StoreUnavailable
from mastermind.store import VersionConflict as VersionConflict

_FROM_THE_STORE = [
    "CorruptDatabase",
    "CorruptRecord",
    "RecordedEvent",
    "StoreError",
    "StoreUnavailable",
    "VersionConflict",
]
"""The store's records and errors that ``Games`` hands on."""

# mypy reads an ``__all__`` of literal names only; without one, it takes every name the
# imports bring as exported, which is what this list says at run time.
if not TYPE_CHECKING:
    __all__ = sorted(
        [
            *_advice_answers.__all__,
            *_answer_rows.__all__,
            *_answers.__all__,
            *_arguments.__all__,
            *_commands.__all__,
            *_daily.__all__,
            *_daily_rule.__all__,
            *_daily_results.__all__,
            *_daily_streaks.__all__,
            *_errors.__all__,
            *_hints.__all__,
            *_problems.__all__,
            *_review.__all__,
            *_runner.__all__,
            *_secrets.__all__,
            *_snapshots.__all__,
            *_subscription.__all__,
            *_tokens.__all__,
            *games.__all__,
            *projections.__all__,
            *_FROM_THE_STORE,
        ]
    )
