"""Headers of every answer: the security headers, errors included, and no host but our own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from starlette.testclient import TestClient

from mastermind.bootstrap import Limits, bootstrap
from mastermind.store import SQLiteEventStore, StoreUnavailable
from mastermind.web import PlayerTokens, create_app
from tests.web.conftest import app_over, client_of, same_secret
from tests.web.test_faults import FailingStore

SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}

EVIL = {"Host": "evil.example", "X-Forwarded-Host": "evil.example"}

REQUESTS = [
    ("GET", "/"),
    ("GET", "/games/"),
    ("POST", "/games/"),
    ("GET", "/games"),
    ("POST", "/games"),
    ("GET", "/static"),
    ("GET", "/static/"),
    ("GET", "/static/app.js"),
    ("GET", "/openapi.json/"),
    ("GET", "/games/no-such-game/"),
    ("GET", "/games/no-such-game/hint/"),
    ("GET", "//evil.example/games"),
    ("DELETE", "/"),
]
"""Paths one slash away from a route, where a server may redirect, and a few others."""


@pytest.fixture
def failing(tmp_path: Path) -> Iterator[FailingStore]:
    store = SQLiteEventStore(tmp_path / "games.db")
    yield FailingStore(store)
    store.close()


@pytest.fixture
def client(failing: FailingStore) -> Iterator[TestClient]:
    client = client_of(app_over(failing, same_secret))
    yield client
    client.close()


def assert_security_headers(response: httpx2.Response) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, (response.status_code, name)
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/", 200),
        ("GET", "/nowhere", 404),
        ("DELETE", "/games", 405),
        ("POST", "/games/x/guesses", 401),
        ("GET", "/openapi.json", 200),
    ],
)
def test_answers_and_refusals_carry_the_security_headers(
    client: TestClient, method: str, path: str, status: int
) -> None:
    response = client.request(method, path)

    assert response.status_code == status
    assert_security_headers(response)


def test_a_store_fault_and_a_failure_carry_the_security_headers(
    client: TestClient, failing: FailingStore
) -> None:
    failing.failure = StoreUnavailable("connection refused.")
    unavailable = client.post("/games")
    failing.failure = RuntimeError("a bug")
    failed = client.post("/games")

    assert (unavailable.status_code, failed.status_code) == (503, 500)
    assert_security_headers(unavailable)
    assert_security_headers(failed)


def test_a_client_over_its_rate_is_refused_with_the_security_headers(
    failing: FailingStore,
) -> None:
    application = bootstrap(
        failing,
        hints=None,
        tokens=PlayerTokens.random(),
        environment={},
        limits=Limits(create_rate="1/minute"),
    )
    client = client_of(create_app(application))
    answers = [client.post("/games") for _ in range(2)]

    assert [answer.status_code for answer in answers] == [201, 429]
    assert "retry-after" in answers[1].headers
    assert_security_headers(answers[1])


@pytest.mark.parametrize(("method", "path"), REQUESTS)
def test_no_answer_names_the_host_the_request_named(
    client: TestClient, method: str, path: str
) -> None:
    response = client.request(method, path, headers=EVIL)

    assert not response.is_redirect, response.headers.get("location")
    assert_security_headers(response)
    for name, value in response.headers.items():
        assert "evil" not in value, name


def test_a_new_game_is_located_by_its_path_alone(client: TestClient) -> None:
    response = client.post("/games", headers=EVIL)

    assert response.status_code == 201
    assert response.headers["location"] == f"/games/{response.json()['id']}"
