"""The solver's hints in a pool of processes under a deadline, each with every field of
the port's ``Hint``; refused beyond the pool's capacity, stopped past their deadline or
when their asker leaves."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from harness import alive, eventually
from mastermind.domain import MAX_LENGTH, DecodingBoard
from mastermind.hints import SolverHints, solver_hints
from mastermind.hints._pool import HintPool
from mastermind.service import (
    Hint,
    HintAbandoned,
    HintsBusy,
    HintTimedOut,
    HintUnavailable,
    abandon_hints_when,
)
from tests.hints.boards import CLASSIC, LARGEST
from tests.hints.sources import SLOW, SleepyHints, UncountedHints


class Asker:
    """A hint asked in a thread of its own, abandoned when the test says so."""

    def __init__(self, pool: HintPool, board: DecodingBoard) -> None:
        self.gone = threading.Event()
        self.outcome: Hint | Exception | None = None
        self._thread = threading.Thread(target=self._ask, args=(pool, board), daemon=True)
        self._thread.start()

    def _ask(self, pool: HintPool, board: DecodingBoard) -> None:
        with abandon_hints_when(self.gone):
            try:
                self.outcome = pool.hint(board)
            except Exception as error:
                self.outcome = error

    def leave(self) -> Hint | Exception | None:
        self.gone.set()
        self._thread.join(10)
        return self.outcome


@pytest.fixture
def pool() -> Iterator[HintPool]:
    """One worker and room for one hint to wait; the solver's hints, but ``SLOW``'s,
    which take ten minutes."""
    pool = HintPool(1, queue=1, seconds=60, source=SleepyHints)
    yield pool
    pool.close()


def test_a_worker_gives_the_hint_the_solver_gives_in_process(pool: HintPool) -> None:
    expected = SolverHints().hint(CLASSIC)

    pooled = pool.hint(CLASSIC)

    assert (pooled.guess, pooled.remaining, pooled.strategy, pooled.incomplete) == (
        expected.guess,
        expected.remaining,
        expected.strategy,
        expected.incomplete,
    )
    assert pool.offers(CLASSIC)


def test_a_worker_carries_a_count_too_large_to_make_and_a_search_cut_short() -> None:
    pool = HintPool(1, seconds=60, seed=7, source=UncountedHints)
    try:
        pooled = pool.hint(CLASSIC, "entropy")
        unnamed = pool.hint(CLASSIC)
    finally:
        pool.close()

    assert (pooled.guess.pegs, pooled.remaining, pooled.incomplete) == (("Orange",) * 4, None, True)
    assert (pooled.strategy, unnamed.strategy) == ("entropy", "uncounted, seed 7")


def test_the_pool_offers_hints_for_every_game_the_rules_allow(pool: HintPool) -> None:
    assert pool.offers(LARGEST)

    pooled = pool.hint(LARGEST)

    assert len(pooled.guess.pegs) == MAX_LENGTH
    assert pooled.remaining is None or pooled.remaining >= 1


def test_a_workers_refusals_are_raised_in_the_asking_process(pool: HintPool) -> None:
    with pytest.raises(ValueError, match="no strategy"):
        pool.hint(CLASSIC, "guesswork")
    with pytest.raises(HintUnavailable) as refused:
        pool.hint(LARGEST, "knuth")  # a strategy that cannot play a game this large

    assert not isinstance(refused.value, HintsBusy)
    assert pool.hint(CLASSIC).remaining == 1296, "a refusal leaves the worker serving"


def test_a_hint_past_its_deadline_is_stopped_and_its_process_killed() -> None:
    pool = HintPool(1, seconds=1, source=SleepyHints)
    try:
        pool.hint(CLASSIC)
        (pid,) = pool.worker_pids

        with pytest.raises(HintTimedOut) as timed_out:
            pool.hint(SLOW)

        assert timed_out.value.retry_after == 1
        assert not alive(pid)
        assert pool.hint(CLASSIC).remaining == 1296, "a new worker takes the killed one's place"
        assert pool.worker_pids != (pid,)
    finally:
        pool.close()


def test_beyond_the_workers_and_the_queue_a_hint_is_refused_at_once(pool: HintPool) -> None:
    running, waiting = Asker(pool, SLOW), Asker(pool, SLOW)
    assert eventually(lambda: pool.in_flight == 2)

    with pytest.raises(HintsBusy) as refused:
        pool.hint(CLASSIC)

    assert 1 <= refused.value.retry_after <= 60
    assert not isinstance(refused.value, HintTimedOut)
    assert isinstance(waiting.leave(), HintAbandoned)
    assert isinstance(running.leave(), HintAbandoned)


def test_an_abandoned_hint_is_dropped_from_the_queue_or_its_process_killed(
    pool: HintPool,
) -> None:
    running = Asker(pool, SLOW)
    assert eventually(lambda: len(pool.worker_pids) == 1)
    (pid,) = pool.worker_pids
    waiting = Asker(pool, CLASSIC)
    assert eventually(lambda: pool.in_flight == 2)

    assert isinstance(waiting.leave(), HintAbandoned)
    assert pool.in_flight == 1
    assert alive(pid), "the hint under way goes on"

    assert isinstance(running.leave(), HintAbandoned)
    assert pool.in_flight == 0
    assert eventually(lambda: not alive(pid))


def test_a_waiting_hint_gets_the_worker_an_abandoned_hint_freed(pool: HintPool) -> None:
    pool.hint(CLASSIC)
    (pid,) = pool.worker_pids
    running = Asker(pool, SLOW)
    assert eventually(lambda: pool.in_flight == 1)
    waiting = Asker(pool, CLASSIC)
    assert eventually(lambda: pool.in_flight == 2)

    assert isinstance(running.leave(), HintAbandoned)
    assert eventually(lambda: waiting.outcome is not None)

    assert not isinstance(waiting.outcome, Exception)
    assert not alive(pid)


def test_closing_ends_every_worker_and_refuses_hints_under_way_and_to_come() -> None:
    pool = HintPool(2, queue=1, seconds=60, source=SleepyHints)
    askers = [Asker(pool, SLOW) for _ in range(3)]
    assert eventually(lambda: len(pool.worker_pids) == 2 and pool.in_flight == 3)
    pids = pool.worker_pids

    pool.close()

    assert eventually(lambda: not any(alive(pid) for pid in pids), seconds=5)
    assert eventually(lambda: all(asker.outcome is not None for asker in askers), seconds=5)
    assert all(isinstance(asker.outcome, HintsBusy) for asker in askers)
    with pytest.raises(HintsBusy, match="stopping"):
        pool.hint(CLASSIC)


def test_a_pool_needs_a_worker_and_a_time_limit() -> None:
    with pytest.raises(ValueError, match="at least one worker"):
        HintPool(0)
    with pytest.raises(ValueError, match="time limit"):
        HintPool(1, seconds=0)


def test_without_workers_hints_are_worked_out_in_the_asking_thread() -> None:
    assert isinstance(solver_hints(workers=0), SolverHints)
    pooled = solver_hints(workers=1, queue=2, seconds=5)
    assert isinstance(pooled, HintPool)
    try:
        assert pooled.worker_pids == (), "workers start with the first hint that needs them"
    finally:
        pooled.close()
