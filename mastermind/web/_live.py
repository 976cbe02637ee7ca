"""``GET /games/{id}/events``: a game's events as Server-Sent Events, live, to either player.

A stream first joins the process's :class:`~mastermind.web._live_hub.Hub`, then reads
the game's own stream for what the client lacks: the whole board as it stands, or with
``Last-Event-ID`` the change of each event after it; it then sends the changes the hub
hands it, skipping every version sent already: nothing lost, nothing twice. Each
message's ``id`` is the event's version in the game's stream.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import Message, Receive, Scope, Send

from mastermind.bootstrap import Limits
from mastermind.domain import GameError
from mastermind.service import Games, PlayerTokens, Role, StoreError
from mastermind.web._bearer import role_required
from mastermind.web._bodies import GAME_ID, LAST_EVENT_ID
from mastermind.web._client_streams import client_streams
from mastermind.web._live_hub import Hub, StreamsFull
from mastermind.web._live_messages import DROPPED, CaughtUp, Watcher
from mastermind.web._problems import Problem
from mastermind.web._requests import game_id_of
from mastermind.web._schema import Reply, endpoint, routes_of

__all__ = ["HEADERS", "HEARTBEAT", "LiveGames", "STOP_SECONDS"]

STOP_SECONDS = 1.0
"""How long a stream may take to end once the server stops, before it is cut off."""
HEARTBEAT = ServerSentEvent(comment="heartbeat", sep="\n")
HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


class LiveGames:
    """The live streams of one process's games, and the hub that feeds them."""

    def __init__(self, games: Games, tokens: PlayerTokens, limits: Limits) -> None:
        self.games = games
        self.tokens = tokens
        self.heartbeat = limits.stream_heartbeat
        self.hub = Hub(
            games,
            per_client=limits.streams_per_client,
            total=limits.streams,
            clients=client_streams(limits.storage, limits.streams_per_client),
            queue=limits.stream_queue,
        )

    def routes(self) -> list[Route]:
        return routes_of(self.events)

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Read the feed from the start of serving, and end every stream on the way out."""
        with contextlib.suppress(StoreError):  # the first stream tries again
            await self.hub.start()
        try:
            yield
        finally:
            await self.hub.stop()

    @endpoint(
        "GET",
        "/games/{id}/events",
        "getEvents",
        "The game's events, live, as Server-Sent Events, until the game ends",
        Reply(
            200, "Each event as it happens; the id is its version", media_type="text/event-stream"
        ),
        problems=(400, 401, 403, 404, 429),
        token="either player's",
        parameters=(GAME_ID, LAST_EVENT_ID),
    )
    async def events(self, request: Request) -> Response:
        game_id = game_id_of(request)
        role = role_required(request, self.tokens, game_id, _MISSING)
        after = _last_event_id(request)
        await self.hub.start()
        client = request.client
        try:
            address = client.host if client else "unknown"
            watcher = await self.hub.join(game_id, address)
        except StreamsFull as full:
            raise full.problem from None
        try:
            caught_up = await run_in_threadpool(self.hub.messages, game_id, after)
            if after > caught_up.version:
                raise _no_version(f"this game's last event is {caught_up.version}")
        except GameError as error:
            self.hub.leave(watcher)
            raise Problem.of(error) or error from None
        except BaseException:
            self.hub.leave(watcher)
            raise
        return _Stream(
            self._stream(watcher, role, after, caught_up),
            headers=HEADERS,
            ping=self.heartbeat,
            sep="\n",
            ping_message_factory=lambda: HEARTBEAT,
            watcher=watcher,
            leave=lambda: self.hub.leave(watcher),
        )

    async def _stream(
        self, watcher: Watcher, role: Role, sent: int, caught_up: CaughtUp
    ) -> AsyncIterator[bytes]:
        """The messages after version ``sent``: the board or those caught up with, then
        the live ones, until the game ends or the server stops; the stream's place is
        free before its client sees it end."""
        try:
            batch, over = caught_up.messages, caught_up.over
            if not sent and batch:  # the whole board, as it stands at the game's last event
                yield batch[-1].to(role)
                sent, batch = batch[-1].version, []
            while True:
                # Everything that waits goes in one write: a client that fell behind by ten
                # events costs one send, not ten.
                chunks = []
                for message in batch:
                    if message.version <= sent:
                        continue
                    if message.version > sent + 1:  # never seen: read the game again
                        watcher.lose_track()
                        break
                    chunks.append(message.to(role))
                    sent = message.version
                    if message.terminal:
                        over = True
                        break
                if chunks:
                    yield b"".join(chunks)
                if over and not watcher.lost_track:
                    return  # the client has every event of a game that is over
                await watcher.wait()
                if watcher.closed:
                    return
                if watcher.dropped:
                    yield DROPPED
                    return
                if watcher.lost_track:
                    watcher.lost_track = False
                    watcher.pending.clear()
                    try:
                        again = await run_in_threadpool(self.hub.messages, watcher.game_id, sent)
                    except (GameError, StoreError):
                        return  # the client comes back with Last-Event-ID, and is answered then
                    batch, over = again.messages, again.over
                    continue
                batch = list(watcher.pending)
                watcher.pending.clear()
        finally:
            self.hub.leave(watcher)


_MISSING = (
    "Only the game's players may watch it: send the code maker's or the code breaker's "
    "token as Authorization: Bearer <token>."
)


class _Stream(EventSourceResponse):
    """An event stream that ends as a stream should, with its last chunk, when the server
    stops, and lets go of its place in the hub however it ends: at the game's end, when
    the client leaves, or when the server stops."""

    def __init__(
        self,
        content: AsyncIterator[bytes],
        watcher: Watcher,
        leave: Callable[[], None],
        **options: Any,
    ) -> None:
        self._stopping = anyio.Event()
        super().__init__(
            content,
            shutdown_event=self._stopping,
            shutdown_grace_period=STOP_SECONDS,
            **options,
        )
        self._watcher = watcher
        self._leave = leave

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] == "HEAD":  # answered with the headers alone: no stream
            self._leave()
        try:
            async with anyio.create_task_group() as stopping:
                stopping.start_soon(self._end_when_stopping)
                await super().__call__(scope, receive, send)
                stopping.cancel_scope.cancel()
        finally:
            self._leave()

    async def _send_with_timeout(self, send: Send, message: Message) -> None:
        # Each message to each watcher passes here: a timer for every send would cost the
        # event loop more than the send. A client that stops reading is cut by the
        # connection itself (``mastermind serve``'s protocol, after ``stream_stall``).
        await send(message)

    async def _end_when_stopping(self) -> None:
        await self._stopping.wait()
        self._watcher.close()


def _last_event_id(request: Request) -> int:
    """The version the client received last: 0, the game's start, without the header.

    Raises:
        Problem: 400 for a header that is no message's id: anything but a whole number
            from 1 written without leading zeros. One past the game's last event is
            refused once the game is read.
    """
    typed = request.headers.get("last-event-id", "").strip()
    if not typed:
        return 0
    if not (typed.isascii() and typed.isdigit() and typed[0] != "0" and len(typed) <= 9):
        raise _no_version("a whole number from 1, without leading zeros")
    return int(typed)


def _no_version(why: str) -> Problem:
    return Problem(
        400,
        "InvalidLastEventId",
        f"Last-Event-ID must be the id of the last event received: {why}.",
    )
