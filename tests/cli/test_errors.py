"""Whatever is typed and whatever the database holds, the command answers in one line."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mastermind.cli import EXTRA_MISSING
from mastermind.service import Games
from mastermind.store import SQLiteEventStore
from tests.cli.conftest import Mastermind, one_line_error
from tests.tiers import examples

COMMANDS = [["play"], ["games"], ["stats"], ["show", "some-game"], ["history", "some-game"]]


@pytest.fixture
def unwritable_directory(tmp_path: Path) -> Iterator[Path]:
    """A directory where no file can be made, even by root, for whom modes do not count."""
    if os.geteuid() == 0:
        yield Path("/proc/self")
        return
    directory = tmp_path / "read-only"
    directory.mkdir(mode=0o500)
    yield directory
    directory.chmod(0o700)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command[0])
def test_a_file_that_is_no_database_is_reported_in_one_line(
    mastermind: Mastermind, command: list[str]
) -> None:
    mastermind.database.write_bytes(os.urandom(4096))
    result = mastermind(*command, input="rgby\n")
    assert result.exit_code == 1
    assert one_line_error(result) == (
        f"Error: Cannot open the games at {mastermind.database}: it is damaged (file is not a"
        " database). Stop the programs using it, then restore it from a backup, or rebuild it"
        f" with `sqlite3 {mastermind.database} .recover | sqlite3 recovered.db` and use that file."
    )


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command[0])
def test_a_directory_that_refuses_new_files_is_reported_in_one_line(
    tmp_path: Path, unwritable_directory: Path, command: list[str]
) -> None:
    database = unwritable_directory / "games.db"
    result = Mastermind(database)(*command, input="rgby\n")
    assert result.exit_code == 1
    assert one_line_error(result).startswith(f"Error: Cannot open the games at {database}: ")
    assert not database.exists()


def test_a_database_path_under_a_file_is_reported_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a directory")
    database = tmp_path / "notes.txt" / "games.db"
    result = Mastermind(database)("play")
    assert result.exit_code == 1
    assert one_line_error(result).startswith(f"Error: Cannot open the games at {database}: ")


def test_a_directory_given_as_the_database_is_a_usage_error(
    mastermind: Mastermind, tmp_path: Path
) -> None:
    result = Mastermind(tmp_path)("games")
    assert result.exit_code == 2
    assert "is a directory" in one_line_error(result)


def test_another_programs_sqlite_file_is_reported_in_one_line(mastermind: Mastermind) -> None:
    with sqlite3.connect(mastermind.database) as connection:
        connection.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, what TEXT)")
    result = mastermind("show", "some-game")
    assert result.exit_code == 1
    error = one_line_error(result)
    assert error.startswith(f"Error: Cannot open the games at {mastermind.database}: ")
    assert "The table events is not a table of events: it has no position" in error


def test_a_corrupt_record_is_reported_in_one_line(mastermind: Mastermind) -> None:
    store = SQLiteEventStore(mastermind.database)
    game_id = Games(store).join()
    store.close()
    with sqlite3.connect(mastermind.database) as connection:
        connection.execute("UPDATE events SET data = '{\"secret\": 7}'")
    result = mastermind("show", game_id)
    assert result.exit_code == 1
    assert one_line_error(result).startswith(
        "Error: The games could not be read or saved: Cannot read the record at position 1"
    )


def test_both_a_database_and_a_store_url_is_a_usage_error(mastermind: Mastermind) -> None:
    result = mastermind("games", "--store", "memory://")
    assert result.exit_code == 2
    assert one_line_error(result) == (
        "Error: Give --db or --store, not both. See 'mastermind games --help'."
    )


@pytest.mark.parametrize(
    ("url", "reason"),
    [("mysql://host/db", "the scheme 'mysql' is unknown"), ("games.db", "it has no scheme")],
)
def test_a_store_url_that_names_no_store_is_a_usage_error(
    mastermind: Mastermind, url: str, reason: str
) -> None:
    result = mastermind("games", "--store", url, db=False)
    assert result.exit_code == 2
    assert reason in one_line_error(result)


def test_an_unreachable_database_server_is_reported_without_its_password(
    mastermind: Mastermind,
) -> None:
    url = "postgresql://player:hunter2@127.0.0.1:9/games?connect_timeout=2"
    result = mastermind("games", "--store", url, db=False)
    assert result.exit_code == 1
    message = one_line_error(result)
    assert message.startswith("Error: Cannot open the games at postgresql://player:***@127.0.0.1")
    assert "hunter2" not in result.output


def test_without_the_cli_extra_the_command_says_what_to_install() -> None:
    hide_click = (
        "import sys; sys.modules['click'] = None; from mastermind.main import main; main(['play'])"
    )
    result = subprocess.run(
        [sys.executable, "-c", hide_click], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1
    assert result.stderr == f"{EXTRA_MISSING}\n"
    assert EXTRA_MISSING == (
        "mastermind's terminal game needs its extra: "
        'pip install "mastermind-decider[cli]", or pip install ".[cli]" from a checkout'
    )


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(lines=st.lists(st.text(max_size=30).map(lambda text: text.replace("\n", " ")), max_size=4))
def test_no_line_typed_at_the_prompt_gets_a_traceback(
    mastermind: Mastermind, lines: list[str]
) -> None:
    result = mastermind("play", input="".join(f"{line}\n" for line in lines))
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    command=st.sampled_from(["guess", "show", "history", "give-up", "resume", "new", "play"]),
    arguments=st.lists(st.text(min_size=1, max_size=12), max_size=3),
)
def test_no_command_line_gets_a_traceback(
    mastermind: Mastermind, command: str, arguments: list[str]
) -> None:
    result = mastermind(command, *arguments, input="")
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    if result.exit_code:
        one_line_error(result)
