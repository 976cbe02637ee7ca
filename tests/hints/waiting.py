"""Waiting on other processes in the tests of hints: for a condition, and for a process
to end."""

from __future__ import annotations

import os
import time
from collections.abc import Callable


def eventually(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
