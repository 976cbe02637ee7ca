"""The commands that look at games: ``show``, ``history``, ``games`` and ``stats``."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

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
from mastermind.cli._own_games import age, in_play_first, own_games
from mastermind.cli._reports import games_table, history_table, statistics_view
from mastermind.cli._terminal import Terminal
from mastermind.cli._wiring import opened_games, short_id, short_ids
from mastermind.domain import DecodingBoard
from mastermind.service import Games, Statistics

__all__ = [
    "counted_line",
    "history",
    "latest_game_argument",
    "list_games",
    "show",
    "stats",
]

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
    """List every game, those in play first, the latest first, with how each stands and
    when it was started here.

    A game started elsewhere, such as on the web page, is listed as started elsewhere.
    --json lists the games oldest first, as the store keeps them.
    """
    choice = store_choice(database, store_url)
    with opened_games(choice) as games:
        summaries = games.summaries()
    if as_json:
        echo_json({"games": [summary_document(summary) for summary in summaries]})
        return
    terminal = Terminal.open(colour)
    labels = short_ids(summary.game_id for summary in summaries)
    started = own_games().started(choice.store_url)
    ages = {game_id: age(when) for game_id, when in started.items()}
    terminal.show(games_table(in_play_first(summaries), terminal.colour, labels, ages))


@click.command()
@click.option(
    "--all",
    "every_game",
    is_flag=True,
    help="Count every game of the store, such as the web page's, not only yours.",
)
@store_options
@colour_option
@json_option
def stats(
    every_game: bool,
    database: Path | None,
    store_url: str | None,
    colour: bool | None,
    as_json: bool,
) -> None:
    """Print how your games went, those started in this terminal, with a histogram of the
    guesses each win took; with --all, how every game of the store went."""
    choice = store_choice(database, store_url)
    with opened_games(choice) as games:
        summaries = games.summaries()
    if not every_game:
        started = own_games().started(choice.store_url)
        summaries = [summary for summary in summaries if summary.game_id in started]
    statistics = Statistics.of(summaries)
    if as_json:
        echo_json(statistics_document(statistics))
        return
    terminal = Terminal.open(colour)
    terminal.show(Text(counted_line(statistics.games_played, every_game)))
    terminal.show(statistics_view(statistics, terminal.colour))


def counted_line(played: int, every_game: bool) -> str:
    """What ``stats`` counts, said first: the player's own games, or every one."""
    games = "1 game" if played == 1 else f"{played} games"
    if every_game:
        return f"All {games} of this store, wherever they were played:"
    return (
        f"Your {games} played in this terminal (games of the web page are not counted; "
        "--all counts them):"
    )
