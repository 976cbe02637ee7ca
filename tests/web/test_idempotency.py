"""Retried requests: a request sent again with its Idempotency-Key is answered, not redone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from starlette.testclient import TestClient

from mastermind.service import FixedSecrets, PlayerTokens
from mastermind.store import SQLiteEventStore
from tests.web.conftest import SECRET, Player, app_over, assert_problem, client_of


def keyed(key: str) -> dict[str, str]:
    return {"Idempotency-Key": key}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def assert_same_answer(first: httpx2.Response, again: httpx2.Response) -> None:
    """The retry's answer is the first one, byte for byte, with the same Location."""
    assert first.status_code in (200, 201), first.text
    assert again.status_code == first.status_code
    assert again.content == first.content
    assert again.headers.get("location") == first.headers.get("location")


def friends_game(client: TestClient, key: str | None = None) -> httpx2.Response:
    """A game whose code a person sets, with the invite for the breaker."""
    headers = {} if key is None else keyed(key)
    return client.post("/games", json={"secret": "RRBB", "maker_name": "Mum"}, headers=headers)


def test_a_retried_create_of_a_friends_game_answers_the_first_bytes_after_play_began(
    client: TestClient,
) -> None:
    first = friends_game(client, "friend-1")
    made = first.json()
    breaker = bearer(made["invite"]["token"])
    client.post(f"/games/{made['id']}/guesses", json={"guess": "GGYY"}, headers=breaker)
    again = client.post(
        "/games",
        json={"secret": "RRBB", "maker_name": "Mum"},
        headers={**keyed("friend-1"), "Host": "elsewhere.example"},
    )
    assert_same_answer(first, again)
    assert again.json()["rows"] == []


@pytest.mark.parametrize(
    ("resource", "body", "role"),
    [
        ("guesses", {"guess": "GGYY"}, "breaker"),
        ("give-up", None, "breaker"),
        ("note", {"text": "Think of the sea"}, "maker"),
        ("end", None, "maker"),
    ],
)
def test_every_keyed_command_retried_answers_the_first_bytes_though_the_game_went_on(
    client: TestClient, resource: str, body: dict[str, str] | None, role: str
) -> None:
    made = friends_game(client).json()
    tokens = {"maker": made["token"], "breaker": made["invite"]["token"]}
    path = f"/games/{made['id']}/{resource}"
    headers = {**bearer(tokens[role]), **keyed(f"{resource}-1")}

    def send() -> httpx2.Response:
        return client.post(path, json=body, headers=headers)

    first = send()
    if first.json()["status"] == "in progress":  # the game goes on before the retry
        guess = client.post(
            f"/games/{made['id']}/guesses",
            json={"guess": "YYGG"},
            headers=bearer(tokens["breaker"]),
        )
        assert guess.status_code == 201, guess.text
    assert_same_answer(first, send())


def test_a_retried_create_answers_the_first_response_and_starts_no_second_game(
    client: TestClient,
) -> None:
    first = client.post("/games", json={"length": 3}, headers=keyed("create-1"))
    again = client.post("/games", json={"length": 3}, headers=keyed("create-1"))
    assert_same_answer(first, again)
    other = client.post("/games", json={"length": 3}, headers=keyed("create-2"))
    assert other.json()["id"] != first.json()["id"]


def test_a_retried_guess_answers_the_first_board_and_uses_no_attempt(player: Player) -> None:
    player.start()
    path = f"/games/{player.game_id}/guesses"
    headers = {**player.auth, **keyed("guess-1")}
    first = player.client.post(path, json={"guess": "RRGG"}, headers=headers)
    player.guess("BBYY")
    again = player.client.post(path, json={"guess": ["r", "r", "g", "g"]}, headers=headers)
    assert_same_answer(first, again)
    assert player.board().json()["attempts"]["used"] == 2


def test_a_key_sent_again_with_another_body_is_a_422_problem(player: Player) -> None:
    player.start()
    path = f"/games/{player.game_id}/guesses"
    headers = {**player.auth, **keyed("guess-1")}
    player.client.post(path, json={"guess": "RRGG"}, headers=headers)
    response = player.client.post(path, json={"guess": "BBYY"}, headers=headers)
    problem = assert_problem(response, 422, "IdempotencyKeyReused")
    assert "'guess-1' was already used" in str(problem["detail"])
    assert player.board().json()["attempts"]["used"] == 1


def test_a_create_key_sent_again_with_another_setup_is_a_422_problem(
    client: TestClient,
) -> None:
    client.post("/games", json={"length": 3}, headers=keyed("create-3"))
    response = client.post("/games", json={"length": 5}, headers=keyed("create-3"))
    assert_problem(response, 422, "IdempotencyKeyReused")


@pytest.mark.parametrize("key", ["", "x" * 256, "tab\there"])
def test_an_unusable_key_is_a_400_problem_and_starts_nothing(client: TestClient, key: str) -> None:
    response = client.post("/games", json={}, headers=keyed(key))
    assert_problem(response, 400, "InvalidIdempotencyKey")


def test_a_guess_refused_by_the_rules_is_refused_again_on_retry(player: Player) -> None:
    player.start()
    path = f"/games/{player.game_id}/guesses"
    headers = {**player.auth, **keyed("short")}
    for _ in range(2):
        assert_problem(
            player.client.post(path, json={"guess": "RG"}, headers=headers), 400, "GuessTooShort"
        )
    assert player.board().json()["attempts"]["used"] == 0


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """Clients of two applications on one database, as two workers of one server are."""
    tokens = PlayerTokens(b"the key both servers share, 32 bytes")
    first, second = SQLiteEventStore(tmp_path / "games.db"), SQLiteEventStore(tmp_path / "games.db")
    yield (
        client_of(app_over(first, FixedSecrets(*[SECRET] * 4), tokens=tokens)),
        client_of(app_over(second, FixedSecrets(*[SECRET] * 4), tokens=tokens)),
    )
    first.close()
    second.close()


def test_a_retry_that_reaches_another_worker_is_answered_the_same(
    two_workers: tuple[TestClient, TestClient],
) -> None:
    one, other = two_workers
    created = one.post("/games", json={}, headers=keyed("phone-1"))
    again = other.post("/games", json={}, headers=keyed("phone-1"))
    assert_same_answer(created, again)
    game = created.json()
    path = f"/games/{game['id']}/guesses"
    headers = {"Authorization": f"Bearer {game['token']}", **keyed("phone-2")}
    first = one.post(path, json={"guess": "RRGG"}, headers=headers)
    retried = other.post(path, json={"guess": "RRGG"}, headers=headers)
    assert_same_answer(first, retried)
    assert retried.json()["attempts"]["used"] == 1
