"""The edges of ``CommandRunner``: its setup and what ``handle`` takes are refused by name
when wrong, before anything is stored, and one rule says which idempotency keys it takes."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mastermind import Code, JoinGame, decider
from mastermind.service import CommandRunner, Games, check_idempotency_key
from mastermind.store import EventStore
from tests.service.edges import KEY_VALUES, STORES, Case, assert_refused, new_store


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    yield from new_store(request.param, tmp_path)


RUNNER_SETUP: dict[str, tuple[dict[str, Any], type[Exception], str]] = {
    "decider-none": ({"decider": None}, TypeError, "decider must be a Decider, not NoneType"),
    "decider-function": (
        {"decider": decider.decide},
        TypeError,
        "decider must be a Decider, not function",
    ),
    "store-none": ({"store": None}, TypeError, "store must be an event store"),
    "store-path": ({"store": "g.db"}, TypeError, "store must be an event store"),
    "attempts-text": ({"max_attempts": "3"}, TypeError, "max_attempts must be an int, not str"),
    "attempts-bool": ({"max_attempts": True}, TypeError, "max_attempts must be an int, not bool"),
    "attempts-zero": ({"max_attempts": 0}, ValueError, "max_attempts must be at least 1, not 0"),
    "backoff-text": (
        {"backoff_seconds": "0.1"},
        TypeError,
        "backoff_seconds must be a number, not str",
    ),
    "backoff-bool": (
        {"backoff_seconds": False},
        TypeError,
        "backoff_seconds must be a number, not bool",
    ),
    "backoff-negative": (
        {"backoff_seconds": -1},
        ValueError,
        "backoff_seconds must be a finite number of at least 0, not -1",
    ),
    "backoff-nan": ({"backoff_seconds": math.nan}, ValueError, "finite number of at least 0"),
    "backoff-infinite": ({"backoff_seconds": math.inf}, ValueError, "finite number of at least 0"),
}


@pytest.mark.parametrize(
    ("arguments", "error", "words"), RUNNER_SETUP.values(), ids=RUNNER_SETUP.keys()
)
def test_the_runner_refuses_a_wrong_setup_by_name(
    store: EventStore, arguments: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as raised:
        CommandRunner(**{"decider": decider, "store": store, **arguments})
    assert type(raised.value) is error
    assert words in str(raised.value)


def test_games_hands_a_wrong_number_of_attempts_to_the_runner_to_refuse(store: EventStore) -> None:
    with pytest.raises(TypeError, match="max_attempts must be an int, not float"):
        Games(store, max_attempts=2.5)  # type: ignore[arg-type]


JOIN = JoinGame("g", Code.parse("RGBY"))

HANDLE: dict[str, Case] = {
    "stream-id-none": (
        lambda r: r.handle(None, JOIN),
        TypeError,
        "stream_id must be a str, not NoneType",
    ),
    "stream-id-bytes": (lambda r: r.handle(b"g", JOIN), TypeError, "stream_id must be a str"),
    "key-int": (
        lambda r: r.handle("g", JOIN, idempotency_key=1),
        TypeError,
        "idempotency_key must be a str or None, not int",
    ),
    "key-empty": (lambda r: r.handle("g", JOIN, idempotency_key=""), ValueError, KEY_VALUES),
    "key-nul": (lambda r: r.handle("g", JOIN, idempotency_key="\0"), ValueError, KEY_VALUES),
    "request-int": (
        lambda r: r.handle("g", JOIN, idempotency_key="k", request=1),
        TypeError,
        "request must be a str or None, not int",
    ),
}


@pytest.mark.parametrize("case", HANDLE.values(), ids=HANDLE.keys())
def test_the_runner_refuses_a_wrong_argument_to_handle_by_name_and_stores_nothing(
    store: EventStore, case: Case
) -> None:
    assert_refused(CommandRunner(decider, store), store, case)


@pytest.mark.parametrize(
    ("key", "error"),
    [(None, None), ("a fresh key", None), ("é" * 255, None), (b"k", TypeError), ("\t", ValueError)],
    ids=["none", "text", "longest-latin-1", "bytes", "tab"],
)
def test_one_rule_says_which_idempotency_keys_are_taken(
    key: object, error: type[Exception] | None
) -> None:
    if error is None:
        assert check_idempotency_key(key) == key
    else:
        with pytest.raises(error, match="idempotency_key must"):
            check_idempotency_key(key)
