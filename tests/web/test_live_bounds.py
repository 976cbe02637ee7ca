"""A live stream's bounds: a client that reads too slowly is dropped, saying why, and
resumes with nothing lost or twice; one that stopped reading loses its place; every
message is answered with a bounded buffer, over real sockets."""

from __future__ import annotations

import contextlib
import functools
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.web.conftest import SECRET
from tests.web.sse import EventStream, applied, watching
from tests.web.test_live import MISSES, guess, server, start

SLOW_READER = [(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)]
"""A client whose kernel takes in a few kilobytes before the server's writes wait."""


@contextlib.contextmanager
def slow_client(client: httpx.Client) -> Iterator[httpx.Client]:
    transport = httpx.HTTPTransport(socket_options=SLOW_READER)
    with httpx.Client(base_url=client.base_url, transport=transport) as slow:
        yield slow


NOTE = "Think of the sea, and of the sky above it, and of the boats upon it. " * 2
"""A note of 140 characters: each one the maker leaves is an event of some 300 bytes."""


def maker_game(client: httpx.Client) -> dict[str, str]:
    return start(client, secret=SECRET.split(), maker_name="Mum", attempts=100)


def note(client: httpx.Client, game: dict[str, str]) -> None:
    left = client.post(
        f"/games/{game['id']}/note",
        json={"text": NOTE[:140]},
        headers={"Authorization": f"Bearer {game['token']}"},
    )
    assert left.status_code == 200, left.text


def admitted(client: httpx.Client, game: dict[str, str]) -> bool:
    """Whether a stream is admitted now; closed again at once."""
    with watching(client, game["id"], game["token"]) as stream:
        if stream.response.status_code != 200:
            stream.response.read()
        return stream.response.status_code == 200


def noted_until_admitted(client: httpx.Client, game: dict[str, str]) -> int:
    """Notes left one after another until another stream is admitted: how many, or 0 if
    none was within 400 notes and then ten seconds."""
    for number in range(1, 401):
        note(client, game)
        if admitted(client, game):
            return number
    for _ in range(1000):
        if admitted(client, game):
            return 400
        threading.Event().wait(0.01)
    return 0


def test_a_watcher_that_falls_behind_is_dropped_saying_why_and_resumes_with_every_row_once(
    tmp_path: Path,
) -> None:
    limits = {"stream_queue": 3, "stream_buffer": 4096, "streams_per_client": 1}
    with server(tmp_path, **limits) as client, slow_client(client) as slow:
        game = maker_game(client)
        guess(client, game, MISSES[0])
        with watching(slow, game["id"], game["token"], timeout=httpx.Timeout(10.0)) as behind:
            # It reads nothing while the game goes on, until more changes wait than it
            # may have waiting: then its place is free at once.
            notes = noted_until_admitted(client, game)
            read_behind = behind.rest()
        last_id = max(sent.version for sent in read_behind if sent.id is not None)
        with watching(client, game["id"], game["token"], last_event_id=last_id) as resumed:
            for _ in range(2 + notes - last_id):
                resumed.next_event()
            for typed in [*MISSES[1:4], "OPYO"]:
                guess(client, game, typed)
            resumed.rest()
        board_at_the_end = client.get(f"/games/{game['id']}").json()

    assert notes
    dropped = read_behind[-1]
    assert (dropped.event, dropped.id) == ("dropped", None)
    assert dropped.document["reason"] == "too slow"
    assert "Last-Event-ID" in dropped.document["detail"]
    first, *changes = [*read_behind[:-1], *resumed.received]
    assert first.version == 2
    assert "board" in first.document
    assert [sent.version for sent in changes] == list(range(3, 2 + notes + 6))
    board = functools.reduce(applied, [sent.document for sent in changes], first.document["board"])
    assert board == board_at_the_end
    assert [row["guess"][0][0] for row in board["rows"]] == ["R", "R", "B", "G", "O"]


def test_a_stalled_reader_loses_its_place_within_the_stall_timeout(tmp_path: Path) -> None:
    limits = {"stream_stall": 0.3, "stream_buffer": 4096, "streams_per_client": 1}
    with server(tmp_path, **limits) as client, slow_client(client) as slow:
        game = maker_game(client)
        with watching(slow, game["id"], game["token"], timeout=httpx.Timeout(10.0)) as stalled:
            # It reads nothing, ever, while the game goes on: once the buffers are full,
            # it is cut within the stall timeout, and its place is free.
            notes = noted_until_admitted(client, game)
            with pytest.raises((httpx.ReadError, httpx.RemoteProtocolError)):
                EventStream.rest(stalled)

    assert notes
