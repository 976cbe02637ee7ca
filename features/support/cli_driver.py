"""Drives the ``mastermind`` command as a script would: one command a move, with ``--json``.

``new``, ``show`` and the commands of the service's table, ``guess`` and ``give-up``, run
through click's test runner, in this process but with their own arguments, environment
and output, on a SQLite file. The daily code's players run ``mastermind daily``, each with
a data directory of their own.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import attrs
from click.testing import CliRunner

from mastermind import Code, CodeMaker
from mastermind.cli._app import cli
from mastermind.service import (
    KEY_VARIABLE,
    BoardAnswer,
    ProblemAnswer,
    Role,
    command_kind,
    decode,
)
from support.daily_drivers import KEY, StoredDaily
from support.driver import BoardView, GameSetup, Rejected, sent_by_its_role


def _board_view(board: dict[str, Any]) -> BoardView:
    return BoardView.answered(decode(board, BoardAnswer))


def _rules_options(setup: GameSetup) -> list[str]:
    """The options that ask for the game's rules: ``--rules`` and the preset's name, or
    the attempts and colours of a classic game."""
    if setup.rules is not None:
        return ["--rules", setup.rules]
    return [f"--attempts={setup.total_attempts}", "--colours", " ".join(setup.available_pegs)]


def _command_line(game_id: str, name: str, fields: dict[str, Any]) -> list[str]:
    """The terminal's command of the service's table for a game: its name, the game, then
    its request's fields, as typed."""
    typed = [str(value) for value in attrs.astuple(command_kind(name).request(**fields))]
    return [name, game_id, "--", *typed]


class CliDriver:
    def __init__(self) -> None:
        self._directory = tempfile.TemporaryDirectory()
        self.database = Path(self._directory.name) / "games.db"
        # The game reads these from the environment: the scenarios set everything themselves,
        # and keep no hints in the user's cache.
        self.runner = CliRunner(
            env={"MASTERMIND_SECRET": None, "MASTERMIND_STORE": None, "MASTERMIND_CACHE_DIR": "off"}
        )
        self.game_id = ""

    def join(self, setup: GameSetup) -> None:
        options = _rules_options(setup)
        if setup.secret is not None:
            options += ["--secret", " ".join(setup.secret)]
        self.game_id = self._run("new", *options)["id"]

    def send(self, name: str, /, *, by: Role | None = None, **fields: Any) -> BoardView:
        """``mastermind NAME GAME -- FIELDS...``: the terminal's commands bear the table's
        names."""
        sent_by_its_role(name, by, "at one keyboard, whoever types at the prompt moves")
        return _board_view(self._run(*_command_line(self.game_id, name, fields)))

    def guess_before_joining(self, setup: GameSetup, typed: str) -> None:
        raise NotImplementedError("a game in the terminal exists from the moment it is joined")

    def join_again(self) -> None:
        raise NotImplementedError("the terminal gives every new game a new id")

    def board(self) -> BoardView:
        return _board_view(self._run("show", self.game_id))

    def make_code(self, setup: GameSetup, maker: CodeMaker) -> None:
        """``mastermind play --maker``, the secret given as a script gives it, and the game
        left at the code breaker's first prompt, saved, by the end of input."""
        assert setup.secret is not None, "a person gives the secret"
        options = [
            "--maker",
            "--hints" if maker.allows_hints else "--no-hints",
            *_rules_options(setup),
            "--db",
            str(self.database),
        ]
        if maker.name is not None:
            options += ["--name", maker.name]
        secret = {"MASTERMIND_SECRET": " ".join(setup.secret)}
        result = self.runner.invoke(cli, ["play", *options], input="", env=secret)
        assert result.exit_code == 0, result.output
        (game,) = self._run("games")["games"]
        self.game_id = game["id"]

    def maker_board(self) -> BoardView:
        raise NotImplementedError("at one keyboard the board is the code breaker's alone")

    def hint(self) -> tuple[str, ...]:
        return tuple(self._run("hint", self.game_id)["guess"])

    def code_maker(self) -> tuple[str, str | None]:
        maker = self._run("show", self.game_id)["maker"]
        return maker["kind"], maker["name"]

    def close(self) -> None:
        self._directory.cleanup()

    def _run(self, command: str, *arguments: str) -> Any:
        """Run ``mastermind COMMAND --json --db FILE ARGUMENTS``; answer its JSON document."""
        options = ["--json", "--db", str(self.database)]
        result = self.runner.invoke(cli, [command, *options, *arguments])
        try:
            document = json.loads(result.stdout)
        except json.JSONDecodeError:
            raise AssertionError(
                f"mastermind {command} exited with {result.exit_code} and printed no JSON: "
                f"{result.output!r}"
            ) from result.exception
        if result.exit_code == 0:
            return document
        problem = ProblemAnswer.from_document(document)
        raise Rejected(problem.error, problem.detail)


class CliDaily(StoredDaily):
    """``mastermind daily --json`` and the one-move commands, each player a user of its own."""

    def __init__(self) -> None:
        super().__init__()
        self.runner = CliRunner()

    def play(self, player: str) -> str:
        self.game_ids[player] = self._run(player, "daily")["id"]
        return self.game_ids[player]

    def send(self, player: str, name: str, /, **fields: Any) -> BoardView:
        return _board_view(self._run(player, *_command_line(self.game_ids[player], name, fields)))

    def shown_secret(self, player: str, game_id: str) -> Code | None:
        secret = self._run(player, "show", game_id)["secret"]
        return None if secret is None else Code(secret)

    def guesses_made(self, player: str) -> int:
        attempts: int = self._run(player, "show", self.game_ids[player])["attempts"]["used"]
        return attempts

    def share(self, player: str) -> str | None:
        share: str | None = self._run(player, "daily")["share"]
        return share

    def results(self) -> dict[str, Any]:
        results: dict[str, Any] = self._run("someone", "daily", "--results")
        return results

    def next_day(self) -> None:
        raise NotImplementedError("the terminal's day is the clock's")

    def _run(self, player: str, command: str, *arguments: str) -> Any:
        environment = {
            KEY_VARIABLE: KEY,
            "XDG_DATA_HOME": str(self.database.parent / player),
            "MASTERMIND_CACHE_DIR": "off",
            "MASTERMIND_SECRET": None,
            "MASTERMIND_STORE": None,
        }
        options = ["--json", "--db", str(self.database)]
        result = self.runner.invoke(cli, [command, *options, *arguments], env=environment)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)
