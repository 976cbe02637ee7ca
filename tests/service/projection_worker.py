"""A program that the crash test runs and kills: it catches a projection up on a store.

``python -m tests.service.projection_worker URL PROJECTION PAGE_SIZE KILL_AT`` runs the
list of games (``catalogue``) or the list of positions (``positions``) over the store at
``URL``, ``PAGE_SIZE`` records a page. With ``KILL_AT`` above 0 it kills itself with
SIGKILL as it is about to apply its ``KILL_AT``-th record, in the middle of a page; at 0
it catches up to the end and prints ``caught up at <position>``.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Collection
from typing import Any

import attrs

from mastermind.service import GameCatalogue, Projection, ProjectionRunner
from mastermind.store import RecordedEvent, connect
from tests.service.projection_stores import Positions

PROJECTIONS: dict[str, Projection[Any]] = {"catalogue": GameCatalogue(), "positions": Positions()}


@attrs.define
class KilledAt:
    """``projection`` under its own name and shape, whose process dies with SIGKILL as it
    is about to apply its ``kill_at``-th record."""

    projection: Projection[Any]
    kill_at: int
    applied: int = 0

    @property
    def name(self) -> str:
        return self.projection.name

    @property
    def version(self) -> int:
        return self.projection.version

    @property
    def categories(self) -> Collection[str] | None:
        return self.projection.categories

    @property
    def types(self) -> Collection[str] | None:
        return self.projection.types

    def initial_state(self) -> Any:
        return self.projection.initial_state()

    def apply(self, state: Any, record: RecordedEvent) -> Any:
        self.applied += 1
        if self.applied == self.kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        return self.projection.apply(state, record)

    def dump(self, state: Any) -> str:
        return self.projection.dump(state)

    def load(self, text: str) -> Any:
        return self.projection.load(text)


def main(url: str, projection: str, page_size: str, kill_at: str) -> None:
    store = connect(url)
    runner = ProjectionRunner(
        store, KilledAt(PROJECTIONS[projection], int(kill_at)), page_size=int(page_size)
    )
    runner.catch_up()
    print(f"caught up at {runner.position}", flush=True)
    store.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
