"""The settings: declared once, read from the environment once."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from mastermind.config import (
    DEFAULT_STORE_URL,
    KEY_VARIABLE,
    LIMITS_STORAGE_VARIABLE,
    LIMITS_VARIABLE,
    SECRET_VARIABLE,
    STORE_VARIABLE,
    Limits,
    ServerSettings,
    Settings,
    declared,
    tokens_key,
)


def test_every_setting_has_its_help() -> None:
    for settings in (Settings, Limits, ServerSettings):
        for field, said in declared(settings):
            assert said.help.endswith((".", "]")), field.name


def test_the_settings_of_an_empty_environment_are_the_defaults() -> None:
    assert Settings.from_environment({}) == Settings()
    assert Settings().store_url == DEFAULT_STORE_URL
    assert Settings.from_environment({STORE_VARIABLE: " ", LIMITS_VARIABLE: ""}) == Settings()


def test_each_variable_sets_its_setting() -> None:
    limits = Limits(hint_queue=2)
    settings = Settings.from_environment(
        {
            STORE_VARIABLE: "memory://",
            SECRET_VARIABLE: "RGBY",
            KEY_VARIABLE: "k" * 32,
            LIMITS_VARIABLE: limits.to_environment(),
        }
    )
    assert settings == Settings(
        store_url="memory://", fixed_secret="RGBY", players_key="k" * 32, limits=limits
    )
    assert "k" * 32 not in repr(settings)


def test_limits_that_are_no_limits_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="MASTERMIND_LIMITS holds no limits"):
        Settings.from_environment({LIMITS_VARIABLE: '{"hint_queue": -1}'})
    with pytest.raises(ValueError, match="MASTERMIND_LIMITS holds no limits"):
        Limits.from_environment({LIMITS_VARIABLE: "[1]"})


def test_the_limits_storage_variable_says_where_the_limits_are_counted() -> None:
    given = Limits(hint_queue=2, storage="memory://")
    environment = {
        LIMITS_VARIABLE: given.to_environment(),
        LIMITS_STORAGE_VARIABLE: " redis://10.0.0.5:6379 ",
    }

    assert Limits().storage == "memory://"
    assert Limits.from_environment(environment) == Limits(
        hint_queue=2, storage="redis://10.0.0.5:6379"
    )
    assert Settings.from_environment(environment).limits.storage == "redis://10.0.0.5:6379"


@pytest.mark.parametrize("storage", ["memcached://10.0.0.5", "10.0.0.5:6379", "redis:/x"])
def test_a_limits_storage_that_is_neither_memory_nor_redis_is_refused(storage: str) -> None:
    with pytest.raises(ValueError, match="no place to count the limits in"):
        Limits.from_environment({LIMITS_STORAGE_VARIABLE: storage})


@pytest.mark.parametrize(
    ("field", "value"),
    [("hint_workers", -1), ("hint_workers", 65), ("hint_seconds", 0), ("streams", 0)],
)
def test_a_limit_out_of_its_bounds_is_refused(field: str, value: float) -> None:
    with pytest.raises(ValueError, match=field):
        Limits(**{field: value})


def test_a_sqlite_store_keeps_its_tokens_key_next_to_its_database(tmp_path: Path) -> None:
    settings = Settings(store_url=f"sqlite:///{tmp_path / 'data' / 'games.db'}")
    assert settings.key_file == tmp_path / "data" / "games.db.key"
    assert settings.lasting_key
    assert settings.tokens_key() == settings.tokens_key()
    assert (tmp_path / "data" / "games.db.key").exists()


def test_other_stores_keep_a_key_only_when_one_is_given(caplog: pytest.LogCaptureFixture) -> None:
    memory = Settings(store_url="memory://")
    assert (memory.key_file, memory.lasting_key) == (None, False)
    assert memory.tokens_key() != memory.tokens_key()
    assert "MASTERMIND_WEB_SECRET is not set" in caplog.text
    given = attrs.evolve(memory, players_key="a key for every server of a store")
    assert given.lasting_key
    assert tokens_key("memory://", {KEY_VARIABLE: given.players_key}) == given.players_key
