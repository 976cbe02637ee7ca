"""The list of games, the statistics and the daily results are projections whose
checkpoints the store keeps: a restarted service answers the same, reading only what is
new."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from mastermind import Outcome
from mastermind.service import (
    DailyCodes,
    DailyGames,
    FixedSecrets,
    GameCatalogue,
    Games,
    GameSummary,
)
from mastermind.store import CorruptRecord, EventStore, SQLiteEventStore, Tracking
from mastermind.testing import Calendar
from tests.service.projection_stores import STORES, new_store

KEY = "a key of the tests, 32 bytes long"
DAY = date(2026, 11, 23)


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    store = new_store(request.param, tmp_path, request)
    yield store
    store.close()


def play(games: Games, *guesses: str, give_up: bool = False, call_off: bool = False) -> str:
    game_id = games.join()
    for guess in guesses:
        games.guess(game_id, guess)
    if give_up:
        games.give_up(game_id)
    if call_off:
        games.call_off(game_id)
    return game_id


def play_a_few(games: Games) -> None:
    play(games, "RGBY")
    play(games, "PPPP", "PPPP", "RGBY")
    play(games, "PPPP", give_up=True)
    play(games, "OOOO", call_off=True)
    play(games, "PPPP")


def test_a_second_service_on_the_store_lists_the_same_games_and_both_follow_new_ones(
    store: EventStore,
) -> None:
    first = Games(store, FixedSecrets(*["RGBY"] * 9))
    play_a_few(first)
    listed = first.summaries()
    second = Games(store, FixedSecrets(*["RGBY"] * 9))
    assert second.summaries() == listed
    play(second, "RGBY")
    assert first.summaries() == second.summaries()
    assert first.statistics() == second.statistics()
    assert first.statistics().games_played == 6
    assert isinstance(store, Tracking)
    checkpoint = store.checkpoint(GameCatalogue.name)
    assert checkpoint is not None
    assert checkpoint.position == store.read_all(limit=1000)[-1].position


def damage(path: Path, position: int) -> None:
    """Make the record at ``position`` unreadable, as a bad disk or a bad hand might."""
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE events SET type = 'Lost' WHERE position = ?", (position,))
    connection.close()


def test_a_restarted_service_lists_its_games_from_the_checkpoint_reading_only_new_records(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    store = SQLiteEventStore(path)
    games = Games(store, FixedSecrets(*["RGBY"] * 9))
    play_a_few(games)
    listed, statistics = games.summaries(), games.statistics()
    first_game = listed[0].game_id
    store.close()
    damage(path, 1)  # the first game's start: reading the feed again would stop there

    store = SQLiteEventStore(path)
    restarted = Games(store, FixedSecrets(*["RGBY"] * 9))
    with pytest.raises(CorruptRecord):
        restarted.history(first_game)
    assert restarted.summaries() == listed
    assert restarted.statistics() == statistics
    newest = play(restarted, "PPPP", "RGBY")
    assert restarted.summaries()[-1] == GameSummary(newest, Outcome.WON, 2, 12, 4, 6)
    assert restarted.latest() == newest
    store.close()


def win_in(daily: DailyGames, guesses: int) -> str:
    game = daily.play(daily.new_player())
    secret = daily.codes.secret(game.day)
    wrong = next(code for code in ("RRRR", "GGGG") if code != secret.initials())
    for _ in range(guesses - 1):
        daily.games.guess(game.board.game_id, wrong)
    daily.games.guess(game.board.game_id, secret)
    return game.board.game_id


def test_a_restarted_server_counts_the_day_from_the_checkpoint_and_goes_on(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    store = SQLiteEventStore(path)
    daily = DailyGames(Games(store, today=Calendar(DAY)), store, DailyCodes(KEY))
    win_in(daily, 3)
    win_in(daily, 5)
    in_play = daily.play(daily.new_player())
    daily.games.guess(in_play.board.game_id, "RRRR")
    daily.games.give_up(daily.play(daily.new_player()).board.game_id)
    results = daily.results()
    assert (results.players, results.wins, results.losses, results.in_play) == (4, 2, 1, 1)
    store.close()
    damage(path, 1)

    store = SQLiteEventStore(path)
    restarted = DailyGames(Games(store, today=Calendar(DAY)), store, DailyCodes(KEY))
    assert restarted.results() == results
    restarted.games.guess(in_play.board.game_id, restarted.codes.secret(DAY))
    win_in(restarted, 3)
    after = restarted.results()
    assert (after.players, after.wins, after.losses, after.in_play) == (5, 4, 1, 0)
    assert after.histogram == {2: 1, 3: 2, 5: 1}
    store.close()


def summaries_of_every_kind() -> dict[str, GameSummary]:
    return {
        summary.game_id: summary
        for summary in [
            GameSummary("won", Outcome.WON, 3, 12, 4, 6),
            GameSummary('é 🎲 "quoted" \\ [1,2]', Outcome.IN_PROGRESS, 0, 10, 5, 8),
            GameSummary("given up", Outcome.LOST, 2, 12, 4, 6),
            GameSummary("called off", Outcome.LOST, 1, 12, 4, 6, called_off=True),
            GameSummary("out of attempts", Outcome.LOST, 12, 12, 4, 6),
        ]
    }


def test_the_catalogue_reads_back_every_summary_it_wrote_in_order() -> None:
    catalogue = GameCatalogue()
    games = summaries_of_every_kind()
    read = catalogue.load(catalogue.dump(games))
    assert list(read.items()) == list(games.items())
    assert catalogue.load(catalogue.dump({})) == {}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{}",
        '{"games": []}',
        "[1]",
        '[["g", "won", 1, 12, 4, 6]]',
        '[["g", "won", 1, 12, 4, 6, false, 0]]',
        '[["g", "drawn", 1, 12, 4, 6, false]]',
        '[[7, "won", 1, 12, 4, 6, false]]',
        '[["g", "won", "1", 12, 4, 6, false]]',
        '[["g", "won", 1, 12, 4, 6, "no"]]',
    ],
)
def test_the_catalogue_refuses_text_it_did_not_write_with_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="not a list of games"):
        GameCatalogue().load(text)
