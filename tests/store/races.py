"""Players racing on one game, through the application service, in threads and processes.

Whatever the interleaving, the game's stream must stay one the rules could have written.
"""

from __future__ import annotations

import multiprocessing
import threading

from mastermind import GameLost, GameStarted, GameWon, GuessMade, score
from mastermind.service import Games
from mastermind.store import EventStore, Stream
from mastermind.testing._threads import run_threads
from tests.store import workers

TOTAL_ATTEMPTS = 12


def assert_sound_game(stream: Stream, total_attempts: int = TOTAL_ATTEMPTS) -> None:
    """Contiguous versions, a start, no more guesses than attempts, and one ending, last."""
    assert [record.version for record in stream.records] == list(range(1, stream.version + 1))
    first, *rest = stream.events
    assert isinstance(first, GameStarted)
    guesses = [event for event in rest if isinstance(event, GuessMade)]
    assert len(guesses) <= total_attempts
    assert all(guess.feedback == score(first.secret, guess.guess) for guess in guesses)
    endings = [index for index, event in enumerate(rest) if isinstance(event, GameWon | GameLost)]
    assert len(endings) == 1, f"expected one ending, found {len(endings)}"
    assert endings[0] == len(rest) - 1, "events follow the end of the game"


class ThreadRace:
    """Eight threads of one process share a store and play one game at once."""

    def test_eight_threads_guessing_on_one_game_leave_a_sound_stream(
        self, store: EventStore
    ) -> None:
        games = Games(store)
        game_id = games.join(TOTAL_ATTEMPTS, secret=workers.RACE_SECRET)
        start = threading.Barrier(8)

        def racer(number: int) -> int:
            start.wait()
            return workers.guess_until_over(games, game_id, number, give_up_after=None)

        run_threads(racer, 8)
        assert_sound_game(store.load(game_id))

    def test_threads_guessing_while_one_gives_up_leave_one_ending(self, store: EventStore) -> None:
        games = Games(store)
        game_id = games.join(TOTAL_ATTEMPTS, secret=workers.RACE_SECRET)
        start = threading.Barrier(4)

        def racer(number: int) -> int:
            start.wait()
            give_up_after = 2 if number == 0 else None
            return workers.guess_until_over(games, game_id, number + 100, give_up_after)

        run_threads(racer, 4)
        assert_sound_game(store.load(game_id))


class ProcessRace:
    """Four processes, each with its own store opened from ``store_url``, play one game.

    Only stores that processes can share take part: a memory store lives in one process.
    """

    def test_four_processes_guessing_on_one_game_leave_a_sound_stream(
        self, store: EventStore, store_url: str
    ) -> None:
        game_id = Games(store).join(TOTAL_ATTEMPTS, secret=workers.RACE_SECRET)
        context = multiprocessing.get_context("spawn")
        start = context.Barrier(4)
        racers = [
            context.Process(target=workers.race, args=(store_url, game_id, number, start))
            for number in range(4)
        ]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join(timeout=120)
        assert [racer.exitcode for racer in racers] == [0, 0, 0, 0]
        assert_sound_game(store.load(game_id))
