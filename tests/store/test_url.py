"""A store's URL, read in one place."""

from __future__ import annotations

from pathlib import Path

import pytest

from mastermind.store import StoreURL, UnsupportedStoreURL, connect


@pytest.mark.parametrize(
    ("url", "scheme", "keeps_games"),
    [
        ("memory://", "memory", False),
        ("MEMORY://", "memory", False),
        ("sqlite:///games.db", "sqlite", True),
        ("postgres://db.example/games", "postgresql", True),
        ("postgresql://db.example/games", "postgresql", True),
        ("games.db", "", True),
    ],
)
def test_a_url_tells_its_scheme_and_whether_it_keeps_games(
    url: str, scheme: str, keeps_games: bool
) -> None:
    parsed = StoreURL.parse(url)
    assert (parsed.scheme, parsed.keeps_games) == (scheme, keeps_games)
    assert parsed.is_postgres is (scheme == "postgresql")


@pytest.mark.parametrize(
    ("url", "file"),
    [
        ("sqlite:///games.db", Path("games.db")),
        ("sqlite:////var/lib/my%20games.db?synchronous=full", Path("/var/lib/my games.db")),
        ("sqlite:///", None),
        ("memory://", None),
        ("postgresql://db.example/games.db", None),
    ],
)
def test_a_sqlite_url_names_its_file(url: str, file: Path | None) -> None:
    assert StoreURL.parse(url).sqlite_file == file


def test_a_password_is_hidden_from_the_redacted_url_and_from_errors() -> None:
    url = "postgresql://player:hunter2@db.example/games?table=loans"
    assert StoreURL.parse(url).redacted == "postgresql://player:***@db.example/games?table=loans"
    assert StoreURL.parse("memory://").redacted == "memory://"
    with pytest.raises(UnsupportedStoreURL) as refused:
        connect("bogus://player:hunter2@nowhere")
    assert "hunter2" not in str(refused.value)


def test_a_url_is_text() -> None:
    with pytest.raises(TypeError, match="url must be a str"):
        StoreURL.parse(Path("games.db"))  # type: ignore[arg-type]
