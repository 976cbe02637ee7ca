"""One reader of the store's feed for every live stream of a process.

The hub holds one :class:`~mastermind.service.Subscription`, read by one thread: each
record of a game that someone watches is folded into that game's board once, the change
it made written out once for each role, and the same bytes handed to every watcher of
the game on the event loop. A thousand watchers cost one reader of the store, and one
fold of each event.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Iterable

from mastermind.domain import BoardSoFar, board_view
from mastermind.service import (
    CorruptRecord,
    Games,
    RecordedEvent,
    StoreError,
    Subscription,
)
from mastermind.web._client_streams import ClientStreams, LocalStreams
from mastermind.web._live_messages import (
    PENDING,
    CaughtUp,
    Message,
    Watcher,
    render,
    render_board,
)
from mastermind.web._problems import Problem

__all__ = [
    "Hub",
    "MAX_SPACING",
    "RETRY_SECONDS",
    "SPACING_PER_WATCHER",
    "StreamsFull",
    "WAIT_SECONDS",
    "log",
]

log = logging.getLogger("mastermind.web")

SPACING_PER_WATCHER = 0.0005
"""Seconds between two handings-over to a game's watchers, for each of them: each costs
the event loop a write to every watcher, some 0.1 ms, so a game watched by many hands its
events over in batches, keeping the loop free for the players most of the time."""
MAX_SPACING = 0.25
"""The longest a message waits to be handed over, however many watch its game."""
WAIT_SECONDS = 1.0
"""The longest one wait of the hub's reader on the store, before it looks again."""
RETRY_SECONDS = 5
"""The Retry-After of a stream refused for want of room."""


class StreamsFull(Exception):
    """No room for one more stream: ``problem`` says whose limit was reached."""

    def __init__(self, status: int, error: str, detail: str) -> None:
        super().__init__(detail)
        self.problem = Problem(status, error, detail, headers={"Retry-After": str(RETRY_SECONDS)})


class Hub:
    """The watchers of this process, and the one reader that feeds them."""

    def __init__(
        self,
        games: Games,
        *,
        per_client: int,
        total: int,
        queue: int = PENDING,
        clients: ClientStreams | None = None,
    ) -> None:
        self._games = games
        self._queue = queue
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
        self._held: dict[str, list[Message]] = {}
        """By game, on the event loop: messages that wait for the game's next handing-over."""
        self._handed_at: dict[str, float] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}

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

    async def join(self, game_id: str, address: str) -> Watcher:
        """A watcher of ``game_id``, handed every message from now on. The address's place
        is claimed in a worker thread, since counting in Redis may take a round trip; the
        watcher joins its game on the event loop, which alone changes the watchers.

        Raises:
            StreamsFull: the address, or this process, holds as many streams as it may.
            Problem: 503, the address's streams cannot be counted.
        """
        watcher = Watcher(game_id, address, queue=self._queue)
        if not await self._claim(address, watcher):
            raise StreamsFull(
                429,
                "TooManyStreams",
                f"This address holds {self._per_client} live streams open already, as many "
                "as it may: close one first.",
            )
        if self._count >= self._total or self._stopped:
            self._give_back(address, watcher)
            raise StreamsFull(
                503,
                "StreamsFull",
                "This server holds as many live streams as it can. Try again in a few seconds.",
            )
        with self._lock:
            self._watchers.setdefault(game_id, set()).add(watcher)
        self._count += 1
        return watcher

    async def _claim(self, address: str, watcher: Watcher) -> bool:
        """The address's place for ``watcher``, claimed in a worker thread; given back
        when it comes, should the request be cancelled meanwhile."""
        claiming = asyncio.ensure_future(asyncio.to_thread(self._clients.claim, address, watcher))
        try:
            return await asyncio.shield(claiming)
        except asyncio.CancelledError:

            def give_back(claimed: asyncio.Future[bool]) -> None:
                if not claimed.cancelled() and claimed.exception() is None and claimed.result():
                    self._clients.release(address, watcher)

            claiming.add_done_callback(give_back)
            raise

    def leave(self, watcher: Watcher) -> None:
        """Forget ``watcher``; leaving twice is leaving once."""
        with self._lock:
            watching = self._watchers.get(watcher.game_id)
            if watching is None or watcher not in watching:
                return
            watching.discard(watcher)
            if not watching:
                del self._watchers[watcher.game_id]
                self._forget(watcher.game_id)
        self._count -= 1
        self._give_back(watcher.address, watcher)

    def _give_back(self, address: str, watcher: Watcher) -> None:
        """Give the address's place back; on the event loop, from a worker thread when
        counting asks Redis, which may be slow or away, while the loop goes on serving."""
        if self._clients.remote and self._loop is not None and self._loop.is_running():
            self._loop.run_in_executor(None, self._clients.release, address, watcher)
        else:
            self._clients.release(address, watcher)

    def messages(self, game_id: str, after: int) -> CaughtUp:
        """What a stream that received version ``after`` lacks, from the game's stream:
        with ``after`` 0, one message of the whole board as it stands; else the change of
        each event after it. Blocking: call it in a worker thread.

        Raises:
            GameNotFound: no game has this id.
            StoreError: the store cannot be read.
        """
        folded = board_view.initial_state
        found = []
        last = None
        for record in self._games.history(game_id):
            folded = board_view.evolve(folded, record.event)
            last = record
            if after and record.version > after:
                found.append(render(record, folded, self._games.offers_hints, self._games.shown))
        if not after and last is not None:
            found.append(render_board(last, folded, self._games.offers_hints, self._games.shown))
        version = 0 if last is None else last.version
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
        return render(record, folded, self._games.offers_hints, self._games.shown)

    def _deliver(self, by_game: dict[str, list[Message] | None]) -> None:
        """Hand each game's messages to its watchers now, or at the game's next turn if
        its last handing-over was too recent: one write a watcher for the whole batch."""
        assert self._loop is not None
        now = self._loop.time()
        for game_id, messages in by_game.items():
            watching = self._watchers.get(game_id)
            if not watching:
                continue
            if messages is None:  # unreadable: they read the game themselves, at once
                self._held.pop(game_id, None)
                for watcher in watching:
                    watcher.lose_track()
                continue
            self._held.setdefault(game_id, []).extend(messages)
            if game_id in self._timers:
                continue
            spacing = min(MAX_SPACING, SPACING_PER_WATCHER * len(watching))
            due = self._handed_at.get(game_id, -spacing) + spacing
            if now >= due:
                self._hand(game_id)
            else:
                self._timers[game_id] = self._loop.call_at(due, self._hand, game_id)

    def _hand(self, game_id: str) -> None:
        assert self._loop is not None
        self._timers.pop(game_id, None)
        messages = self._held.pop(game_id, [])
        self._handed_at[game_id] = self._loop.time()
        behind = []
        for watcher in self._watchers.get(game_id, ()):
            watcher.push(messages)
            if watcher.dropped:
                behind.append(watcher)
        for watcher in behind:  # its place is free at once, whenever its client reads on
            self.leave(watcher)

    def _forget(self, game_id: str) -> None:
        """Nobody watches the game any more: nothing of it waits to be handed over."""
        self._held.pop(game_id, None)
        self._handed_at.pop(game_id, None)
        timer = self._timers.pop(game_id, None)
        if timer is not None:
            timer.cancel()
