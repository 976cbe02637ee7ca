"""The pure core: the rules of Mastermind as a decider. No I/O, no randomness, no clock.

Each module names its part of this face in its ``__all__``; this package is their union.
"""

from typing import TYPE_CHECKING

from mastermind.domain import board as _board
from mastermind.domain import code as _code
from mastermind.domain import decider as _decider
from mastermind.domain import errors as _errors
from mastermind.domain import feedback as _feedback
from mastermind.domain import maker as _maker
from mastermind.domain import messages as _messages
from mastermind.domain import rules as _rules
from mastermind.domain.board import *  # noqa: F403
from mastermind.domain.code import *  # noqa: F403
from mastermind.domain.decider import *  # noqa: F403
from mastermind.domain.errors import *  # noqa: F403
from mastermind.domain.feedback import *  # noqa: F403
from mastermind.domain.maker import *  # noqa: F403
from mastermind.domain.messages import *  # noqa: F403
from mastermind.domain.rules import *  # noqa: F403

# mypy reads an ``__all__`` of literal names only; without one, it takes every name the
# star imports bring as exported, which is what this list says at run time.
if not TYPE_CHECKING:
    __all__ = sorted(
        [
            *_board.__all__,
            *_code.__all__,
            *_decider.__all__,
            *_errors.__all__,
            *_feedback.__all__,
            *_maker.__all__,
            *_messages.__all__,
            *_rules.__all__,
        ]
    )
