"""``serve``: the web game in a process of its own, as ``mastermind serve`` starts it."""

from __future__ import annotations

import signal
import socket
import statistics
import threading
import time
from pathlib import Path

import httpx
import pytest

from harness import ServerProcess
from mastermind.config import Limits


def play(url: str, guess: str, token: str, game_id: str) -> httpx.Response:
    return httpx.post(
        f"{url}/games/{game_id}/guesses",
        json={"guess": guess},
        headers={"Authorization": f"Bearer {token}"},
    )


def test_serve_plays_on_a_sqlite_file_with_the_secret_it_was_given(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/data/games.db"
    with ServerProcess(store, tmp_path / "log", MASTERMIND_SECRET="opyo") as server:
        created = httpx.post(f"{server.url}/games").json()
        board = play(server.url, "Orange Purple Yellow Orange", created["token"], created["id"])
        log = server.stop()

    assert board.json()["status"] == "won"
    assert created["hints"] is True, "the solver is installed, so the server gives hints"
    assert "MASTERMIND_SECRET is set: every game has the same secret" in log
    assert "opyo" not in log.lower()
    assert (tmp_path / "data" / "games.db").exists()


def test_a_sqlite_store_keeps_the_token_key_next_to_the_database(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/games.db"
    with ServerProcess(store, tmp_path / "log"):
        pass
    key = tmp_path / "games.db.key"

    assert key.stat().st_mode & 0o777 == 0o600
    assert len(key.read_text().strip()) == 64


def test_a_token_outlives_a_restart_of_the_server(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/games.db"
    with ServerProcess(store, tmp_path / "log") as server:
        created = httpx.post(f"{server.url}/games").json()

    with ServerProcess(store, tmp_path / "log") as server:
        response = play(server.url, "RGBY", created["token"], created["id"])

    assert response.status_code == 201, response.text


def test_the_key_in_the_environment_wins_over_the_file(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/games.db"
    with ServerProcess(store, tmp_path / "log") as server:
        created = httpx.post(f"{server.url}/games").json()

    key = "a key for every server of this store"
    with ServerProcess(store, tmp_path / "log", MASTERMIND_WEB_SECRET=key) as server:
        refused = play(server.url, "RGBY", created["token"], created["id"])
        mine = httpx.post(f"{server.url}/games").json()

    assert refused.status_code == 403
    with ServerProcess(store, tmp_path / "log", MASTERMIND_WEB_SECRET=key) as server:
        assert play(server.url, "RGBY", mine["token"], mine["id"]).status_code == 201


def test_workers_share_the_store_and_the_key(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/games.db"
    with ServerProcess(store, tmp_path / "log", workers=2, MASTERMIND_SECRET="RGBY") as server:
        created = [httpx.post(f"{server.url}/games").json() for _ in range(6)]
        # A new connection for every request, so that both workers take some.
        answers = [play(server.url, "RGBO", game["token"], game["id"]) for game in created]
        boards = [httpx.get(f"{server.url}/games/{game['id']}").json() for game in created]
        log = server.stop()

    assert [answer.status_code for answer in answers] == [201] * 6
    assert {board["rows"][0]["key_pegs"] for board in boards} == {"● ● ● ·"}
    assert log.count("Started server process") == 2


def test_workers_answer_a_kept_alive_connection_without_delay(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/games.db"
    with (
        ServerProcess(store, tmp_path / "log", workers=2) as server,
        httpx.Client(base_url=server.url) as client,
    ):
        client.get("/openapi.json")
        durations = []
        for _ in range(15):
            started = time.perf_counter()
            client.get("/openapi.json")
            durations.append(time.perf_counter() - started)

    # With Nagle's algorithm on, every answer would wait for a delayed ACK: 40 ms or more.
    assert statistics.median(durations) < 0.03


def test_any_asgi_server_runs_the_app_the_environment_configures(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/games.db"
    with ServerProcess(store, tmp_path / "log", via="uvicorn", MASTERMIND_SECRET="RGBY") as server:
        created = httpx.post(f"{server.url}/games").json()
        won = play(server.url, "RGBY", created["token"], created["id"])

    assert won.json()["status"] == "won"
    assert (tmp_path / "games.db.key").exists()


def test_without_a_key_or_a_file_tokens_last_as_long_as_the_process(tmp_path: Path) -> None:
    with ServerProcess("memory://", tmp_path / "log", via="uvicorn") as server:
        created = httpx.post(f"{server.url}/games").json()
        answer = play(server.url, "RGBY", created["token"], created["id"])
        log = server.stop()

    assert answer.status_code == 201
    assert "MASTERMIND_WEB_SECRET is not set: players' tokens are good for this process only" in log


def hold_a_request_open(url: str) -> socket.socket:
    """A request whose body never comes: in flight until the server gives up on it."""
    host, port = url.removeprefix("http://").split(":")
    connection = socket.create_connection((host, int(port)))
    connection.sendall(
        b"POST /games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000\r\n\r\n{"
    )
    return connection


@pytest.mark.parametrize("workers", [1, 2])
def test_sigterm_ends_the_server_within_10_s_while_requests_run(
    tmp_path: Path, workers: int
) -> None:
    store = f"sqlite:///{tmp_path}/games.db"
    limits = Limits(hint_workers=1, hint_seconds=60, hint_budget=60).to_environment()
    log = tmp_path / "log"
    with ServerProcess(store, log, workers=workers, MASTERMIND_LIMITS=limits) as server:
        game = httpx.post(f"{server.url}/games", json={"length": 9, "colours": ["A", "B"]}).json()
        hints: list[httpx.Response] = []
        asking = threading.Thread(
            target=lambda: hints.append(
                httpx.get(
                    f"{server.url}/games/{game['id']}/hint",
                    headers={"Authorization": f"Bearer {game['token']}"},
                    timeout=30,
                )
            )
        )
        asking.start()
        held = hold_a_request_open(server.url)
        time.sleep(1)  # for the server to take both requests in, and the hint's work to begin
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(timeout=10)
            held.settimeout(1)
            answer = held.recv(4096)
        finally:
            held.close()
            asking.join(timeout=10)
        output = server.stop()

    assert answer.startswith(b"HTTP/1.1 503 "), answer
    assert b"retry-after: 5" in answer.lower()
    assert [hint.status_code for hint in hints] == [503]
    assert "Traceback" not in output
