"""Snapshots of streams' states, so that the runner folds a long stream from its latest
snapshot rather than from its first event.

A snapshot is an optimisation, never the truth. One of another kind, one beyond the
stream's version, one whose event is not at the position it names, or one that cannot be
read back is ignored, and the stream is folded from its start; deleting every snapshot
changes no answer, only the time it takes.
"""

from __future__ import annotations

import contextlib
import typing
import warnings
from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

import attrs

from mastermind.domain import Decider
from mastermind.service._state_text import json_text, kind_of
from mastermind.store import EventStore, Snapshot, Snapshots, StoreUnavailable, Stream
from mastermind.store.checks import check_snapshot, check_version

__all__ = ["SnapshotPolicy"]

S = TypeVar("S")


class SnapshotPolicy(Generic[S]):
    """When a :class:`CommandRunner` keeps a snapshot of a stream's state, and how.

    The runner saves one after each append that reaches or passes a multiple of
    ``every`` events, and folds a stream from its latest snapshot onwards.

    ``state_type`` is the type of the decider's state: a class, or a type such as
    ``NotStarted | Started | Won | Lost`` or ``tuple[State, Board]``. By default the state
    is written as JSON by a ``cattrs`` converter for that type, classes of a union tagged
    with their name. ``write`` and ``read``, given together, write it otherwise.

    A snapshot's :attr:`kind` names the state's shape: the type's qualified name, its
    fields' names and types, all the way down, and ``version``. A snapshot of another
    kind, written by a program whose state had other fields, is ignored. Raise
    ``version`` when the state keeps its fields but changes their meaning, or when
    ``write`` and ``read`` change, and when a class of the state changes whose module
    cannot name it, such as a class made inside a function: its fields' types are then
    known only as the text of their annotations.

    Raises:
        TypeError: ``every`` or ``version`` is not an int, ``state_type`` is no type, or
            ``write`` or ``read`` is not callable.
        ValueError: ``every`` is less than 1, ``version`` is negative, or only one of
            ``write`` and ``read`` is given.
    """

    @overload
    def __init__(
        self,
        every: int,
        state_type: type[S],
        *,
        version: int = 0,
        write: Callable[[S], str] | None = None,
        read: Callable[[str], S] | None = None,
    ) -> None: ...

    # A union or a tuple is no class that the state's type could be inferred from.
    @overload
    def __init__(
        self: SnapshotPolicy[Any],
        every: int,
        state_type: object,
        *,
        version: int = 0,
        write: Callable[[Any], str] | None = None,
        read: Callable[[str], Any] | None = None,
    ) -> None: ...

    def __init__(
        self,
        every: int,
        state_type: Any,
        *,
        version: int = 0,
        write: Callable[[S], str] | None = None,
        read: Callable[[str], S] | None = None,
    ) -> None:
        check_version("every", every)
        if every < 1:
            raise ValueError(f"every must be at least 1, not {every}")
        if not (isinstance(state_type, type) or typing.get_origin(state_type) is not None):
            raise TypeError(
                "state_type must be a class, or a type such as A | B or tuple[A, B], not "
                f"{type(state_type).__name__}"
            )
        check_version("version", version)
        for name, function in (("write", write), ("read", read)):
            if function is not None and not callable(function):
                raise TypeError(f"{name} must be a function, not {type(function).__name__}")
        if (write is None) != (read is None):
            raise ValueError(
                "write and read go together: give both, or neither to write JSON by cattrs"
            )
        self.every = every
        self.state_type = state_type
        self.version = version
        self.kind = kind_of(state_type, version)
        if write is None or read is None:
            write, read = json_text(state_type)
        self.write: Callable[[S], str] = write
        """The state as text."""
        self.read: Callable[[str], S] = read
        """The state that ``write`` wrote."""

    def __repr__(self) -> str:
        return f"SnapshotPolicy(every={self.every}, kind={self.kind!r})"


class StreamSnapshots(Generic[S]):
    """A runner's snapshots: the state of a stream from its latest snapshot, and new
    snapshots kept as the stream grows.

    A snapshot's ``state`` is the position in the feed of the event at its version, a
    space, and the text ``write`` made of the state.
    """

    def __init__(
        self, policy: SnapshotPolicy[S], store: EventStore, decider: Decider[Any, Any, S]
    ) -> None:
        self.policy = policy
        # A store without snapshots is folded from the start every time.
        self._store: Snapshots | None = store if isinstance(store, Snapshots) else None
        self._events = store
        self._decider = decider
        try:
            text = policy.write(decider.initial_state)
            readable = policy.read(text) == decider.initial_state
        except Exception as error:
            raise ValueError(
                f"snapshots cannot write the decider's initial state: {error}"
            ) from error
        if not readable:
            raise ValueError(
                "snapshots do not read the decider's initial state back equal: is "
                f"{policy.kind.partition('@')[0]} the type of the decider's state?"
            )

    def load(self, stream_id: str, category: str) -> tuple[Stream, S, int]:
        """The stream's records after its latest snapshot that is of use, the state after
        them, and the version of that snapshot: 0 for none, when the whole stream is
        loaded and folded."""
        snapshot = self._latest(stream_id)
        if snapshot is not None and snapshot.version > 0:
            # From the snapshot's own event on, to see that it is still there.
            stream = self._events.load(
                stream_id, category=category, after_version=snapshot.version - 1
            )
            state = self._read(snapshot, stream)
            if state is not None:
                records = stream.records[1:]
                evolve = self._decider.evolve
                folded = state[0]
                for record in records:
                    folded = evolve(folded, record.event)
                return attrs.evolve(stream, records=records), folded, snapshot.version
        stream = self._events.load(stream_id, category=category)
        return stream, self._decider.fold(stream.events), 0

    def keep(self, stream_id: str, category: str, before: int, after: int, state: S) -> bool:
        """Save a snapshot of ``state`` at version ``after``, if the append from ``before``
        reached or passed a multiple of ``every``; whether one was saved.

        Never raises for a snapshot it cannot keep: the append it follows is made, and
        failing the command would have its caller make it again.
        """
        every = self.policy.every
        if self._store is None or after // every == before // every:
            return False
        try:
            text = self.policy.write(state)
            check_snapshot(Snapshot(stream_id, after, self.policy.kind, text))
            readable = self.policy.read(text) == state
        # A state that cannot be written is no reason to fail a command already appended.
        except Exception as error:
            _warn(self.policy, f"it cannot be written ({error})")
            return False
        if not readable:
            _warn(self.policy, "it does not read back equal")
            return False
        # The next append that passes a multiple tries again.
        with contextlib.suppress(StoreUnavailable):
            at = self._events.load(stream_id, category=category, after_version=after - 1)
            if at.records and at.records[0].version == after:
                state_text = f"{at.records[0].position} {text}"
                self._store.save_snapshot(Snapshot(stream_id, after, self.policy.kind, state_text))
                return True
        return False

    def _latest(self, stream_id: str) -> Snapshot | None:
        if self._store is None:
            return None
        try:
            snapshot = self._store.snapshot(stream_id)
        except StoreUnavailable:
            return None
        if snapshot is None or snapshot.kind != self.policy.kind:
            return None
        return snapshot

    def _read(self, snapshot: Snapshot, stream: Stream) -> tuple[S] | None:
        """The snapshot's state, in a tuple since a state may be ``None``; ``None`` if the
        stream's event at the snapshot's version is not the one it was made at, or if it
        cannot be read.

        A snapshot keeps the position in the feed of the event at its version: should the
        events it was made from be lost, and others appended since, it is not theirs.
        """
        position, _, text = snapshot.state.partition(" ")
        first = stream.records[0] if stream.records else None
        if first is None or first.version != snapshot.version or str(first.position) != position:
            return None
        try:
            return (self.policy.read(text),)
        # Whatever fails to read a snapshot, the stream's events are there to fold.
        except Exception:
            return None


def _warn(policy: SnapshotPolicy[Any], why: str) -> None:
    warnings.warn(
        f"A snapshot of kind {policy.kind!r} is not kept: {why}. Streams are folded from"
        " their last snapshot kept, or from their start.",
        RuntimeWarning,
        stacklevel=4,
    )
