"""The solver's hints over HTTP: in the server's thread for every game the rules allow,
and from a pool of processes, refused beyond its capacity, stopped past their deadline
or when their client leaves, while boards go on being read."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from harness import ServerProcess, alive, eventually, serving
from mastermind.bootstrap import Limits, bootstrap
from mastermind.hints import SolverHints
from mastermind.hints._pool import HintPool
from mastermind.store import SQLiteEventStore
from mastermind.web import PlayerTokens, create_app
from tests.hints.sources import SLOW_PEGS, SleepyHints
from tests.web.conftest import Answer, Player, app_over, assert_problem, client_of

ROOMY = Limits(create_rate="1000/second", hint_rate="1000/second")
"""Rates no test here meets: they test the pool, not the rates."""
SLOW_GAME = {"length": 9, "colours": list(SLOW_PEGS)}
"""A game whose hints ``SleepyHints`` works out for ten minutes."""


@contextlib.contextmanager
def served(tmp_path: Path, limits: Limits = ROOMY, pool: HintPool | None = None) -> Iterator[str]:
    """A server of games whose hints come from ``pool``, or as ``limits`` chooses."""
    store = SQLiteEventStore(tmp_path / "games.db")
    tokens = PlayerTokens.random()
    if pool is None:
        application = bootstrap(store, tokens=tokens, environment={}, limits=limits)
    else:
        application = bootstrap(store, hints=pool, tokens=tokens, environment={}, limits=limits)
    try:
        with serving(create_app(application)) as url:
            try:
                yield url
            finally:
                if pool is not None:
                    pool.close()  # before the server stops, which waits for hints under way
    finally:
        application.close()


def player(url: str, **setup: object) -> Player:
    started = Player(httpx.Client(base_url=url, timeout=30))
    assert started.start(**setup).status_code == 201
    return started


def hint(player: Player) -> Answer:
    return player.client.get(f"/games/{player.game_id}/hint", headers=player.auth)


@pytest.fixture
def solved(tmp_path: Path) -> Iterator[Player]:
    """A player of an app whose hints are the solver's, in this process."""
    store = SQLiteEventStore(tmp_path / "games.db")
    client = client_of(app_over(store, hints=SolverHints()))
    yield Player(client)
    client.close()
    store.close()


def test_the_solvers_hints_break_a_classic_code_in_at_most_six_guesses(solved: Player) -> None:
    solved.start()

    while (board := solved.board().json())["status"] == "in progress":
        solved.guess(hint(solved).json()["guess"])

    assert board["status"] == "won"
    assert board["attempts"]["used"] <= 6


def test_the_solver_gives_hints_in_games_other_than_the_classic(solved: Player) -> None:
    solved.start(length=3, colours=["Red", "Blue", "Green", "Ash", "Oak"])

    first = hint(solved).json()

    assert len(first["guess"]) == 3
    assert set(first["guess"]) <= {"Red", "Blue", "Green", "Ash", "Oak"}


TWENTY = [f"C{number}" for number in range(1, 21)]


@pytest.mark.parametrize("unique", [False, True])
def test_the_solver_gives_hints_for_every_game_the_rules_allow_up_to_the_largest(
    solved: Player, unique: bool
) -> None:
    board = solved.start(length=10, colours=TWENTY, unique=unique).json()
    assert board["hints"] is True
    solved.guess(TWENTY[:10])

    answer = hint(solved).json()

    assert set(answer) == {"guess", "initials", "remaining", "incomplete", "strategy"}
    assert len(answer["guess"]) == 10
    assert set(answer["guess"]) <= set(TWENTY)
    assert answer["remaining"] is None or answer["remaining"] >= 1
    assert isinstance(answer["incomplete"], bool)
    assert answer["strategy"] == "best"
    if unique:
        assert len(set(answer["guess"])) == 10, "no colour twice in a unique game"


def test_beyond_the_pools_capacity_a_hint_answers_503_and_boards_still_answer(
    tmp_path: Path,
) -> None:
    pool = HintPool(1, queue=0, seconds=60, source=SleepyHints)
    with served(tmp_path, pool=pool) as url:
        hard, easy = player(url, **SLOW_GAME), player(url)
        answers: list[httpx.Response] = []
        asking = threading.Thread(target=lambda: answers.append(hint(hard)), daemon=True)
        asking.start()
        assert eventually(lambda: pool.in_flight == 1)

        refused = hint(easy)

        assert_problem(refused, 503, "HintsBusy")
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert easy.board().status_code == 200
        assert hard.board().status_code == 200
        assert easy.guess("RGBY").status_code == 201
        pool.close()
        asking.join(10)
        assert_problem(answers[0], 503, "HintsBusy")


def test_a_hint_past_its_deadline_answers_503_and_its_worker_is_stopped(tmp_path: Path) -> None:
    pool = HintPool(1, seconds=1, source=SleepyHints)
    with served(tmp_path, pool=pool) as url:
        # The worker's first start may itself outlast the second on a busy machine.
        assert eventually(lambda: hint(player(url)).status_code == 200, seconds=30, every=0.1)
        (pid,) = pool.worker_pids

        answer = hint(player(url, **SLOW_GAME))

        problem = assert_problem(answer, 503, "HintTimedOut")
        assert answer.headers["retry-after"] == "1"
        assert "1 s" in str(problem["detail"])
        assert not alive(pid)
        assert hint(player(url)).status_code == 200


def test_a_hint_whose_client_has_gone_is_stopped(tmp_path: Path) -> None:
    pool = HintPool(1, seconds=60, source=SleepyHints)
    with served(tmp_path, pool=pool) as url:
        assert hint(player(url)).status_code == 200
        (pid,) = pool.worker_pids
        hard = player(url, **SLOW_GAME)

        with pytest.raises(httpx.ReadTimeout):
            hard.client.get(f"/games/{hard.game_id}/hint", headers=hard.auth, timeout=0.5)

        assert eventually(lambda: not alive(pid) and pool.in_flight == 0)
        assert hint(player(url)).status_code == 200


def test_the_bootstrap_gives_hints_their_own_processes_when_the_limits_ask(
    tmp_path: Path,
) -> None:
    limits = Limits(create_rate="1000/second", hint_rate="1000/second", hint_workers=1)
    before = set(hint_workers_of(os.getpid()))
    with served(tmp_path, limits) as url:
        answer = hint(player(url))

        assert answer.status_code == 200
        assert set(answer.json()) == {"guess", "initials", "remaining", "incomplete", "strategy"}
        assert len(set(hint_workers_of(os.getpid())) - before) == 1
    assert eventually(lambda: set(hint_workers_of(os.getpid())) <= before)


def hint_workers_of(pid: int) -> list[int]:
    """The processes ``pid`` started with multiprocessing, read from ``/proc``: not its
    resource tracker, which multiprocessing starts beside them."""
    children = []
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
            command = (entry / "cmdline").read_bytes()
            if int(fields[1]) == pid and b"spawn_main" in command:
                children.append(int(entry.name))
    return children


def running(pid: int) -> bool:
    """Whether ``pid`` runs: neither gone nor a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes in /proc")
def test_sigterm_ends_the_server_and_its_hint_workers_within_10_s(tmp_path: Path) -> None:
    limits = '{"hint_workers": 1, "hint_seconds": 60}'
    store = f"sqlite:///{tmp_path}/games.db"
    with ServerProcess(store, tmp_path / "log", MASTERMIND_LIMITS=limits) as server:
        hard = player(server.url, **SLOW_GAME)
        asking = threading.Thread(target=lambda: hint(hard), daemon=True)
        asking.start()
        assert eventually(lambda: len(hint_workers_of(server.process.pid)) == 1)
        (worker,) = hint_workers_of(server.process.pid)

        server.process.send_signal(signal.SIGTERM)

        server.process.wait(timeout=10)
        assert eventually(lambda: not running(worker), seconds=2)
        asking.join(10)
