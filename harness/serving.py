"""Servers in this process: the web application over real HTTP, and free ports of 127.0.0.1.

The server in a thread is the one the specification's HTTP stage runs on. It ships with
the features, which an installed wheel runs without this package, and is named here for
the tests and the benchmarks.
"""

from __future__ import annotations

import contextlib
import socket

from features.support.serving import serving

__all__ = ["free_port", "serving", "use_ports"]


_own_ports: list[int] = []


def use_ports(first: int, count: int) -> None:
    """Hand out ports from ``first`` on, ``count`` of them in turn, rather than those the
    system picks: processes running tests side by side each take a range of their own,
    below the system's range for outgoing connections, so that none takes another's."""
    _own_ports[:] = range(first, first + count)


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on: the next free one of this process's
    range, where :func:`use_ports` gave one, or else one the system hands out."""
    for _ in range(len(_own_ports)):
        port = _own_ports.pop(0)
        _own_ports.append(port)
        with contextlib.suppress(OSError):
            return _bound_port(port)
    if _own_ports:
        raise OSError(f"no port is free from {min(_own_ports)} to {max(_own_ports)}")
    return _bound_port(0)


def _bound_port(port: int) -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", port))
        bound: int = probe.getsockname()[1]
        return bound


probe_code = _bound_port.__code__
"""The code that binds a port only to learn it is free, which starts no server."""
