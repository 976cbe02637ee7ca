"""A store that fails: 503 with Retry-After, the connection kept, and a few lines in the log.

The outages here are a fake's: a real SQLite store that fails as a store fails while
told to. The real ones, a stopped database or a full disk, have tests of their own. The
app is asked in this process, but on a real server where a test counts connections or
reads the live stream.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.types import ASGIApp, Receive, Scope, Send

from harness import serving
from mastermind.store import (
    CorruptRecord,
    EventStore,
    RecordedEvent,
    SQLiteEventStore,
    StoreClosed,
    StoreError,
    StoreUnavailable,
    Stream,
)
from mastermind.web._app import FailureLog
from mastermind.web._problems import Problem
from tests.web.conftest import SECRET, Player, app_over, assert_problem, same_secret
from tests.web.sse import watching

SECURITY_HEADERS = ("x-content-type-options", "x-frame-options", "content-security-policy")


class FailingStore:
    """A SQLite store that fails as a broken database would while ``failure`` is set."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.failure: Exception | None = None

    def _fail_if_told(self) -> None:
        if self.failure is not None:
            raise self.failure

    def append(
        self, stream_id: str, events: Sequence[Any], expected_version: int, **options: Any
    ) -> int:
        self._fail_if_told()
        return self.store.append(stream_id, events, expected_version, **options)

    def load(self, stream_id: str, **options: Any) -> Stream:
        self._fail_if_told()
        return self.store.load(stream_id, **options)

    def read_all(
        self, after_position: int = 0, limit: int = 1000, **filters: Any
    ) -> list[RecordedEvent]:
        self._fail_if_told()
        return self.store.read_all(after_position, limit, **filters)

    def close(self) -> None:
        self.store.close()


@pytest.fixture
def failing(tmp_path: Path) -> Iterator[FailingStore]:
    store = SQLiteEventStore(tmp_path / "games.db")
    yield FailingStore(store)
    store.close()


@pytest.fixture
def app(failing: FailingStore) -> Starlette:
    return app_over(failing, same_secret)


@pytest.fixture
def served(app: Starlette) -> Iterator[Player]:
    """A player of a real server of the app, for a test of its connections or its stream."""
    with serving(app) as url, httpx.Client(base_url=url, timeout=10) as client:
        yield Player(client)


def local_port(response: httpx.Response) -> int:
    """The client's port of the connection that carried ``response``."""
    stream = response.extensions["network_stream"]
    port: int = stream.get_extra_info("socket").getsockname()[1]
    return port


def mastermind_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name.startswith("mastermind")]


STORE_FAULTS = [
    StoreUnavailable("database or disk is full."),
    StoreClosed(),
    CorruptRecord("a-game", 3, "no event is called 'Lost'"),
]


@pytest.mark.parametrize("fault", STORE_FAULTS, ids=lambda fault: type(fault).__name__)
def test_a_store_fault_answers_503_with_retry_after_on_the_same_connection(
    failing: FailingStore, served: Player, fault: StoreError
) -> None:
    served.start()
    before = served.board()

    failing.failure = fault
    refused = served.board()
    failing.failure = None
    after = served.board()

    problem = assert_problem(refused, 503, "StoreUnavailable")
    assert refused.headers["retry-after"] == "5"
    assert refused.headers.get("connection") != "close"
    assert "disk" not in str(problem["detail"])
    assert "Lost" not in str(problem["detail"])
    assert after.status_code == 200
    assert local_port(before) == local_port(refused) == local_port(after)


def test_every_route_that_needs_the_store_answers_503(
    failing: FailingStore, player: Player
) -> None:
    player.start()

    failing.failure = StoreUnavailable("connection refused.")
    answers = [
        player.start(),
        player.board(),
        player.guess("RGBY"),
        player.give_up(),
        player.client.get(f"/games/{player.game_id}/hint", headers=player.auth),
    ]

    for answer in answers:
        assert_problem(answer, 503, "StoreUnavailable")


def test_the_live_stream_the_makers_end_and_the_daily_code_answer_503_and_heal(
    failing: FailingStore, served: Player
) -> None:
    client = served.client
    made = client.post("/games", json={"secret": "RGBY"}).json()
    maker = {"Authorization": f"Bearer {made['token']}"}
    breaker_token = made["invite"]["token"]

    failing.failure = StoreUnavailable("connection refused.")
    with watching(client, made["id"], breaker_token) as refused_stream:
        refused_stream.response.read()
    refused = [
        refused_stream.response,
        client.post(f"/games/{made['id']}/end", headers=maker),
        client.post("/daily"),
        client.get("/daily/results"),
    ]
    for answer in refused:
        assert_problem(answer, 503, "StoreUnavailable")
        assert answer.headers["retry-after"] == "5"
    failing.failure = None

    with watching(client, made["id"], breaker_token) as stream:
        assert stream.response.status_code == 200
        assert stream.next_event() is not None
        guessed = client.post(
            f"/games/{made['id']}/guesses",
            json={"guess": "RRGG"},
            headers={"Authorization": f"Bearer {breaker_token}"},
        )
        assert guessed.status_code == 201
        heard = stream.next_event()
    assert heard is not None
    assert heard.event == "GuessMade"


def test_an_outage_is_one_line_in_the_log_and_one_when_the_store_answers_again(
    failing: FailingStore, player: Player, caplog: pytest.LogCaptureFixture
) -> None:
    player.start()
    caplog.set_level(logging.INFO)

    failing.failure = StoreUnavailable("connection refused.")
    refused = [player.board().status_code for _ in range(20)]
    failing.failure = None
    answered = [player.board().status_code for _ in range(3)]

    assert refused == [503] * 20
    assert answered == [200] * 3
    lines = [(record.levelname, record.getMessage()) for record in mastermind_lines(caplog)]
    assert lines == [
        (
            "ERROR",
            f"The store failed at GET /games/{player.game_id}, answered 503: StoreUnavailable: "
            "The event store is unavailable: connection refused.",
        ),
        ("INFO", "The store answers again after 20 failures."),
    ]
    assert "Traceback" not in caplog.text
    assert not [record for record in caplog.records if record.exc_info]


def test_a_second_outage_is_news_again(
    failing: FailingStore, player: Player, caplog: pytest.LogCaptureFixture
) -> None:
    player.start()
    caplog.set_level(logging.INFO)

    for reason in ("connection refused.", "database or disk is full."):
        failing.failure = StoreUnavailable(reason)
        player.board()
        player.board()
        failing.failure = None
        player.board()

    messages = [record.getMessage() for record in mastermind_lines(caplog)]
    assert len(messages) == 4
    assert messages[0].endswith("connection refused.")
    assert messages[2].endswith("database or disk is full.")
    assert messages[1] == messages[3] == "The store answers again after 2 failures."


def test_a_failure_nobody_foresaw_answers_500_once_with_its_traceback(
    failing: FailingStore, served: Player, caplog: pytest.LogCaptureFixture
) -> None:
    served.start()
    before = served.board()

    failing.failure = RuntimeError("a bug")
    failed = [served.board() for _ in range(5)]
    failing.failure = None
    after = served.board()

    for answer in failed:
        assert_problem(answer, 500, "InternalError")
        assert "bug" not in answer.text
        assert all(header in answer.headers for header in SECURITY_HEADERS)
    assert after.status_code == 200
    assert local_port(before) == local_port(failed[-1]) == local_port(after)
    (line,) = mastermind_lines(caplog)
    assert (
        line.getMessage() == f"GET /games/{served.game_id} failed with RuntimeError, answered 500"
    )
    assert line.exc_info is not None, "the first of its kind carries the traceback a fix needs"
    assert not [record for record in caplog.records if record.name.startswith("uvicorn")]


class RefusingEverything:
    """Middleware added after the app is made, refusing every request as a problem."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["path"] == "/openapi.json":
            raise StoreUnavailable("the middleware's store is down.")
        raise Problem(429, "TooManyRequests", "Slow down.", headers={"Retry-After": "7"})


def test_failures_of_middleware_added_later_are_answered_with_the_headers(
    failing: FailingStore,
) -> None:
    app = app_over(failing, same_secret)
    app.add_middleware(RefusingEverything)

    with serving(app) as url, httpx.Client(base_url=url) as client:
        limited = client.post("/games")
        unavailable = client.get("/openapi.json")
        ports = {local_port(limited), local_port(unavailable)}

    assert_problem(limited, 429, "TooManyRequests")
    assert limited.headers["retry-after"] == "7"
    assert_problem(unavailable, 503, "StoreUnavailable")
    assert len(ports) == 1, "one connection carried both answers"
    for answer in (limited, unavailable):
        assert all(header in answer.headers for header in SECURITY_HEADERS)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_repeats_of_a_failure_are_counted_in_one_line_a_minute(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = Clock()
    failures = FailureLog(logging.getLogger("mastermind.web"), clock=clock)
    caplog.set_level(logging.INFO)

    for _ in range(400):  # four a second for 100 s
        failures.store_failed(StoreUnavailable("connection refused."), "GET /games/a")
        clock.now += 0.25
    failures.crashed(RuntimeError("a bug"), "GET /")
    failures.store_answered()

    messages = [record.getMessage() for record in caplog.records]
    assert len(messages) == 4
    assert messages[0].endswith("connection refused.")
    assert messages[1].endswith("connection refused. (and 240 times more in the last 60 s)")
    assert messages[2] == "GET / failed with RuntimeError, answered 500"
    assert messages[3] == "The store answers again after 400 failures."


def test_the_games_are_all_there_once_the_store_answers_again(
    failing: FailingStore, player: Player
) -> None:
    player.start()
    player.guess("RGBY")

    failing.failure = StoreUnavailable("database or disk is full.")
    refused = player.guess("RGBO")
    failing.failure = None
    board = player.board().json()
    won = player.guess(SECRET)

    assert refused.status_code == 503
    assert [row["guess"] for row in board["rows"]] == [["Red", "Green", "Blue", "Yellow"]]
    assert won.json()["status"] == "won"
