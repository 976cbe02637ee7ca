"""Time budgets: how much processor time a strategy may spend on one guess."""

from __future__ import annotations

import time

__all__ = ["Budget"]


class Budget:
    """Seconds of the asking thread's processor time, counted from when it is made.

    ``None`` seconds is no limit. The asking thread's own clock is used, not the wall
    clock, so that a hint worked out beside others on a busy machine gets as much work
    done as on an idle one. A strategy that stops short of its full search because the
    budget ran out calls ``ran_out``, and its answer is then the best it found.
    """

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = seconds
        self._end = None if seconds is None else time.thread_time() + seconds
        self.exhausted = False

    def expired(self) -> bool:
        """Whether the time is up."""
        return self._end is not None and time.thread_time() >= self._end

    def left(self) -> float:
        """Seconds left; infinite without a limit."""
        if self._end is None:
            return float("inf")
        return max(0.0, self._end - time.thread_time())

    def share(self, fraction: float) -> Budget:
        """A budget of part of the time left, for one stage of a search."""
        if self._end is None:
            return Budget()
        return Budget(self.left() * fraction)

    def ran_out(self) -> None:
        """Record that a search stopped early for want of time."""
        self.exhausted = True
