"""The OpenAPI 3.1 document of the HTTP API, written by hand and served at /openapi.json."""

from __future__ import annotations

from typing import Any

from mastermind.domain import (
    MAX_ATTEMPTS,
    MAX_COLOUR_NAME,
    MAX_COLOURS,
    MAX_LENGTH,
    SEPARATOR_CHARACTERS,
)

_PROBLEMS = {
    "400": "The rules refuse: a guess too short or too long, an unknown colour, a game over.",
    "401": "No player token was sent.",
    "403": "The token is not this game's.",
    "404": "There is no such game.",
    "409": "Other moves on the game kept getting there first; try again. For a review: "
    "the game is still in play.",
    "413": "The body is larger than 16 KiB.",
    "415": "The body is not JSON.",
    "422": "The body is not valid JSON, or does not have the fields asked for.",
    "429": "This address made too many such requests lately; wait as Retry-After says.",
    "503": "The store, or the hint workers, cannot answer now; try again as Retry-After says.",
}
_RETRY_AFTER = {
    "description": "Seconds to wait before trying again.",
    "schema": {"type": "integer", "minimum": 1},
}


def _problems(*statuses: str) -> dict[str, Any]:
    """The problems a route may answer; every route may also find the store unavailable."""
    return {status: _problem(status) for status in (*statuses, "503")}


def _problem(status: str) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": _PROBLEMS[status],
        "content": {
            "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
        },
    }
    if status in ("429", "503"):
        response["headers"] = {"Retry-After": _RETRY_AFTER}
    return response


def _json(schema: str, description: str, **headers: Any) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}},
    }
    if headers:
        response["headers"] = headers
    return response


_LOCATION = {"description": "The game's board", "schema": {"type": "string"}}
_GAME_ID = {
    "name": "id",
    "in": "path",
    "required": True,
    "description": "The game's id, as answered when it was created.",
    "schema": {"type": "string", "minLength": 1, "maxLength": 100},
}
_PLAYER: list[dict[str, list[str]]] = [{"player": []}]

_SCORED = {
    "feedback": {
        "type": "object",
        "required": ["black", "white"],
        "properties": {
            "black": {"type": "integer", "minimum": 0},
            "white": {"type": "integer", "minimum": 0},
        },
    },
    "key_pegs": {"type": "string", "examples": ["B B W"]},
}
"""A guess's key pegs, as a board's row and a review's guess both give them."""
_COLOUR = {
    "type": "string",
    "minLength": 1,
    "maxLength": MAX_COLOUR_NAME,
    "pattern": f"^[^{SEPARATOR_CHARACTERS}]+$",
}

_SCHEMAS: dict[str, Any] = {
    "NewGame": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "length": {"type": "integer", "minimum": 1, "maximum": MAX_LENGTH, "default": 4},
            "attempts": {
                "type": "integer",
                "minimum": 1,
                "maximum": MAX_ATTEMPTS,
                "default": 12,
            },
            "colours": {
                "type": "array",
                "items": _COLOUR,
                "minItems": 1,
                "maxItems": MAX_COLOURS,
                "uniqueItems": True,
                "default": ["Red", "Green", "Blue", "Yellow", "Purple", "Orange"],
            },
            "unique": {
                "type": "boolean",
                "default": False,
                "description": "Whether the secret uses each colour at most once.",
            },
        },
    },
    "Guess": {
        "type": "object",
        "additionalProperties": False,
        "required": ["guess"],
        "properties": {
            "guess": {
                "description": 'Colour names, or text as a person types it: "RGBY", '
                '"red green blue yellow".',
                "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
            }
        },
    },
    "Board": {
        "type": "object",
        "required": [
            "id",
            "status",
            "given_up",
            "attempts",
            "length",
            "colours",
            "rows",
            "secret",
            "hints",
        ],
        "properties": {
            "id": {"type": "string"},
            "status": {"enum": ["in progress", "won", "lost"]},
            "given_up": {
                "type": "boolean",
                "description": "Lost by giving up, with attempts to spare: a kind of loss.",
            },
            "attempts": {
                "type": "object",
                "required": ["total", "used", "left"],
                "properties": {
                    "total": {"type": "integer"},
                    "used": {"type": "integer"},
                    "left": {"type": "integer"},
                },
            },
            "length": {"type": "integer"},
            "colours": {"type": "array", "items": {"type": "string"}},
            "rows": {"type": "array", "items": {"$ref": "#/components/schemas/Row"}},
            "secret": {
                "description": "null until the game is over.",
                "oneOf": [{"type": "null"}, {"type": "array", "items": {"type": "string"}}],
            },
            "hints": {"type": "boolean", "description": "Whether GET .../hint answers now."},
        },
    },
    "Row": {
        "type": "object",
        "required": ["guess", "feedback", "key_pegs"],
        "properties": {
            "guess": {"type": "array", "items": {"type": "string"}},
            **_SCORED,
        },
    },
    "NewBoard": {
        "allOf": [
            {"$ref": "#/components/schemas/Board"},
            {
                "type": "object",
                "required": ["token"],
                "properties": {
                    "token": {
                        "type": "string",
                        "description": "The player's token: send it as Authorization: "
                        "Bearer <token> to guess and give up. It is shown only once.",
                    }
                },
            },
        ]
    },
    "Hint": {
        "type": "object",
        "description": "A guess worth trying next, worked out from the board's rows alone.",
        "required": ["guess", "initials", "remaining", "incomplete", "strategy"],
        "properties": {
            "guess": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The colours to try, one a peg.",
            },
            "initials": {"type": "string", "description": "The guess by its colours' initials."},
            "remaining": {
                "oneOf": [{"type": "null"}, {"type": "integer", "minimum": 1}],
                "description": "How many codes could still be the secret; null when there "
                "are too many to count in the time a hint may take.",
            },
            "incomplete": {
                "type": "boolean",
                "description": "Whether the time ran out before the search finished: the "
                "guess is then the best found, and may not fit every key peg so far.",
            },
            "strategy": {
                "type": "string",
                "description": "The code breaker's strategy that chose the guess.",
            },
        },
    },
    "Review": {
        "type": "object",
        "description": "A finished game, guess by guess, against the best strategy there is. "
        "Expected numbers of guesses count the winning guess, averaged over the codes that "
        "could be the secret.",
        "required": [
            "id",
            "status",
            "given_up",
            "exact",
            "strategy",
            "expected_at_start",
            "cost",
            "verdict",
            "guesses",
        ],
        "properties": {
            "id": {"type": "string"},
            "status": {"enum": ["won", "lost"]},
            "given_up": {"type": "boolean"},
            "exact": {"type": "boolean", "description": "Whether every figure is exact."},
            "strategy": {"type": "string", "examples": ["optimal"]},
            "expected_at_start": {"type": "number"},
            "cost": {"type": "number", "description": "Guesses all choices gave away."},
            "verdict": {"type": "string", "description": "One line on the whole game."},
            "guesses": {"type": "array", "items": {"$ref": "#/components/schemas/ReviewedGuess"}},
        },
    },
    "ReviewedGuess": {
        "type": "object",
        "required": [
            "number",
            "guess",
            "feedback",
            "key_pegs",
            "candidates_before",
            "candidates_after",
            "could_be_secret",
            "expected_before",
            "expected_with_guess",
            "expected_after",
            "cost",
            "best_guess",
            "exact",
        ],
        "properties": {
            "number": {"type": "integer", "minimum": 1},
            "guess": {"type": "array", "items": {"type": "string"}},
            **_SCORED,
            "candidates_before": {"type": "integer", "minimum": 1},
            "candidates_after": {"type": "integer", "minimum": 1},
            "could_be_secret": {"type": "boolean"},
            "expected_before": {"type": "number"},
            "expected_with_guess": {"type": "number"},
            "expected_after": {"type": "number", "description": "0 once the game is won."},
            "cost": {"type": "number", "description": "expected_with_guess - expected_before"},
            "best_guess": {
                "oneOf": [{"type": "null"}, {"type": "array", "items": {"type": "string"}}]
            },
            "exact": {"type": "boolean", "description": "false for estimates."},
        },
    },
    "Problem": {
        "type": "object",
        "description": "RFC 9457 problem details. Extra members give the error's details.",
        "required": ["type", "title", "status", "detail", "error"],
        "properties": {
            "type": {"type": "string", "format": "uri-reference"},
            "title": {"type": "string"},
            "status": {"type": "integer"},
            "detail": {"type": "string", "description": "What went wrong, for people."},
            "error": {"type": "string", "description": "What went wrong, for programs."},
        },
    },
}


def openapi_document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "mastermind",
            "version": "1",
            "description": "Play Mastermind over HTTP. The secret never shows before the "
            "game is over; only the holder of a game's token may guess or give up.",
        },
        "paths": {
            "/games": {
                "post": {
                    "operationId": "createGame",
                    "summary": "Start a game",
                    "requestBody": {
                        "required": False,
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/NewGame"}}
                        },
                    },
                    "responses": {
                        "201": _json(
                            "NewBoard", "The game, and its player's token", Location=_LOCATION
                        ),
                        **_problems("400", "413", "415", "422", "429"),
                    },
                }
            },
            "/games/{id}": {
                "parameters": [_GAME_ID],
                "get": {
                    "operationId": "getBoard",
                    "summary": "The decoding board",
                    "responses": {"200": _json("Board", "The board"), **_problems("404")},
                },
            },
            "/games/{id}/guesses": {
                "parameters": [_GAME_ID],
                "post": {
                    "operationId": "makeGuess",
                    "summary": "Make a guess",
                    "security": _PLAYER,
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/Guess"}}
                        },
                    },
                    "responses": {
                        "201": _json(
                            "Board",
                            "The board, with the guess and its key pegs",
                            Location=_LOCATION,
                        ),
                        **_problems("400", "401", "403", "404", "409", "413", "415", "422"),
                    },
                },
            },
            "/games/{id}/give-up": {
                "parameters": [_GAME_ID],
                "post": {
                    "operationId": "giveUp",
                    "summary": "Give up: the game is lost and the secret shown",
                    "security": _PLAYER,
                    "responses": {
                        "200": _json("Board", "The board, secret revealed"),
                        **_problems("400", "401", "403", "404", "409", "413"),
                    },
                },
            },
            "/games/{id}/hint": {
                "parameters": [_GAME_ID],
                "get": {
                    "operationId": "getHint",
                    "summary": "A suggested next guess, where the solver is installed",
                    "security": _PLAYER,
                    "responses": {
                        "200": _json("Hint", "A guess worth trying"),
                        **_problems("400", "401", "403", "404", "429"),
                    },
                },
            },
            "/games/{id}/review": {
                "parameters": [_GAME_ID],
                "get": {
                    "operationId": "getReview",
                    "summary": "The review of a finished game, where the solver is installed",
                    "security": _PLAYER,
                    "responses": {
                        "200": _json("Review", "Every guess, against the best strategy"),
                        **_problems("401", "403", "404", "409"),
                    },
                },
            },
        },
        "components": {
            "schemas": _SCHEMAS,
            "securitySchemes": {
                "player": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The token answered when the game was created.",
                }
            },
        },
    }
