"""Two server processes on one PostgreSQL store serve the same games, consistently."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from harness import ServerProcess, with_fresh_schema

KEY = "the key every server of this store shares"
_schemas = itertools.count(1)


@pytest.fixture
def store_url(postgres_url: str) -> str:
    """The session's database, seen through a schema of this test's own."""
    return with_fresh_schema(postgres_url, f"web_{next(_schemas)}")


@pytest.fixture
def two_servers(store_url: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    with (
        ServerProcess(
            store_url, tmp_path / "a.log", MASTERMIND_WEB_SECRET=KEY, MASTERMIND_SECRET="OPYO"
        ) as a,
        ServerProcess(store_url, tmp_path / "b.log", MASTERMIND_WEB_SECRET=KEY) as b,
    ):
        yield a.url, b.url


def guess(url: str, game: dict[str, str], typed: str) -> httpx.Response:
    return httpx.post(
        f"{url}/games/{game['id']}/guesses",
        json={"guess": typed},
        headers={"Authorization": f"Bearer {game['token']}"},
        timeout=30,
    )


def boards(game: dict[str, str], *urls: str) -> list[dict[str, object]]:
    return [httpx.get(f"{url}/games/{game['id']}").json() for url in urls]


def test_guesses_alternating_between_two_servers_build_one_board(
    two_servers: tuple[str, str],
) -> None:
    a, b = two_servers
    game = httpx.post(f"{a}/games").json()

    for number, (url, typed) in enumerate(zip([b, a, b], ["RGBY", "OOYY", "POYR"], strict=True)):
        assert guess(url, game, typed).status_code == 201
        seen_by_a, seen_by_b = boards(game, a, b)
        assert seen_by_a == seen_by_b
        assert seen_by_a["attempts"] == {"total": 12, "used": number + 1, "left": 11 - number}
        assert seen_by_a["secret"] is None

    won = guess(b, game, "OPYO").json()

    assert won["status"] == "won"
    assert boards(game, a, b) == [won, won]
    assert guess(a, game, "OPYO").json()["error"] == "GameAlreadyWon"


def test_guesses_racing_on_two_servers_are_all_kept(two_servers: tuple[str, str]) -> None:
    a, b = two_servers
    game = httpx.post(f"{a}/games", json={"attempts": 100}).json()
    guesses = ["RRRR", "GGGG", "BBBB", "YYYY", "PPPP", "RGRG", "BYBY", "PYPY"] * 3

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(
            pool.map(lambda n: guess([a, b][n % 2], game, guesses[n]), range(len(guesses)))
        )

    assert [answer.status_code for answer in answers] == [201] * len(guesses)
    seen_by_a, seen_by_b = boards(game, a, b)
    assert seen_by_a == seen_by_b
    rows = seen_by_a["rows"]
    assert isinstance(rows, list)
    assert sorted("".join(peg[0] for peg in row["guess"]) for row in rows) == sorted(guesses)


def test_a_request_retried_on_the_other_server_is_answered_not_redone(
    two_servers: tuple[str, str],
) -> None:
    a, b = two_servers
    created = httpx.post(f"{a}/games", headers={"Idempotency-Key": "phone-create"})
    retried = httpx.post(f"{b}/games", headers={"Idempotency-Key": "phone-create"})
    assert (created.status_code, retried.status_code) == (201, 201)
    assert retried.json() == created.json()
    game = created.json()

    def keyed_guess(url: str, typed: str) -> httpx.Response:
        return httpx.post(
            f"{url}/games/{game['id']}/guesses",
            json={"guess": typed},
            headers={"Authorization": f"Bearer {game['token']}", "Idempotency-Key": "phone-g1"},
            timeout=30,
        )

    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(pool.map(lambda n: keyed_guess([a, b][n % 2], "RGBY"), range(4)))

    assert [answer.status_code for answer in answers] == [201] * 4
    assert all(answer.json() == answers[0].json() for answer in answers)
    assert boards(game, a, b)[0]["attempts"] == {"total": 12, "used": 1, "left": 11}
    assert keyed_guess(b, "OOYY").json()["error"] == "IdempotencyKeyReused"
