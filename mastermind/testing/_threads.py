"""Running a function in several threads at once, as racing clients of a store do."""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterator

__all__ = ["run_threads"]

THREAD_TIMEOUT = 120
"""Seconds the threads of one run have to finish, unless told otherwise: a store that
deadlocks fails instead of hanging."""


def run_threads(
    target: Callable[[int], object], count: int, *, timeout: float = THREAD_TIMEOUT
) -> None:
    """Run ``target(0)`` ... ``target(count - 1)`` in threads and raise what any raised;
    fail if they have not all finished within ``timeout`` seconds of the start."""
    errors: list[BaseException] = []
    started = threading.Barrier(count + 1)
    go = threading.Event()

    def guarded(number: int) -> None:
        try:
            started.wait(timeout)
            go.wait(timeout)
            target(number)
        except BaseException as error:
            errors.append(error)

    # Daemons: a thread stuck in a broken store must not keep the test run from ending.
    threads = [
        threading.Thread(target=guarded, args=(number,), daemon=True) for number in range(count)
    ]
    deadline = time.monotonic() + timeout
    for thread in threads:
        thread.start()
    # Every thread is past its start, where a tracer such as coverage's is installed, before
    # the switching quickens: Python 3.11 refuses to install two tracers at the same moment.
    started.wait(timeout)
    with _switching_threads_often():
        go.set()
        for thread in threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))
    hung = [thread.name for thread in threads if thread.is_alive()]
    assert not hung, f"threads still running after {timeout} seconds: {hung}"
    assert not errors, errors


@contextlib.contextmanager
def _switching_threads_often() -> Iterator[None]:
    # Switching every microsecond interleaves the threads inside a store's methods,
    # where a race hides, instead of letting each finish its call in one slice.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)
