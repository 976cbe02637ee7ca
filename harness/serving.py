"""Servers in this process: the web application over real HTTP, and free ports of 127.0.0.1.

The server in a thread is the one the specification's HTTP stage runs on. It ships with
the features, which an installed wheel runs without this package, and is named here for
the tests and the benchmarks.
"""

from __future__ import annotations

import socket

from features.support.serving import serving

__all__ = ["free_port", "serving"]


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on, as the system hands one out."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
