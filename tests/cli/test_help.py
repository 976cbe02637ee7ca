"""Help that a narrow terminal still reads: wrapped between words, never inside one."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from mastermind.cli._app import cli, listed
from mastermind.cli._listing import COMMANDS
from tests.cli.conftest import ENVIRONMENT


def every_command_path() -> list[tuple[str, ...]]:
    """``()`` for the program, then each command, and each command of a group of them."""
    paths: list[tuple[str, ...]] = [()]
    for name in COMMANDS:
        paths.append((name,))
        command = listed(name)()
        if isinstance(command, click.Group):
            paths.extend((name, sub) for sub in command.commands)
    return paths


def help_text(path: tuple[str, ...], columns: int) -> str:
    """The help of the command at ``path``, written for a terminal of ``columns``."""
    runner = CliRunner(env=ENVIRONMENT)
    result = runner.invoke(cli, [*path, "--help"], terminal_width=columns)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("path", every_command_path(), ids=" ".join)
def test_no_help_splits_a_word_at_any_width(path: tuple[str, ...]) -> None:
    words = set(help_text(path, 1000).split())
    for columns in (40, 60, 80):
        shown = help_text(path, columns).split()
        # A command's line in a listing is cut short at a word, and "..." says so.
        split = [word for word in shown if word not in words and not word.endswith("...")]
        assert not split, f"at {columns} columns: {split}"


def test_a_hyphenated_name_stays_whole_where_the_line_breaks() -> None:
    shown = help_text(("play",), 60)
    assert "bulls-and-cows," in shown.split()
