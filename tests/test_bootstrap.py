"""The one wiring point: every part is an argument with a production default."""

from __future__ import annotations

from pathlib import Path

import pytest

from mastermind import CLASSIC_PEGS, Code, Outcome
from mastermind.bootstrap import bootstrap, fixed_or_random_secret
from mastermind.config import SECRET_VARIABLE, STORE_VARIABLE, Limits, Settings
from mastermind.hints._cache import CACHE_FILE
from mastermind.service import (
    FixedSecrets,
    HintUnavailable,
    PlayerTokens,
    ReviewUnavailable,
    random_secret,
)
from mastermind.store import (
    EventCodec,
    InMemoryEventStore,
    SQLiteEventStore,
    Upcasters,
    mastermind_upcasters,
)
from tests.hints.sources import CountedHints


def test_without_a_fixed_secret_secrets_are_unpredictable() -> None:
    assert fixed_or_random_secret() is random_secret
    assert fixed_or_random_secret("   ") is random_secret


def test_a_fixed_secret_is_read_in_each_games_palette(caplog: pytest.LogCaptureFixture) -> None:
    make = fixed_or_random_secret("bb")
    assert make(("Ash", "Birch", "Cedar"), 2, False) == Code.of("Birch", "Birch")
    assert make(CLASSIC_PEGS, 4, False) == Code.of("Blue", "Blue")
    assert "every game has the same secret" in caplog.text


def test_bootstrap_opens_the_store_a_url_names(tmp_path: Path) -> None:
    application = bootstrap(f"sqlite:///{tmp_path / 'games.db'}", environment={})
    assert isinstance(application.store, SQLiteEventStore)
    application.close()


def test_without_a_store_bootstrap_opens_the_one_the_environment_names(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'elsewhere.db'}"
    application = bootstrap(environment={STORE_VARIABLE: url})
    assert isinstance(application.store, SQLiteEventStore)
    assert application.store.path == str(tmp_path / "elsewhere.db")
    application.close()


def test_bootstrap_composes_the_settings_it_is_given_without_reading_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(STORE_VARIABLE, "bogus://never-read")
    limits = Limits(store_wait=0.5)
    settings = Settings(store_url="memory://", fixed_secret="RGBY", limits=limits)
    application = bootstrap(settings=settings, hints=None)
    assert application.limits is limits
    assert application.games.guess(application.games.join(), "RGBY").outcome is Outcome.WON
    application.close()


def test_limits_given_win_over_those_of_the_settings() -> None:
    limits = Limits(hint_queue=1)
    application = bootstrap("memory://", limits=limits, hints=None, settings=Settings())
    assert application.limits is limits
    application.close()


def test_bootstrap_takes_the_fixed_secret_from_the_environment() -> None:
    games = bootstrap(InMemoryEventStore(), environment={SECRET_VARIABLE: "RGBY"}).games
    game_id = games.join()
    assert games.guess(game_id, "Red Green Blue Yellow").outcome is Outcome.WON


def test_a_secret_maker_given_wins_over_the_environment() -> None:
    games = bootstrap(
        InMemoryEventStore(),
        secret_maker=FixedSecrets("OOOO"),
        environment={SECRET_VARIABLE: "RGBY"},
    ).games
    assert games.guess(games.join(), "OOOO").outcome is Outcome.WON


def test_a_codec_given_keeps_the_events_of_a_store_opened_by_url() -> None:
    upcasters = mastermind_upcasters()
    upcasters.add("GameWon", 1, lambda data: data)
    application = bootstrap("memory://", codec=EventCodec(upcasters=upcasters), environment={})
    games = bootstrap(application.store, environment={SECRET_VARIABLE: "RGBY"}).games
    game_id = games.join()
    games.guess(game_id, "RGBY")
    assert [record.event for record in games.history(game_id)][-1].game_id == game_id


def test_a_codec_cannot_go_with_a_store_already_open() -> None:
    with pytest.raises(ValueError, match="codec goes with a store's URL"):
        bootstrap(InMemoryEventStore(), codec=EventCodec(), environment={})


def test_upcasters_for_mastermind_must_start_from_its_own() -> None:
    some_of_its_own = Upcasters()
    some_of_its_own.add("GameStarted", 1, lambda data: {"unique": False, **data})
    with pytest.raises(ValueError, match="mastermind_upcasters"):
        EventCodec(upcasters=some_of_its_own)


def test_the_solver_gives_hints_by_default_and_none_when_left_out() -> None:
    hinted = bootstrap("memory://", environment={SECRET_VARIABLE: "RGBY"}).games
    game_id = hinted.join()
    assert hinted.hint(game_id).remaining == 6**4
    unhinted = bootstrap("memory://", hints=None, environment={}).games
    with pytest.raises(HintUnavailable):
        unhinted.hint(unhinted.join())


def test_the_solver_reviews_finished_games_by_default_and_none_when_left_out() -> None:
    reviewed = bootstrap("memory://", environment={SECRET_VARIABLE: "RGBY"}).games
    game_id = reviewed.join()
    reviewed.guess(game_id, "RGBY")
    assert reviewed.review(game_id).guesses[0].candidates_before == 6**4
    unreviewed = bootstrap("memory://", reviews=None, environment={SECRET_VARIABLE: "RGBY"}).games
    game_id = unreviewed.join()
    unreviewed.guess(game_id, "RGBY")
    with pytest.raises(ReviewUnavailable):
        unreviewed.review(game_id)


def test_tokens_given_are_the_applications_tokens() -> None:
    tokens = PlayerTokens.random()
    assert bootstrap("memory://", tokens=tokens, environment={}).tokens is tokens


def test_a_sqlite_store_keeps_the_tokens_key_next_to_its_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    first = bootstrap(url, environment={}).tokens
    second = bootstrap(url, environment={}).tokens
    assert (tmp_path / "games.db.key").exists()
    assert second.holds(first.issue("game-1"), "game-1")


def test_a_terminal_game_never_makes_a_tokens_key(tmp_path: Path) -> None:
    bootstrap(f"sqlite:///{tmp_path / 'games.db'}", environment={}).close()
    assert not (tmp_path / "games.db.key").exists()


def test_with_a_hint_cache_a_hint_is_answered_again_in_a_later_application(
    tmp_path: Path,
) -> None:
    first, later = CountedHints(), CountedHints()
    games = bootstrap("memory://", hints=first, hint_cache=tmp_path, environment={}).games
    board = games.start(12, CLASSIC_PEGS, 4, "RGBY")
    games.guess(board.game_id, "RRGG")
    hinted = games.hint(board.game_id)
    games.close()

    again = bootstrap("memory://", hints=later, hint_cache=tmp_path, environment={}).games
    board = again.start(10, CLASSIC_PEGS, 4, "RGYB")  # another game whose board looks the same
    again.guess(board.game_id, "RRGG")

    assert again.hint(board.game_id).guess == hinted.guess
    assert (len(first.asked), len(later.asked)) == (1, 0)
    assert (tmp_path / CACHE_FILE).is_file()


def test_without_a_hint_cache_every_hint_is_worked_out(tmp_path: Path) -> None:
    source = CountedHints()
    games = bootstrap("memory://", hints=source, environment={}).games
    game_id = games.join()

    games.hint(game_id)
    games.hint(game_id)

    assert len(source.asked) == 2


def test_the_solvers_hints_are_kept_in_the_cache_given(tmp_path: Path) -> None:
    application = bootstrap(
        "memory://", hint_cache=tmp_path / "cache", environment={SECRET_VARIABLE: "RGBY"}
    )
    try:
        assert application.games.hint(application.games.join()).remaining == 6**4
    finally:
        application.close()
    assert (tmp_path / "cache" / CACHE_FILE).is_file()
