"""The commands that play: ``play`` and ``resume`` at a prompt; ``new``, ``guess`` and
``give-up`` for one move a command."""

from __future__ import annotations

from pathlib import Path

import click

from mastermind.cli import INTERRUPTED
from mastermind.cli._board import PegLook, introduction, outcome_text, row_line, secret_line
from mastermind.cli._boundary import reported_as_json
from mastermind.cli._documents import board_document, echo_json
from mastermind.cli._options import (
    colour_option,
    game_id_argument,
    game_setup_options,
    json_option,
    store_choice,
    store_options,
)
from mastermind.cli._session import Ending, ReadLine, Session, ask_to_play_again
from mastermind.cli._terminal import Terminal, read_line_from_stdin
from mastermind.cli._wiring import StoreChoice, opened_games
from mastermind.service import Games


@click.command()
@game_setup_options
@store_options
@colour_option
def play(
    length: int,
    attempts: int,
    palette: tuple[str, ...],
    unique: bool,
    secret: str | None,
    database: Path | None,
    store_url: str | None,
    colour: bool | None,
) -> None:
    """Play against the computer, one game after another.

    Type a guess as colour names or initials, in any case ("red green blue yellow",
    "rgby"); type ? for help, "give up" to see the secret. Ctrl-C or end of input
    (Ctrl-D) leaves the game saved, to resume later.
    """
    terminal, choice = Terminal.open(colour), store_choice(database, store_url)
    read_line = read_line_from_stdin()
    with opened_games(choice) as games:
        while True:
            game_id = games.join(attempts, palette, length, secret, unique=unique)
            session = _session(games, game_id, terminal, read_line, choice)
            session.introduce()
            _end(session.play())
            if not ask_to_play_again(read_line, terminal.console):
                return


@click.command()
@click.argument("game_id", required=False)
@store_options
@colour_option
def resume(
    game_id: str | None, database: Path | None, store_url: str | None, colour: bool | None
) -> None:
    """Go on playing a game: the one GAME_ID names, or else the latest one in play."""
    terminal, choice = Terminal.open(colour), store_choice(database, store_url)
    with opened_games(choice) as games:
        game_id = games.find(game_id) if game_id else games.latest_in_play()
        session = _session(games, game_id, terminal, read_line_from_stdin(), choice)
        session.show_board()
        session.board.in_play()
        _end(session.play())


@click.command()
@game_setup_options
@store_options
@colour_option
@json_option
def new(
    length: int,
    attempts: int,
    palette: tuple[str, ...],
    unique: bool,
    secret: str | None,
    database: Path | None,
    store_url: str | None,
    colour: bool | None,
    as_json: bool,
) -> None:
    """Start a game to play with 'mastermind guess', one command a guess."""
    choice = store_choice(database, store_url)
    with reported_as_json(as_json), opened_games(choice) as games:
        board = games.start(attempts, palette, length, secret, unique=unique)
    if as_json:
        echo_json(board_document(board))
        return
    terminal = Terminal.open(colour)
    terminal.show(introduction(board, terminal.colour))
    example = " ".join(name.casefold() for name in board.available_pegs[: board.code_length])
    terminal.console.print(
        f"Guess with: mastermind guess {board.game_id} {example}{choice.command_options()}",
        soft_wrap=True,
    )


@click.command()
@game_id_argument
@click.argument("guess", nargs=-1, required=True)
@store_options
@colour_option
@json_option
def guess(
    game_id: str,
    guess: tuple[str, ...],
    database: Path | None,
    store_url: str | None,
    colour: bool | None,
    as_json: bool,
) -> None:
    """Make one guess in a game, such as: mastermind guess GAME_ID red green blue yellow."""
    with reported_as_json(as_json), opened_games(store_choice(database, store_url)) as games:
        board = games.guess(games.find(game_id), " ".join(guess))
    if as_json:
        echo_json(board_document(board))
        return
    terminal = Terminal.open(colour)
    look = PegLook(board.available_pegs, terminal.colour)
    terminal.show(row_line(board.attempts_used, board.rows[-1], board, look))
    if board.is_over:
        terminal.show(secret_line(board, look))
    terminal.show(outcome_text(board))


@click.command("give-up")
@game_id_argument
@store_options
@colour_option
@json_option
def give_up(
    game_id: str, database: Path | None, store_url: str | None, colour: bool | None, as_json: bool
) -> None:
    """Give a game up: it counts as lost, and its secret is shown."""
    with reported_as_json(as_json), opened_games(store_choice(database, store_url)) as games:
        board = games.give_up(games.find(game_id))
    if as_json:
        echo_json(board_document(board))
        return
    terminal = Terminal.open(colour)
    terminal.show(secret_line(board, PegLook(board.available_pegs, terminal.colour)))
    terminal.show(outcome_text(board))


def _session(
    games: Games, game_id: str, terminal: Terminal, read_line: ReadLine, choice: StoreChoice
) -> Session:
    return Session(
        games,
        game_id,
        terminal.console,
        read_line,
        colour=terminal.colour,
        resume_command=(
            f"mastermind resume {game_id}{choice.command_options()}" if choice.keeps_games else None
        ),
    )


def _end(ending: Ending) -> None:
    """Stop the command unless the game was played to its end."""
    if ending is Ending.INTERRUPTED:
        raise click.exceptions.Exit(INTERRUPTED)
    if ending is Ending.LEFT:
        raise click.exceptions.Exit(0)
