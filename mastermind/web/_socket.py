"""The connections of ``mastermind serve``: a bounded send buffer, and a cut for a client
that stopped reading.

Left to itself, the kernel grows a connection's send buffer up to ``net.ipv4.tcp_wmem``'s
largest (4 MiB on most systems) for a client that does not read, and asyncio buffers
whatever the kernel does not take: a live stream to a stalled client pins megabytes, and
its writes never block, so no send ever times out. Each connection here asks the kernel
for ``stream_buffer`` bytes at most (``SO_SNDBUF``; Linux doubles it for its own
bookkeeping), and the server stops writing to it, beyond the one write the kernel could
not take whole, until the kernel has room again; a connection whose writes stay held back
for ``stream_stall`` seconds is cut, which ends its live stream and gives back its place.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from mastermind.config import Limits

__all__ = ["BoundedProtocol"]


class BoundedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with the bounds of ``limits``: give it to uvicorn as
    ``http=functools.partial(BoundedProtocol, limits=limits)``."""

    def __init__(self, *args: Any, limits: Limits, **options: Any) -> None:
        super().__init__(*args, **options)
        self._buffer = limits.stream_buffer
        self._stall = limits.stream_stall
        self._cut: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self._buffer)
        # Nothing waits in the process beyond what the kernel refused: writing pauses as
        # soon as the kernel's buffer is full, so that the stall is seen at once.
        transport.set_write_buffer_limits(high=0)

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._cut is None:
            self._cut = self.loop.call_later(self._stall, self._stalled)

    def resume_writing(self) -> None:
        super().resume_writing()
        self._forgive()

    def connection_lost(self, exc: Exception | None) -> None:
        self._forgive()
        super().connection_lost(exc)

    def _forgive(self) -> None:
        if self._cut is not None:
            self._cut.cancel()
            self._cut = None

    def _stalled(self) -> None:
        # Closing would wait for the client to read what is buffered, which it does not:
        # abort lets the kernel's buffers go at once.
        self._cut = None
        self.transport.abort()
