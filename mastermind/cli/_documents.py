"""What ``--json`` prints: games, events and refusals as plain JSON values, for scripts,
written by the service's answers, so that they read as the HTTP API's.

A secret appears only once its game is over, as on the board.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import click

from mastermind.domain import Code, CodeMaker, DecodingBoard, Feedback, GameStarted, Rules
from mastermind.service import (
    BoardAnswer,
    FeedbackAnswer,
    GameSummary,
    MakerAnswer,
    ProblemAnswer,
    RecordedEvent,
    RulesAnswer,
    Statistics,
    StatisticsAnswer,
    SummaryAnswer,
    encode,
)

__all__ = [
    "JSON",
    "board_document",
    "echo_json",
    "error_document",
    "event_fields",
    "maker_document",
    "record_document",
    "statistics_document",
    "summary_document",
]

JSON = dict[str, Any]
CLASSIC = Rules()


def board_document(board: DecodingBoard, *, hints: bool = False) -> JSON:
    """The board as the HTTP API answers it; ``hints`` whether one may be asked for now."""
    document: JSON = encode(BoardAnswer.of(board, hints=hints))
    return document


def maker_document(maker: CodeMaker) -> JSON:
    """Who made the code: ``{"kind": "computer" | "person", "name", "allows_hints"}``."""
    document: JSON = encode(MakerAnswer.of(maker))
    return document


def summary_document(summary: GameSummary) -> JSON:
    document: JSON = encode(SummaryAnswer.of(summary))
    return document


def record_document(record: RecordedEvent, reveal_secret: bool, rules: Rules = CLASSIC) -> JSON:
    """A stored event with its place in the feed and in its stream, of a game played by
    ``rules``."""
    return {
        "position": record.position,
        "version": record.version,
        "type": type(record.event).__name__,
        "data": event_fields(record, reveal_secret, rules),
    }


def event_fields(record: RecordedEvent, reveal_secret: bool, rules: Rules = CLASSIC) -> JSON:
    """The event's fields besides its game id, which is its stream's; the secret masked,
    the rules as a board names them, and the feedback as the game's ``rules`` give it."""
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
        elif isinstance(value, Rules):
            fields[field.name] = encode(RulesAnswer.of(value))
        elif isinstance(value, Feedback):
            fields[field.name] = encode(FeedbackAnswer.of(value, rules.answer))
        elif isinstance(value, tuple):
            fields[field.name] = list(value)
        else:
            fields[field.name] = value
    return fields


def statistics_document(statistics: Statistics) -> JSON:
    document: JSON = encode(StatisticsAnswer.of(statistics))
    return document


def error_document(error: Exception) -> JSON:
    """A refusal, as the HTTP API answers it: a problem document."""
    problem = ProblemAnswer.of(error)
    assert problem is not None, f"{type(error).__name__} is no refusal"
    return problem.document()


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def echo_json(document: JSON) -> None:
    click.echo(json.dumps(document, indent=2))
