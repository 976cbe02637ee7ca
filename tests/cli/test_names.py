"""How the terminal names things for the player to type back: games by short ids, this
program by the command that runs it from where the player is, and the display it picks."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from mastermind.cli._terminal import display_mode, program_command
from mastermind.cli._wiring import short_ids


def test_ids_are_cut_to_eight_characters_when_those_tell_them_apart() -> None:
    ids = ["1a2b3c4d-0000-4000-8000-000000000000", "9f8e7d6c-0000-4000-8000-000000000000"]
    assert list(short_ids(ids).values()) == ["1a2b3c4d", "9f8e7d6c"]


def test_ids_sharing_their_first_eight_characters_keep_as_many_more_as_tell_them_apart() -> None:
    ids = ["1a2b3c4d-aa", "1a2b3c4d-ab", "1a2b3c4e-zz"]
    assert short_ids(ids) == {
        "1a2b3c4d-aa": "1a2b3c4d-aa",
        "1a2b3c4d-ab": "1a2b3c4d-ab",
        "1a2b3c4e-zz": "1a2b3c4e",
    }


def test_ids_shorter_than_eight_characters_stay_whole() -> None:
    assert short_ids(["g1", "g12"]) == {"g1": "g1", "g12": "g12"}


@pytest.fixture
def installed(tmp_path: Path) -> Path:
    """A project with its virtual environment, as ``make play`` leaves it."""
    program = tmp_path / "project" / ".venv" / "bin" / "mastermind"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    return program


def test_the_program_not_on_the_path_is_named_by_its_path_from_where_the_player_is(
    installed: Path,
) -> None:
    project = installed.parents[2]
    found = program_command(str(installed), which=lambda _: None, cwd=project)
    assert found == ".venv/bin/mastermind"
    started_relative = program_command(".venv/bin/mastermind", which=lambda _: None, cwd=project)
    assert started_relative == ".venv/bin/mastermind"


def test_the_program_far_from_the_player_is_named_by_its_whole_path(installed: Path) -> None:
    elsewhere = installed.parents[3].joinpath(*["deep"] * 40)
    elsewhere.mkdir(parents=True)
    assert program_command(str(installed), which=lambda _: None, cwd=elsewhere) == str(installed)


def test_the_program_the_shell_finds_by_name_is_named_mastermind(installed: Path) -> None:
    assert program_command(str(installed), which=lambda _: str(installed)) == "mastermind"


def test_another_program_of_that_name_on_the_path_does_not_count(
    installed: Path, tmp_path: Path
) -> None:
    other = tmp_path / "mastermind"
    other.write_text("#!/bin/sh\n")
    project = installed.parents[2]
    named = program_command(str(installed), which=lambda _: str(other), cwd=project)
    assert named == ".venv/bin/mastermind"


def test_a_module_run_by_python_is_named_with_its_interpreter(installed: Path) -> None:
    python = installed.with_name("python")
    project = installed.parents[2]
    named = program_command(
        "/x/mastermind/__main__.py", which=lambda _: None, executable=str(python), cwd=project
    )
    assert named == ".venv/bin/python -m mastermind"


@pytest.mark.parametrize(
    ("colour", "plain", "environment", "is_terminal", "mode"),
    [
        (None, False, {"TERM": "xterm"}, True, (True, True)),
        (None, False, {"TERM": "xterm"}, False, (False, False)),
        (None, True, {"TERM": "xterm"}, True, (False, False)),
        (None, False, {"TERM": "xterm", "NO_COLOR": "1"}, True, (False, False)),
        (None, False, {"TERM": "dumb"}, True, (False, False)),
        (False, False, {"TERM": "xterm"}, True, (False, False)),
        (True, False, {"TERM": "xterm", "NO_COLOR": "1"}, True, (True, True)),
        (True, False, {"TERM": "xterm"}, False, (True, False)),
        (True, False, {"TERM": "dumb"}, True, (True, False)),
    ],
    ids=[
        "terminal",
        "pipe",
        "--plain",
        "NO_COLOR",
        "TERM=dumb",
        "--no-color",
        "--color over NO_COLOR",
        "--color into a pipe",
        "--color on a dumb terminal",
    ],
)
def test_the_board_is_redrawn_only_in_colour_on_a_terminal_that_can_clear(
    colour: bool | None,
    plain: bool,
    environment: dict[str, str],
    is_terminal: bool,
    mode: tuple[bool, bool],
) -> None:
    assert display_mode(colour, plain, environment, is_terminal) == mode


def test_plain_and_colour_together_are_refused() -> None:
    with pytest.raises(click.UsageError, match="not both"):
        display_mode(True, True, {}, True)
