"""Hints worked out in a few processes of their own, each under a deadline.

Processes, not threads: the solver holds the GIL for most of its work, and in a thread of
the server it would slow every other request. A hint that runs past its deadline, or
whose asker goes away, has its process killed and a new one started in its place.
``concurrent.futures.ProcessPoolExecutor`` cannot do that: killing one of its processes
breaks the whole pool and fails every task in it. So each worker here is one process
with one pipe, asked one hint at a time.
"""

from __future__ import annotations

import collections
import logging
import math
import multiprocessing
import threading
import time

import attrs

from mastermind.domain import DecodingBoard
from mastermind.hints._adapters import SolverHints
from mastermind.hints._worker import HintWorker, PooledHint, Request, SourceMaker, WorkerAnswer
from mastermind.service import (
    HintAbandoned,
    HintsBusy,
    HintTimedOut,
    HintUnavailable,
    hint_abandoned,
)

__all__ = ["POLL_SECONDS", "HintPool"]

log = logging.getLogger("mastermind.hints")

POLL_SECONDS = 0.05
"""How often a waiting hint looks whether its asker has gone."""


@attrs.define(eq=False)
class _Turn:
    """A hint waiting for a worker, handed one by whoever frees it."""

    worker: HintWorker | None = None
    handed: threading.Event = attrs.field(factory=threading.Event)


class HintPool:
    """The solver's hints, worked out by ``workers`` processes.

    At most ``queue`` hints wait for a busy worker; beyond them a hint is refused at
    once with ``HintsBusy``. A hint that runs past ``seconds`` is stopped with
    ``HintTimedOut``, and one whose asker has gone (see ``abandon_hints_when``) with
    ``HintAbandoned``. Workers start on the first hint that needs them and keep their
    solvers between hints. Whether a game is offered hints is answered here, at once.

    Each worker asks the code breaker ``source`` makes from the seed: the solver's, unless
    another is named (a class or function the worker imports by name, as a test's fake).
    A hint crosses back with every field of the port's ``Hint``: its guess, the codes
    ``remaining`` (``None`` when too many to count), its ``strategy`` and whether it is
    ``incomplete``.

    Safe to share between threads: each asking thread waits for its own hint.
    """

    def __init__(
        self,
        workers: int,
        *,
        queue: int = 0,
        seconds: float = 10.0,
        seed: int = 0,
        source: SourceMaker = SolverHints,
    ) -> None:
        if workers < 1:
            raise ValueError(f"A pool of hints needs at least one worker, not {workers}")
        if queue < 0 or not seconds > 0:
            raise ValueError("A pool of hints needs a queue of 0 or more and a time limit")
        self.seconds = seconds
        self._capacity = workers + queue
        self._local = source(seed=seed)
        # A fresh interpreter for each worker: the server has threads, whose locks ``fork``
        # would copy in whatever state they were in.
        context = multiprocessing.get_context("spawn")
        self._workers = tuple(HintWorker(context, seed, source) for _ in range(workers))
        self._lock = threading.Lock()
        self._idle = list(self._workers)
        self._waiting: collections.deque[_Turn] = collections.deque()
        self._deadlines: dict[HintWorker, float] = {}
        self._in_flight = 0
        self._closed = False

    @property
    def in_flight(self) -> int:
        """Hints being worked out or waiting for a worker."""
        return self._in_flight

    @property
    def worker_pids(self) -> tuple[int, ...]:
        """The process ids of the workers running now, for operators and tests."""
        return tuple(pid for worker in self._workers if (pid := worker.pid) is not None)

    def offers(self, board: DecodingBoard) -> bool:
        return self._local.offers(board)

    def hint(self, board: DecodingBoard, strategy: str | None = None) -> PooledHint:
        """The solver's next guess for ``board``, from a worker.

        Raises:
            HintsBusy: every worker is busy and the queue full, or the pool is closing.
            HintTimedOut: the hint took longer than ``seconds``.
            HintAbandoned: its asker went away first.
            HintUnavailable: no hint can be had for this game.
            ValueError: the strategy is unknown, or cannot play a game this size.
        """
        request = Request.of(board, strategy)
        self._admit()
        try:
            worker = self._take_worker()
            try:
                answer = self._ask(worker, request)
            finally:
                self._give_back(worker)
        finally:
            with self._lock:
                self._in_flight -= 1
        return answer.hint()

    def close(self) -> None:
        """Kill every worker now, and refuse the hints still waiting for one."""
        with self._lock:
            self._closed = True
            waiting, idle = list(self._waiting), list(self._idle)
            self._waiting.clear()
            self._idle.clear()
        for turn in waiting:
            turn.handed.set()
        for worker in self._workers:
            worker.retire()
        for worker in idle:
            worker.stop()

    def _admit(self) -> None:
        with self._lock:
            if self._closed:
                raise _closing()
            if self._in_flight >= self._capacity:
                raise HintsBusy(
                    "Every worker of the code breaker is busy, and hints wait for them "
                    "already: ask again shortly.",
                    self._seconds_until_a_worker_is_free(),
                )
            self._in_flight += 1

    def _seconds_until_a_worker_is_free(self) -> int:
        """At most: a running hint ends by its deadline, answered or not."""
        now = time.monotonic()
        soonest = min(self._deadlines.values(), default=now + self.seconds)
        return max(1, math.ceil(soonest - now))

    def _take_worker(self) -> HintWorker:
        """An idle worker, or the next one freed, in the order the hints came."""
        with self._lock:
            if self._closed:
                raise _closing()
            if self._idle:  # the one used last: its solvers are the likeliest to be asked for
                return self._idle.pop()
            turn = _Turn()
            self._waiting.append(turn)
        while True:
            turn.handed.wait(POLL_SECONDS)
            with self._lock:
                if turn.worker is not None:
                    return turn.worker
                if self._closed:
                    raise _closing()
                if hint_abandoned():
                    self._waiting.remove(turn)
                    raise HintAbandoned("The hint was abandoned while it waited for a worker.")

    def _give_back(self, worker: HintWorker) -> None:
        with self._lock:
            self._deadlines.pop(worker, None)
            closed = self._closed
            if not closed and self._waiting:
                turn = self._waiting.popleft()
                turn.worker = worker
                turn.handed.set()
            elif not closed:
                self._idle.append(worker)
        if closed:
            worker.stop()

    def _ask(self, worker: HintWorker, request: Request) -> WorkerAnswer:
        if not worker.start(self._stop_reason):
            raise _closing()
        stop = self._stop_reason()
        if stop is not None:  # before the work starts, so the worker need not be killed
            raise stop
        deadline = time.monotonic() + self.seconds
        with self._lock:
            self._deadlines[worker] = deadline
        worker.send(request)
        while not worker.answered(POLL_SECONDS):
            stop = self._stop_reason()
            if stop is None and time.monotonic() >= deadline:
                stop = self._timed_out(request)
            if stop is not None:
                worker.stop()
                raise stop
        answer = worker.receive()
        if isinstance(answer, WorkerAnswer):
            return answer
        worker.stop()
        stop = self._stop_reason()
        if stop is None:
            log.warning("A worker of the code breaker ended unexpectedly; another will start.")
            stop = HintsBusy("The code breaker stopped unexpectedly: ask again.", 1)
        raise stop

    def _timed_out(self, request: Request) -> HintTimedOut:
        log.warning(
            "A hint on a game of %d pegs and %d colours ran past %g s; its worker was stopped.",
            request.rules.length,
            len(request.rules.pegs),
            self.seconds,
        )
        return HintTimedOut(
            f"Working out this hint took longer than the {self.seconds:g} s the server gives "
            "one, so it was stopped. A game this hard may have no hints here while the "
            "server is busy.",
            max(1, math.ceil(self.seconds)),
        )

    def _stop_reason(self) -> HintUnavailable | None:
        """Why the hint under way should stop now, if it should."""
        if self._closed:
            return _closing()
        if hint_abandoned():
            return HintAbandoned("The hint was abandoned while it was worked out.")
        return None


def _closing() -> HintsBusy:
    return HintsBusy("The code breaker is stopping with the server: ask again shortly.", 1)
