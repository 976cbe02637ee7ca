"""What a store may keep beside its events: the checkpoints of projections, and snapshots
of streams' states.

Both are capabilities, as following the feed is: a store of one's own keeps working
without them, and the code that uses them asks ``isinstance(store, Tracking)`` first.
Memory, SQLite and PostgreSQL have both.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import attrs

from mastermind.store._port import StoreError

__all__ = [
    "Checkpoint",
    "CheckpointConflict",
    "Snapshot",
    "Snapshots",
    "Tracking",
]


@attrs.frozen
class Checkpoint:
    """How far a projection has read the feed, and what it made of it.

    ``state`` is the projection's own writes, as text: it is saved in one write with
    ``position``, so that a crash never keeps one without the other.
    """

    name: str
    position: int
    state: str | None = None


class CheckpointConflict(StoreError):
    """Another runner of the same projection saved since this one read the checkpoint:
    read it again and go on from there."""

    def __init__(self, name: str, expected: int | None, actual: int | None) -> None:
        def said(position: int | None) -> str:
            return "none" if position is None else f"position {position}"

        super().__init__(
            f"The checkpoint of {name!r} is at {said(actual)}, not {said(expected)} as expected."
        )
        self.name = name
        self.expected = expected
        self.actual = actual


@attrs.frozen
class Snapshot:
    """A stream's state as it was at ``version``, written as text by whoever knows its
    shape; ``kind`` names that shape, so that a snapshot of another shape is ignored."""

    stream_id: str
    version: int
    kind: str
    state: str


@runtime_checkable
class Tracking(Protocol):
    """A store that keeps the checkpoints of projections."""

    def checkpoint(self, name: str) -> Checkpoint | None:
        """The checkpoint saved last under ``name``; None if there is none."""
        ...

    def save_checkpoint(self, checkpoint: Checkpoint, *, expected_position: int | None) -> None:
        """Save ``checkpoint``, position and state in one write, if the one saved under its
        name is at ``expected_position`` (None: there is none yet).

        Raises:
            CheckpointConflict: another runner saved since.
        """
        ...


@runtime_checkable
class Snapshots(Protocol):
    """A store that keeps the latest snapshot of each stream."""

    def snapshot(self, stream_id: str) -> Snapshot | None:
        """The latest snapshot of the stream; None if there is none."""
        ...

    def save_snapshot(self, snapshot: Snapshot) -> None:
        """Keep ``snapshot``, unless one of a later version is kept already."""
        ...

    def delete_snapshots(self) -> None:
        """Forget every snapshot: they are an optimisation, never the truth."""
        ...
