"""The terminal's one-shot commands, one for each command of the service's table:
``mastermind guess GAME_ID red green blue yellow``, ``mastermind give-up GAME_ID``...

Each takes the game's id, then the fields of the command's request, each as the rest of
the line where it is the last; it sends the command and shows what changed on the board.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import click

from mastermind.cli._board import outcome_text, row_line, secret_line
from mastermind.cli._boundary import reported_as_json
from mastermind.cli._documents import board_document, echo_json
from mastermind.cli._options import (
    colour_option,
    game_id_argument,
    json_option,
    store_choice,
    store_options,
)
from mastermind.cli._pegs import PegLook
from mastermind.cli._terminal import Terminal
from mastermind.cli._wiring import opened_games
from mastermind.domain import DecodingBoard
from mastermind.service import COMMANDS, CommandKind

__all__ = ["EXAMPLES", "sending_command"]

EXAMPLES = {"guess": "red green blue yellow"}
"""How a person types a command's fields, where an example helps."""


def sending_command(name: str) -> click.Command:
    """The terminal's command of the row of the table called ``name``.

    Raises:
        LookupError: no row is called so.
    """
    for kind in COMMANDS:
        if kind.name == name:
            return _command_of(kind)
    raise LookupError(f"no command is called {name!r}")


def _command_of(kind: CommandKind) -> click.Command:
    fields = [field.name for field in attrs.fields(kind.request)]
    example = EXAMPLES.get(kind.name)
    usage = f"{kind.summary}, such as: mastermind {kind.name} GAME_ID {example}." if example else ""

    def send(
        game_id: str,
        database: Path | None,
        store_url: str | None,
        colour: bool | None,
        as_json: bool,
        **typed: str | tuple[str, ...],
    ) -> None:
        words = {name: typed[name] for name in fields}
        request = kind.request(
            **{name: " ".join(v) if isinstance(v, tuple) else v for name, v in words.items()}
        )
        with reported_as_json(as_json), opened_games(store_choice(database, store_url)) as games:
            board = games.send(kind.name, games.find(game_id), request)
        if as_json:
            echo_json(board_document(board))
            return
        _show(Terminal.open(colour), board, kind)

    decorated: Any = send
    for option in (json_option, colour_option, store_options):
        decorated = option(decorated)
    for name in reversed(fields):  # the last takes the rest of the line
        rest = name == fields[-1]
        decorated = click.argument(name, nargs=-1 if rest else 1, required=True)(decorated)
    decorated = game_id_argument(decorated)
    return click.command(kind.name, help=usage or f"{kind.summary}.")(decorated)


def _show(terminal: Terminal, board: DecodingBoard, kind: CommandKind) -> None:
    """What the command changed: the row it added, the secret once the game is over, and
    how the game stands."""
    look = PegLook.of(board.rules, terminal.colour)
    if kind.adds and board.rows:
        terminal.show(row_line(board.attempts_used, board.rows[-1], board, look))
    if board.is_over:
        terminal.show(secret_line(board, look))
    terminal.show(outcome_text(board))
