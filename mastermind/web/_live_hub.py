"""One reader of the store's feed for every live stream of a process.

The hub holds one :class:`~mastermind.service.Subscription`, read by one thread: each
record of a game that someone watches is folded into that game's board once, rendered
once for each role, and handed to every watcher of the game on the event loop. A
thousand watchers cost one reader of the store, and one fold of each event.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import threading
from collections.abc import Callable, Iterable, Sequence

import attrs
from sse_starlette import ServerSentEvent

from mastermind.domain import BoardSoFar, DecodingBoard, GameLost, GameWon, board_view
from mastermind.service import (
    CorruptRecord,
    Games,
    LiveMessage,
    RecordedEvent,
    Role,
    StoreError,
    Subscription,
    encode,
)
from mastermind.web._client_streams import ClientStreams, LocalStreams
from mastermind.web._problems import Problem

__all__ = [
    "CaughtUp",
    "Hub",
    "Message",
    "PENDING",
    "RETRY_SECONDS",
    "StreamsFull",
    "WAIT_SECONDS",
    "Watcher",
    "log",
    "render",
]

log = logging.getLogger("mastermind.web")

WAIT_SECONDS = 1.0
"""The longest one wait of the hub's reader on the store, before it looks again."""
PENDING = 64
"""Messages one watcher may have waiting; past them, it reads its game again instead."""
RETRY_SECONDS = 5
"""The Retry-After of a stream refused for want of room."""

_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))


@attrs.frozen
class Message:
    """One event of a game as its live stream sends it, to each role."""

    version: int
    terminal: bool
    breaker: bytes
    maker: bytes

    def to(self, role: Role) -> bytes:
        return self.maker if role is Role.MAKER else self.breaker


def render(record: RecordedEvent, after: BoardSoFar, offers_hints: Callable[..., bool]) -> Message:
    """The message of ``record``, with the board as it stands ``after`` it: the breaker's
    board as every other answer shows it, the maker's with the secret in view."""
    event = record.event
    kind = type(event).__name__

    def encoded(board: DecodingBoard, *, maker: bool = False) -> bytes:
        # The maker cannot ask for hints; only the maker's board may show the secret.
        hints = not maker and offers_hints(board)
        message = LiveMessage.of(record.version, event, board, hints=hints, reveal=maker)
        data = _ENCODER.encode(encode(message))
        return ServerSentEvent(data, id=str(record.version), event=kind, sep="\n").encode()

    return Message(
        record.version,
        isinstance(event, GameWon | GameLost),
        encoded(after.board),
        encoded(after.board.with_secret(after.secret), maker=True),
    )


@attrs.frozen
class CaughtUp:
    """What a stream reads from its game's own stream: the messages it lacks, the game's
    version, and whether the game is over."""

    messages: list[Message]
    version: int
    over: bool


class Watcher:
    """One open stream of one game: the messages the hub handed it, not yet sent."""

    def __init__(self, game_id: str, address: str) -> None:
        self.game_id = game_id
        self.address = address
        self.pending: collections.deque[Message] = collections.deque()
        self.lost_track = False
        """Messages were dropped: the stream must read its game again to go on."""
        self.closed = False
        self._wake = asyncio.Event()

    def push(self, messages: Sequence[Message]) -> None:
        if len(self.pending) + len(messages) > PENDING:
            self.pending.clear()
            self.lost_track = True
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
        while not (self.pending or self.lost_track or self.closed):
            self._wake.clear()
            await self._wake.wait()


class StreamsFull(Exception):
    """No room for one more stream: ``problem`` says whose limit was reached."""

    def __init__(self, status: int, error: str, detail: str) -> None:
        super().__init__(detail)
        self.problem = Problem(status, error, detail, headers={"Retry-After": str(RETRY_SECONDS)})


class Hub:
    """The watchers of this process, and the one reader that feeds them."""

    def __init__(
        self, games: Games, *, per_client: int, total: int, clients: ClientStreams | None = None
    ) -> None:
        self._games = games
        self._clients = clients or LocalStreams(per_client)
        """The streams each address holds open, counted here or shared with other servers."""
        self._per_client = per_client
        self._total = total
        self._watchers: dict[str, set[Watcher]] = {}
        """By game; changed on the event loop only, read by the reader under the lock."""
        self._lock = threading.Lock()
        self._count = 0
        self._folds: dict[str, tuple[int, BoardSoFar]] = {}
        """The reader's own: each watched game's version and board so far."""
        self._subscription: Subscription | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._starting = asyncio.Lock()
        self._stopped = False
        self._halt = threading.Event()

    async def start(self) -> None:
        """Subscribe at the feed's head, and start the reader, unless it runs already.

        Raises:
            StoreError: the store cannot be read.
        """
        async with self._starting:
            if self._thread is not None or self._stopped:
                return
            loop = asyncio.get_running_loop()
            subscription = await asyncio.to_thread(self._games.subscribe, None)
            self._loop, self._subscription = loop, subscription
            self._thread = threading.Thread(
                target=self._read, args=(subscription,), name="live streams", daemon=True
            )
            self._thread.start()

    def join(self, game_id: str, address: str) -> Watcher:
        """A watcher of ``game_id``, handed every message from now on.

        Raises:
            StreamsFull: the address, or this process, holds as many streams as it may.
            Problem: 503, the address's streams cannot be counted.
        """
        watcher = Watcher(game_id, address)
        if not self._clients.claim(address, watcher):
            raise StreamsFull(
                429,
                "TooManyStreams",
                f"This address holds {self._per_client} live streams open already, as many "
                "as it may: close one first.",
            )
        if self._count >= self._total or self._stopped:
            self._clients.release(address, watcher)
            raise StreamsFull(
                503,
                "StreamsFull",
                "This server holds as many live streams as it can. Try again in a few seconds.",
            )
        with self._lock:
            self._watchers.setdefault(game_id, set()).add(watcher)
        self._count += 1
        return watcher

    def leave(self, watcher: Watcher) -> None:
        """Forget ``watcher``; leaving twice is leaving once."""
        with self._lock:
            watching = self._watchers.get(watcher.game_id)
            if watching is None or watcher not in watching:
                return
            watching.discard(watcher)
            if not watching:
                del self._watchers[watcher.game_id]
        self._clients.release(watcher.address, watcher)
        self._count -= 1

    def messages(self, game_id: str, after: int) -> CaughtUp:
        """The game's events after version ``after``, from its stream; blocking: call it
        in a worker thread.

        Raises:
            GameNotFound: no game has this id.
            StoreError: the store cannot be read.
        """
        folded = board_view.initial_state
        found = []
        version = 0
        for record in self._games.history(game_id):
            folded = board_view.evolve(folded, record.event)
            version = record.version
            if version > after:
                found.append(render(record, folded, self._games.offers_hints))
        return CaughtUp(found, version, folded.board.is_over)

    async def stop(self) -> None:
        """End every stream, and the reader, which lets go of the store within a second."""
        self._stopped = True
        self._halt.set()
        for watching in list(self._watchers.values()):
            for watcher in watching:
                watcher.close()
        if self._subscription is not None:
            self._subscription.close()
        if self._thread is not None:
            await asyncio.to_thread(self._thread.join, WAIT_SECONDS + 1)

    def _read(self, subscription: Subscription) -> None:
        """The reader: wait on the store, and hand each watched game's records over."""
        failed: str | None = None
        while not subscription.closed:
            try:
                records = subscription.wait(WAIT_SECONDS)
            except CorruptRecord as error:
                # One damaged record must not stop every game's stream: its own game's
                # watchers read the game again, and meet the damage themselves.
                log.warning("Live streams skip a record they cannot read: %s", error)
                subscription.skip_past(error.position)
                if self._loop is not None:
                    with contextlib.suppress(RuntimeError):
                        lost: dict[str, list[Message] | None] = {error.stream_id: None}
                        self._loop.call_soon_threadsafe(self._deliver, lost)
                continue
            except StoreError as error:  # a store closed, or unavailable for now
                if failed != type(error).__name__ and self._count:
                    failed = type(error).__name__
                    log.warning("Live streams cannot read the store: %s: %s", failed, error)
                self._halt.wait(WAIT_SECONDS)
                continue
            failed = None
            if records:
                self._hand_over(records)

    def _hand_over(self, records: Iterable[RecordedEvent]) -> None:
        with self._lock:
            watched = set(self._watchers)
        for game_id in list(self._folds):
            if game_id not in watched:
                del self._folds[game_id]
        by_game: dict[str, list[Message] | None] = {}
        for record in records:
            if record.stream_id not in watched:
                continue
            batch = by_game.setdefault(record.stream_id, [])
            if batch is None:
                continue
            try:
                message = self._fold(record)
            except Exception as error:  # its watchers read the game themselves instead
                log.warning(
                    "Live streams read their game again: %s: %s",
                    type(error).__name__,
                    error,
                    exc_info=not isinstance(error, StoreError),
                )
                by_game[record.stream_id] = None
                continue
            if message is not None:
                batch.append(message)
        if by_game and self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody watches
                self._loop.call_soon_threadsafe(self._deliver, by_game)

    def _fold(self, record: RecordedEvent) -> Message | None:
        """The message of ``record``, or None if it was handed over already."""
        version, folded = self._folds.get(record.stream_id, (0, board_view.initial_state))
        if record.version <= version:
            return None
        if record.version != version + 1:  # the game's start came before it was watched
            folded = board_view.initial_state
            for earlier in self._games.history(record.stream_id):
                if earlier.version >= record.version:
                    break
                folded = board_view.evolve(folded, earlier.event)
        folded = board_view.evolve(folded, record.event)
        self._folds[record.stream_id] = (record.version, folded)
        return render(record, folded, self._games.offers_hints)

    def _deliver(self, by_game: dict[str, list[Message] | None]) -> None:
        for game_id, messages in by_game.items():
            for watcher in self._watchers.get(game_id, ()):
                if messages is None:
                    watcher.lose_track()
                elif messages:
                    watcher.push(messages)
