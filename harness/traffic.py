"""Players under load: clients that start games and guess over HTTP, and what they were told.

Every write carries an ``Idempotency-Key``, and a write that gets no ``201`` is sent again
with the same key until it does, as a careful client retries: so a write the server
acknowledged once is one the store must keep, and a write it never acknowledged may be
kept or not. Every answer, or the failure to get one, is noted with the moment it was
asked, so that a test can say what was answered during a fault and after it.
"""

from __future__ import annotations

import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx

from mastermind.domain import DecodingBoard
from mastermind.service._runner import IDEMPOTENCY_KEY
from mastermind.store import CorruptRecord, connect

__all__ = [
    "Answer",
    "Game",
    "SECRET",
    "StoreCheck",
    "Target",
    "Traffic",
    "check_store",
]

SECRET = "RRRR"
"""The secret of every game under load (``MASTERMIND_SECRET``): no guess below wins it."""
GUESSES = ("GGGG", "BBBB", "YYYY", "GBYO", "PPOO", "BYGP")
ATTEMPTS = 100
GUESSES_PER_GAME = 12
"""Guesses into each game before its client starts another: creates stay a good share."""
BOARD_EVERY = 3
"""A client reads its board after every this many guesses."""
PAUSE = 0.02
"""How long a client waits before it sends a refused request again."""


@dataclass(frozen=True)
class Answer:
    """One request and what came of it."""

    kind: str
    """``create``, ``guess`` or ``board``."""
    sent: float
    """``time.monotonic()`` when it was sent."""
    seconds: float
    status: int | None
    """``None`` when no answer came: the connection failed."""
    retry_after: str | None = None
    reconnected: bool = False
    """It went over a new connection although the one before it ended in an answer: the
    server had closed the connection after that answer."""
    error: str = ""

    @property
    def ok(self) -> bool:
        return self.status in (200, 201)


@dataclass
class Game:
    """A game its client saw created, and the writes acknowledged on it, in order."""

    game_id: str
    keys: list[str]
    """The idempotency keys of its acknowledged writes, the creation's first."""
    guesses: list[str] = field(default_factory=list)
    """Its acknowledged guesses, in the order they were made."""
    answered_rows: list[int] = field(default_factory=list)
    """How many rows the board answered to each acknowledged guess had."""


class Target:
    """Where the clients send their requests; a test moves it to a restarted server."""

    def __init__(self, url: str) -> None:
        self.url = url


class Traffic:
    """``clients`` threads, each playing games one after another until the block ends."""

    def __init__(self, target: Target, clients: int = 4, *, timeout: float = 15.0) -> None:
        self.target = target
        self.answers: list[Answer] = []
        self.games: list[Game] = []
        self._stop = threading.Event()
        self._timeout = timeout
        self._seen = threading.local()
        self._threads = [
            threading.Thread(target=self._play, name=f"player-{number}", daemon=True)
            for number in range(clients)
        ]

    def __enter__(self) -> Traffic:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=self._timeout + 5)

    def first_success_after(self, moment: float, *, within: float) -> float | None:
        """When the first request sent after ``moment`` was answered well; ``None`` if
        none was within ``within`` seconds."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            answered = [a.sent + a.seconds for a in list(self.answers) if a.ok and a.sent > moment]
            if answered:
                return min(answered)
            time.sleep(0.02)
        return None

    def _play(self) -> None:
        self._seen.connection = None
        with httpx.Client(timeout=self._timeout) as client:
            while not self._stop.is_set():
                key = str(uuid.uuid4())
                headers = {"Idempotency-Key": key}
                setup = {"attempts": ATTEMPTS}
                created = self._until_done(client, "create", "POST", "/games", setup, headers)
                if created is None:
                    return
                game = Game(created["id"], [key])
                self.games.append(game)
                auth = {"Authorization": f"Bearer {created['token']}"}
                for turn in range(GUESSES_PER_GAME):
                    typed = GUESSES[turn % len(GUESSES)]
                    key = str(uuid.uuid4())
                    path = f"/games/{game.game_id}/guesses"
                    headers = {**auth, "Idempotency-Key": key}
                    body = {"guess": typed}
                    board = self._until_done(client, "guess", "POST", path, body, headers)
                    if board is None:
                        return
                    game.keys.append(key)
                    game.guesses.append(typed)
                    game.answered_rows.append(len(board["rows"]))
                    if turn % BOARD_EVERY == BOARD_EVERY - 1:
                        path = f"/games/{game.game_id}"
                        if self._until_done(client, "board", "GET", path, None, {}) is None:
                            return

    def _until_done(
        self,
        client: httpx.Client,
        kind: str,
        method: str,
        path: str,
        body: dict[str, Any] | None,
        headers: dict[str, str],
    ) -> dict[str, Any] | None:
        """The answer's document once the request succeeds; ``None`` if stopped first."""
        while not self._stop.is_set():
            sent = time.monotonic()
            try:
                response = client.request(
                    method, self.target.url + path, json=body, headers=headers
                )
            except httpx.TransportError as error:
                self.answers.append(
                    Answer(kind, sent, time.monotonic() - sent, None, error=type(error).__name__)
                )
                self._seen.connection = None
                time.sleep(PAUSE)
                continue
            # httpx hands out the connection's stream with each answer: the same object
            # for as long as the connection lives, held here so that no new one can
            # take its identity.
            connection = response.extensions.get("network_stream")
            previous, self._seen.connection = self._seen.connection, connection
            self.answers.append(
                Answer(
                    kind,
                    sent,
                    time.monotonic() - sent,
                    response.status_code,
                    response.headers.get("retry-after"),
                    reconnected=previous is not None and connection is not previous,
                )
            )
            if response.status_code in (200, 201):
                document: dict[str, Any] = response.json()
                return document
            time.sleep(PAUSE)
        return None


@dataclass
class StoreCheck:
    """What the store holds against what the clients were told."""

    lost: list[str]
    """Acknowledged writes the store does not hold, or holds out of order."""
    broken: list[str]
    """Streams whose versions do not run 1, 2, 3... without a gap."""
    streams: int


def check_store(store_url: str, games: list[Game]) -> StoreCheck:
    """Open the store afresh, as a restarted server would, and read back every game."""
    store = connect(store_url)
    try:
        # The feed, in commit order, holds each stream's versions in the order they were
        # written: 1, 2, 3... with no gap, whatever ``load`` would make of them.
        versions: dict[str, list[int]] = {game.game_id: [] for game in games}
        after = 0
        while page := store.read_all(after, limit=1000):
            for record in page:
                versions.setdefault(record.stream_id, []).append(record.version)
            after = page[-1].position
        broken = [
            f"{stream_id}: versions {found}"
            for stream_id, found in sorted(versions.items())
            if found != list(range(1, len(found) + 1))
        ]
        lost: list[str] = []
        for game in games:
            try:
                stream = store.load(game.game_id)
            except CorruptRecord as error:
                broken.append(str(error))
                continue
            kept = {record.metadata.get(IDEMPOTENCY_KEY) for record in stream.records}
            lost += [f"{game.game_id}: write {key}" for key in game.keys if key not in kept]
            if not stream.version:
                continue
            rows = [row.guess.initials() for row in DecodingBoard.from_events(stream.events).rows]
            # Guesses follow one another, so the store holds the acknowledged ones in
            # order, and at most the one that was in flight when the load stopped.
            if rows[: len(game.guesses)] != game.guesses or len(rows) > len(game.guesses) + 1:
                lost.append(f"{game.game_id}: acknowledged {game.guesses}, stored {rows}")
            if game.answered_rows != list(range(1, len(game.guesses) + 1)):
                lost.append(f"{game.game_id}: boards answered with {game.answered_rows} rows")
        return StoreCheck(lost, broken, len(versions))
    finally:
        store.close()
