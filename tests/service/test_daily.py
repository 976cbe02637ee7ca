from __future__ import annotations

import itertools
import threading
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

import attrs
import pytest

from mastermind import CLASSIC_PEGS, Code, GameStarted, HintsNotAllowed
from mastermind.bootstrap import bootstrap
from mastermind.service import (
    KEY_VARIABLE,
    DailyCodes,
    DailyCodeUnavailable,
    DailyGames,
    DailyResults,
    FixedSecrets,
    GameNotFound,
    Games,
    InvalidDailyKey,
    InvalidPlayerToken,
    share_text,
)
from mastermind.store import InMemoryEventStore
from mastermind.testing import Calendar

KEY = "a key of the tests, 32 bytes long"
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


def secret_of(store: InMemoryEventStore, game_id: str) -> Code:
    started = store.load(game_id).events[0]
    assert isinstance(started, GameStarted)
    return started.secret


def test_every_player_gets_the_same_classic_secret_on_a_day(
    daily: DailyGames, store: InMemoryEventStore
) -> None:
    games = [daily.play(daily.new_player()) for _ in range(5)]
    secrets = {secret_of(store, game.board.game_id) for game in games}
    assert secrets == {DailyCodes(KEY).secret(DAY)}
    (secret,) = secrets
    assert len(secret) == 4
    assert set(secret.pegs) <= set(CLASSIC_PEGS)
    assert len({game.board.game_id for game in games}) == 5
    assert all(game.board.total_attempts == 12 for game in games)
    assert all(game.board.available_pegs == CLASSIC_PEGS for game in games)


def test_the_secret_is_hidden_while_the_daily_game_is_in_play(daily: DailyGames) -> None:
    game = daily.play(daily.new_player())
    assert game.board.secret is None
    assert game.share is None


def test_the_secret_changes_from_day_to_day() -> None:
    codes = DailyCodes(KEY)
    year = [codes.secret(DAY + timedelta(days=n)) for n in range(365)]
    # 365 draws from 1,296 codes: about 319 different ones; a day like the last is rare.
    assert len(set(year)) > 280
    assert sum(today == tomorrow for today, tomorrow in itertools.pairwise(year)) <= 2


def test_another_key_makes_other_secrets_on_almost_every_day() -> None:
    ours, theirs = DailyCodes(KEY), DailyCodes("another key, just as long as ours")
    days = [DAY + timedelta(days=n) for n in range(200)]
    same = sum(ours.secret(day) == theirs.secret(day) for day in days)
    assert same <= 3


def test_each_colour_is_as_likely_in_each_place() -> None:
    codes = DailyCodes(KEY)
    secrets = [codes.secret(DAY + timedelta(days=n)) for n in range(6000)]
    for place in range(4):
        counts = Counter(secret.pegs[place] for secret in secrets)
        assert set(counts) == set(CLASSIC_PEGS)
        assert all(900 <= count <= 1100 for count in counts.values()), counts


def test_a_key_shorter_than_16_bytes_is_refused() -> None:
    with pytest.raises(InvalidDailyKey, match="16 bytes"):
        DailyCodes("too short")


def test_a_second_game_the_same_day_is_the_same_game_and_stores_nothing(
    daily: DailyGames, store: InMemoryEventStore
) -> None:
    player = daily.new_player()
    first = daily.play(player)
    position = store.read_all()[-1].position
    again = daily.play(player)
    assert again == first
    assert store.read_all()[-1].position == position


def test_a_player_resumes_the_daily_game_where_it_was_left(daily: DailyGames) -> None:
    player = daily.new_player()
    game_id = daily.play(player).board.game_id
    daily.games.guess(game_id, "RRGG")
    assert daily.play(player).board.attempts_used == 1


def test_the_next_day_the_player_gets_a_new_game_with_that_day_s_secret(
    daily: DailyGames, store: InMemoryEventStore, calendar: Calendar
) -> None:
    player = daily.new_player()
    today = daily.play(player)
    calendar.day = DAY + timedelta(days=1)
    tomorrow = daily.play(player)
    assert (today.day, tomorrow.day) == (DAY, DAY + timedelta(days=1))
    assert tomorrow.board.game_id != today.board.game_id
    assert tomorrow.board.game_id.startswith("daily-2026-11-24-")
    assert secret_of(store, tomorrow.board.game_id) == DailyCodes(KEY).secret(tomorrow.day)


def test_asking_for_a_days_game_once_the_day_has_turned_answers_that_game(
    daily: DailyGames, calendar: Calendar
) -> None:
    player = daily.new_player()
    begun = daily.play(player)
    calendar.day = DAY + timedelta(days=1)
    assert daily.play(player, DAY) == begun


def test_a_day_other_than_today_with_no_game_of_the_player_starts_nothing(
    daily: DailyGames, store: InMemoryEventStore
) -> None:
    player = daily.new_player()
    for day in (DAY - timedelta(days=1), DAY + timedelta(days=1)):
        with pytest.raises(GameNotFound):
            daily.play(player, day)
    assert store.read_all() == []


def test_players_asking_at_once_share_one_game(
    daily: DailyGames, store: InMemoryEventStore
) -> None:
    player = daily.new_player()
    start = threading.Barrier(4)
    answers: list[str] = []

    def play() -> None:
        start.wait()
        answers.append(daily.play(player).board.game_id)

    threads = [threading.Thread(target=play) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(answers)) == 1
    assert len(list(store.read_all())) == 1


@pytest.mark.parametrize(
    "token",
    [
        "",
        "not a token",
        "0" * 32 + "." + "A" * 43,
        "é" * 76,
    ],
)
def test_a_token_the_server_did_not_sign_is_refused_and_nothing_is_stored(
    daily: DailyGames, store: InMemoryEventStore, token: str
) -> None:
    with pytest.raises(InvalidPlayerToken, match="not given by this server"):
        daily.play(token)
    assert list(store.read_all()) == []


def test_a_token_cut_short_or_altered_is_refused(
    daily: DailyGames, store: InMemoryEventStore
) -> None:
    token = daily.new_player()
    flipped = ("1" if token[0] == "0" else "0") + token[1:]
    for forged in (token[:-1], flipped, token + "A", token.upper()):
        with pytest.raises(InvalidPlayerToken):
            daily.play(forged)
    assert list(store.read_all()) == []


def test_a_token_of_another_key_is_refused(daily: DailyGames, store: InMemoryEventStore) -> None:
    elsewhere = DailyCodes("the key of another server, long").new_player()
    with pytest.raises(InvalidPlayerToken):
        daily.play(elsewhere)
    assert list(store.read_all()) == []


def test_the_daily_game_offers_no_hints(daily: DailyGames) -> None:
    board = daily.play(daily.new_player()).board
    assert not daily.games.offers_hints(board)
    with pytest.raises(HintsNotAllowed):
        daily.games.hint(board.game_id)


def win_in(daily: DailyGames, guesses: int) -> str:
    """A new player's daily game, won at its ``guesses``-th guess."""
    game = daily.play(daily.new_player())
    secret = DailyCodes(KEY).secret(game.day)
    wrong = next(code for code in ("RRRR", "GGGG", "BBBB") if Code.parse(code) != secret)
    for _ in range(guesses - 1):
        daily.games.guess(game.board.game_id, wrong)
    daily.games.guess(game.board.game_id, secret)
    return game.board.game_id


def test_the_results_count_players_wins_losses_and_guesses_per_win(
    daily: DailyGames, calendar: Calendar
) -> None:
    assert daily.results() == DailyResults(DAY)
    win_in(daily, 3)
    win_in(daily, 3)
    win_in(daily, 5)
    given_up = daily.play(daily.new_player()).board.game_id
    daily.games.give_up(given_up)
    daily.play(daily.new_player())
    daily.games.join()  # a game that is not the daily code counts for nothing here
    results = daily.results()
    assert (results.players, results.wins, results.losses, results.in_play) == (5, 3, 1, 1)
    assert results.histogram == {3: 2, 5: 1}
    calendar.day = DAY + timedelta(days=1)
    win_in(daily, 2)
    assert daily.results().histogram == {2: 1}
    assert daily.results(DAY) == attrs.evolve(results, secret=DailyCodes(KEY).secret(DAY))


def test_the_results_count_games_played_by_other_processes_since_the_last_reading(
    daily: DailyGames, store: InMemoryEventStore, calendar: Calendar
) -> None:
    win_in(daily, 4)
    assert daily.results().wins == 1
    elsewhere = DailyGames(Games(store, today=calendar), store, DailyCodes(KEY))
    win_in(elsewhere, 2)
    assert daily.results().histogram == {2: 1, 4: 1}


def test_a_game_named_like_a_daily_game_without_the_day_s_secret_counts_for_nothing(
    daily: DailyGames, store: InMemoryEventStore
) -> None:
    secret = DailyCodes(KEY).secret(DAY)
    other = next(code for code in ("RRRR", "GGGG") if Code.parse(code) != secret)
    Games(store, FixedSecrets(other), today=Calendar(DAY)).start(
        game_id="daily-2026-11-23-0123456789abcdef"
    )
    assert daily.results() == DailyResults(DAY)


def test_the_shared_result_has_one_line_of_marks_a_guess_and_no_colour() -> None:
    store = InMemoryEventStore()
    daily = DailyGames(Games(store, today=Calendar(DAY)), store, DailyCodes(KEY))
    secret = DailyCodes(KEY).secret(DAY)
    player = daily.new_player()
    game_id = daily.play(player).board.game_id
    guesses = ["RGBY", "OOPP", secret.initials()]
    for guess in guesses:
        daily.games.guess(game_id, guess)
    game = daily.play(player)
    assert game.share is not None
    header, *lines = game.share.splitlines()
    assert header == "Mastermind #1 3/12"
    assert len(lines) == 3
    assert lines[-1] == "●●●●"
    for line, row in zip(lines, game.board.rows, strict=True):
        assert len(line) == 4
        assert line.count("●") == row.feedback.black
        assert line.count("○") == row.feedback.white
        assert set(line) <= {"●", "○", "·"}
    for colour in CLASSIC_PEGS:
        assert colour.casefold() not in game.share.casefold()


def test_the_shared_result_depends_on_the_key_pegs_alone() -> None:
    store = InMemoryEventStore()
    games = Games(store, FixedSecrets("RRGG", "BBYY"))
    one, other = games.join(), games.join()
    games.guess(one, "GGRR")
    games.guess(other, "YYBB")
    games.give_up(one)
    games.give_up(other)
    assert share_text(games.board(one), DAY) == share_text(games.board(other), DAY)
    assert share_text(games.board(one), DAY) == "Mastermind #1 X/12\n○○○○"


def test_a_lost_game_shares_an_x() -> None:
    store = InMemoryEventStore()
    games = Games(store, FixedSecrets("RRGG"))
    game_id = games.join(total_attempts=2)
    games.guess(game_id, "BBBB")
    games.guess(game_id, "RBBB")
    assert share_text(games.board(game_id), DAY) == "Mastermind #1 X/2\n····\n●···"


def test_the_bootstrap_derives_the_daily_code_from_the_players_tokens_key(
    store: InMemoryEventStore,
) -> None:
    application = bootstrap(store, hints=None, reviews=None, environment={KEY_VARIABLE: KEY})
    game = application.daily.play(application.daily.new_player())
    assert secret_of(store, game.board.game_id) == DailyCodes(KEY).secret(game.day)
    assert abs((game.day - date.today()).days) <= 1  # today in UTC, wherever the tests run


@pytest.mark.parametrize("url", ["memory://", None])
def test_there_is_no_daily_code_without_a_key_that_outlives_the_process(url: str | None) -> None:
    store = InMemoryEventStore()
    application = bootstrap(url or store, hints=None, reviews=None, environment={})
    with pytest.raises(DailyCodeUnavailable, match="MASTERMIND_WEB_SECRET"):
        application.daily  # noqa: B018 - the property is what refuses
    application.close()


def test_a_sqlite_file_keeps_the_daily_codes_key_beside_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    first = bootstrap(url, hints=None, reviews=None, environment={})
    secret = first.daily.codes.secret(DAY)
    first.close()
    again = bootstrap(url, hints=None, reviews=None, environment={})
    assert again.daily.codes.secret(DAY) == secret
    again.close()
