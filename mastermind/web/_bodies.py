"""The bodies of the API's requests and answers, as attrs classes: the routes declare them,
``read_as`` reads requests into them, and the OpenAPI document is made from them.

The limits are the domain's, so that the document tells a client what the rules will
take: a request the document allows is refused only for what no schema can say, such as
a colour named twice in other letters, or a guess that does not fit its game.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

import attrs
import msgspec
from msgspec import UNSET, UnsetType

from mastermind.domain import (
    CLASSIC_PEGS,
    MAX_ATTEMPTS,
    MAX_COLOUR_NAME,
    MAX_COLOURS,
    MAX_LENGTH,
    MAX_MAKER_NAME,
    SEPARATOR_CHARACTERS,
)
from mastermind.service import MAX_IDEMPOTENCY_KEY
from mastermind.web._patterns import printable
from mastermind.web._schema import Parameter

MAX_GAME_ID = 100

ColourName = Annotated[
    str,
    msgspec.Meta(
        title="ColourName",
        description="A colour's name: printable, with no space, comma or semicolon.",
        min_length=1,
        max_length=MAX_COLOUR_NAME,
        pattern="^[" + printable(SEPARATOR_CHARACTERS) + "]+$",
    ),
]
Colours = Annotated[list[str], msgspec.Meta(description="Colour names, one a peg.")]
Count = Annotated[int, msgspec.Meta(ge=0)]
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
TypedCode = Annotated[
    list[ColourName] | str,
    msgspec.Meta(
        description='Colour names, or text as a person types it: "RGBY", "red green blue yellow".',
        examples=[["Red", "Green", "Blue", "Yellow"], "RGBY", "purple orange red red"],
    ),
]


@attrs.frozen
class NewGame:
    """How to play the game to start; a secret makes it a person's game."""

    json_schema: ClassVar[dict[str, Any]] = {
        "dependentRequired": {"maker_name": ["secret"], "hints": ["secret"]}
    }
    """What no field can say alone: a code maker's name and leave go with a secret."""

    length: Annotated[
        Annotated[int, msgspec.Meta(ge=1, le=MAX_LENGTH)] | UnsetType,
        msgspec.Meta(description="4, or the length of the secret given."),
    ] = UNSET
    attempts: Annotated[int, msgspec.Meta(ge=1, le=MAX_ATTEMPTS)] = 12
    colours: Annotated[
        list[ColourName],
        msgspec.Meta(
            min_length=1,
            max_length=MAX_COLOURS,
            description="The palette; Red, Green, Blue, Yellow, Purple and Orange unless said.",
            extra_json_schema={"uniqueItems": True},
        ),
    ] = attrs.field(factory=lambda: list(CLASSIC_PEGS))
    unique: Annotated[
        bool, msgspec.Meta(description="Whether the secret uses each colour at most once.")
    ] = False
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


@attrs.frozen
class Guess:
    guess: TypedCode


@attrs.frozen
class Attempts:
    total: int
    used: int
    left: int


@attrs.frozen
class Feedback:
    black: Count
    white: Count


@attrs.frozen
class Row:
    guess: Colours
    feedback: Feedback
    key_pegs: Annotated[str, msgspec.Meta(examples=["B B W"])]


@attrs.frozen
class Maker:
    kind: Literal["computer", "person"]
    name: str | None
    allows_hints: Annotated[
        bool, msgspec.Meta(description="Whether the code maker lets the breaker ask for hints.")
    ]


@attrs.frozen
class Board:
    """The decoding board: everything a player may see."""

    id: str
    status: Literal["in progress", "won", "lost"]
    given_up: Annotated[
        bool, msgspec.Meta(description="Lost by giving up, with attempts to spare.")
    ]
    called_off: Annotated[
        bool, msgspec.Meta(description="Lost because the code maker ended the game.")
    ]
    attempts: Attempts
    length: int
    colours: Colours
    rows: list[Row]
    secret: Annotated[
        list[str] | None,
        msgspec.Meta(description="null until the game is over, but for the code maker."),
    ]
    hints: Annotated[bool, msgspec.Meta(description="Whether GET .../hint answers now.")]
    maker: Maker


@attrs.frozen
class Invite:
    url: Annotated[
        str,
        msgspec.Meta(
            description="The page of the game, with the token in "
            "its fragment, which no browser sends to a server."
        ),
    ]
    token: Annotated[str, msgspec.Meta(description="The code breaker's token.")]


@attrs.frozen
class NewBoard(Board):
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


@attrs.frozen
class Hint:
    """A guess worth trying next, worked out from the board's rows alone."""

    guess: Colours
    initials: Annotated[str, msgspec.Meta(description="The guess by its colours' initials.")]
    remaining: Annotated[
        Annotated[int, msgspec.Meta(ge=1)] | None,
        msgspec.Meta(
            description="How many codes could still be the secret; null when there "
            "are too many to count in the time a hint may take."
        ),
    ]
    incomplete: Annotated[
        bool,
        msgspec.Meta(
            description="Whether the time ran out before the search finished: the "
            "guess is then the best found, and may not fit every key peg so far."
        ),
    ]
    strategy: Annotated[
        str, msgspec.Meta(description="The code breaker's strategy that chose the guess.")
    ]


@attrs.frozen
class ReviewedGuess:
    number: Annotated[int, msgspec.Meta(ge=1)]
    guess: Colours
    feedback: Feedback
    key_pegs: str
    candidates_before: Annotated[int, msgspec.Meta(ge=1)]
    candidates_after: Annotated[int, msgspec.Meta(ge=1)]
    could_be_secret: bool
    expected_before: float
    expected_with_guess: float
    expected_after: Annotated[float, msgspec.Meta(description="0 once the game is won.")]
    cost: Annotated[float, msgspec.Meta(description="expected_with_guess - expected_before")]
    best_guess: list[str] | None
    exact: Annotated[bool, msgspec.Meta(description="false for estimates.")]


@attrs.frozen
class Review:
    """A finished game, guess by guess, against the best strategy there is. Expected
    numbers of guesses count the winning guess, averaged over the codes that could be
    the secret."""

    id: str
    status: Literal["won", "lost"]
    given_up: bool
    exact: Annotated[bool, msgspec.Meta(description="Whether every figure is exact.")]
    strategy: Annotated[str, msgspec.Meta(examples=["optimal"])]
    expected_at_start: float
    cost: Annotated[float, msgspec.Meta(description="Guesses all choices gave away.")]
    verdict: Annotated[str, msgspec.Meta(description="One line on the whole game.")]
    guesses: list[ReviewedGuess]


@attrs.frozen(kw_only=True)
class DailyBoard(NewBoard):
    """Today's game of the player who asks."""

    day: Annotated[str, msgspec.Meta(extra_json_schema={"format": "date"})]
    share: Annotated[
        str | None,
        msgspec.Meta(description="The result to share once the game is over, with no colour."),
    ]
    player: Annotated[
        str | UnsetType,
        msgspec.Meta(description="A new player's token: send it as X-Player-Token next time."),
    ] = UNSET


@attrs.frozen
class NoFields:
    """A body with no fields, which may be left out."""


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


@attrs.frozen
class DailyResults:
    """A day's results of the daily code."""

    day: Annotated[str, msgspec.Meta(extra_json_schema={"format": "date"})]
    players: Count
    wins: Count
    losses: Count
    in_play: Count
    histogram: Annotated[
        dict[str, int], msgspec.Meta(description="Wins by the number of guesses they took.")
    ]


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
