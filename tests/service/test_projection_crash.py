"""A runner killed with SIGKILL while it catches up, in the middle of a page or of a save,
leaves a checkpoint from which a restart counts every game exactly once."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from harness import with_fresh_schema
from mastermind import (
    Code,
    Feedback,
    GameLost,
    GameStarted,
    GameWon,
    GuessMade,
    Outcome,
    Rules,
)
from mastermind.service import GameCatalogue, Games, GameSummary, ProjectionRunner
from mastermind.store import MASTERMIND_CATEGORY, EventStore, Tracking, connect
from tests.service.projection_stores import Positions, positions

ROOT = Path(__file__).parent.parent.parent
GAMES = 1200
PAGE_SIZE = 150
SECRET = Code.parse("RGBY")
WRONG = Code.parse("PPPP")


def record_games(store: EventStore) -> list[GameSummary]:
    """Record ``GAMES`` games, their starts and guesses first and their ends after, and
    answer how the list of games must show them."""
    expected = []
    for number in range(GAMES):
        game_id = f"game-{number}"
        guesses = number % 6
        events = [GameStarted(game_id, SECRET, Rules())]
        events += [GuessMade(game_id, WRONG, Feedback(0, 0))] * guesses
        store.append(game_id, events, 0, category=MASTERMIND_CATEGORY)
        outcome = (Outcome.WON, Outcome.LOST, Outcome.IN_PROGRESS)[number % 3]
        expected.append(GameSummary(game_id, outcome, guesses + (outcome is Outcome.WON), 12, 4, 6))
    for number, summary in enumerate(expected):
        version = 1 + number % 6
        if summary.outcome is Outcome.WON:
            won = [GuessMade(summary.game_id, SECRET, Feedback(4, 0)), GameWon(summary.game_id)]
            store.append(summary.game_id, won, version, category=MASTERMIND_CATEGORY)
        elif summary.outcome is Outcome.LOST:
            store.append(
                summary.game_id, [GameLost(summary.game_id)], version, category=MASTERMIND_CATEGORY
            )
    return expected


def start_worker(url: str, projection: str, kill_at: int = 0) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.service.projection_worker",
            url,
            projection,
            str(PAGE_SIZE),
            str(kill_at),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )


def saved_position(store: Tracking, name: str) -> int:
    checkpoint = store.checkpoint(name)
    return 0 if checkpoint is None else checkpoint.position


def read_up_to(feed: list[int], position: int) -> int:
    """How many records of the feed there are up to ``position``."""
    return feed.index(position) + 1 if position else 0


def kill_and_restart(url: str, projection: str, name: str) -> None:
    """Catch ``projection`` up in workers killed again and again, then let one finish.

    Three workers kill themselves as they are about to apply a record, two of them in
    the middle of a page and one just after a save; two more are killed from here at a
    random moment once their checkpoint moved, in an apply, a dump or a commit.
    """
    store = connect(url)
    assert isinstance(store, Tracking)
    feed = positions(store)
    chance = random.Random(7)
    for kill_at in (3 * PAGE_SIZE + 57, PAGE_SIZE + 1, 2 * PAGE_SIZE + PAGE_SIZE - 1):
        before = saved_position(store, name)
        worker = start_worker(url, projection, kill_at)
        assert worker.wait(timeout=120) == -signal.SIGKILL
        assert worker.stdout is not None
        worker.stdout.close()
        # Only the pages applied whole before the kill are saved, and all of them.
        moved = read_up_to(feed, saved_position(store, name)) - read_up_to(feed, before)
        assert moved == PAGE_SIZE * ((kill_at - 1) // PAGE_SIZE)
    for _ in range(2):
        before = saved_position(store, name)
        worker = start_worker(url, projection)
        deadline = time.monotonic() + 60
        while saved_position(store, name) == before and time.monotonic() < deadline:
            time.sleep(0.002)
        time.sleep(chance.uniform(0, 0.05))
        worker.send_signal(signal.SIGKILL)
        assert worker.wait(timeout=120) == -signal.SIGKILL, "the worker ended before its kill"
        assert worker.stdout is not None
        worker.stdout.close()
    assert saved_position(store, name) < feed[-1], "the workers were killed too late to tell"
    worker = start_worker(url, projection)
    out, _ = worker.communicate(timeout=120)
    assert worker.returncode == 0
    assert out == f"caught up at {feed[-1]}\n"
    store.close()


def check_every_game_counted_once(url: str, expected: list[GameSummary]) -> None:
    kill_and_restart(url, "catalogue", GameCatalogue.name)
    store = connect(url)
    games = Games(store)
    assert games.summaries() == expected
    statistics = games.statistics()
    thirds = GAMES // 3
    assert (statistics.games_played, statistics.won, statistics.given_up) == (GAMES, thirds, thirds)
    store.close()


def check_every_record_applied_once(url: str) -> None:
    kill_and_restart(url, "positions", Positions().name)
    store = connect(url)
    resumed = Positions()
    assert ProjectionRunner(store, resumed).catch_up() == positions(store)
    assert resumed.applied == []
    store.close()


@pytest.fixture(scope="module")
def sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[GameSummary]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('crash')}/games.db"
    store = connect(url)
    expected = record_games(store)
    store.close()
    return url, expected


@pytest.fixture(scope="module")
def postgres_games(postgres_url: str) -> tuple[str, list[GameSummary]]:
    url = with_fresh_schema(postgres_url, "projection_crash")
    # The games are recorded without waiting for each commit to reach the disk, which
    # only the crash itself would show: the workers read them through ``url``.
    store = connect(url + quote(" -c synchronous_commit=off"))
    expected = record_games(store)
    store.close()
    return url, expected


def test_on_sqlite_a_catalogue_killed_while_catching_up_counts_every_game_once(
    sqlite_url: tuple[str, list[GameSummary]],
) -> None:
    check_every_game_counted_once(*sqlite_url)


def test_on_sqlite_a_projection_killed_while_catching_up_applies_every_record_once(
    sqlite_url: tuple[str, list[GameSummary]],
) -> None:
    check_every_record_applied_once(sqlite_url[0])


def test_on_postgres_a_catalogue_killed_while_catching_up_counts_every_game_once(
    postgres_games: tuple[str, list[GameSummary]],
) -> None:
    check_every_game_counted_once(*postgres_games)


def test_on_postgres_a_projection_killed_while_catching_up_applies_every_record_once(
    postgres_games: tuple[str, list[GameSummary]],
) -> None:
    check_every_record_applied_once(postgres_games[0])
