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
from mastermind.cli._options import colour_option, json_option, store_choice, store_options
from mastermind.cli._reports import games_table, history_table, statistics_view
from mastermind.cli._terminal import Terminal
from mastermind.cli._wiring import opened_games, short_id, short_ids
from mastermind.domain import DecodingBoard
from mastermind.service import Games

__all__ = ["history", "latest_game_argument", "list_games", "show", "stats"]

latest_game_argument = click.argument("game_id", required=False)


def _chosen(games: Games, game_id: str | None) -> str:
    """The game an id, or the start of one, names; with none, the latest game."""
    return games.find(game_id) if game_id is not None else games.latest()


@click.command()
@latest_game_argument
@store_options
@colour_option
@json_option
def show(
    game_id: str | None,
    database: Path | None,
    store_url: str | None,
    colour: bool | None,
    as_json: bool,
) -> None:
    """Print a game's board: GAME_ID's, or else the latest game's. The secret shows only
    once the game is over."""
    with reported_as_json(as_json), opened_games(store_choice(database, store_url)) as games:
        board = games.board(_chosen(games, game_id))
        label = short_id(games, board.game_id)
    if as_json:
        echo_json(board_document(board))
        return
    terminal = Terminal.open(colour)
    terminal.show(board_view(board, terminal.colour, label=label))


@click.command()
@latest_game_argument
@store_options
@colour_option
@json_option
def history(
    game_id: str | None,
    database: Path | None,
    store_url: str | None,
    colour: bool | None,
    as_json: bool,
) -> None:
    """Print the events a game is made of, as the store keeps them: GAME_ID's, or else
    the latest game's.

    Each event has its position in the store's feed of every game, and its version in
    the game's own stream. The secret is masked until the game is over.
    """
    with reported_as_json(as_json), opened_games(store_choice(database, store_url)) as games:
        game_id = _chosen(games, game_id)
        records = games.history(game_id)
        label = short_id(games, game_id)
    board = DecodingBoard.from_events(record.event for record in records)
    # Once over, as every board shows it: a daily game's only once its day is over too.
    reveal = games.shown(board).secret is not None
    if as_json:
        events = [record_document(record, reveal, board.rules) for record in records]
        echo_json({"game_id": game_id, "events": events})
        return
    terminal = Terminal.open(colour)
    terminal.show(history_table(label, records, reveal, terminal.colour, board.rules))


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
    labels = short_ids(summary.game_id for summary in summaries)
    terminal.show(games_table(summaries, terminal.colour, labels))


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
