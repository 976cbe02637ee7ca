"""The terminal remembers its player: the games started here, offered to resume, listed
with their age, and counted apart from the other games of the store."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from mastermind.bootstrap import bootstrap
from mastermind.cli._own_games import OwnGames, age, in_play_first, latest_in_play
from mastermind.domain import Outcome
from mastermind.service import KEY_VARIABLE, FixedSecrets, Games, GameSummary
from mastermind.store import SQLiteEventStore
from mastermind.testing import Calendar
from tests.cli.conftest import Mastermind
from tests.cli.test_terminal import ended, environment, spawn, transcript

NOW = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


def summary(game_id: str, outcome: Outcome = Outcome.IN_PROGRESS) -> GameSummary:
    return GameSummary(game_id, outcome, 1, 12, 4, 6)


@pytest.mark.parametrize(
    ("elapsed", "said"),
    [
        (timedelta(seconds=5), "just now"),
        (timedelta(minutes=1), "1 minute ago"),
        (timedelta(minutes=59), "59 minutes ago"),
        (timedelta(hours=2, minutes=30), "2 hours ago"),
        (timedelta(hours=30), "yesterday"),
        (timedelta(days=3), "3 days ago"),
        (timedelta(days=45), "on 2026-01-28"),
    ],
)
def test_an_age_is_said_as_a_person_says_it(elapsed: timedelta, said: str) -> None:
    assert age(NOW - elapsed, NOW) == said


def test_games_in_play_come_first_then_those_over_each_the_latest_first() -> None:
    oldest_first = [
        summary("a-won", Outcome.WON),
        summary("b-in-play"),
        summary("c-lost", Outcome.LOST),
        summary("d-in-play"),
    ]
    ordered = [game.game_id for game in in_play_first(oldest_first)]
    assert ordered == ["d-in-play", "b-in-play", "c-lost", "a-won"]


def test_the_game_to_resume_is_the_players_latest_in_play_not_anothers() -> None:
    summaries = [
        summary("mine-old"),
        summary("mine-new"),
        summary("web"),
        summary("won", Outcome.WON),
    ]
    started = {"mine-old": NOW - timedelta(days=1), "mine-new": NOW, "won": NOW}
    chosen = latest_in_play(summaries, started)
    assert chosen is not None
    assert chosen.game_id == "mine-new"
    assert latest_in_play(summaries, {}) is None


def test_the_book_keeps_games_by_store_and_forgives_a_broken_file(tmp_path: Path) -> None:
    book = OwnGames(tmp_path / "data" / "terminal-games.json")
    book.keep("sqlite:///one.db", "g1", NOW)
    book.keep("sqlite:///two.db", "g2", NOW)
    assert book.started("sqlite:///one.db") == {"g1": NOW}
    assert (tmp_path / "data" / "terminal-games.json").stat().st_mode & 0o777 == 0o600
    book.path.write_text("{not json")
    assert book.started("sqlite:///one.db") == {}


def test_stats_counts_the_games_played_in_this_terminal_and_says_so(
    mastermind: Mastermind, games: Games
) -> None:
    mastermind.play("rgby", secret="RGBY")
    web_game = games.join()  # as the web page would, sharing the store
    games.guess(web_game, "rgby")

    own = mastermind("stats")
    assert own.stdout.splitlines()[:2] == [
        "Your 1 game played in this terminal (games of the web page are not counted; --all "
        "counts them):",
        "played                     1",
    ]
    every = mastermind("stats", "--all")
    assert every.stdout.splitlines()[:2] == [
        "All 2 games of this store, wherever they were played:",
        "played                     2",
    ]
    assert mastermind.json("stats")["games_played"] == 1


def test_games_lists_the_games_in_play_first_with_when_they_were_started_here(
    mastermind: Mastermind, games: Games
) -> None:
    mastermind.play("rgby", secret="RGBY")
    mastermind("new", env={"MASTERMIND_SECRET": "RGBY"})
    web_game = games.join()
    lines = mastermind("games").stdout.splitlines()
    assert lines[0].split() == ["game", "status", "guesses", "code", "rules", "started"]
    statuses = [(line.split()[1], line.split("classic")[-1].strip()) for line in lines[1:]]
    assert statuses == [("in", "elsewhere"), ("in", "just now"), ("won", "just now")]
    assert lines[1].startswith(web_game[:8])


@pytest.fixture
def games(database: Path) -> Games:
    return Games(SQLiteEventStore(database), FixedSecrets("RGBY"))


def test_play_offers_the_players_game_in_play_and_enter_resumes_it(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    env = environment(tmp_path, MASTERMIND_SECRET="RGBY", TERM="dumb")
    first = spawn(env, "play", "--db", str(database))
    first.expect_exact("Guess 1 of 12: ")
    first.sendline("pppp")
    first.expect_exact("Guess 2 of 12: ")
    first.sendline("quit")
    assert ended(first) == 0

    second = spawn(env, "play", "--db", str(database))
    second.expect(r"Your game [0-9a-f]{8}, started just now, is in play: 1 of 12 attempts used\.")
    second.expect_exact("Resume it? [Y/n] (n starts a new game) ")
    second.sendline("")
    second.expect_exact("Guess 2 of 12: ")
    second.sendline("quit")
    assert ended(second) == 0

    third = spawn(env, "play", "--db", str(database))
    third.expect_exact("Resume it? [Y/n] (n starts a new game) ")
    third.sendline("n")
    third.expect_exact("Guess 1 of 12: ")
    third.sendline("quit")
    assert ended(third) == 0

    fourth = spawn(env, "play", "--new", "--db", str(database))
    fourth.expect_exact("Guess 1 of 12: ")
    assert "Resume it?" not in fourth.before
    fourth.sendline("quit")
    assert ended(fourth) == 0


def test_play_with_resume_goes_on_without_asking_and_piped_input_starts_a_new_game(
    mastermind: Mastermind,
) -> None:
    mastermind.play("pppp", secret="RGBY")
    resumed = mastermind.play("rgby", options=("--resume",))
    assert "Resume it?" not in resumed.stdout
    assert "Guess 2 of 12: rgby" in resumed.stdout
    piped = mastermind.play("rgby")
    assert "Resume it?" not in piped.stdout
    assert "Guess 1 of 12: rgby" in piped.stdout
    both = mastermind("play", "--new", "--resume")
    assert both.exit_code == 2
    assert "Give --new or --resume, not both." in both.stderr


def test_a_guess_already_on_the_board_is_named_before_it_costs_an_attempt(
    tmp_path: Path,
) -> None:
    env = environment(tmp_path, MASTERMIND_SECRET="RGBY", TERM="dumb")
    child = spawn(env, "play", "--db", str(tmp_path / "games.db"))
    child.expect_exact("Guess 1 of 12: ")
    child.sendline("red red green green")
    child.expect_exact("Guess 2 of 12: ")
    child.sendline("RRGG")
    child.expect_exact(
        "You tried R R G G in row 1: the answer will be the same. Send it anyway? [y/N] "
    )
    child.sendline("")
    child.expect_exact("Not sent. No attempt used.")
    child.expect_exact("Guess 2 of 12: ")
    child.sendline("rrgg")
    child.expect_exact("Send it anyway? [y/N] ")
    child.sendline("y")
    child.expect_exact("Guess 3 of 12: ")
    child.sendline("quit")
    assert ended(child) == 0


def test_an_empty_enter_gives_a_fresh_prompt_without_the_last_refusal(tmp_path: Path) -> None:
    env = environment(tmp_path, MASTERMIND_SECRET="RGBY")
    child = spawn(env, "play", "--db", str(tmp_path / "games.db"))
    child.expect_exact("Guess 1 of 12: ")
    child.sendline("red green")
    child.expect_exact("No attempt used.")
    child.expect_exact("Guess 1 of 12: ")
    child.sendline("")
    child.expect_exact("Guess 1 of 12: ")
    redrawn = child.before.rsplit("\x1b[2J", 1)[-1]
    assert "In play" not in redrawn
    assert "No attempt used." not in redrawn
    assert "Secret:" in redrawn, "the board is drawn again"
    child.sendline("quit")
    assert ended(child) == 0


@pytest.mark.parametrize(
    ("lines", "outcome"),
    [
        (("pppp", "give up"), "Given up after 1 guess."),
        (("pppp", "rgby"), "Won in 2 guesses."),
    ],
)
def test_the_end_of_a_game_is_said_once(
    tmp_path: Path, lines: tuple[str, ...], outcome: str
) -> None:
    env = environment(tmp_path, MASTERMIND_SECRET="RGBY", TERM="dumb")
    child = spawn(env, "play", "--db", str(tmp_path / "games.db"))
    for line in lines:
        child.expect(r"Guess \d+ of 12: ")
        child.sendline(line)
    child.expect_exact("Play again? [y/N] ")
    child.sendline("n")
    said = transcript(child)
    assert said.count(outcome) == 1, said
    assert "Solved in" not in said
    assert "Given up after 1 guess;" not in said
    assert "Review the game with:" in said


def test_a_game_given_up_before_any_guess_offers_no_review(tmp_path: Path) -> None:
    env = environment(tmp_path, MASTERMIND_SECRET="RGBY", TERM="dumb")
    child = spawn(env, "play", "--db", str(tmp_path / "games.db"))
    child.expect_exact("Guess 1 of 12: ")
    child.sendline("give up")
    child.expect_exact("Play again? [y/N] ")
    child.sendline("n")
    said = transcript(child)
    assert said.count("Given up before any guess.") == 1, said
    assert "Review the game with" not in said
    assert "nothing to review" not in said


def test_resume_alone_goes_on_with_your_game_not_the_web_pages_newer_one(
    mastermind: Mastermind, games: Games
) -> None:
    mastermind.play("pppp", secret="RGBY")
    mine = mastermind.only_game_id()
    games.join()  # the web page's, started later
    resumed = mastermind("resume", input="quit\n")
    assert resumed.stdout.startswith(f"Game {mine[:8]}: ")


def yesterdays_daily_game(database: Path) -> str:
    """A daily game of yesterday (UTC), still in progress: its day over, it takes no guess."""
    yesterday = datetime.now(UTC).date() - timedelta(days=1)
    store = SQLiteEventStore(database)
    try:
        application = bootstrap(
            store,
            hints=None,
            reviews=None,
            environment={KEY_VARIABLE: "the daily key of the remembering tests"},
            today=Calendar(yesterday),
        )
        daily = application.daily
        return daily.play(daily.new_player()).board.game_id
    finally:
        store.close()


def test_resume_passes_over_a_daily_game_whose_day_is_over(
    mastermind: Mastermind, games: Games, database: Path
) -> None:
    web = games.join()
    yesterdays_daily_game(database)

    resumed = mastermind("resume", input="quit\n")

    assert resumed.exit_code == 0, resumed.output
    assert resumed.stdout.splitlines()[0].endswith(web[:8])


def test_resume_with_only_a_daily_game_whose_day_is_over_says_no_game_is_in_play(
    mastermind: Mastermind, database: Path
) -> None:
    yesterdays_daily_game(database)

    resumed = mastermind("resume", input="quit\n")

    assert resumed.exit_code == 1
    assert "No game is in play: start one with 'mastermind play'." in resumed.stderr


def test_play_offers_no_daily_game_of_a_day_gone_by_to_resume(
    mastermind: Mastermind, tmp_path: Path, database: Path
) -> None:
    mastermind.play("pppp", secret="RGBY")
    mine = mastermind.only_game_id()
    daily = yesterdays_daily_game(database)
    book = OwnGames(tmp_path / "data" / "mastermind" / "terminal-games.json")
    (where,) = json.loads(book.path.read_text())
    book.keep(where, daily, datetime.now(UTC))  # kept later than the player's own game

    resumed = mastermind.play("quit", options=("--resume",))

    assert resumed.exit_code == 0, resumed.output
    assert f"Game {mine[:8]}: " in resumed.stdout
    assert "Guess 2 of 12" in resumed.stdout
