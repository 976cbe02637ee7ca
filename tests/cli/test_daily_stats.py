"""``mastermind daily --stats``: the player's daily record, of the local store or of a
server, and the daily answer's other parts in the terminal."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from mastermind.bootstrap import bootstrap
from mastermind.service import KEY_VARIABLE, DailyCodes, daily_number
from mastermind.store import SQLiteEventStore
from mastermind.web import create_app
from tests.cli.conftest import Mastermind
from tests.cli.test_daily import KEY, SERVER_DAY, WITH_KEY, url_of, winning_lines
from tests.web.conftest import UNLIMITED

STATS = {"number", "day", "played", "won", "streak", "best_streak", "next_code_at"}


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The URL of a server whose day is always ``SERVER_DAY``, its app in this process."""
    store = SQLiteEventStore(tmp_path / "server.db")
    application = bootstrap(
        store,
        hints=None,
        environment={KEY_VARIABLE: KEY},
        limits=UNLIMITED,
        today=lambda: SERVER_DAY,
    )
    yield url_of(create_app(application), monkeypatch)
    store.close()


def test_stats_before_any_game_show_nothing_played_and_the_time_to_the_next_code(
    mastermind: Mastermind,
) -> None:
    result = mastermind("daily", "--stats", env=WITH_KEY)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert re.fullmatch(r"Mastermind #\d+, \d{4}-\d{2}-\d{2}", lines[0])
    assert lines[1] == "Played: 0, won: 0."
    assert re.fullmatch(
        r"Streak: 0, best streak: 0\. Next code in \d+ h \d\d min, at 00:00 UTC\.", lines[2]
    )


def test_stats_after_a_win_count_it_and_json_says_the_same(mastermind: Mastermind) -> None:
    won = mastermind("daily", input="\n".join(winning_lines()) + "\n", env=WITH_KEY)
    assert won.exit_code == 0, won.output
    assert "Streak: 1, best streak: 1." in won.stdout
    document = mastermind.json("daily", "--stats", env=WITH_KEY)
    assert set(document) == STATS
    assert (document["played"], document["won"], document["streak"]) == (1, 1, 1)
    assert document["number"] == daily_number(date.fromisoformat(document["day"]))
    assert document["next_code_at"].endswith("T00:00:00Z")
    text = mastermind("daily", "--stats", env=WITH_KEY).stdout
    assert "Played: 1, won: 1." in text


def test_the_daily_json_carries_the_number_the_notice_and_the_record_and_no_link(
    mastermind: Mastermind,
) -> None:
    game = mastermind.json("daily", env=WITH_KEY)
    mastermind("give-up", game["id"])
    over = mastermind.json("daily", env=WITH_KEY)
    assert over["secret"] is None
    assert over["secret_notice"].startswith("The secret is shown at 00:00 UTC on ")
    assert over["link"] is None
    assert over["share"].startswith(f"Mastermind #{over['number']} X/12")
    assert set(over["stats"]) == STATS


def test_stats_of_a_server_are_the_player_s_there(mastermind: Mastermind, server: str) -> None:
    secret = DailyCodes(KEY).secret(SERVER_DAY)
    won = mastermind("daily", "--server", server, input=f"{secret.initials()}\n", db=False)
    assert won.exit_code == 0, won.output
    document = mastermind.json("daily", "--server", server, "--stats", db=False)
    assert document["number"] == 1
    assert (document["played"], document["won"], document["best_streak"]) == (1, 1, 1)
    text = mastermind("daily", "--server", server, "--stats", db=False)
    assert text.stdout.splitlines()[:2] == ["Mastermind #1, 2026-11-23", "Played: 1, won: 1."]
    # The server's countdown is to the end of its day, long past here: none left.
    assert "Next code in 0 h 00 min" in text.stdout
    again = mastermind.json("daily", "--server", server, db=False)
    assert again["link"] == f"{server}/?daily=2026-11-23"


def test_the_history_of_a_daily_game_given_up_masks_its_secret_until_the_day_is_over(
    mastermind: Mastermind,
) -> None:
    game = mastermind.json("daily", env=WITH_KEY)
    mastermind("give-up", game["id"])
    events = mastermind.json("history", game["id"])["events"]
    assert events[0]["data"]["secret"] != list(
        DailyCodes(KEY).secret(date.fromisoformat(game["day"])).pegs
    )
