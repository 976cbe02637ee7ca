"""Programs that tests run in processes of their own, each opening its store from a URL."""

from __future__ import annotations

import random
import sys
from typing import Any

from mastermind import CLASSIC_PEGS, Code, Feedback, GameAlreadyLost, GameAlreadyWon, GuessMade
from mastermind.service import Games
from mastermind.store import VersionConflict, connect

RACE_SECRET = Code.parse("Red Green Blue Yellow")


def guess_until_over(games: Games, game_id: str, racer: int, give_up_after: int | None) -> int:
    """Guess on the game until it is over; answer how often the retries ran out.

    A ``VersionConflict`` that gets through the service's retries is what a player would
    see under heavy contention: the guess was not recorded, so the racer guesses again.
    """
    chance = random.Random(racer)
    conflicts = made = 0
    for _ in range(500):
        if give_up_after is not None and made == give_up_after:
            try:
                games.give_up(game_id)
            except (GameAlreadyWon, GameAlreadyLost):
                return conflicts
            except VersionConflict:
                conflicts += 1
                continue
            return conflicts
        guess = RACE_SECRET if chance.random() < 0.02 else Code(chance.choices(CLASSIC_PEGS, k=4))
        try:
            board = games.guess(game_id, guess)
        except (GameAlreadyWon, GameAlreadyLost):
            return conflicts
        except VersionConflict:
            conflicts += 1
            continue
        made += 1
        if board.is_over:
            return conflicts
    raise AssertionError(f"racer {racer} never saw game {game_id} end")


def race(url: str, game_id: str, racer: int, start: Any) -> None:
    """One racing process: its own store and service, on a game another process started."""
    store = connect(url)
    try:
        start.wait()
        guess_until_over(Games(store), game_id, racer, give_up_after=None)
    finally:
        store.close()


def append_batches_forever(url: str) -> None:
    """Append marked batches of three to ten streams until killed.

    The events of a batch say which batch they belong to and where in it they stand
    (``batch-7 1/3``), so a partial batch left by a crash would show.
    """
    store = connect(url)
    chance = random.Random()
    batch = 0
    while True:
        stream_id = f"crash-{chance.randrange(10)}"
        version = store.load(stream_id).version
        label = f"{chance.getrandbits(64):016x}"
        events = [
            GuessMade(f"{label} {part}/3", Code.of("Red", "Green"), Feedback(part, 0))
            for part in (1, 2, 3)
        ]
        store.append(stream_id, events, version)
        batch += 1
        if batch == 1:
            print("appending", flush=True)


if __name__ == "__main__":
    append_batches_forever(sys.argv[1])
