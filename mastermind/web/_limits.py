"""Rates per client address: how many games one address may create, and hints it may ask
for, in a moving window, before it is answered 429.

A middleware rather than checks in the handlers: a refused request is answered before
its body is read, its token checked or the store touched, so a client hammering the
server costs it as little as can be. Counts are kept in this process's memory; with
several workers, each counts apart.
"""

from __future__ import annotations

import math
import re
import time

import attrs
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Receive, Scope, Send

from mastermind.bootstrap import Limits
from mastermind.web._problems import Problem

__all__ = ["ClientRates", "RateLimited"]

# A review asks the solver as a hint does, so one rate holds both.
_SOLVER_PATH = re.compile(r"/games/[^/]+/(?:hint|review)")


@attrs.frozen
class _Rate:
    """One limit: what it counts, and how many of those an address may have in its window."""

    counted: str
    item: RateLimitItem

    @property
    def window(self) -> str:
        name = self.item.GRANULARITY.name
        return f"{self.item.multiples} {name}s" if self.item.multiples > 1 else name


def _rate(counted: str, setting: str, text: str) -> _Rate:
    """The rate ``text`` says, such as ``"30/minute"``.

    Raises:
        ValueError: the text is no single rate, or allows nothing.
    """
    try:
        items = parse_many(text)
    except ValueError:
        items = []
    if len(items) != 1 or items[0].amount < 1:
        raise ValueError(
            f"{setting} must be one rate such as '30/minute' or '5 per second', not {text!r}"
        )
    return _Rate(counted, items[0])


@attrs.frozen
class ClientRates:
    """The rates each client address is held to, and the counts of this process."""

    create: _Rate
    hint: _Rate
    limiter: MovingWindowRateLimiter = attrs.field(
        factory=lambda: MovingWindowRateLimiter(MemoryStorage())
    )

    @classmethod
    def of(cls, limits: Limits) -> ClientRates:
        """The rates ``limits`` names.

        Raises:
            ValueError: a rate is malformed.
        """
        return cls(
            _rate("games created", "create_rate", limits.create_rate),
            _rate("hints and reviews asked for", "hint_rate", limits.hint_rate),
        )

    def refusal(self, rate: _Rate, address: str) -> Problem | None:
        """``None`` if ``address`` may do one more of what ``rate`` counts, else why not."""
        if self.limiter.hit(rate.item, rate.counted, address):
            return None
        reset_at, _ = self.limiter.get_window_stats(rate.item, rate.counted, address)
        seconds = max(1, math.ceil(reset_at - time.time()))
        return Problem(
            429,
            "TooManyRequests",
            f"Too many {rate.counted} from this address: at most {rate.item.amount} per "
            f"{rate.window}. Try again in {seconds} s.",
            headers={"Retry-After": str(seconds)},
        )


class RateLimited:
    """ASGI middleware that answers 429, with ``Retry-After``, to an address over its rate
    of game creation (``POST /games``, and ``POST /daily``) or of hints and reviews
    (``GET /games/{id}/hint``, ``GET /games/{id}/review``)."""

    def __init__(self, app: ASGIApp, *, rates: ClientRates) -> None:
        self.app = app
        self.rates = rates

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        rate = self._counting(scope) if scope["type"] == "http" else None
        if rate is not None:
            client = scope.get("client")
            address = str(client[0]) if client else "unknown"
            refusal = self.rates.refusal(rate, address)
            if refusal is not None:
                await refusal.response()(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def _counting(self, scope: Scope) -> _Rate | None:
        """The rate that holds this request, if any does."""
        path: str = scope["path"]
        root: str = scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :]
        method = scope["method"]
        if method == "POST" and path in ("/games", "/daily"):
            return self.rates.create
        if method in ("GET", "HEAD") and _SOLVER_PATH.fullmatch(path):
            return self.rates.hint
        return None
