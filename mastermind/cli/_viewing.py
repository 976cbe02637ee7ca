"""The commands that look at games: ``show``, ``history``, ``games`` and ``stats``."""

from __future__ import annotations

from pathlib import Path

import click

from mastermind.cli._board import board_view
from mastermind.cli._boundary import reported_as_json
from mastermind.cli._documents import (
    board_document,
    echo_json,
    record_document,
    statistics_document,
    summary_document,
)
from mastermind.cli._options import (
    colour_option,
    game_id_argument,
    json_option,
    store_choice,
    store_options,
)
from mastermind.cli._reports import games_table, history_table, statistics_view
from mastermind.cli._terminal import Terminal
from mastermind.cli._wiring import opened_games
from mastermind.domain import DecodingBoard


@click.command()
@game_id_argument
@store_options
@colour_option
@json_option
def show(
    game_id: str, database: Path | None, store_url: str | None, colour: bool | None, as_json: bool
) -> None:
    """Print a game's board. The secret shows only once the game is over."""
    with reported_as_json(as_json), opened_games(store_choice(database, store_url)) as games:
        board = games.board(games.find(game_id))
    if as_json:
        echo_json(board_document(board))
        return
    terminal = Terminal.open(colour)
    terminal.show(board_view(board, terminal.colour))


@click.command()
@game_id_argument
@store_options
@colour_option
@json_option
def history(
    game_id: str, database: Path | None, store_url: str | None, colour: bool | None, as_json: bool
) -> None:
    """Print the events a game is made of, as the store keeps them.

    Each event has its position in the store's feed of every game, and its version in
    the game's own stream. The secret is masked until the game is over.
    """
    with reported_as_json(as_json), opened_games(store_choice(database, store_url)) as games:
        game_id = games.find(game_id)
        records = games.history(game_id)
    reveal = DecodingBoard.from_events(record.event for record in records).is_over
    if as_json:
        events = [record_document(record, reveal) for record in records]
        echo_json({"game_id": game_id, "events": events})
        return
    terminal = Terminal.open(colour)
    terminal.show(history_table(game_id, records, reveal, terminal.colour))


@click.command("games")
@store_options
@colour_option
@json_option
def list_games(
    database: Path | None, store_url: str | None, colour: bool | None, as_json: bool
) -> None:
    """List every game, oldest first, with how it stands."""
    with opened_games(store_choice(database, store_url)) as games:
        summaries = games.summaries()
    if as_json:
        echo_json({"games": [summary_document(summary) for summary in summaries]})
        return
    terminal = Terminal.open(colour)
    terminal.show(games_table(summaries, terminal.colour))


@click.command()
@store_options
@colour_option
@json_option
def stats(database: Path | None, store_url: str | None, colour: bool | None, as_json: bool) -> None:
    """Print how the games went, with a histogram of the guesses each win took."""
    with opened_games(store_choice(database, store_url)) as games:
        statistics = games.statistics()
    if as_json:
        echo_json(statistics_document(statistics))
        return
    terminal = Terminal.open(colour)
    terminal.show(statistics_view(statistics, terminal.colour))
