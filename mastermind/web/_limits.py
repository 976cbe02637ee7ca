"""Rates per client address: how many games one address may create, new players of the
daily code it may make, and hints it may ask for, in a moving window, before it is
answered 429. An IPv6 client is counted by its /64 network, the least any one client is
given: counted by its full address, it could take a new one for each request.

A middleware rather than checks in the handlers: a refused request is answered before
its body is read, its token checked or the store touched, so a client hammering the
server costs it as little as can be. Counts are kept where ``--limits-storage`` says: in
this process's memory, where each worker counts apart, or in Redis, where every worker
and machine counts together (see :mod:`mastermind.web._limits_storage`).
"""

from __future__ import annotations

import ipaddress
import math
import re
import time

import attrs
from limits import RateLimitItem, parse_many
from limits.errors import StorageError
from limits.storage import MemoryStorage, MovingWindowSupport, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from mastermind.bootstrap import Limits
from mastermind.web._daily import PLAYER_COOKIE, PLAYER_HEADER
from mastermind.web._limits_storage import Outage, in_memory, redis_options, unavailable
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


def _storage(url: str) -> Storage:
    """Where the rates are counted: this process's memory, or the Redis at ``url``.

    Raises:
        ImportError: ``url`` names Redis, and the redis extra is missing.
        ValueError: ``url`` names no storage of the limits library.
    """
    if in_memory(url):
        return MemoryStorage()
    storage = storage_from_string(url, wrap_exceptions=True, **redis_options(url))
    if not isinstance(storage, Storage) or not isinstance(storage, MovingWindowSupport):
        raise ValueError(f"{url!r} cannot count rates in a moving window")
    return storage


@attrs.frozen
class ClientRates:
    """The rates each client address is held to, and where they are counted."""

    create: _Rate
    hint: _Rate
    new_player: _Rate = attrs.field(
        factory=lambda: _rate("new players", "new_player_rate", Limits().new_player_rate)
    )
    limiter: MovingWindowRateLimiter = attrs.field(
        factory=lambda: MovingWindowRateLimiter(MemoryStorage())
    )
    shared: bool = False
    """Whether the counts are in another server, asked over the network."""
    outage: Outage = attrs.field(factory=lambda: Outage("Rates"), eq=False)

    @classmethod
    def of(cls, limits: Limits) -> ClientRates:
        """The rates ``limits`` names, counted where its ``storage`` says.

        Raises:
            ValueError: a rate is malformed, or the storage names no storage.
            ImportError: the storage is Redis, and the redis extra is missing.
        """
        return cls(
            _rate("games created", "create_rate", limits.create_rate),
            _rate("hints and reviews asked for", "hint_rate", limits.hint_rate),
            _rate("new players of the daily code", "new_player_rate", limits.new_player_rate),
            MovingWindowRateLimiter(_storage(limits.storage)),
            shared=not in_memory(limits.storage),
        )

    def refusal(self, rates: tuple[_Rate, ...], address: str) -> Problem | None:
        """``None`` if ``address`` may do one more of what each of ``rates`` counts, and
        that one more is counted; else why not: the first rate it is past, or counts that
        cannot be reached. A refused request is counted against no rate. Blocking when the
        counts are shared."""
        client = _client_key(address)
        try:
            # Every rate is tested before any is taken, so that a request refused by one
            # rate uses up nothing of another.
            past = next(
                (rate for rate in rates if not self.limiter.test(rate.item, rate.counted, client)),
                None,
            )
            if past is None:
                # Another request may have taken the last of a rate since the test.
                past = next(
                    (
                        rate
                        for rate in rates
                        if not self.limiter.hit(rate.item, rate.counted, client)
                    ),
                    None,
                )
            if past is None:
                self.outage.answered()
                return None
            reset_at, _ = self.limiter.get_window_stats(past.item, past.counted, client)
        except StorageError as error:
            self.outage.failed(error.storage_error)
            return unavailable()
        self.outage.answered()
        seconds = max(1, math.ceil(reset_at - time.time()))
        return Problem(
            429,
            "TooManyRequests",
            f"Too many {past.counted} from this address: at most {past.item.amount} per "
            f"{past.window}. Try again in {seconds} s.",
            headers={"Retry-After": str(seconds)},
        )


def _client_key(address: str) -> str:
    """Whose budget a request from ``address`` is counted in: the address itself for
    IPv4, the /64 network for IPv6 (an IPv4 address mapped into IPv6 is its IPv4 one);
    any other text, such as a Unix socket's, is its own key."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class RateLimited:
    """ASGI middleware that answers 429, with ``Retry-After``, to an address over its rate
    of game creation (``POST /games``, and ``POST /daily``), of new players of the daily
    code (``POST /daily`` with no player cookie nor ``X-Player-Token``: a rate of its own,
    so that nobody makes players by the hundred to learn the day's code, while a player
    who comes back is never counted), or of hints and reviews (``GET /games/{id}/hint``,
    ``GET /games/{id}/review``); ``503`` when the counts cannot be reached."""

    def __init__(self, app: ASGIApp, *, rates: ClientRates) -> None:
        self.app = app
        self.rates = rates

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        rates = self._counting(scope) if scope["type"] == "http" else ()
        if rates:
            client = scope.get("client")
            address = str(client[0]) if client else "unknown"
            if self.rates.shared:  # a network round trip: off the event loop
                refusal = await run_in_threadpool(self.rates.refusal, rates, address)
            else:
                refusal = self.rates.refusal(rates, address)
            if refusal is not None:
                await refusal.response()(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def _counting(self, scope: Scope) -> tuple[_Rate, ...]:
        """The rates that hold this request, if any do."""
        path: str = scope["path"]
        root: str = scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :]
        method = scope["method"]
        if method == "POST" and path == "/daily" and not _names_a_player(scope):
            return (self.rates.new_player, self.rates.create)
        if method == "POST" and path in ("/games", "/daily"):
            return (self.rates.create,)
        if method in ("GET", "HEAD") and _SOLVER_PATH.fullmatch(path):
            return (self.rates.hint,)
        return ()


def _names_a_player(scope: Scope) -> bool:
    """Whether the request names a player of the daily code, by header or by cookie: one
    it names wrongly is refused by the handler, and makes no player."""
    headers = Headers(scope=scope)
    if PLAYER_HEADER in headers:
        return True
    return PLAYER_COOKIE in cookie_parser(headers.get("cookie", ""))
