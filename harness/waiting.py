"""Waiting on other threads and processes: for a condition, and for a process to end."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

__all__ = ["alive", "eventually"]


def eventually(condition: Callable[[], bool], seconds: float = 10.0, every: float = 0.02) -> bool:
    """Whether ``condition`` holds within ``seconds``, asked every ``every`` seconds."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(every)
    return True


def alive(pid: int) -> bool:
    """Whether the process ``pid`` still runs."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
