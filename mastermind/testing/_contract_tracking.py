"""The contract's promises about the checkpoints of projections, for a store that keeps them.

A store is :class:`~mastermind.store.Tracking` if it has ``checkpoint`` and
``save_checkpoint``; these tests are skipped for a store that is not. They say what a
projection runner counts on: a checkpoint's position and state kept together, whole;
a save that expects another position than the one saved refused with
:class:`~mastermind.store.CheckpointConflict`, leaving the checkpoint as it was, even
when runners race; and a follower that saved its checkpoint going on after it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

import pytest

from mastermind.store import (
    Checkpoint,
    CheckpointConflict,
    EventStore,
    RecordedEvent,
    StoreClosed,
    Tracking,
)
from mastermind.store.checks import MAX_POSITION, check_checkpoint, check_stream_id
from mastermind.testing._samples import guessed, started
from mastermind.testing._threads import run_threads

__all__ = ["TrackingContract"]

Call = Callable[[Any], object]
"""A call on a store; the store is untyped since the calls are wrong on purpose."""

STATE = '{"games":["a","b"],"note":"Rouge, Bleu 🔵, O\'Brien\\n"}'


def _saved(checkpoint: object, expected_position: object = None) -> Call:
    return lambda store: store.save_checkpoint(checkpoint, expected_position=expected_position)


def _saved_with(**fields: Any) -> Call:
    """A first save of the checkpoint "p" at position 1, whose other fields are ``fields``."""
    return _saved(Checkpoint(**{"name": "p", "position": 1, "state": "{}", **fields}))


def _refusal(check: Callable[[], object]) -> Exception:
    """The error that ``check``, a call of one of :mod:`mastermind.store.checks`, raises."""
    try:
        check()
    except (TypeError, ValueError) as error:
        return error
    raise AssertionError("the checks accept what the test calls wrong")


# Each wrong save is refused as mastermind.store.checks.check_checkpoint refuses it: the
# same kind of error, with the same message, which names the argument or the field.
WRONG_SAVES = [
    pytest.param(None, None, id="None"),
    pytest.param(("p", 1, "{}"), None, id="a-tuple"),
    pytest.param(Checkpoint(7, 1), None, id="name-7"),  # type: ignore[arg-type]
    pytest.param(Checkpoint("", 1), None, id="name-empty"),
    pytest.param(Checkpoint("p\x00", 1), None, id="name-NUL"),
    pytest.param(Checkpoint("p\n", 1), None, id="name-line-break"),
    pytest.param(Checkpoint("p" * 201, 1), None, id="name-201-characters"),
    pytest.param(Checkpoint("p", True), None, id="position-True"),
    pytest.param(Checkpoint("p", "1"), None, id="position-text"),  # type: ignore[arg-type]
    pytest.param(Checkpoint("p", 1.0), None, id="position-1.0"),  # type: ignore[arg-type]
    pytest.param(Checkpoint("p", -1), None, id="position-minus-1"),
    pytest.param(Checkpoint("p", MAX_POSITION + 1), None, id="position-past-the-largest"),
    pytest.param(Checkpoint("p", 1, b"{}"), None, id="state-bytes"),  # type: ignore[arg-type]
    pytest.param(Checkpoint("p", 1, 5), None, id="state-5"),  # type: ignore[arg-type]
    pytest.param(Checkpoint("p", 1, "{\x00}"), None, id="state-NUL"),
    pytest.param(Checkpoint("p", 1, "\ud800"), None, id="state-surrogate"),
    pytest.param(Checkpoint("p", 1), "0", id="expected-position-text"),
    pytest.param(Checkpoint("p", 1), False, id="expected-position-False"),
    pytest.param(Checkpoint("p", 1), -1, id="expected-position-minus-1"),
]

WRONG_NAMES = [
    pytest.param(None, id="None"),
    pytest.param(7, id="7"),
    pytest.param("", id="empty"),
    pytest.param("p\x00", id="NUL"),
    pytest.param("p" * 1_000_000, id="1MB"),
]


class TrackingContract:
    """Checkpoints kept whole, position and state together, one a name; a save that
    expects another position refused without a change, whoever races it; wrong
    checkpoints refused before anything is kept."""

    @pytest.fixture
    def tracking_store(self, store: EventStore) -> Tracking:
        """The store, if it keeps checkpoints; the test is skipped if it does not."""
        if not isinstance(store, Tracking):
            pytest.skip(f"{type(store).__name__} keeps no checkpoints")
        return store

    def test_a_projection_has_no_checkpoint_until_one_is_saved(
        self, tracking_store: Tracking
    ) -> None:
        assert tracking_store.checkpoint("p") is None

    def test_a_first_checkpoint_saved_expecting_none_comes_back_equal(
        self, tracking_store: Tracking
    ) -> None:
        tracking_store.save_checkpoint(Checkpoint("p", 7, STATE), expected_position=None)
        assert tracking_store.checkpoint("p") == Checkpoint("p", 7, STATE)

    def test_a_checkpoint_moves_on_from_the_position_expected(
        self, tracking_store: Tracking
    ) -> None:
        tracking_store.save_checkpoint(Checkpoint("p", 7, "seven"), expected_position=None)
        tracking_store.save_checkpoint(Checkpoint("p", 12, "twelve"), expected_position=7)
        assert tracking_store.checkpoint("p") == Checkpoint("p", 12, "twelve")

    @pytest.mark.parametrize(
        ("expected", "actual"),
        [(None, 7), (3, 7), (12, 7), (7, None)],
        ids=["none-when-one-is-saved", "behind", "ahead", "one-when-none-is-saved"],
    )
    def test_a_save_expecting_another_position_raises_checkpoint_conflict_and_changes_nothing(
        self, tracking_store: Tracking, expected: int | None, actual: int | None
    ) -> None:
        if actual is not None:
            tracking_store.save_checkpoint(Checkpoint("p", actual, "kept"), expected_position=None)
        before = tracking_store.checkpoint("p")
        with pytest.raises(CheckpointConflict) as conflict:
            tracking_store.save_checkpoint(Checkpoint("p", 20, "lost"), expected_position=expected)
        assert (conflict.value.name, conflict.value.expected) == ("p", expected)
        assert conflict.value.actual == actual
        assert tracking_store.checkpoint("p") == before

    def test_projections_keep_checkpoints_of_their_own(self, tracking_store: Tracking) -> None:
        tracking_store.save_checkpoint(Checkpoint("list", 9, "nine"), expected_position=None)
        tracking_store.save_checkpoint(Checkpoint("results", 2, "two"), expected_position=None)
        tracking_store.save_checkpoint(Checkpoint("list", 11, "eleven"), expected_position=9)
        assert tracking_store.checkpoint("list") == Checkpoint("list", 11, "eleven")
        assert tracking_store.checkpoint("results") == Checkpoint("results", 2, "two")

    @pytest.mark.parametrize(
        "state",
        [
            None,
            "",
            "[" + ",".join(f'"game {n} ünïcödé 🎲\\n"' for n in range(50_000)) + "]",
        ],
        ids=["None", "empty", "over-a-megabyte"],
    )
    def test_a_state_comes_back_as_it_was_saved(
        self, tracking_store: Tracking, state: str | None
    ) -> None:
        tracking_store.save_checkpoint(Checkpoint("p", 3, "before"), expected_position=None)
        tracking_store.save_checkpoint(Checkpoint("p", 5, state), expected_position=3)
        assert tracking_store.checkpoint("p") == Checkpoint("p", 5, state)

    def test_the_largest_position_is_kept(self, tracking_store: Tracking) -> None:
        tracking_store.save_checkpoint(Checkpoint("p", MAX_POSITION), expected_position=None)
        tracking_store.save_checkpoint(Checkpoint("p", 0), expected_position=MAX_POSITION)
        assert tracking_store.checkpoint("p") == Checkpoint("p", 0)

    def test_of_runners_saving_from_one_position_at_once_one_wins_and_the_others_conflict(
        self, tracking_store: Tracking
    ) -> None:
        tracking_store.save_checkpoint(Checkpoint("p", 1, "one"), expected_position=None)
        runners = 8
        start = threading.Barrier(runners)
        conflicts: list[int] = []

        def save(runner: int) -> None:
            start.wait()
            try:
                tracking_store.save_checkpoint(
                    Checkpoint("p", 10 + runner, f"runner {runner}"), expected_position=1
                )
            except CheckpointConflict:
                conflicts.append(runner)

        run_threads(save, runners)
        (winner,) = set(range(runners)) - set(conflicts)
        assert tracking_store.checkpoint("p") == Checkpoint("p", 10 + winner, f"runner {winner}")

    @pytest.mark.parametrize(("checkpoint", "expected_position"), WRONG_SAVES)
    def test_a_wrong_save_is_refused_as_the_checks_refuse_it_and_keeps_nothing(
        self, tracking_store: Tracking, checkpoint: object, expected_position: object
    ) -> None:
        tracking_store.save_checkpoint(Checkpoint("p", 0, "kept"), expected_position=None)
        refusal = _refusal(lambda: check_checkpoint(checkpoint, expected_position))
        with pytest.raises(type(refusal)) as refused:
            _saved(checkpoint, expected_position)(tracking_store)
        assert str(refused.value) == str(refusal)
        assert tracking_store.checkpoint("p") == Checkpoint("p", 0, "kept")

    @pytest.mark.parametrize("name", WRONG_NAMES)
    def test_a_wrong_name_to_read_is_refused_naming_it(
        self, tracking_store: Tracking, name: object
    ) -> None:
        refusal = _refusal(lambda: check_stream_id(name, "name"))
        with pytest.raises(type(refusal)) as refused:
            tracking_store.checkpoint(name)  # type: ignore[arg-type]
        assert str(refused.value) == str(refusal)

    @pytest.mark.parametrize(
        "call",
        [
            pytest.param(lambda store: store.checkpoint("p"), id="checkpoint"),
            pytest.param(_saved_with(position=2), id="save_checkpoint"),
        ],
    )
    def test_a_closed_store_refuses_checkpoints_with_store_closed(
        self, store: EventStore, tracking_store: Tracking, call: Call
    ) -> None:
        store.close()
        with pytest.raises(StoreClosed):
            call(tracking_store)

    def test_a_follower_that_saved_its_checkpoint_goes_on_after_it_with_every_record_once(
        self, store: EventStore, tracking_store: Tracking
    ) -> None:
        for number in range(6):
            store.append(f"g{number}", [started(f"g{number}"), guessed(f"g{number}")], 0)
        first = _follow(store, tracking_store, pages=2)
        store.append("g6", [started("g6")], 0)
        rest = _follow(store, tracking_store, pages=None)
        assert first + rest == [record.position for record in store.read_all()]
        saved = tracking_store.checkpoint("follower")
        assert saved is not None
        assert (saved.position, json.loads(saved.state or "")) == (rest[-1], len(first + rest))


def _follow(feed: EventStore, store: Tracking, pages: int | None) -> list[int]:
    """Read the feed after the checkpoint of "follower", three records at a time, and save
    after each page the position and the count of records read, as a projection runner
    does; stop after ``pages`` pages, or at the end of the feed. Answer the positions
    read."""
    saved = store.checkpoint("follower")
    position = 0 if saved is None else saved.position
    count = 0 if saved is None else json.loads(saved.state or "")
    expected = None if saved is None else saved.position
    read: list[int] = []
    while pages is None or pages > 0:
        page: list[RecordedEvent] = feed.read_all(position, 3)
        if not page:
            break
        read += [record.position for record in page]
        count += len(page)
        store.save_checkpoint(
            Checkpoint("follower", page[-1].position, json.dumps(count)),
            expected_position=expected,
        )
        position = expected = page[-1].position
        pages = None if pages is None else pages - 1
    return read
