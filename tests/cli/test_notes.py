"""The code maker's note in the terminal: ``mastermind note`` leaves it, the board shows it."""

from __future__ import annotations

from pathlib import Path

from mastermind.bootstrap import bootstrap
from mastermind.domain import CodeMaker
from tests.cli.conftest import Mastermind, one_line_error


def _game_set_by(database: Path, maker: CodeMaker) -> str:
    application = bootstrap(f"sqlite:///{database}", environment={})
    try:
        return application.games.start(secret="RGBY", maker=maker).game_id
    finally:
        application.close()


def test_a_note_left_in_the_terminal_shows_on_the_board(
    mastermind: Mastermind, database: Path
) -> None:
    game_id = _game_set_by(database, CodeMaker.person("Mum"))
    left = mastermind("note", game_id, "Think", "of", "a", "rainbow")
    assert left.exit_code == 0, left.output
    assert "In play: 12 of 12 attempts left." in left.stdout
    shown = mastermind("show", game_id)
    assert "Note: Think of a rainbow" in shown.stdout
    assert mastermind.json("show", game_id)["note"] == "Think of a rainbow"


def test_a_note_on_the_computers_code_is_refused_in_one_line(
    mastermind: Mastermind, database: Path
) -> None:
    game_id = _game_set_by(database, CodeMaker.computer())
    refused = mastermind("note", game_id, "Hello")
    assert refused.exit_code == 1
    assert "only a person who made one leaves notes" in one_line_error(refused)
    assert mastermind.json("note", game_id, "Hello")["error"] == "InvalidNote"
    assert mastermind.json("show", game_id)["note"] is None
