"""The commands that play: ``play`` and ``resume`` at a prompt; ``new``, ``guess`` and
``give-up`` for one move a command."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

import click
from rich.text import Text

from mastermind.cli._board import introduction
from mastermind.cli._boundary import reported_as_json
from mastermind.cli._documents import board_document, echo_json
from mastermind.cli._making import MakerAtKeyboard, maker_at_keyboard, maker_options
from mastermind.cli._options import (
    chosen_rules,
    colour_option,
    game_setup_options,
    json_option,
    plain_option,
    secret_option,
    store_choice,
    store_options,
)
from mastermind.cli._own_games import age, in_play, latest_in_play, own_games
from mastermind.cli._session import Ending, ReadLine, Session, ask_to_play_again
from mastermind.cli._terminal import Terminal, program_command, read_line_from_stdin, say
from mastermind.cli._wiring import StoreChoice, opened_games, short_id
from mastermind.domain import DecodingBoard, Rules
from mastermind.service import Games, NoGameInPlay

__all__ = ["new", "play", "resume"]


@click.command()
@game_setup_options
@maker_options
@click.option(
    "--new",
    "fresh",
    is_flag=True,
    help="Start a new game, without offering to resume your latest game in play.",
)
@click.option(
    "--resume",
    "resume_latest",
    is_flag=True,
    help="Resume your latest game in play without asking; with none, start a new one. "
    "Without either, a terminal is asked which, and piped input starts a new game.",
)
@store_options
@colour_option
@plain_option
def play(
    preset: str | None,
    length: int | None,
    attempts: int | None,
    colours: str | None,
    unique: bool,
    secret: str | None,
    at_keyboard: bool,
    maker_name: str | None,
    maker_hints: bool | None,
    fresh: bool,
    resume_latest: bool,
    database: Path | None,
    store_url: str | None,
    colour: bool | None,
    plain: bool,
) -> None:
    """Play against the computer, or against a person at this keyboard with --maker, one
    game after another, by the rules of any member of the family (--rules).

    Type a guess as colour names or initials, in any case ("red green blue yellow",
    "rgby"), or as digits in Bulls and Cows ("0123"); type ? for help, "give up" to see
    the secret. Ctrl-C or end of input (Ctrl-D) leaves the game saved, to resume later.
    """
    if fresh and resume_latest:
        raise click.UsageError("Give --new or --resume, not both.")
    if at_keyboard and resume_latest:
        raise click.UsageError("Give --maker or --resume, not both: a code maker starts a game.")
    rules = chosen_rules(preset, length, attempts, colours, unique)
    terminal, choice = Terminal.open(colour, plain), store_choice(database, store_url)
    maker = maker_at_keyboard(at_keyboard, maker_name, maker_hints, secret, terminal)
    with opened_games(choice) as games:
        table = _Table(games, terminal, read_line_from_stdin(), choice, secret, maker)
        game_id = None
        if maker is None and not fresh and (resume_latest or sys.stdin.isatty()):
            game_id = table.resumable(ask=not resume_latest)
        if game_id is None:
            game_id = table.start(rules)
        _rounds(table, game_id)


@click.command()
@click.argument("game_id", required=False)
@store_options
@colour_option
@plain_option
@secret_option
def resume(
    game_id: str | None,
    database: Path | None,
    store_url: str | None,
    colour: bool | None,
    plain: bool,
    secret: str | None,
) -> None:
    """Go on playing a game: the one GAME_ID names, or else the latest one in play.

    The latest in play is yours, started in this terminal, where you have one; else the
    store's. Once it is over, another game of the same setup is offered.
    """
    terminal, choice = Terminal.open(colour, plain), store_choice(database, store_url)
    with opened_games(choice) as games:
        if game_id:
            game_id = games.find(game_id)
        else:
            game_id = _latest_in_play(games, own_games().started(choice.store_url))
        _rounds(_Table(games, terminal, read_line_from_stdin(), choice, secret), game_id)


def _latest_in_play(games: Games, started: Mapping[str, datetime]) -> str:
    """The game to resume: the player's latest still in play, else the store's.

    Raises:
        NoGameInPlay: no game takes a guess, a daily game of a day gone by being none.
    """
    playable = in_play(games)
    yours = latest_in_play(playable, started)
    if yours is not None:
        return yours.game_id
    if not playable:
        raise NoGameInPlay()
    return playable[-1].game_id


class _Table:
    """Where the rounds are played: the games, the terminal and its keyboard, the store,
    the secret every new game gets, if the code maker is told one, and the person who
    makes the codes at this keyboard, if not the computer."""

    def __init__(
        self,
        games: Games,
        terminal: Terminal,
        read_line: ReadLine,
        choice: StoreChoice,
        secret: str | None,
        maker: MakerAtKeyboard | None = None,
    ) -> None:
        self.games, self.terminal, self.read_line = games, terminal, read_line
        self.choice, self.secret, self.maker = choice, secret, maker
        self.display = terminal.display()
        self.book = own_games()

    def start(self, rules: Rules) -> str:
        """A new game by ``rules``, with a secret from its maker, noted as the player's."""
        if self.maker is not None:
            game_id = self.maker.start(self.games, rules)
        else:
            game_id = self.games.join(secret=self.secret, rules=rules)
        self.book.keep(self.choice.store_url, game_id, datetime.now(UTC))
        return game_id

    def resumable(self, ask: bool) -> str | None:
        """The player's latest game in play, to resume: where ``ask`` is true, if the
        player says so, Enter for yes. ``None``: a new game, then.

        Raises:
            click.exceptions.Exit: the player ended the input, or pressed Ctrl-C, at the
                question; nothing is started.
        """
        started = self.book.started(self.choice.store_url)
        latest = latest_in_play(in_play(self.games), started)
        if latest is None:
            return None
        if not ask:
            return latest.game_id
        label = short_id(self.games, latest.game_id)
        named = "" if latest.rules in (None, "classic") else f" ({latest.rules})"
        self.terminal.console.print(
            f"Your game {label}{named}, started {age(started[latest.game_id])}, is in play: "
            f"{latest.attempts_used} of {latest.total_attempts} attempts used."
        )
        try:
            answer = self.read_line("Resume it? [Y/n] (n starts a new game) ")
        except (EOFError, KeyboardInterrupt):
            self.terminal.console.print()
            raise click.exceptions.Exit(0) from None
        return None if answer.strip().casefold() in ("n", "no") else latest.game_id

    def session(self, game_id: str) -> Session:
        label = short_id(self.games, game_id)
        resume_command = review_command = None
        if self.choice.keeps_games:
            program, options = program_command(), self.choice.command_options()
            resume_command = f"{program} resume {label}{options}"
            review_command = f"{program} review {label}{options}"
        return Session(
            self.games,
            game_id,
            self.display,
            self.read_line,
            colour=self.terminal.colour,
            resume_command=resume_command,
            review_command=review_command,
            label=label,
        )

    def another(self, after: DecodingBoard) -> str:
        """A new game by the rules of the one just played, with a new secret from its maker."""
        return self.start(after.rules)


def _rounds(table: _Table, game_id: str) -> None:
    """Play the game, then another of the same setup as long as the player wants one."""
    while True:
        session = table.session(game_id)
        session.open()
        session.board.in_play()
        _end(session.play())
        if not ask_to_play_again(table.read_line, table.terminal.console):
            return
        game_id = table.another(session.board)


@click.command()
@game_setup_options
@store_options
@colour_option
@json_option
def new(
    preset: str | None,
    length: int | None,
    attempts: int | None,
    colours: str | None,
    unique: bool,
    secret: str | None,
    database: Path | None,
    store_url: str | None,
    colour: bool | None,
    as_json: bool,
) -> None:
    """Start a game to play with 'mastermind guess', one command a guess."""
    rules = chosen_rules(preset, length, attempts, colours, unique)
    choice = store_choice(database, store_url)
    with reported_as_json(as_json), opened_games(choice) as games:
        board = games.start(secret=secret, rules=rules)
        own_games().keep(choice.store_url, board.game_id, datetime.now(UTC))
        label = None if as_json else short_id(games, board.game_id)
    if as_json or label is None:
        echo_json(board_document(board))
        return
    terminal = Terminal.open(colour)
    terminal.show(introduction(board, terminal.colour, label))
    example = " ".join(name.casefold() for name in board.available_pegs[: board.code_length])
    command = f"{program_command()} guess {label} {example}{choice.command_options()}"
    say(terminal.console, Text("Guess with:"), command)


def _end(ending: Ending) -> None:
    """Stop the command unless the game was played to its end.

    Ctrl-C at the prompt is one of the ways to leave a game, which is saved and can be
    resumed: the command ends as it does after ``quit``, with status 0, so that a shell
    or ``make play`` sees a game left, not a program that failed.
    """
    if ending is not Ending.OVER:
        raise click.exceptions.Exit(0)
