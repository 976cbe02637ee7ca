"""A game's live stream: every event once and in order, to either player, within a second:
the board first, then what each event changed."""

from __future__ import annotations

import contextlib
import functools
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from harness import ServerProcess, serving
from mastermind.bootstrap import Limits, bootstrap
from mastermind.service import PlayerTokens, Role
from mastermind.store import SQLiteEventStore
from mastermind.web import create_app
from mastermind.web._socket import BoundedProtocol
from tests.web.conftest import SECRET, UNLIMITED, assert_problem, same_secret
from tests.web.sse import EventStream, applied, watching
from tests.web.test_secret import shows_the_secret

TOKENS = PlayerTokens.random()
MISSES = ["RGBY", "RRGG", "BBYY", "GGRR", "YYBB", "PPRR", "RRPP", "GGBB"]
"""Guesses that miss ``SECRET``, Orange Purple Yellow Orange."""


@contextlib.contextmanager
def server(tmp_path: Path, **limits: object) -> Iterator[httpx.Client]:
    """A server over a SQLite file, with ``limits``, and a client of it."""
    store = SQLiteEventStore(tmp_path / "games.db")
    bounds = Limits(create_rate=UNLIMITED.create_rate, hint_rate=UNLIMITED.hint_rate, **limits)
    application = bootstrap(
        store, secret_maker=same_secret, hints=None, tokens=TOKENS, environment={}, limits=bounds
    )
    # Each connection bounded as mastermind serve bounds it.
    http = functools.partial(BoundedProtocol, limits=bounds)
    try:
        with (
            serving(create_app(application), http=http) as url,
            httpx.Client(base_url=url) as client,
        ):
            yield client
    finally:
        store.close()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[httpx.Client]:
    with server(tmp_path) as client:
        yield client


def start(client: httpx.Client, **setup: object) -> dict[str, str]:
    created = client.post("/games", json=setup)
    assert created.status_code == 201, created.text
    game: dict[str, str] = created.json()
    return game


def guess(client: httpx.Client, game: dict[str, str], typed: str) -> httpx.Response:
    token = game["invite"]["token"] if "invite" in game else game["token"]  # type: ignore[index]
    answer = client.post(
        f"/games/{game['id']}/guesses",
        json={"guess": typed},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 201, answer.text
    return answer


def versions(stream: EventStream) -> list[int]:
    return [sent.version for sent in stream.received if sent.id is not None]


def test_a_guess_made_through_the_api_reaches_a_watcher_within_a_second(
    client: httpx.Client,
) -> None:
    game = start(client)
    with watching(client, game["id"], game["token"]) as stream:
        assert stream.response.status_code == 200
        assert stream.response.headers["content-type"].startswith("text/event-stream")
        assert stream.response.headers["cache-control"] == "no-store"
        assert stream.response.headers["x-accel-buffering"] == "no"
        started = stream.next_event()
        assert started is not None
        assert (started.version, started.event) == (1, "GameStarted")

        answer = guess(client, game, "RGBY")
        made = stream.next_event()  # read with a one-second timeout: the acceptance criterion

    assert made is not None
    assert (made.version, made.event) == (2, "GuessMade")
    assert made.document["type"] == "GuessMade"
    assert made.document["version"] == 2
    assert made.document["row"]["guess"] == ["Red", "Green", "Blue", "Yellow"]
    assert made.document["row"]["feedback"] == {"black": 0, "white": 1}
    assert "board" not in made.document
    assert applied(started.document["board"], made.document) == answer.json()


def test_the_first_message_carries_the_board_and_each_later_one_only_what_changed(
    client: httpx.Client,
) -> None:
    game = start(client)
    guess(client, game, "RGBY")
    board_then = client.get(f"/games/{game['id']}").json()

    with watching(client, game["id"], game["token"]) as stream:
        first = stream.next_event()
        guess(client, game, "RRGG")
        guess(client, game, "OPYO")
        changes = stream.rest()

    assert first is not None
    assert (first.version, first.event) == (2, "GuessMade")
    assert first.document["board"] == board_then
    assert [(sent.version, sent.event) for sent in changes] == [
        (3, "GuessMade"),
        (4, "GuessMade"),
        (5, "GameWon"),
    ]
    assert [sorted(sent.document) for sent in changes] == [
        ["attempts", "hints", "note", "outcome", "row", "type", "version"]
    ] * 3
    board = functools.reduce(applied, [sent.document for sent in changes], first.document["board"])
    assert board == client.get(f"/games/{game['id']}").json()
    assert len(first.raw) > 3 * max(len(sent.raw) for sent in changes)


def test_the_stream_ends_after_the_game_does(client: httpx.Client) -> None:
    game = start(client)
    with watching(client, game["id"], game["token"]) as stream:
        stream.next_event()
        guess(client, game, "RGBY")
        client.post(
            f"/games/{game['id']}/give-up", headers={"Authorization": f"Bearer {game['token']}"}
        )
        rest = stream.rest()

    assert [sent.event for sent in rest] == ["GuessMade", "GameLost"]
    assert rest[-1].document["outcome"] == {
        "status": "lost",
        "given_up": True,
        "called_off": False,
        "secret": SECRET.split(),
    }


def test_a_stream_of_a_finished_game_sends_what_the_client_lacks_and_ends(
    client: httpx.Client,
) -> None:
    game = start(client)
    guess(client, game, "OPYO")

    with watching(client, game["id"], game["token"], last_event_id=2) as stream:
        lacking = stream.rest()
    with watching(client, game["id"], game["token"], last_event_id=3) as stream:
        nothing = stream.rest()

    assert [(sent.version, sent.event) for sent in lacking] == [(3, "GameWon")]
    assert nothing == []


def test_last_event_id_resumes_with_neither_loss_nor_repeat(client: httpx.Client) -> None:
    game = start(client)
    with watching(client, game["id"], game["token"]) as first:
        first.next_event()
        guess(client, game, MISSES[0])
        first.next_event()
    guess(client, game, MISSES[1])  # made while nobody watched
    guess(client, game, MISSES[2])

    with watching(client, game["id"], game["token"], last_event_id=2) as second:
        second.next_event()
        second.next_event()
        guess(client, game, "OPYO")
        second.rest()

    assert versions(first) == [1, 2]
    assert versions(second) == [3, 4, 5, 6]
    guesses = [sent.document["row"]["guess"] for sent in [*first.received, *second.received][1:-1]]
    assert ["".join(peg[0] for peg in pegs) for pegs in guesses] == [*MISSES[:3], "OPYO"]


@pytest.mark.parametrize("typed", ["3", "50", "999999999"])
def test_a_last_event_id_past_the_games_last_event_is_refused(
    client: httpx.Client, typed: str
) -> None:
    game = start(client)
    guess(client, game, MISSES[0])
    answer = client.get(
        f"/games/{game['id']}/events",
        headers={"Authorization": f"Bearer {game['token']}", "Last-Event-ID": typed},
    )

    problem = assert_problem(answer, 400, "InvalidLastEventId")
    assert "last event is 2" in str(problem["detail"])


def test_streams_resumed_again_and_again_during_play_see_every_event_once(
    client: httpx.Client,
) -> None:
    game = start(client, attempts=40)
    playing = threading.Thread(
        target=lambda: [guess(client, game, typed) for typed in MISSES * 4], daemon=True
    )
    seen = [1]  # the game's start: each stream resumes after the last event seen
    last = 1 + len(MISSES) * 4
    playing.start()
    while seen[-1] < last:
        with watching(client, game["id"], game["token"], last_event_id=seen[-1]) as stream:
            for _ in range(3):
                sent = stream.next_event()
                assert sent is not None
                seen.append(sent.version)
                if sent.version == last:
                    break
    playing.join()

    assert seen == list(range(1, 2 + len(MISSES) * 4))


def test_a_quiet_stream_sends_heartbeats(tmp_path: Path) -> None:
    with server(tmp_path, stream_heartbeat=0.05) as client:
        game = start(client)
        with watching(client, game["id"], game["token"]) as stream:
            stream.next_event()
            sent = stream.next()

    assert sent is not None
    assert sent.comments == ("heartbeat",)
    assert sent.raw == ": heartbeat"


def test_an_address_holding_its_streams_is_refused_another_until_it_closes_one(
    tmp_path: Path,
) -> None:
    with server(tmp_path, streams_per_client=2) as client:
        game = start(client)
        with contextlib.ExitStack() as open_streams:
            for _ in range(2):
                stream = open_streams.enter_context(watching(client, game["id"], game["token"]))
                assert stream.response.status_code == 200
            refused = client.get(
                f"/games/{game['id']}/events",
                headers={"Authorization": f"Bearer {game['token']}"},
            )
        admitted = admitted_once_closed(client, game)

    problem = assert_problem(refused, 429, "TooManyStreams")
    assert "2 live streams" in str(problem["detail"])
    assert int(refused.headers["retry-after"]) >= 1
    assert admitted == 200


def test_asking_for_a_streams_head_holds_no_place(tmp_path: Path) -> None:
    with server(tmp_path, streams_per_client=1) as client:
        game = start(client)
        auth = {"Authorization": f"Bearer {game['token']}"}
        heads = [client.head(f"/games/{game['id']}/events", headers=auth) for _ in range(3)]
        with watching(client, game["id"], game["token"]) as stream:
            opened = stream.response.status_code

    assert [head.status_code for head in heads] == [200, 200, 200]
    assert [head.content for head in heads] == [b"", b"", b""]
    assert opened == 200


def test_a_process_holding_its_streams_answers_503_to_another(tmp_path: Path) -> None:
    with server(tmp_path, streams=1) as client:
        game = start(client)
        with watching(client, game["id"], game["token"]) as stream:
            assert stream.response.status_code == 200
            refused = client.get(
                f"/games/{game['id']}/events",
                headers={"Authorization": f"Bearer {game['token']}"},
            )
        admitted = admitted_once_closed(client, game)

    assert_problem(refused, 503, "StreamsFull")
    assert int(refused.headers["retry-after"]) >= 1
    assert admitted == 200


def admitted_once_closed(client: httpx.Client, game: dict[str, str]) -> int:
    """The status of a new stream once the server noticed the others close: it notices
    a departure as soon as the connection closes, a moment after the client closed it."""
    for _ in range(200):
        with watching(client, game["id"], game["token"]) as stream:
            if stream.response.status_code != 200:
                stream.response.read()
                threading.Event().wait(0.01)
                continue
            return stream.response.status_code
    return 0


def test_the_breakers_stream_never_shows_the_secret_before_the_end_and_the_makers_does(
    client: httpx.Client,
) -> None:
    game = start(client, secret=SECRET.split(), maker_name="Mum")
    maker, breaker = game["token"], game["invite"]["token"]  # type: ignore[index]
    with (
        watching(client, game["id"], maker) as makers,
        watching(client, game["id"], breaker) as breakers,
    ):
        for typed in MISSES[:3]:
            guess(client, game, typed)
        seen_by_breaker_in_play = [breakers.next_event() for _ in range(4)]
        guess(client, game, "OPYO")
        seen_by_breaker_at_the_end = breakers.rest()
        seen_by_maker = makers.rest()

    headers = f"{breakers.response.headers.multi_items()}"
    assert not shows_the_secret(headers)
    assert [sent for sent in seen_by_breaker_in_play if sent is None] == []
    assert [
        sent.version for sent in seen_by_breaker_in_play if sent and shows_the_secret(sent.raw)
    ] == []
    assert [sent.event for sent in seen_by_breaker_at_the_end] == ["GuessMade", "GameWon"]
    assert shows_the_secret(seen_by_breaker_at_the_end[1].raw)
    assert len(seen_by_maker) == 6
    # The board and the end show it; so does the winning guess, which is the secret.
    assert [shows_the_secret(sent.raw) for sent in seen_by_maker] == [
        True,
        *[False] * 3,
        True,
        True,
    ]
    assert seen_by_maker[0].document["board"]["maker"] == {
        "kind": "person",
        "name": "Mum",
        "allows_hints": False,
    }


def test_a_stream_needs_one_of_the_games_tokens(client: httpx.Client) -> None:
    game, other = start(client), start(client)
    path = f"/games/{game['id']}/events"

    assert_problem(client.get(path), 401, "MissingToken")
    assert_problem(
        client.get(path, headers={"Authorization": f"Bearer {other['token']}"}),
        403,
        "WrongToken",
    )
    assert_problem(
        client.get(path, headers={"Authorization": f"Bearer {game['token']}x"}),
        403,
        "WrongToken",
    )
    unknown = TOKENS.issue("no-such-game", Role.BREAKER)
    assert_problem(
        client.get("/games/no-such-game/events", headers={"Authorization": f"Bearer {unknown}"}),
        404,
        "GameNotFound",
    )


@pytest.mark.parametrize(
    "typed", ["x", "-1", "1.5", "+1", "0", "01", "007", "1e3", "2" * 30, "\u0663".encode()]
)
def test_a_last_event_id_that_is_no_version_is_refused(
    client: httpx.Client, typed: str | bytes
) -> None:
    game = start(client)
    answer = client.get(
        f"/games/{game['id']}/events",
        headers={"Authorization": f"Bearer {game['token']}", "Last-Event-ID": typed},
    )

    assert_problem(answer, 400, "InvalidLastEventId")


def test_a_stopping_server_ends_its_streams_at_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with (
        ServerProcess(url, tmp_path / "server.log") as served,
        httpx.Client(base_url=served.url) as client,
    ):
        game = start(client)
        with watching(client, game["id"], game["token"]) as stream:
            stream.next_event()
            stopping = threading.Thread(target=served.stop)
            stopping.start()
            ended = stream.rest()  # a stream cut off would raise here
        stopping.join()
        log = served.stop()

    assert ended == []
    assert "graceful shutdown exceeded" not in log
    assert served.process.returncode == 0


def test_a_record_nobody_can_read_stops_no_other_games_stream(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        damaged, sound = start(client), start(client)
        with watching(client, sound["id"], sound["token"]) as stream:
            assert stream.next_event() is not None
            with sqlite3.connect(tmp_path / "games.db") as connection:
                connection.execute(
                    "INSERT INTO events (stream_id, version, type, schema, data)"
                    " VALUES (?, 2, 'GuessMade', 1, '{}')",
                    (damaged["id"],),
                )
            connection.close()
            guess(client, sound, "RGBY")
            made = stream.next_event()

    assert made is not None
    assert (made.version, made.event) == (2, "GuessMade")
