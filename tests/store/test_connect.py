"""Choosing a store with a URL."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mastermind.store import (
    InMemoryEventStore,
    PostgresEventStore,
    SQLiteEventStore,
    UnsupportedStoreURL,
    connect,
)
from mastermind.testing import started

ROOT = Path(__file__).parent.parent.parent


def test_memory_opens_a_store_in_this_process() -> None:
    store = connect("memory://")
    assert isinstance(store, InMemoryEventStore)


def test_sqlite_with_three_slashes_opens_a_file_relative_to_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    store = connect("sqlite:///games.db")
    assert isinstance(store, SQLiteEventStore)
    store.close()
    assert (tmp_path / "games.db").exists()


def test_sqlite_with_four_slashes_opens_an_absolute_path_creating_its_directories(
    tmp_path: Path,
) -> None:
    path = tmp_path / "var" / "lib" / "mastermind" / "games.db"
    store = connect(f"sqlite:///{path}")
    store.append("g1", [started()], 0)
    store.close()
    assert path.exists()
    reopened = connect(f"sqlite:///{path}")
    assert reopened.load("g1").version == 1
    reopened.close()


@pytest.mark.parametrize(("option", "synchronous"), [("", "NORMAL"), ("?synchronous=full", "FULL")])
def test_sqlite_syncs_each_commit_to_disk_when_asked(
    tmp_path: Path, option: str, synchronous: str
) -> None:
    store = connect(f"sqlite:///{tmp_path / 'games.db'}{option}")
    assert isinstance(store, SQLiteEventStore)
    assert store.synchronous == synchronous
    store.close()


@pytest.mark.parametrize("scheme", ["postgresql", "postgres"])
def test_postgresql_opens_the_database_the_url_names(scheme: str, database_url: str) -> None:
    store = connect(database_url.replace("postgresql", scheme, 1))
    assert isinstance(store, PostgresEventStore)
    store.append("g1", [started()], 0)
    assert store.load("g1").version == 1
    store.close()


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("", "it has no scheme"),
        ("games.db", "it has no scheme"),
        ("mysql://localhost/games", "the scheme 'mysql' is unknown"),
        ("memory://games", "a memory store takes no host, path, table or options"),
        ("sqlite://", "a SQLite store needs a file path"),
        ("sqlite:///", "a SQLite store needs a file path"),
        ("sqlite:///:memory:", "for memory use memory://"),
        ("sqlite://games.db", "write sqlite:///games.db"),
        ("sqlite:///games.db?journal=delete", "unknown options journal"),
        ("sqlite:///games.db?synchronous=off", "synchronous is full or normal"),
    ],
)
def test_a_url_naming_no_store_raises_a_clear_value_error(url: str, reason: str) -> None:
    with pytest.raises(UnsupportedStoreURL) as error:
        connect(url)
    assert isinstance(error.value, ValueError)
    assert reason in str(error.value)
    assert "memory://, sqlite:///PATH, postgresql://USER@HOST/DATABASE" in str(error.value)


def test_a_password_stays_out_of_the_error() -> None:
    with pytest.raises(UnsupportedStoreURL) as error:
        connect("mysql://player:hunter2@localhost/games")
    assert "hunter2" not in str(error.value)
    assert "mysql://player:***@localhost/games" in str(error.value)


def run_without_psycopg(code: str) -> subprocess.CompletedProcess[str]:
    """Run Python in a fresh process where ``import psycopg`` fails, as if not installed."""
    blocked = "import sys; sys.modules['psycopg'] = None\n"
    return subprocess.run(
        [sys.executable, "-c", blocked + code], cwd=ROOT, capture_output=True, text=True
    )


def test_the_library_and_its_other_stores_need_no_psycopg() -> None:
    result = run_without_psycopg(
        "import mastermind, mastermind.store\n"
        "from mastermind.store import connect\n"
        "print(type(connect('memory://')).__name__)"
    )
    assert (result.returncode, result.stdout) == (0, "InMemoryEventStore\n"), result.stderr


def test_the_postgres_store_without_psycopg_names_the_extra_to_install() -> None:
    result = run_without_psycopg(
        "from mastermind.store import connect\nconnect('postgresql://localhost/games')"
    )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1] == (
        "ImportError: PostgresEventStore needs psycopg: "
        'pip install "mastermind-decider[postgres]", or pip install ".[postgres]" from a checkout'
    )
