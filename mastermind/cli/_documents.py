"""What ``--json`` prints: games, events and refusals as plain JSON values, for scripts.

A secret appears only once its game is over, as on the board.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import click

from mastermind.domain import Code, CodeMaker, DecodingBoard, Feedback, GameError, GameStarted
from mastermind.service import GameSummary, RecordedEvent, Statistics

JSON = dict[str, Any]


def board_document(board: DecodingBoard) -> JSON:
    return {
        "game_id": board.game_id,
        "outcome": board.outcome.value,
        "given_up": board.given_up,
        "called_off": board.called_off,
        "attempts_used": board.attempts_used,
        "attempts_left": board.attempts_left,
        "total_attempts": board.total_attempts,
        "code_length": board.code_length,
        "colours": list(board.available_pegs),
        "rows": [
            {"guess": list(row.guess.pegs), "feedback": str(row.feedback)} for row in board.rows
        ],
        "secret": None if board.secret is None else list(board.secret.pegs),
        "maker": maker_document(board.maker),
    }


def maker_document(maker: CodeMaker) -> JSON:
    """Who made the code: ``{"kind": "computer" | "person", "name", "allows_hints"}``."""
    return {"kind": maker.kind.value, "name": maker.name, "allows_hints": maker.allows_hints}


def summary_document(summary: GameSummary) -> JSON:
    return {
        "game_id": summary.game_id,
        "outcome": summary.outcome.value,
        "given_up": summary.given_up,
        "called_off": summary.called_off,
        "attempts_used": summary.attempts_used,
        "total_attempts": summary.total_attempts,
        "code_length": summary.code_length,
        "colours": summary.colours,
    }


def record_document(record: RecordedEvent, reveal_secret: bool) -> JSON:
    """A stored event with its place in the feed and in its stream."""
    return {
        "position": record.position,
        "version": record.version,
        "type": type(record.event).__name__,
        "data": event_fields(record, reveal_secret),
    }


def event_fields(record: RecordedEvent, reveal_secret: bool) -> JSON:
    """The event's fields besides its game id, which is its stream's; the secret masked."""
    fields: JSON = {}
    for field in attrs.fields(type(record.event)):
        if field.name == "game_id":
            continue
        value = getattr(record.event, field.name)
        if isinstance(record.event, GameStarted) and field.name == "secret" and not reveal_secret:
            fields[field.name] = None
        elif isinstance(value, Code):
            fields[field.name] = list(value.pegs)
        elif isinstance(value, CodeMaker):
            fields[field.name] = maker_document(value)
        elif isinstance(value, Feedback):
            fields[field.name] = {"black": value.black, "white": value.white}
        elif isinstance(value, tuple):
            fields[field.name] = list(value)
        else:
            fields[field.name] = value
    return fields


def statistics_document(statistics: Statistics) -> JSON:
    return {
        "games_played": statistics.games_played,
        "won": statistics.won,
        "lost": statistics.lost,
        "given_up": statistics.given_up,
        "called_off": statistics.called_off,
        "in_progress": statistics.in_progress,
        "average_guesses_per_win": statistics.average_guesses_per_win,
        "guesses_per_win": {
            str(guesses): count for guesses, count in statistics.guesses_per_win.items()
        },
    }


def error_document(error: GameError) -> JSON:
    """A refusal: the error's name, its message for people and its details for programs."""
    return {
        "error": {
            "type": type(error).__name__,
            "message": error.message,
            "game_id": error.game_id,
            "details": {name: _plain(value) for name, value in error.details.items()},
        }
    }


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def echo_json(document: JSON) -> None:
    click.echo(json.dumps(document, indent=2))
