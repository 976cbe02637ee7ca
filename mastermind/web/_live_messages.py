"""What a game's live stream sends, written out once and shared by all its watchers, and
the watcher that holds what waits to be sent to one client."""

from __future__ import annotations

import asyncio
import collections
import json
from collections.abc import Callable, Sequence

import attrs
from sse_starlette import ServerSentEvent

from mastermind.domain import BoardSoFar, DecodingBoard, GameLost, GameWon
from mastermind.service import (
    LiveChange,
    LiveDropped,
    LiveMessage,
    RecordedEvent,
    Role,
    encode,
)

__all__ = [
    "CaughtUp",
    "DROPPED",
    "Message",
    "PENDING",
    "Watcher",
    "render",
    "render_board",
]

PENDING = 64
"""Messages one watcher may have waiting, unless the limits say otherwise; past them, its
stream ends with :data:`DROPPED`."""
_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))


@attrs.frozen
class Message:
    """One message of a game's live stream, to each role, written out as it is sent."""

    version: int
    terminal: bool
    breaker: bytes
    maker: bytes

    def to(self, role: Role) -> bytes:
        return self.maker if role is Role.MAKER else self.breaker


def _event(answer: object, version: int | None, kind: str) -> bytes:
    data = _ENCODER.encode(encode(answer))
    name = None if version is None else str(version)
    return ServerSentEvent(data, id=name, event=kind, sep="\n").encode()


def _terminal(event: object) -> bool:
    return isinstance(event, GameWon | GameLost)


def render(
    record: RecordedEvent,
    after: BoardSoFar,
    offers_hints: Callable[..., bool],
    shown: Callable[[DecodingBoard], DecodingBoard],
) -> Message:
    """The change ``record`` made, with the board as it stands ``after`` it: each role's
    as every other answer shows it, the maker's with the secret in view; ``shown`` keeps
    a secret that no answer shows yet, a daily game's (``Games.shown``)."""
    event, version = record.event, record.version
    board = shown(after.board)
    # The maker cannot ask for hints; only the maker's board may show the secret.
    breaker = LiveChange.of(version, event, board, hints=offers_hints(board))
    maker = LiveChange.of(version, event, shown(board.with_secret(after.secret)), hints=False)
    kind = type(event).__name__
    return Message(
        version, _terminal(event), _event(breaker, version, kind), _event(maker, version, kind)
    )


def render_board(
    record: RecordedEvent,
    after: BoardSoFar,
    offers_hints: Callable[..., bool],
    shown: Callable[[DecodingBoard], DecodingBoard],
) -> Message:
    """The first message of a stream: the game's last event, ``record``, and the whole
    board ``after`` it, a secret kept as ``shown`` keeps it."""
    event, version = record.event, record.version
    board = shown(after.board)

    def encoded(board: DecodingBoard, *, maker: bool) -> bytes:
        hints = not maker and offers_hints(board)
        message = LiveMessage.of(version, event, board, hints=hints, reveal=maker)
        return _event(message, version, type(event).__name__)

    return Message(
        version,
        _terminal(event),
        encoded(board, maker=False),
        encoded(shown(board.with_secret(after.secret)), maker=True),
    )


DROPPED = _event(
    LiveDropped(
        "too slow",
        "This stream fell too far behind the game and was ended: ask again with "
        "Last-Event-ID to go on where it stopped.",
    ),
    None,
    "dropped",
)
"""The last message of a stream whose client reads too slowly; it has no id, so that the
client's Last-Event-ID stays that of the last event it read."""


@attrs.frozen
class CaughtUp:
    """What a stream reads from its game's own stream: the messages it lacks, the game's
    version, and whether the game is over."""

    messages: list[Message]
    version: int
    over: bool


class Watcher:
    """One open stream of one game: the messages the hub handed it, not yet sent."""

    def __init__(self, game_id: str, address: str, *, queue: int = PENDING) -> None:
        self.game_id = game_id
        self.address = address
        self.queue = queue
        self.pending: collections.deque[Message] = collections.deque()
        self.lost_track = False
        """A record could not be read: the stream must read its game again to go on."""
        self.dropped = False
        """More messages waited than ``queue``: the stream ends, saying why."""
        self.closed = False
        self._wake = asyncio.Event()

    def push(self, messages: Sequence[Message]) -> None:
        if len(self.pending) + len(messages) > self.queue:
            self.pending.clear()
            self.dropped = True
        else:
            self.pending.extend(messages)
        self._wake.set()

    def lose_track(self) -> None:
        self.lost_track = True
        self._wake.set()

    def close(self) -> None:
        self.closed = True
        self._wake.set()

    async def wait(self) -> None:
        """Until there is something to send, track was lost, or the stream must end."""
        while not (self.pending or self.lost_track or self.closed or self.dropped):
            self._wake.clear()
            await self._wake.wait()
