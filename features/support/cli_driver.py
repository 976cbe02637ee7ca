"""Drives the ``mastermind`` command as a script would: one command a move, with ``--json``.

``new``, ``guess``, ``give-up`` and ``show`` run through click's test runner, in this
process but with their own arguments, environment and output, on a SQLite file. The daily
code's players run ``mastermind daily``, each with a data directory of their own.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from mastermind import CodeMaker
from mastermind.cli._app import cli
from mastermind.service import KEY_VARIABLE
from support.daily_drivers import KEY, StoredDaily
from support.driver import BoardView, GameSetup, Rejected, Row


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
        options = [
            f"--attempts={setup.total_attempts}",
            "--colours",
            " ".join(setup.available_pegs),
        ]
        if setup.secret is not None:
            options += ["--secret", " ".join(setup.secret)]
        self.game_id = self._run("new", *options)["game_id"]

    def guess(self, typed: str) -> str:
        board = self._run("guess", self.game_id, "--", typed)
        return str(board["rows"][-1]["feedback"])

    def guess_before_joining(self, setup: GameSetup, typed: str) -> None:
        raise NotImplementedError("a game in the terminal exists from the moment it is joined")

    def join_again(self) -> None:
        raise NotImplementedError("the terminal gives every new game a new id")

    def give_up(self) -> None:
        self._run("give-up", self.game_id)

    def board(self) -> BoardView:
        board = self._run("show", self.game_id)
        return BoardView(
            outcome=board["outcome"],
            attempts_left=board["attempts_left"],
            rows=tuple(Row(tuple(row["guess"]), row["feedback"]) for row in board["rows"]),
            secret=None if board["secret"] is None else tuple(board["secret"]),
            code_length=board["code_length"],
        )

    def make_code(self, setup: GameSetup, maker: CodeMaker) -> None:
        """``mastermind play --maker``, the secret given as a script gives it, and the game
        left at the code breaker's first prompt, saved, by the end of input."""
        assert setup.secret is not None, "a person gives the secret"
        options = [
            "--maker",
            "--hints" if maker.allows_hints else "--no-hints",
            f"--attempts={setup.total_attempts}",
            "--colours",
            " ".join(setup.available_pegs),
            "--db",
            str(self.database),
        ]
        if maker.name is not None:
            options += ["--name", maker.name]
        secret = {"MASTERMIND_SECRET": " ".join(setup.secret)}
        result = self.runner.invoke(cli, ["play", *options], input="", env=secret)
        assert result.exit_code == 0, result.output
        (game,) = self._run("games")["games"]
        self.game_id = game["game_id"]

    def maker_board(self) -> BoardView:
        raise NotImplementedError("at one keyboard the board is the code breaker's alone")

    def maker_guess(self, typed: str) -> None:
        raise NotImplementedError("at one keyboard, whoever types at the prompt guesses")

    def maker_ends(self) -> None:
        """At one keyboard, the maker ends the game as anyone there would: give-up."""
        self._run("give-up", self.game_id)

    def breaker_ends(self) -> None:
        raise NotImplementedError("at one keyboard, whoever types at the prompt may give up")

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
        error = document["error"]
        raise Rejected(error["type"], error["message"])


class CliDaily(StoredDaily):
    """``mastermind daily --json`` and the one-move commands, each player a user of its own."""

    def __init__(self) -> None:
        super().__init__()
        self.runner = CliRunner()

    def play(self, player: str) -> str:
        self.game_ids[player] = self._run(player, "daily")["game_id"]
        return self.game_ids[player]

    def guess(self, player: str, typed: str) -> None:
        self._run(player, "guess", self.game_ids[player], "--", typed)

    def guesses_made(self, player: str) -> int:
        attempts: int = self._run(player, "show", self.game_ids[player])["attempts_used"]
        return attempts

    def give_up(self, player: str) -> tuple[str, ...]:
        return tuple(self._run(player, "give-up", self.game_ids[player])["secret"])

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
