"""Drives the ``mastermind`` command as a script would: one command a move, with ``--json``.

``new``, ``guess``, ``give-up`` and ``show`` run through click's test runner, in this
process but with their own arguments, environment and output, on a SQLite file.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from mastermind.cli._app import cli
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
