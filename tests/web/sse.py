"""Reading a game's live stream as a page would: ``GET /games/{id}/events``, one event at a time."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import attrs
import httpx

SECOND = httpx.Timeout(10.0, read=1.0)
"""Connect at leisure, but every read of a stream must bring something within a second."""


@attrs.frozen
class Sent:
    """One message of the stream: an event, or a comment such as a heartbeat."""

    id: str | None = None
    event: str | None = None
    data: str = ""
    comments: tuple[str, ...] = ()
    raw: str = ""

    @property
    def version(self) -> int:
        assert self.id is not None, self
        return int(self.id)

    @property
    def document(self) -> dict[str, Any]:
        parsed: dict[str, Any] = json.loads(self.data)
        return parsed


class EventStream:
    """An open stream: its answer, and its messages as they come."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response
        self._lines = response.iter_lines()
        self.received: list[Sent] = []

    def next(self) -> Sent | None:
        """The next message, None once the server ended the stream.

        Raises:
            httpx.ReadTimeout: nothing came within the client's read timeout.
        """
        fields: dict[str, str] = {}
        comments: list[str] = []
        raw: list[str] = []
        for line in self._lines:
            if not line:
                if fields or comments:
                    sent = Sent(
                        fields.get("id"),
                        fields.get("event"),
                        fields.get("data", ""),
                        tuple(comments),
                        "\n".join(raw),
                    )
                    self.received.append(sent)
                    return sent
                continue
            raw.append(line)
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if not name:
                comments.append(value)
            else:
                fields[name] = (
                    f"{fields[name]}\n{value}" if name == "data" and name in fields else value
                )
        return None

    def next_event(self) -> Sent | None:
        """The next event, past any heartbeats; None once the stream ended."""
        while (sent := self.next()) is not None:
            if sent.event is not None:
                return sent
        return None

    def rest(self) -> list[Sent]:
        """Every event until the server ends the stream."""
        events = []
        while (sent := self.next_event()) is not None:
            events.append(sent)
        return events


@contextlib.contextmanager
def watching(
    client: httpx.Client,
    game_id: str,
    token: str | None,
    *,
    last_event_id: int | str | None = None,
    timeout: httpx.Timeout = SECOND,
) -> Iterator[EventStream]:
    """The game's live stream, as the holder of ``token`` sees it."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if last_event_id is not None:
        headers["Last-Event-ID"] = str(last_event_id)
    with client.stream(
        "GET", f"/games/{game_id}/events", headers=headers, timeout=timeout
    ) as response:
        yield EventStream(response)


def applied(board: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """The board a stream's ``change`` makes of ``board``, the one before it, as the
    page applies it: a row added, the attempts and hints as they now are, the outcome."""
    after = {**board, "attempts": change["attempts"], "hints": change["hints"]}
    if change["row"] is not None:
        after["rows"] = [*board["rows"], change["row"]]
    if change["outcome"] is not None:
        after.update(change["outcome"])
    if change["type"] == "NoteLeft":
        after["note"] = change["note"]
    return after
