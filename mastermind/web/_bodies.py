"""The bodies of the API's requests and answers, as attrs classes: the routes declare them,
``read_as`` reads requests into them, and the OpenAPI document is made from them.

The limits are the domain's, so that the document tells a client what the rules will
take: a request the document allows is refused only for what no schema can say, such as
a colour named twice in other letters, or a guess that does not fit its game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

import attrs
import msgspec
from msgspec import UNSET, UnsetType

from mastermind.domain import (
    CLASSIC_PEGS,
    DEFAULT_ATTEMPTS,
    DEFAULT_LENGTH,
    MAX_ATTEMPTS,
    MAX_COLOURS,
    MAX_LENGTH,
    MAX_MAKER_NAME,
    PRESETS,
    Answer,
    Rules,
)
from mastermind.service import MAX_IDEMPOTENCY_KEY, BoardAnswer, ColourName, DailyStatsAnswer
from mastermind.web._patterns import printable
from mastermind.web._schema import Parameter

__all__ = [
    "DAY",
    "DailyBoard",
    "DailyRequest",
    "GAME_ID",
    "HEADER_TEXT",
    "IDEMPOTENCY_KEY",
    "Invite",
    "LAST_EVENT_ID",
    "MAX_GAME_ID",
    "MakerName",
    "NewBoard",
    "NewGame",
    "PLAYER_TOKEN",
    "PresetName",
    "RulesRequest",
]

MAX_GAME_ID = 100

HEADER_TEXT = "^[ -~\u00a1-\u00ac\u00ae-\u00ff]+$"
"""Printable characters that a header can carry: those of Latin-1."""

GAME_ID = Parameter(
    "id",
    "path",
    "The game's id, as answered when it was created.",
    {"type": "string", "minLength": 1, "maxLength": MAX_GAME_ID},
)
IDEMPOTENCY_KEY = Parameter(
    "Idempotency-Key",
    "header",
    "Sent again with a retried request, which is then answered and not done twice: "
    "a fresh UUID for each request, say.",
    {"type": "string", "minLength": 1, "maxLength": MAX_IDEMPOTENCY_KEY, "pattern": HEADER_TEXT},
)
MakerName = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=MAX_MAKER_NAME,
        pattern=f"^ *[{printable(' ')}][{printable()}]*$",
    ),
]


if TYPE_CHECKING:
    PresetName = str
    AnswerName = str
else:
    PresetName = Annotated[
        Literal[tuple(PRESETS)],
        msgspec.Meta(description="A member of the family, by name.", title="PresetName"),
    ]
    AnswerName = Literal[tuple(answer.value for answer in Answer)]
"""The presets' names and the answers' kinds, as the domain lists them."""


@attrs.frozen
class RulesRequest:
    """Rules of one's own: every field left out is the classic game's."""

    length: Annotated[int, msgspec.Meta(ge=1, le=MAX_LENGTH)] = DEFAULT_LENGTH
    symbols: Annotated[
        list[ColourName],
        msgspec.Meta(
            min_length=1,
            max_length=MAX_COLOURS,
            description="The colours, or digits, a code is made of, besides the blank.",
            extra_json_schema={"uniqueItems": True},
        ),
    ] = attrs.field(factory=lambda: list(CLASSIC_PEGS))
    attempts: Annotated[int, msgspec.Meta(ge=1, le=MAX_ATTEMPTS)] = DEFAULT_ATTEMPTS
    repeats: Annotated[
        bool, msgspec.Meta(description="Whether a symbol may appear twice in a code.")
    ] = True
    blanks: Annotated[
        bool, msgspec.Meta(description='Whether a hole may stay blank, the peg "Empty".')
    ] = False
    answer: Annotated[
        AnswerName,
        msgspec.Meta(
            description="How each guess is answered: black and white key pegs, black "
            "ones alone, or bulls and cows."
        ),
    ] = Answer.BLACK_AND_WHITE.value

    def rules(self) -> Rules:
        return Rules(
            self.length,
            tuple(self.symbols),
            self.attempts,
            self.repeats,
            self.blanks,
            Answer(self.answer),
        )


@attrs.frozen
class NewGame:
    """How to play the game to start; a secret makes it a person's game."""

    json_schema: ClassVar[dict[str, Any]] = {
        "dependentRequired": {"maker_name": ["secret"], "hints": ["secret"]}
    }
    """What no field can say alone: a code maker's name and leave go with a secret."""

    length: Annotated[
        Annotated[int, msgspec.Meta(ge=1, le=MAX_LENGTH)] | UnsetType,
        msgspec.Meta(
            description=f"Pegs in a code: the rules' number unless said ({DEFAULT_LENGTH} in "
            "the classic game), or the length of the secret given."
        ),
    ] = UNSET
    attempts: Annotated[
        Annotated[int, msgspec.Meta(ge=1, le=MAX_ATTEMPTS)] | UnsetType,
        msgspec.Meta(
            description="Guesses allowed: the rules' number unless said "
            f"({DEFAULT_ATTEMPTS} in the classic game)."
        ),
    ] = UNSET
    colours: Annotated[
        Annotated[
            list[ColourName],
            msgspec.Meta(
                min_length=1, max_length=MAX_COLOURS, extra_json_schema={"uniqueItems": True}
            ),
        ]
        | UnsetType,
        msgspec.Meta(
            description="The palette, the rules' symbols unless said: Red, Green, Blue, "
            "Yellow, Purple and Orange in the classic game."
        ),
    ] = UNSET
    unique: Annotated[
        bool | UnsetType,
        msgspec.Meta(
            description="Whether a code uses each colour at most once; as the rules say "
            "unless said (false in the classic game)."
        ),
    ] = UNSET
    secret: Annotated[
        list[ColourName] | str | UnsetType,
        msgspec.Meta(
            description="The code a person sets for a friend to break: the answer "
            "is then the code maker's, with an invite for the code breaker."
        ),
    ] = UNSET
    maker_name: Annotated[
        MakerName | UnsetType | None,
        msgspec.Meta(
            description="The code maker's name, as the code breaker sees it; with a secret."
        ),
    ] = UNSET
    hints: Annotated[
        bool | UnsetType,
        msgspec.Meta(
            description="Whether the code breaker may ask for hints; with a secret. "
            "false unless said."
        ),
    ] = UNSET
    rules: Annotated[
        PresetName | RulesRequest | UnsetType,
        msgspec.Meta(
            description="The member of the family to play: a preset by name, or rules of "
            "one's own. The classic game unless said; the other fields, where given, "
            "change these rules."
        ),
    ] = UNSET


@attrs.frozen
class Invite:
    url: Annotated[
        str,
        msgspec.Meta(
            description="The page of the game, with the token in its fragment, which no "
            "browser sends to a server: on the server's public URL where it has one, else "
            "relative to the page (/#game=...&token=...), never on the Host a request names."
        ),
    ]
    token: Annotated[str, msgspec.Meta(description="The code breaker's token.")]


@attrs.frozen
class NewBoard(BoardAnswer):
    """The board of a game just started, with the token of whoever started it."""

    role: Literal["breaker", "maker"]
    token: Annotated[
        str,
        msgspec.Meta(
            description="This player's token: send it as Authorization: Bearer "
            "<token>. It is shown only once."
        ),
    ]
    invite: Annotated[
        Invite | UnsetType,
        msgspec.Meta(description="For the code maker: the code breaker's way in."),
    ] = UNSET


@attrs.frozen(kw_only=True)
class DailyBoard(NewBoard):
    """Today's game of the player who asks; the fields after the board are those of
    ``daily_fields``."""

    day: Annotated[str, msgspec.Meta(extra_json_schema={"format": "date"})]
    number: Annotated[int, msgspec.Meta(description="The day's number: #1 was 2026-11-23.")]
    share: Annotated[
        str | None,
        msgspec.Meta(description="The result to share once the game is over, with no colour."),
    ]
    link: Annotated[
        str,
        msgspec.Meta(
            description="The day's page, relative to this server: a client makes it whole "
            "from the address it uses, and shares it after the result."
        ),
    ]
    secret_shown_at: Annotated[
        str,
        msgspec.Meta(
            description="When the day's secret shows to every player: 00:00 UTC, as the "
            "day ends. Until then, no answer shows it.",
            extra_json_schema={"format": "date-time"},
        ),
    ]
    secret_notice: Annotated[
        str | None,
        msgspec.Meta(description="For a game lost or given up, when its secret shows, in words."),
    ]
    stats: DailyStatsAnswer
    player: Annotated[
        str | UnsetType,
        msgspec.Meta(description="A new player's token: send it as X-Player-Token next time."),
    ] = UNSET


@attrs.frozen
class DailyRequest:
    """Which daily game: today's, unless ``day`` names the day of one the player began."""

    day: Annotated[
        str | UnsetType,
        msgspec.Meta(
            description="The day of a game the player began, as YYYY-MM-DD: that game is "
            "answered, never one of another day.",
            extra_json_schema={"format": "date"},
        ),
    ] = UNSET


PLAYER_TOKEN = Parameter(
    "X-Player-Token",
    "header",
    "The player's token, as the first answer gave it; a page's cookie does as well.",
    {"type": "string", "pattern": HEADER_TEXT},
)
DAY = Parameter(
    "day", "query", "The day, today's unless named.", {"type": "string", "format": "date"}
)
LAST_EVENT_ID = Parameter(
    "Last-Event-ID",
    "header",
    "The id of the last event received: the stream resumes after it.",
    {"type": "string", "pattern": "^ *[0-9]{1,6} *$"},
)
