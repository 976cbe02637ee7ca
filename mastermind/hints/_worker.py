"""One process that works out hints, one at a time, and the plain data it is asked and
answers with, so that nothing but tuples, strings, numbers and flags crosses between
processes."""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext
from multiprocessing.process import BaseProcess
from typing import Protocol

import attrs

from mastermind.domain import BoardRow, Code, DecodingBoard, Feedback, Outcome, Rules
from mastermind.hints._adapters import SolverHints, SolverMissing
from mastermind.service import HintsBusy, HintSource, HintUnavailable

__all__ = [
    "NICENESS",
    "READY",
    "STARTUP_SECONDS",
    "WorkerAnswer",
    "HintWorker",
    "PooledHint",
    "Request",
    "Row",
    "SourceMaker",
    "work",
]

READY = "ready"
STARTUP_SECONDS = 60.0
"""The longest a worker may take to start, loading the solver, before a hint gives up."""
NICENESS = 5
"""Workers yield the processor to the server's own process, which reads boards."""

Row = tuple[tuple[str, ...], int, int]
"""A guess's colours, then its black and white key pegs."""


class SourceMaker(Protocol):
    """What makes a worker's code breaker from its seed: ``SolverHints`` itself, or another
    class or function found by name in the worker (a test's fake), never an instance."""

    def __call__(self, *, seed: int) -> HintSource: ...


@attrs.frozen
class PooledHint:
    """A worker's hint, rebuilt in the asking process with every field of the port's
    ``Hint``."""

    guess: Code
    remaining: int | None
    """How many codes could still be the secret; ``None`` when too many to count."""
    strategy: str
    incomplete: bool = False
    """Whether the time ran out before the search finished: the guess is the best found."""


@attrs.frozen
class Request:
    """A board in play, as much of it as the solver reads, and the strategy asked for."""

    rules: Rules
    rows: tuple[Row, ...]
    strategy: str | None

    @classmethod
    def of(cls, board: DecodingBoard, strategy: str | None) -> Request:
        rows = tuple((row.guess.pegs, row.feedback.black, row.feedback.white) for row in board.rows)
        return cls(board.rules, rows, strategy)

    def board(self) -> DecodingBoard:
        rows = tuple(
            BoardRow(Code(pegs), Feedback(black, white)) for pegs, black, white in self.rows
        )
        return DecodingBoard("", Outcome.IN_PROGRESS, self.rules, rows)


@attrs.frozen
class WorkerAnswer:
    """A hint, or the name of the refusal that stands in for it and its message."""

    guess: tuple[str, ...] = ()
    remaining: int | None = 0
    strategy: str = ""
    incomplete: bool = False
    refusal: str | None = None
    message: str = ""

    def hint(self) -> PooledHint:
        """The hint, or the error the worker met, raised again here."""
        if self.refusal is None:
            return PooledHint(Code(self.guess), self.remaining, self.strategy, self.incomplete)
        if self.refusal == "solver-missing":
            raise SolverMissing()
        if self.refusal == "unavailable":
            raise HintUnavailable(self.message)
        if self.refusal == "value":
            raise ValueError(self.message)
        raise RuntimeError(f"The code breaker failed: {self.message}")


class HintWorker:
    """One process of the pool, started on first use and started again after a kill.

    Its asker starts, asks and stops it; ``retire`` alone may come from another thread.
    """

    def __init__(self, context: SpawnContext, seed: int, source: SourceMaker = SolverHints) -> None:
        self._context = context
        self._seed = seed
        self._source = source
        self._lock = threading.Lock()
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        self._retired = False

    @property
    def pid(self) -> int | None:
        process = self._process
        return process.pid if process is not None else None

    def start(self, stop_reason: Callable[[], Exception | None]) -> bool:
        """Start the process unless it runs, and wait until it is ready; ``False`` once
        retired.

        Raises:
            Exception: what ``stop_reason`` answers, once it answers one.
            HintsBusy: the process did not start, or not soon enough.
        """
        with self._lock:
            if self._retired:
                return False
            if self._process is not None:
                return True
            ours, theirs = self._context.Pipe()
            process = self._context.Process(
                target=work,
                args=(theirs, self._seed, self._source),
                name="mastermind-hints",
                daemon=True,
            )
            process.start()
            theirs.close()
            self._process, self._connection = process, ours
        deadline = time.monotonic() + STARTUP_SECONDS
        while not self.answered(0.05):
            stop = stop_reason()
            if stop is None and time.monotonic() > deadline:
                stop = HintsBusy("The code breaker did not start in time: ask again.", 1)
            if stop is not None:
                self.stop()
                raise stop
        if self.receive() != READY:
            self.stop()
            raise stop_reason() or HintsBusy("The code breaker failed to start: ask again.", 1)
        return True

    def send(self, request: Request) -> None:
        assert self._connection is not None
        self._connection.send(request)

    def answered(self, timeout: float) -> bool:
        """Whether an answer, or the end of the process, came within ``timeout``."""
        assert self._connection is not None
        return self._connection.poll(timeout)

    def receive(self) -> object:
        """What the process sent, or ``None`` if it has ended."""
        assert self._connection is not None
        try:
            received: object = self._connection.recv()
        except (EOFError, OSError):
            return None
        return received

    def stop(self) -> None:
        """Kill the process, if it runs; the next hint starts another."""
        with self._lock:
            process, connection = self._process, self._connection
            self._process = self._connection = None
            if process is not None:
                process.kill()
                process.join(5)
                with contextlib.suppress(ValueError):
                    process.close()
        if connection is not None:
            connection.close()

    def retire(self) -> None:
        """Kill the process at once, from any thread, and start none again. Its asker,
        if it has one, notices and stops it."""
        with self._lock:
            self._retired = True
            if self._process is not None:
                self._process.kill()


def work(connection: Connection, seed: int, source: SourceMaker = SolverHints) -> None:
    """The worker's life: load the solver, then answer each request until the pipe closes."""
    # Ctrl+C reaches the whole process group: the server stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with(multiprocessing.parent_process())
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    with contextlib.suppress(ImportError):
        importlib.import_module("mastermind.solver")
    hints = source(seed=seed)
    connection.send(READY)
    while True:
        try:
            request = connection.recv()
        except EOFError:
            return
        connection.send(_answer(hints, request))


def _answer(hints: HintSource, request: Request) -> WorkerAnswer:
    try:
        hint = hints.hint(request.board(), request.strategy)
    except SolverMissing:
        return WorkerAnswer(refusal="solver-missing")
    except HintUnavailable as error:
        return WorkerAnswer(refusal="unavailable", message=str(error))
    except ValueError as error:
        return WorkerAnswer(refusal="value", message=str(error))
    except Exception as error:  # the server's log tells of it, as of any failure there
        return WorkerAnswer(refusal="failed", message=f"{type(error).__name__}: {error}")
    remaining = None if hint.remaining is None else int(hint.remaining)
    return WorkerAnswer(hint.guess.pegs, remaining, hint.strategy, bool(hint.incomplete))


def _end_with(parent: BaseProcess | None) -> None:
    """End this process as soon as its parent ends, even in the middle of a hint: an
    orphan would burn the processor for nobody."""
    if parent is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="mastermind-hints-parent", daemon=True).start()
