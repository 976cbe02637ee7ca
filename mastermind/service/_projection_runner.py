"""Projections that remember: a read model folded from the feed, whose state is saved in
the store with the position it was folded up to, in one write.

A restart then goes on from the checkpoint instead of reading the whole feed again, and
a crash between two saves loses only the work since the last one: the state saved never
holds an event that its position has not reached, nor misses one that it has.
"""

from __future__ import annotations

import threading
from collections.abc import Collection
from typing import Generic, Protocol, TypeVar, runtime_checkable

from mastermind.store import (
    Checkpoint,
    CheckpointConflict,
    CorruptRecord,
    EventStore,
    RecordedEvent,
    Tracking,
)
from mastermind.store.checks import check_names, check_position, check_stream_id

__all__ = ["Projection", "ProjectionRunner"]

S = TypeVar("S")

PAGE_SIZE = 1000
"""Records a runner reads at a time, and applies between two saves of its checkpoint."""


@runtime_checkable
class Projection(Protocol[S]):
    """A read model of the feed, as a :class:`ProjectionRunner` runs it: a fold of the
    records, with a name for its checkpoint and a way to write its state as text.

    ``apply`` answers the state after one record. It may change the state it is given
    and answer that, which is much cheaper for a large state: the runner never keeps a
    state that an ``apply`` may have changed half way before it failed. ``dump`` and
    ``load`` write the state as text and read it back; ``load`` raises ``ValueError`` for
    text it cannot read.
    """

    @property
    def name(self) -> str:
        """The checkpoint's name in the store, one a projection: the rules of stream ids."""
        ...

    @property
    def version(self) -> int:
        """The version of the state's shape, from 1: raise it whenever ``dump`` writes
        something else, so that a checkpoint of another version is never misread."""
        ...

    @property
    def categories(self) -> Collection[str] | None:
        """The categories of the streams it reads; ``None`` for every category."""
        ...

    @property
    def types(self) -> Collection[str] | None:
        """The event types it reads, by their stored names; ``None`` for every type."""
        ...

    def initial_state(self) -> S:
        """The state before any record."""
        ...

    def apply(self, state: S, record: RecordedEvent) -> S:
        """The state after ``record``."""
        ...

    def dump(self, state: S) -> str:
        """The state as text, for the checkpoint."""
        ...

    def load(self, text: str) -> S:
        """The state that ``dump`` wrote as ``text``."""
        ...


class ProjectionRunner(Generic[S]):
    """Runs a :class:`Projection` over a store's feed, and keeps its checkpoint there.

    :meth:`catch_up` reads the records after the checkpoint, ``page_size`` at a time,
    applies them, and after each page saves the state and its position in one write,
    with the position it found as the one expected: another runner of the same
    projection, in this process or another, that saved meanwhile raises
    :class:`~mastermind.store.CheckpointConflict`, and this one takes up that
    checkpoint and goes on from there. A new runner starts from the saved checkpoint.

    The checkpoint is kept in a store that is :class:`~mastermind.store.Tracking`, as
    memory, SQLite and PostgreSQL are. On any other store the runner keeps it in memory
    only, and a new runner reads the feed from its first record.

    A checkpoint of an older ``version`` of the projection, or one that ``load`` cannot
    read, is replaced: the runner folds the feed from its first record and saves over
    it. One of a newer version belongs to a newer program running beside this one: the
    runner leaves it alone and keeps its own in memory.

    Threads may share a runner: catching up takes turns. The state answered is the
    runner's own, which the next catch-up may change: read it before then.
    """

    def __init__(
        self, store: EventStore, projection: Projection[S], *, page_size: int = PAGE_SIZE
    ) -> None:
        if not callable(getattr(store, "read_all", None)):
            raise TypeError(f"store must be an event store, not {type(store).__name__}")
        if not isinstance(projection, Projection):
            raise TypeError(
                "projection must be a Projection, with a name, a version, categories, types,"
                f" initial_state, apply, dump and load, not {type(projection).__name__}"
            )
        if not isinstance(page_size, int) or isinstance(page_size, bool):
            raise TypeError(f"page_size must be an int, not {type(page_size).__name__}")
        if page_size < 1:
            raise ValueError(f"page_size must be at least 1, not {page_size}")
        self._name = check_stream_id(projection.name, "projection.name")
        self._version = _checked_version(projection.version)
        self._filters = {
            name: check_names(f"projection.{name}", names)
            for name, names in (("categories", projection.categories), ("types", projection.types))
            if names is not None
        }
        self._store = store
        self._projection = projection
        self._page_size = page_size
        self._tracking = store if isinstance(store, Tracking) else None
        self._lock = threading.Lock()
        self._state = projection.initial_state()
        self._position = 0
        self._resumed = False
        """Whether the checkpoint has been read; it is read again after a failed apply."""
        self._saved: int | None = None
        """The position of the checkpoint in the store, as this runner last saw it."""
        self._unsaved = False
        """Whether the state has moved on since the checkpoint was saved or taken up."""
        self._saving = self._tracking is not None
        """False once a newer version of the projection is found saving its own."""

    def __repr__(self) -> str:
        return f"<ProjectionRunner of {self._name!r} at position {self._position}>"

    @property
    def projection(self) -> Projection[S]:
        return self._projection

    @property
    def position(self) -> int:
        """The position of the last record the state holds; 0 before any."""
        return self._position

    @property
    def state(self) -> S:
        """The state as of :attr:`position`, as the last :meth:`catch_up` left it."""
        return self._state

    def catch_up(self) -> S:
        """Apply every record after the checkpoint, saving it after each page; answer the
        state.

        Raises:
            CorruptRecord: a record cannot be read. Every record before it is applied
                and saved; :meth:`skip_past` goes on after it.
            StoreUnavailable: the store cannot be read or written now. The state and
                the position stay as the last page left them, and are saved next time.
        """
        with self._lock:
            if not self._resumed:
                self._resume()
            while records := self._read():
                self._apply(records)
                self._save()
            return self._state

    def skip_past(self, position: int) -> None:
        """Go on after the record at ``position``, the one that cannot be read and stops
        :meth:`catch_up`, and save the checkpoint past it: the projection then misses
        that record for good.

        Raises:
            ValueError: the record after the checkpoint is not at ``position``, or can be
                read: only the record that stops the runner is skipped.
        """
        check_position("position", position)
        with self._lock:
            if not self._resumed:
                self._resume()
            try:
                self._store.read_all(self._position, 1, **self._filters)
            except CorruptRecord as corrupt:
                if corrupt.position == position:
                    self._position, self._unsaved = position, True
                    self._save()
                    return
            raise ValueError(
                f"position {position} is not the record that cannot be read after position"
                f" {self._position}: only that one is skipped"
            )

    def _resume(self) -> None:
        """Take up the checkpoint saved in the store, or start from the feed's first record."""
        self._state, self._position, self._unsaved = self._projection.initial_state(), 0, False
        saved = self._tracking.checkpoint(self._name) if self._tracking is not None else None
        self._saved = None if saved is None else saved.position
        if saved is not None:
            self._take_up(saved)
        self._resumed = True

    def _take_up(self, saved: Checkpoint) -> bool:
        """Take up ``saved`` if it is of this version and readable; stop saving if it is
        of a newer one. Answer whether it was taken up."""
        version, text = _unpacked(saved.state)
        if version is not None and version > self._version:
            self._saving = False
            return False
        if version != self._version:
            return False
        try:
            state = self._projection.load(text)
        except ValueError:
            return False
        self._state, self._position = state, saved.position
        self._saved, self._unsaved = saved.position, False
        return True

    def _read(self) -> list[RecordedEvent]:
        """The next page after the position: shorter, up to the record before the first
        that cannot be read, so that everything before that one is applied."""
        limit = self._page_size
        while True:
            try:
                return self._store.read_all(self._position, limit, **self._filters)
            except CorruptRecord:
                if limit == 1:
                    raise
                limit //= 2

    def _apply(self, records: list[RecordedEvent]) -> None:
        state = self._state
        try:
            for record in records:
                state = self._projection.apply(state, record)
        except BaseException:
            # apply may have changed the state in place before it failed: the next
            # catch-up starts again from the checkpoint.
            self._resumed = False
            raise
        self._state, self._position, self._unsaved = state, records[-1].position, True

    def _save(self) -> None:
        while self._tracking is not None and self._saving and self._unsaved:
            text = f"{self._version}\n{self._projection.dump(self._state)}"
            try:
                self._tracking.save_checkpoint(
                    Checkpoint(self._name, self._position, text), expected_position=self._saved
                )
            except CheckpointConflict:
                self._settle(self._tracking.checkpoint(self._name))
                continue
            self._saved, self._unsaved = self._position, False

    def _settle(self, saved: Checkpoint | None) -> None:
        """After a conflict: take up the checkpoint another runner saved if it is ahead of
        this one, or else save over it at the next attempt."""
        self._saved = None if saved is None else saved.position
        if saved is not None and saved.position >= self._position:
            self._take_up(saved)
        elif saved is not None and (_unpacked(saved.state)[0] or 0) > self._version:
            self._saving = False


def _checked_version(version: object) -> int:
    if not isinstance(version, int) or isinstance(version, bool):
        raise TypeError(f"projection.version must be an int, not {type(version).__name__}")
    if version < 1:
        raise ValueError(f"projection.version must be at least 1, not {version}")
    return version


def _unpacked(text: str | None) -> tuple[int | None, str]:
    """The version a checkpoint's state was written by, and the state as ``dump`` wrote
    it; no version for text that no runner wrote."""
    header, newline, state = (text or "").partition("\n")
    if not newline or not header.isdigit():
        return None, ""
    return int(header), state
