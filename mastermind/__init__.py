"""Mastermind done right: an event-sourced game built around a pure decider.

Importing the package loads nothing: each name loads its module on first use. The face
is the domain's, ``mastermind.domain.__all__``, and the few names below from the parts
around it. The pure core's names load the domain alone; ``Games``, its errors and
``connect`` bring in the application service and the event stores. So the ``mastermind``
command takes charge of Ctrl-C within milliseconds of starting, before any import could
be interrupted. Every error, these and the others, is in :mod:`mastermind.errors` too.
"""

from __future__ import annotations

TYPE_CHECKING = False  # as typing's own, without the milliseconds of importing typing
if TYPE_CHECKING:
    from typing import Any

    from mastermind.domain import *  # noqa: F403
    from mastermind.service import GameNotFound as GameNotFound
    from mastermind.service import GameNotOver as GameNotOver
    from mastermind.service import Games as Games
    from mastermind.store import connect as connect

_ELSEWHERE = {
    "GameNotFound": "mastermind.service",
    "GameNotOver": "mastermind.service",
    "Games": "mastermind.service",
    "connect": "mastermind.store",
}
"""The names that are not the domain's, and the part each comes from: the service, the
refusals of a game that it adds to the domain's, and ``connect``."""


def __getattr__(name: str) -> Any:
    import importlib  # here, not at the top: importing the package must cost nothing

    if name in _ELSEWHERE:
        value = getattr(importlib.import_module(_ELSEWHERE[name]), name)
    elif name == "__all__":
        value = sorted([*importlib.import_module("mastermind.domain").__all__, *_ELSEWHERE])
    # The import system and tools ask for names such as __path__ and __wrapped__: those
    # are no reason to load the domain.
    elif (
        not name.startswith("_")
        and name in (domain := importlib.import_module("mastermind.domain")).__all__
    ):
        value = getattr(domain, name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__getattr__("__all__")})
