from __future__ import annotations

from pathlib import Path

import pytest

from mastermind import CLASSIC_PEGS, Code, Outcome
from mastermind.bootstrap import SECRET_VARIABLE, bootstrap, secret_maker
from mastermind.service import random_secret
from mastermind.store import InMemoryEventStore, SQLiteEventStore


def test_without_a_fixed_secret_secrets_are_unpredictable() -> None:
    assert secret_maker() is random_secret
    assert secret_maker("   ") is random_secret


def test_a_fixed_secret_is_read_in_each_games_palette(caplog: pytest.LogCaptureFixture) -> None:
    make = secret_maker("ca")
    assert make(("Ash", "Birch", "Cedar"), 2, False) == Code.of("Cedar", "Ash")
    assert make(CLASSIC_PEGS, 4, False) == Code.parse("ca")
    assert "every game has the same secret" in caplog.text


def test_bootstrap_opens_the_store_a_url_names(tmp_path: Path) -> None:
    games = bootstrap(f"sqlite:///{tmp_path / 'games.db'}", environment={})
    assert isinstance(games.store, SQLiteEventStore)
    games.store.close()


def test_bootstrap_takes_the_fixed_secret_from_the_environment() -> None:
    games = bootstrap(InMemoryEventStore(), environment={SECRET_VARIABLE: "RGBY"})
    game_id = games.join()
    assert games.guess(game_id, "Red Green Blue Yellow").outcome is Outcome.WON
