"""Running the ``mastermind`` command in this process, on a SQLite file of the test's own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from mastermind.cli._app import cli

ENVIRONMENT = {
    "MASTERMIND_SECRET": None,
    "MASTERMIND_STORE": None,
    "MASTERMIND_CACHE_DIR": None,
    "NO_COLOR": None,
}
"""Variables the command reads, cleared so that the machine's own cannot leak in."""


class Mastermind:
    """``mastermind COMMAND --db FILE ARGS...`` through click's test runner."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.runner = CliRunner(env=ENVIRONMENT)

    def __call__(
        self,
        command: str,
        *arguments: str,
        input: str | None = None,
        env: dict[str, str | None] | None = None,
        db: bool = True,
    ) -> Result:
        options = ["--db", str(self.database)] if db else []
        return self.runner.invoke(cli, [command, *options, *arguments], input=input, env=env)

    def bare(self, *arguments: str) -> Result:
        """``mastermind ARGS...``, with no ``--db``."""
        return self.runner.invoke(cli, list(arguments))

    def json(self, command: str, *arguments: str, **kwargs: Any) -> Any:
        """Run a command with ``--json``; answer its document, whatever the exit status."""
        result = self(command, "--json", *arguments, **kwargs)
        return json.loads(result.stdout)

    def play(self, *lines: str, secret: str = "RGBY", options: tuple[str, ...] = ()) -> Result:
        """Play with the secret fixed, typing ``lines`` and then ending the input."""
        text = "".join(f"{line}\n" for line in lines)
        return self("play", *options, input=text, env={"MASTERMIND_SECRET": secret})

    def only_game_id(self) -> str:
        (game,) = self.json("games")["games"]
        return str(game["id"])


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def mastermind(database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Mastermind:
    """The command, kept inside the test's directory even where it makes files of its own."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("MASTERMIND_CACHE_DIR", raising=False)
    return Mastermind(database)


def one_line_error(result: Result) -> str:
    """The error the command reported: one line on standard error, and no traceback."""
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: "), lines
    return lines[0]
