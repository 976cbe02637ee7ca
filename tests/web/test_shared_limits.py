"""Limits counted in Redis: one budget per client, however many servers answer it, and a
Redis that is away answered 503 for the requests it counts, and no others."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from harness import GENEROUS_RATES, RedisServer, ServerProcess, eventually
from mastermind.web import _client_streams
from mastermind.web._client_streams import SharedStreams
from mastermind.web._limits_storage import redis_client, require_redis
from tests.web.conftest import assert_problem
from tests.web.sse import watching
from tests.web.test_live import admitted_once_closed, start


@contextlib.contextmanager
def two_servers(tmp_path: Path, *options: str) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    """Two ``mastermind serve`` processes over one SQLite store, with ``options``, and a
    client of each: a client met by two machines behind a balancer."""
    store = f"sqlite:///{tmp_path / 'games.db'}"
    with (
        ServerProcess(store, tmp_path / "first.log", *options, via="command") as first,
        ServerProcess(store, tmp_path / "second.log", *options, via="command") as second,
        httpx.Client(base_url=first.url, timeout=10) as one,
        httpx.Client(base_url=second.url, timeout=10) as other,
    ):
        yield one, other


def creations(one: httpx.Client, other: httpx.Client, times: int) -> list[int]:
    """The statuses of ``times`` new games asked for of each server in turn."""
    return [client.post("/games").status_code for _ in range(times) for client in (one, other)]


def test_two_servers_on_one_redis_give_a_client_its_rate_of_new_games_once(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    options = ("--create-rate", "3/minute", "--limits-storage", redis_server.url)
    with two_servers(tmp_path, *options) as (one, other):
        statuses = creations(one, other, 4)

    assert statuses.count(201) == 3
    assert statuses.count(429) == 5


def test_two_servers_counting_in_memory_each_give_a_client_its_rate(tmp_path: Path) -> None:
    with two_servers(tmp_path, "--create-rate", "3/minute") as (one, other):
        statuses = creations(one, other, 4)

    assert statuses.count(201) == 6


def test_a_clients_streams_are_counted_once_across_two_servers(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    options = (*GENEROUS_RATES, "--streams-per-client", "2", "--limits-storage", redis_server.url)
    with two_servers(tmp_path, *options) as (one, other):
        game = start(one)
        events = f"/games/{game['id']}/events"
        auth = {"Authorization": f"Bearer {game['token']}"}
        with contextlib.ExitStack() as open_streams:
            for client in (one, other):
                # Admitted is what counts here, not how fast: a busy machine answers late.
                stream = open_streams.enter_context(
                    watching(client, game["id"], game["token"], timeout=httpx.Timeout(30.0))
                )
                assert stream.response.status_code == 200
            refused = [client.get(events, headers=auth) for client in (one, other)]
        admitted = [admitted_once_closed(client, game) for client in (other, one)]

    for answer in refused:
        assert_problem(answer, 429, "TooManyStreams")
    assert admitted == [200, 200]


def test_while_redis_is_away_only_counted_requests_answer_503_and_once_back_all_are_served(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    store = f"sqlite:///{tmp_path / 'games.db'}"
    options = ("--limits-storage", redis_server.url, "--hint-workers", "0")
    with (
        ServerProcess(store, tmp_path / "server.log", *options, via="command") as server,
        httpx.Client(base_url=server.url, timeout=10) as client,
    ):
        game = start(client)
        auth = {"Authorization": f"Bearer {game['token']}"}
        redis_server.stop()
        created = client.post("/games")
        hint = client.get(f"/games/{game['id']}/hint", headers=auth)
        stream = client.get(f"/games/{game['id']}/events", headers=auth)
        board = client.get(f"/games/{game['id']}", headers=auth)
        guessed = client.post(f"/games/{game['id']}/guesses", json={"guess": "RGBY"}, headers=auth)
        redis_server.start()
        created_again = client.post("/games")
        with watching(client, game["id"], game["token"]) as watched:
            streamed_again = watched.response.status_code
        log = server.stop()

    for refused in (created, hint, stream):
        assert_problem(refused, 503, "LimitsUnavailable")
        assert refused.headers["retry-after"] == "5"
    assert (board.status_code, guessed.status_code) == (200, 201)
    assert (created_again.status_code, streamed_again) == (201, 200)
    assert "Traceback" not in log
    assert "Rates cannot be counted, answered 503: ConnectionError" in log
    assert "Live streams cannot be counted, answered 503: ConnectionError" in log
    assert "Rates are counted again after 2 failures." in log


def admits(streams: SharedStreams, address: str) -> bool:
    """Whether ``streams`` has room for one more stream of ``address``, left free again."""
    stream = object()
    if not streams.claim(address, stream):
        return False
    streams.release(address, stream)
    return True


def test_the_places_of_a_process_that_stops_renewing_come_free_once_their_lease_ends(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_client_streams, "LEASE_SECONDS", 0.5)
    monkeypatch.setattr(_client_streams, "RENEW_SECONDS", 3600.0)
    crashed = SharedStreams(redis_client(redis_server.url), per_client=1)
    survivor = SharedStreams(redis_client(redis_server.url), per_client=1)
    assert crashed.claim("10.0.0.1", object())

    refused = survivor.claim("10.0.0.1", object())
    admitted = eventually(lambda: survivor.claim("10.0.0.1", object()))

    assert (refused, admitted) == (False, True)


def test_a_redis_restarted_empty_holds_the_open_streams_again_at_their_next_renewal(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_client_streams, "RENEW_SECONDS", 0.05)
    open_here = SharedStreams(redis_client(redis_server.url), per_client=1)
    elsewhere = SharedStreams(redis_client(redis_server.url), per_client=1)
    stream = object()
    assert open_here.claim("10.0.0.1", stream)
    redis_server.stop()
    redis_server.start()

    refused = eventually(lambda: not admits(elsewhere, "10.0.0.1"))
    open_here.release("10.0.0.1", stream)
    admitted = admits(elsewhere, "10.0.0.1")

    assert (refused, admitted) == (True, True)


def test_counting_in_redis_without_its_client_names_the_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "redis", None)

    with pytest.raises(ImportError, match=r"mastermind-decider\[redis\]"):
        require_redis("redis://127.0.0.1:6379")
    require_redis("memory://")
