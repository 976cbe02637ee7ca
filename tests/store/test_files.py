"""The files that hold the games' secrets and the tokens' key are their owner's alone."""

from __future__ import annotations

import stat
from pathlib import Path

from mastermind.bootstrap import bootstrap
from mastermind.service import PlayerTokens
from mastermind.store import SQLiteEventStore
from mastermind.testing import started


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_database_and_its_wal_and_shm_files_are_readable_by_their_owner_only(
    tmp_path: Path,
) -> None:
    store = SQLiteEventStore(tmp_path / "games.db")
    store.append("g1", [started()], 0)
    names = ["games.db", "games.db-wal", "games.db-shm"]
    assert {name: oct(mode(tmp_path / name)) for name in names} == dict.fromkeys(names, "0o600")
    store.close()


def test_an_existing_database_keeps_its_mode_and_lends_it_to_its_wal(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    SQLiteEventStore(path).close()
    path.chmod(0o640)
    store = SQLiteEventStore(path)
    store.append("g1", [started()], 0)
    assert (oct(mode(path)), oct(mode(tmp_path / "games.db-wal"))) == ("0o640", "0o640")
    store.close()


def test_a_new_key_file_is_readable_by_its_owner_only_and_no_draft_is_left(
    tmp_path: Path,
) -> None:
    application = bootstrap(f"sqlite:///{tmp_path / 'games.db'}", environment={})
    assert application.tokens.issue("g1")
    application.close()
    key = tmp_path / "games.db.key"
    assert oct(mode(key)) == "0o600"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["games.db", "games.db.key"]


def test_an_existing_key_file_keeps_its_mode_and_its_key(tmp_path: Path) -> None:
    key = tmp_path / "games.db.key"
    key.write_text("k" * 64 + "\n")
    key.chmod(0o640)
    application = bootstrap(f"sqlite:///{tmp_path / 'games.db'}", environment={})
    assert application.tokens.issue("g1") == PlayerTokens("k" * 64).issue("g1")
    application.close()
    assert oct(mode(key)) == "0o640"
