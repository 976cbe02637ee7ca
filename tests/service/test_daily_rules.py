"""The rules of a daily game's day, in the service, on a fake clock: the secret shows
once the day is over, a day gone by takes no command, each day has a number, and each
player has a record of daily streaks."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from mastermind import Code
from mastermind.errors import DailyGameClosed, DailyReviewTooEarly
from mastermind.service import (
    FIRST_DAILY_DAY,
    DailyCodes,
    DailyGames,
    Games,
    ReviewUnavailable,
    daily_number,
    secret_notice,
    share_text,
)
from mastermind.service._daily_streaks import DailyStreaks
from mastermind.store import InMemoryEventStore
from mastermind.testing import Calendar

KEY = "a key of the rules' tests, 32 bytes"
DAY = date(2026, 11, 23)


@pytest.fixture
def store() -> InMemoryEventStore:
    return InMemoryEventStore()


@pytest.fixture
def calendar() -> Calendar:
    return Calendar(DAY)


@pytest.fixture
def daily(store: InMemoryEventStore, calendar: Calendar) -> DailyGames:
    return DailyGames(Games(store, today=calendar), store, DailyCodes(KEY))


def wrong_for(secret: Code) -> str:
    return next(code for code in ("RRRR", "GGGG", "BBBB") if Code.parse(code) != secret)


def test_a_daily_game_shows_its_secret_only_once_its_day_is_over_won_lost_or_given_up(
    daily: DailyGames, calendar: Calendar
) -> None:
    secret = daily.codes.secret(DAY)
    won, lost, given_up = (daily.play(daily.new_player()).board.game_id for _ in range(3))
    answers = [daily.games.guess(won, secret), daily.games.give_up(given_up)]
    for _ in range(12):
        answers.append(daily.games.guess(lost, wrong_for(secret)))
    assert all(answer.secret is None for answer in answers)
    assert {daily.games.board(game).outcome.value for game in (won, lost, given_up)} == {
        "won",
        "lost",
    }
    assert all(daily.games.board(game).secret is None for game in (won, lost, given_up))
    assert all(daily.games.maker_board(game).secret is None for game in (won, lost, given_up))
    calendar.turn()
    assert all(daily.games.board(game).secret == secret for game in (won, lost, given_up))


def test_a_lost_daily_game_says_when_its_secret_shows_and_a_won_one_need_not(
    daily: DailyGames,
) -> None:
    lost_player, won_player = daily.new_player(), daily.new_player()
    daily.games.give_up(daily.play(lost_player).board.game_id)
    daily.games.guess(daily.play(won_player).board.game_id, daily.codes.secret(DAY))
    lost = daily.play(lost_player)
    assert lost.secret_notice == "The secret is shown at 00:00 UTC on 24 November."
    assert lost.secret_shown_at == datetime(2026, 11, 24, tzinfo=UTC)
    assert daily.play(won_player).secret_notice is None
    assert secret_notice(date(2026, 12, 31)) == "The secret is shown at 00:00 UTC on 1 January."


def test_a_day_gone_by_takes_no_guess_nor_give_up_and_stores_nothing(
    daily: DailyGames, calendar: Calendar, store: InMemoryEventStore
) -> None:
    game_id = daily.play(daily.new_player()).board.game_id
    daily.games.guess(game_id, wrong_for(daily.codes.secret(DAY)))
    calendar.turn()
    version = store.load(game_id).version
    with pytest.raises(DailyGameClosed) as refused:
        daily.games.guess(game_id, daily.codes.secret(DAY))
    assert refused.value.day == "2026-11-23"
    assert "closed" in refused.value.message
    with pytest.raises(DailyGameClosed):
        daily.games.give_up(game_id)
    assert store.load(game_id).version == version


def test_a_finished_daily_game_is_reviewed_only_once_its_day_is_over(
    daily: DailyGames, calendar: Calendar
) -> None:
    game_id = daily.play(daily.new_player()).board.game_id
    daily.games.give_up(game_id)
    with pytest.raises(DailyReviewTooEarly, match="00:00 UTC on 24 November"):
        daily.games.review(game_id)
    calendar.turn()
    with pytest.raises(ReviewUnavailable, match="no code breaker") as unavailable:
        daily.games.review(game_id)  # these games have none wired in: the day is no matter
    assert not isinstance(unavailable.value, DailyReviewTooEarly)


def test_a_game_that_is_not_daily_shows_its_secret_once_over_as_ever(
    daily: DailyGames,
) -> None:
    board = daily.games.start(secret="RGBY")
    assert daily.games.give_up(board.game_id).secret == Code.parse("RGBY")


def test_each_day_has_a_number_counted_from_the_first_day_and_shared_in_the_result(
    daily: DailyGames, calendar: Calendar
) -> None:
    assert daily_number(FIRST_DAILY_DAY) == 1
    assert daily_number(FIRST_DAILY_DAY + timedelta(days=11)) == 12
    calendar.turn(11)
    game = daily.play(daily.new_player())
    daily.games.give_up(game.board.game_id)
    over = daily.play(daily.codes.new_player())
    assert over.number == 12
    assert share_text(daily.games.board(game.board.game_id), calendar.day).startswith(
        "Mastermind #12 X/12"
    )


def win(daily: DailyGames, player: str) -> None:
    game = daily.play(player)
    daily.games.guess(game.board.game_id, daily.codes.secret(game.day))


def lose(daily: DailyGames, player: str) -> None:
    daily.games.give_up(daily.play(player).board.game_id)


def test_streaks_count_days_won_in_a_row_and_end_on_a_day_lost_or_missed(
    daily: DailyGames, calendar: Calendar
) -> None:
    ann, bob = daily.new_player(), daily.new_player()
    steps = [win, win, lose, win, win, win]
    expected = [(1, 1), (2, 2), (0, 2), (1, 2), (2, 2), (3, 3)]
    for step, (streak, best) in zip(steps, expected, strict=True):
        step(daily, ann)
        stats = daily.stats(ann)
        assert (stats.streak, stats.best_streak) == (streak, best)
        calendar.turn()
    stats = daily.stats(ann)
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (6, 5, 3, 3)
    calendar.turn()  # a day missed
    assert (daily.stats(ann).streak, daily.stats(ann).best_streak) == (0, 3)
    win(daily, bob)
    daily.games.start()  # another game counts for nothing here
    bob_stats = daily.stats(bob)
    assert (bob_stats.played, bob_stats.won, bob_stats.streak) == (1, 1, 1)
    assert daily.stats(None).played == 0
    assert daily.stats(ann).next_code_at == datetime.combine(
        calendar.day + timedelta(days=1), datetime.min.time(), UTC
    )
    assert daily.stats(ann).number == daily_number(calendar.day)


def test_another_process_of_the_store_reads_the_same_record_of_streaks(
    daily: DailyGames, calendar: Calendar, store: InMemoryEventStore
) -> None:
    ann = daily.new_player()
    for _ in range(2):
        win(daily, ann)
        calendar.turn()
    before = daily.stats(ann)
    again = DailyGames(Games(store, today=calendar), store, DailyCodes(KEY))
    assert again.stats(ann) == before


def test_the_record_of_streaks_is_kept_as_text_and_read_back_the_same(
    daily: DailyGames, calendar: Calendar, store: InMemoryEventStore
) -> None:
    ann = daily.new_player()
    win(daily, ann)
    calendar.turn()
    daily.play(ann)  # in play
    projection = DailyStreaks(daily.codes.is_daily)
    state = projection.initial_state()
    for record in store.read_all():
        state = projection.apply(state, record)
    assert projection.load(projection.dump(state)) == state
    with pytest.raises(ValueError, match="not a record of daily streaks"):
        projection.load('{"players": {"a": [1, -1, 0, 0, null]}, "in_play": {}}')
