"""Rates per client address: past them, new games, hints and reviews answer 429."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from starlette.applications import Starlette

from mastermind.bootstrap import Limits, bootstrap
from mastermind.store import SQLiteEventStore
from mastermind.web import PlayerTokens, create_app
from tests.web.conftest import Player, assert_problem, client_of, first_consistent_code


@contextlib.contextmanager
def limited(tmp_path: Path, limits: Limits) -> Iterator[Starlette]:
    store = SQLiteEventStore(tmp_path / "games.db")
    application = bootstrap(
        store,
        hints=first_consistent_code,
        tokens=PlayerTokens.random(),
        environment={},
        limits=limits,
    )
    try:
        yield create_app(application)
    finally:
        store.close()


@contextlib.contextmanager
def client_from(app: Starlette, address: str = "127.0.0.1") -> Iterator[Player]:
    client = client_of(app, address)
    try:
        yield Player(client)
    finally:
        client.close()


def assert_too_many(response: httpx2.Response, window_seconds: int) -> None:
    problem = assert_problem(response, 429, "TooManyRequests")
    waited = int(response.headers["retry-after"])
    assert 1 <= waited <= window_seconds
    assert f"Try again in {waited} s." in str(problem["detail"])
    assert response.headers["x-content-type-options"] == "nosniff"


def test_an_address_past_its_rate_of_new_games_is_answered_429(tmp_path: Path) -> None:
    with limited(tmp_path, Limits(create_rate="3/minute")) as app, client_from(app) as player:
        created = [player.start().status_code for _ in range(3)]

        refused = player.client.post("/games")

        assert created == [201, 201, 201]
        assert_too_many(refused, 60)
        assert "at most 3 per minute" in refused.json()["detail"]


def test_past_its_rate_an_address_still_plays_the_games_it_has(tmp_path: Path) -> None:
    with limited(tmp_path, Limits(create_rate="1/minute")) as app, client_from(app) as player:
        player.start()
        assert player.client.post("/games").status_code == 429

        assert player.board().status_code == 200
        assert player.guess("RGBY").status_code == 201
        assert player.client.get(f"/games/{player.game_id}/hint", headers=player.auth).is_success


def test_each_address_has_a_budget_of_its_own(tmp_path: Path) -> None:
    with (
        limited(tmp_path, Limits(create_rate="1/minute")) as app,
        client_from(app, "127.0.0.1") as first,
        client_from(app, "127.0.0.2") as second,
    ):
        assert first.start().status_code == 201
        assert first.client.post("/games").status_code == 429

        assert second.start().status_code == 201


def created_from(tmp_path: Path, limits: Limits, addresses: list[str]) -> list[int]:
    """The status of ``POST /games`` from each of ``addresses`` in turn, to one app: the
    addresses are whatever the test names, which no socket on this machine could be."""
    store = SQLiteEventStore(tmp_path / "games.db")
    app = create_app(bootstrap(store, hints=None, environment={}, limits=limits))
    try:
        return [
            client_of(app, address).post("/games", json={}).status_code for address in addresses
        ]
    finally:
        store.close()


def test_an_ipv6_client_is_counted_by_its_64_network_not_its_address(tmp_path: Path) -> None:
    addresses = ["2001:db8::1", "2001:db8::2:3", "2001:db8::ffff:1", "2001:db8:0:1::1"]

    statuses = created_from(tmp_path, Limits(create_rate="2/minute"), addresses)

    assert statuses == [201, 201, 429, 201], "the last one is another /64, another client"


def test_an_ipv4_address_mapped_into_ipv6_shares_the_budget_of_the_ipv4_one(
    tmp_path: Path,
) -> None:
    statuses = created_from(
        tmp_path, Limits(create_rate="1/minute"), ["10.0.0.7", "::ffff:10.0.0.7"]
    )

    assert statuses == [201, 429]


def test_waiting_as_long_as_retry_after_says_lets_the_next_game_through(tmp_path: Path) -> None:
    with limited(tmp_path, Limits(create_rate="1/second")) as app, client_from(app) as player:
        player.start()
        refused = player.client.post("/games")
        assert_too_many(refused, 1)

        time.sleep(int(refused.headers["retry-after"]))

        assert player.start().status_code == 201


def test_an_address_past_its_rate_of_hints_is_answered_429(tmp_path: Path) -> None:
    with limited(tmp_path, Limits(hint_rate="2/minute")) as app, client_from(app) as player:
        player.start()
        hint = f"/games/{player.game_id}/hint"
        given = [player.client.get(hint, headers=player.auth).status_code for _ in range(2)]

        refused = player.client.get(hint, headers=player.auth)

        assert given == [200, 200]
        assert_too_many(refused, 60)
        assert "hints" in refused.json()["detail"]
        assert player.start().status_code == 201, "hints and new games are counted apart"


def test_reviews_ask_the_solver_and_count_against_the_hint_rate(tmp_path: Path) -> None:
    with limited(tmp_path, Limits(hint_rate="2/minute")) as app, client_from(app) as player:
        player.start()
        hint = f"/games/{player.game_id}/hint"
        review = f"/games/{player.game_id}/review"
        asked = [player.client.get(hint, headers=player.auth).status_code for _ in range(2)]

        refused = player.client.get(review, headers=player.auth)

        assert asked == [200, 200]
        assert_too_many(refused, 60)
        assert "reviews" in refused.json()["detail"]


@pytest.mark.parametrize(
    ("setting", "rate"),
    [
        ("create_rate", "lots"),
        ("hint_rate", "60/fortnight"),
        ("create_rate", "0/minute"),
        ("hint_rate", "5/second;100/minute"),
    ],
)
def test_a_malformed_rate_is_refused_when_the_app_is_made(
    tmp_path: Path, setting: str, rate: str
) -> None:
    store = SQLiteEventStore(tmp_path / "games.db")
    limits = Limits(create_rate=rate) if setting == "create_rate" else Limits(hint_rate=rate)
    application = bootstrap(store, environment={}, limits=limits)
    try:
        with pytest.raises(ValueError, match=f"{setting} must be one rate.*{rate!r}"):
            create_app(application)
    finally:
        store.close()
