"""The daily code at its edges: a day that turns while a command runs, a keyed command
sent again after midnight, one clock for the games and the daily code, the record of
games in play kept small, and arguments of the wrong type named."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta
from typing import Any

import pytest

from mastermind import Code
from mastermind.domain import Feedback
from mastermind.errors import DailyGameClosed, DailyReviewTooEarly
from mastermind.service import (
    DailyCodes,
    DailyGames,
    DailySecrets,
    Games,
    ProblemAnswer,
    daily_number,
    secret_notice,
)
from mastermind.service._daily_results import DailyScoreboard
from mastermind.service._daily_streaks import DailyStreaks
from mastermind.store import InMemoryEventStore, VersionConflict
from mastermind.testing import Calendar

KEY = "a key of the edges' tests, 32 bytes"
DAY = date(2026, 11, 23)


class TurningStore(InMemoryEventStore):
    """A store whose next append turns the day: refused as another writer's came first
    when ``conflict``, else stored."""

    def __init__(self, calendar: Calendar) -> None:
        super().__init__()
        self.calendar = calendar
        self.turn_next: bool = False
        self.conflict: bool = False

    def append(
        self, stream_id: str, events: Sequence[Any], expected_version: int, **kw: Any
    ) -> int:
        if self.turn_next:
            self.turn_next = False
            self.calendar.turn()
            if self.conflict:
                raise VersionConflict(stream_id, expected_version, expected_version + 1)
        return super().append(stream_id, events, expected_version, **kw)


@pytest.fixture
def calendar() -> Calendar:
    return Calendar(DAY)


@pytest.fixture
def store(calendar: Calendar) -> TurningStore:
    return TurningStore(calendar)


@pytest.fixture
def daily(store: TurningStore, calendar: Calendar) -> DailyGames:
    return DailyGames(Games(store, today=calendar), store, DailyCodes(KEY))


def wrong_for(secret: Code) -> str:
    return next(code for code in ("RRRR", "GGGG", "BBBB") if Code.parse(code) != secret)


def test_a_guess_retried_after_another_writer_stores_nothing_once_its_day_is_over(
    daily: DailyGames, store: TurningStore
) -> None:
    game_id = daily.play(daily.new_player()).board.game_id
    store.turn_next = store.conflict = True
    with pytest.raises(DailyGameClosed):
        daily.games.guess(game_id, wrong_for(daily.codes.secret(DAY)))
    assert daily.games.board(game_id).rows == ()


def test_a_give_up_retried_after_another_writer_stores_nothing_once_its_day_is_over(
    daily: DailyGames, store: TurningStore
) -> None:
    game_id = daily.play(daily.new_player()).board.game_id
    store.turn_next = store.conflict = True
    with pytest.raises(DailyGameClosed):
        daily.games.give_up(game_id)
    assert not daily.games.board(game_id).is_over


def test_a_game_asked_for_as_the_day_ends_is_the_new_days_and_takes_a_guess(
    daily: DailyGames, store: TurningStore
) -> None:
    player = daily.new_player()
    store.turn_next = True  # the day turns as the first game is stored
    game = daily.play(player)
    assert game.day == DAY + timedelta(days=1)
    assert len(daily.games.guess(game.board.game_id, "RGBY").rows) == 1


def test_a_keyed_guess_sent_again_after_midnight_answers_as_the_first_time(
    daily: DailyGames, calendar: Calendar
) -> None:
    game_id = daily.play(daily.new_player()).board.game_id
    first = daily.games.guess(game_id, "RGBY", idempotency_key="guess-1")
    calendar.turn()
    again = daily.games.guess(game_id, "RGBY", idempotency_key="guess-1")
    assert again.rows == first.rows
    with pytest.raises(DailyGameClosed):
        daily.games.guess(game_id, "RGBY", idempotency_key="guess-2")


def test_the_daily_code_takes_its_day_from_its_games(store: TurningStore) -> None:
    calendar = Calendar(DAY + timedelta(days=3))
    daily = DailyGames(Games(store, today=calendar), store, DailyCodes(KEY))
    assert daily.today() == DAY + timedelta(days=3)
    assert daily.play(daily.new_player()).day == DAY + timedelta(days=3)
    with pytest.raises(TypeError):
        DailyGames(Games(store), store, DailyCodes(KEY), clock=calendar)  # type: ignore[call-arg]


def test_the_daily_games_in_play_are_those_of_yesterday_and_today_at_most(
    daily: DailyGames, calendar: Calendar, store: TurningStore
) -> None:
    for _ in range(5):
        daily.play(daily.new_player())  # never finished
        calendar.turn()
    streaks, scoreboard = DailyStreaks(daily.codes.is_daily), DailyScoreboard(daily.codes.is_daily)
    kept, scores = streaks.initial_state(), scoreboard.initial_state()
    for record in store.read_all():
        kept, scores = streaks.apply(kept, record), scoreboard.apply(scores, record)
    last_two = [DAY + timedelta(days=3), DAY + timedelta(days=4)]
    assert sorted(set(kept.in_play.values())) == last_two
    assert sorted({day for day, _ in scores.in_play.values()}) == last_two
    assert daily.results(DAY).in_play == 1  # the day's count keeps its game unfinished


def test_a_review_too_early_carries_its_moment_and_is_read_back_as_itself(
    daily: DailyGames,
) -> None:
    game_id = daily.play(daily.new_player()).board.game_id
    daily.games.give_up(game_id)
    with pytest.raises(DailyReviewTooEarly) as refused:
        daily.games.review(game_id)
    problem = ProblemAnswer.of(refused.value)
    assert problem is not None
    assert problem.extensions == {"shown_at": "2026-11-24T00:00:00Z"}
    back = ProblemAnswer.from_document(problem.document()).exception()
    assert isinstance(back, DailyReviewTooEarly)
    assert back.shown_at == "2026-11-24T00:00:00Z"
    assert str(back) == str(refused.value)


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda d: Games(InMemoryEventStore(), today=5), "today"),
        (lambda d: DailySecrets(5), "today"),
        (lambda d: d.results("2026-11-22"), "day"),
        (lambda d: d.results(datetime(2026, 11, 22)), "day"),
        (lambda d: d.play(d.new_player(), "2026-11-23"), "day"),
        (lambda d: d.stats(123), "player_token"),
        (lambda d: Feedback(1, 1).marks("4"), "length"),
        (lambda d: Feedback(1, 1).marks(2.5), "length"),
        (lambda d: Feedback(1, 1).marks(True), "length"),
        (lambda d: Feedback(1, 1).marks(4, 5), "separator"),
        (lambda d: d.games.daily_secrets.shown("x"), "board"),
        (lambda d: daily_number("2026-11-23"), "day"),
        (lambda d: secret_notice(None), "day"),
    ],
)
def test_an_argument_of_the_wrong_type_is_refused_by_name(
    daily: DailyGames, call: Any, argument: str
) -> None:
    with pytest.raises(TypeError, match=f"^{argument} must be"):
        call(daily)
