"""``mastermind daily``: today's daily code, of the local store or of a server.

The player is known by the token the daily code gave it, kept in the user's data
directory, one for each store and each server: asking again the same day resumes the
same game, or shows how it ended, with the result to share.
"""

from __future__ import annotations

import contextlib
import os
import shlex
from collections.abc import Callable, Iterator, Mapping
from datetime import date
from pathlib import Path
from typing import Any

import attrs
import click
import platformdirs
from rich.text import Text

from mastermind.cli._daily_stats import print_stats, share_with_link, streaks_line
from mastermind.cli._documents import board_document, echo_json
from mastermind.cli._options import colour_option, json_option, plain_option, store_options
from mastermind.cli._options import store_choice as chosen_store
from mastermind.cli._private_file import read_object, write_object
from mastermind.cli._remote import RemoteGames, server_url
from mastermind.cli._session import Ending, PlayedGames, Session
from mastermind.cli._terminal import Terminal, program_command, read_line_from_stdin
from mastermind.cli._wiring import StoreChoice, opened_application
from mastermind.domain import DecodingBoard
from mastermind.service import (
    KEY_VARIABLE,
    DailyCodeUnavailable,
    DailyGames,
    DailyStatsAnswer,
    Games,
    InvalidPlayerToken,
    InvalidTokenKey,
    daily_fields,
    daily_results_document,
    encode,
)

__all__ = ["PLAYERS_FILE", "PlayerBook", "daily"]

PLAYERS_FILE = "daily-players.json"


@attrs.frozen
class _Today:
    """Today's game of the player, wherever it is kept, and what the command needs of it."""

    games: PlayedGames
    day: date
    board: DecodingBoard
    resume_command: str
    results: Callable[[], Mapping[str, Any]]
    """The day's results, as ``daily_results_document`` writes them."""
    fields: Callable[[], Mapping[str, Any]]
    """What the game adds to its board as it stands now, as ``daily_fields`` writes it."""
    opening: Mapping[str, Any]
    """The same, as the game stood when it was opened: all a game not played on needs."""


def _server(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    try:
        return None if value is None else server_url(value)
    except ValueError as error:
        raise click.BadParameter(str(error), ctx, param) from None


@click.command()
@click.option(
    "--server",
    metavar="URL",
    callback=_server,
    help="Play the daily code of the server at URL, such as http://127.0.0.1:8000.",
)
@click.option(
    "--results",
    "show_results",
    is_flag=True,
    help="Show today's results, players, wins and guesses per win, instead of playing.",
)
@click.option(
    "--stats",
    "show_stats",
    is_flag=True,
    help="Show your daily record, played, won, streak and best streak, and the time to "
    "the next code, instead of playing.",
)
@store_options
@colour_option
@plain_option
@json_option
def daily(
    server: str | None,
    show_results: bool,
    show_stats: bool,
    database: Path | None,
    store_url: str | None,
    colour: bool | None,
    plain: bool,
    as_json: bool,
) -> None:
    """Break today's daily code: the same secret for every player on a day (UTC).

    One game a player and day, without hints: asking again resumes it, or shows how it
    ended, with a result to share that shows no colour. Without --server, the daily code
    of the local store, derived from the key a server of that store would use
    (MASTERMIND_WEB_SECRET, or the key file beside the database). With --json, the game
    is started or shown, not played: guess with 'mastermind guess'.
    """
    players = PlayerBook(platformdirs.user_data_path("mastermind", appauthor=False) / PLAYERS_FILE)
    if server is not None:
        if database is not None or (store_url is not None and not _from_environment()):
            raise click.UsageError("Give --server or a store (--db, --store), not both.")
        if show_results:
            _show_results(RemoteGames(server).results(None), as_json, colour)
        elif show_stats:
            print_stats(_remote_stats(server, players), as_json, colour)
        else:
            _play(_remote_today(server, players), as_json, colour, plain)
        return
    choice = chosen_store(database, store_url)
    with _local_daily(choice) as (games, daily_games):
        if show_results:
            _show_results(daily_results_document(daily_games.results()), as_json, colour)
        elif show_stats:
            print_stats(_local_stats(choice, players, daily_games), as_json, colour)
        else:
            _play(_local_today(choice, players, games, daily_games), as_json, colour, plain)


def _from_environment() -> bool:
    source = click.get_current_context().get_parameter_source("store_url")
    return source is click.core.ParameterSource.ENVIRONMENT


def _remote_today(server: str, players: PlayerBook) -> _Today:
    remote, where = RemoteGames(server), f"server {server}"
    player = players.get(where)
    try:
        game = remote.daily(player)
    except InvalidPlayerToken:
        game = remote.daily(None)  # the server has a new key: this is a new player there
    if game.new_player is not None:
        players.keep(where, game.new_player)
    player = game.new_player or player

    def fields() -> Mapping[str, Any]:
        return remote.daily(player, game.day).fields

    return _Today(
        remote,
        game.day,
        game.board,
        f"{program_command()} daily --server {shlex.quote(server)}",
        lambda: remote.results(game.day),
        fields,
        game.fields,
    )


def _remote_stats(server: str, players: PlayerBook) -> Mapping[str, Any]:
    try:
        return RemoteGames(server).daily_stats(players.get(f"server {server}"))
    except InvalidPlayerToken:  # the server has a new key: a new player there, yet to play
        return RemoteGames(server).daily_stats(None)


def _local_stats(
    choice: StoreChoice, players: PlayerBook, daily_games: DailyGames
) -> Mapping[str, Any]:
    where = f"store {choice.where if choice.url is not None else choice.store_url}"
    kept = players.get(where) if choice.keeps_games else None
    try:
        stats = daily_games.stats(kept)
    except InvalidPlayerToken:
        stats = daily_games.stats(None)
    document: Mapping[str, Any] = encode(DailyStatsAnswer.of(stats))
    return document


@contextlib.contextmanager
def _local_daily(choice: StoreChoice) -> Iterator[tuple[Games, DailyGames]]:
    """The games of the store, and its daily code, of the key its server would use."""
    key = os.environ.get(KEY_VARIABLE)
    with opened_application(choice, {KEY_VARIABLE: key} if key else {}) as application:
        try:
            daily_games = application.daily
        except (InvalidTokenKey, DailyCodeUnavailable) as error:
            raise click.ClickException(str(error)) from None
        yield application.games, daily_games


def _local_today(
    choice: StoreChoice, players: PlayerBook, games: Games, daily_games: DailyGames
) -> _Today:
    where = f"store {choice.where if choice.url is not None else choice.store_url}"
    kept = players.get(where) if choice.keeps_games else None
    player = kept or daily_games.new_player()
    try:
        game = daily_games.play(player)
    except InvalidPlayerToken:  # the store's key changed: a new player of its code
        player = daily_games.new_player()
        game = daily_games.play(player)
    if choice.keeps_games and player != kept:
        players.keep(where, player)

    def fields() -> Mapping[str, Any]:
        # No server: no link to open the day with.
        return daily_fields(daily_games.play(player, game.day), daily_games.stats(player), None)

    return _Today(
        games,
        game.day,
        game.board,
        f"{program_command()} daily{choice.command_options()}",
        lambda: daily_results_document(daily_games.results(game.day)),
        fields,
        fields(),
    )


def _play(today: _Today, as_json: bool, colour: bool | None, plain: bool) -> None:
    if as_json:
        echo_json({**board_document(today.board), **today.opening})
        return
    terminal = Terminal.open(colour, plain)
    session = Session(
        today.games,
        today.board.game_id,
        terminal.display(),
        read_line_from_stdin(),
        colour=terminal.colour,
        resume_command=today.resume_command,
        label=f"daily {today.day.isoformat()}",
    )
    session.open()
    if not session.board.is_over and session.play() is not Ending.OVER:
        raise click.exceptions.Exit(0)
    fields = today.opening if today.board.is_over else today.fields()
    if fields["secret_notice"]:
        terminal.show(Text(fields["secret_notice"]))
    terminal.console.print()
    terminal.console.print("Share your result:")
    terminal.show(Text(share_with_link(fields)))
    terminal.console.print()
    terminal.show(Text(_tally(today.results(), "Today so far")))
    terminal.show(Text(streaks_line(fields["stats"])))


def _show_results(results: Mapping[str, Any], as_json: bool, colour: bool | None) -> None:
    if as_json:
        echo_json(dict(results))
        return
    terminal = Terminal.open(colour)
    terminal.show(Text(_tally(results, f"The daily code of {results['day']}")))
    for guesses, wins in results["histogram"].items():
        terminal.show(Text(f"  won in {_count(int(guesses), 'guess')}: {wins}"))


def _tally(results: Mapping[str, Any], title: str) -> str:
    return (
        f"{title}: {_count(results['players'], 'player')}, {results['wins']} won, "
        f"{results['losses']} lost."
    )


def _count(number: int, noun: str) -> str:
    plural = "es" if noun.endswith("s") else "s"
    return f"{number} {noun}" if number == 1 else f"{number} {noun}{plural}"


class PlayerBook:
    """This user's player tokens of the daily code, by the store or server they play on.

    Kept in one JSON file readable by the user alone: a token is all it takes to play as
    its player. A file that cannot be read is as good as none.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    def get(self, where: str) -> str | None:
        token = read_object(self.path).get(where)
        return token if isinstance(token, str) else None

    def keep(self, where: str, token: str) -> None:
        write_object(self.path, {**read_object(self.path), where: token})
