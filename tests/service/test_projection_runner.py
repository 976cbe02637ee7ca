"""A projection runner applies every record once, saves its state with its position after
each page, and goes on from that checkpoint, on every store that keeps checkpoints."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mastermind.service import ProjectionRunner
from mastermind.store import (
    MASTERMIND_CATEGORY,
    Checkpoint,
    CorruptRecord,
    EventStore,
    InMemoryEventStore,
    SQLiteEventStore,
    Tracking,
)
from mastermind.testing import started
from tests.service.projection_stores import (
    STORES,
    Positions,
    StoreWithoutCheckpoints,
    new_store,
    play,
    positions,
)


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    store = new_store(request.param, tmp_path, request)
    yield store
    store.close()


def saved(store: EventStore, name: str = "positions") -> Checkpoint | None:
    assert isinstance(store, Tracking)
    return store.checkpoint(name)


def test_a_runner_applies_every_record_once_in_order_and_saves_where_it_stopped(
    store: EventStore,
) -> None:
    play(store, *(f"g{number}" for number in range(7)))
    runner = ProjectionRunner(store, Positions(), page_size=3)
    assert runner.catch_up() == positions(store)
    assert runner.position == positions(store)[-1]
    checkpoint = saved(store)
    assert checkpoint is not None
    assert checkpoint.position == runner.position


def test_a_runner_reads_only_the_categories_and_types_its_projection_names(
    store: EventStore,
) -> None:
    play(store, "a", "b")
    play(store, "elsewhere", category="loans")
    play(store, "c")
    projection = Positions(categories=(MASTERMIND_CATEGORY,), types=("GuessMade",))
    expected = positions(store, categories=(MASTERMIND_CATEGORY,), types=("GuessMade",))
    assert ProjectionRunner(store, projection, page_size=2).catch_up() == expected
    assert len(expected) == 3


def test_a_new_runner_goes_on_from_the_checkpoint_and_applies_only_newer_records(
    store: EventStore,
) -> None:
    play(store, "a", "b", "c")
    ProjectionRunner(store, Positions(), page_size=4).catch_up()
    play(store, "d")
    restarted = Positions()
    state = ProjectionRunner(store, restarted, page_size=4).catch_up()
    assert state == positions(store)
    assert restarted.applied == positions(store)[-2:]


def test_a_runner_saves_after_each_page_so_a_failure_loses_only_its_own_page(
    store: EventStore,
) -> None:
    play(store, *(f"g{number}" for number in range(5)))
    feed = positions(store)
    runner = ProjectionRunner(store, Positions(failing_at=feed[9]), page_size=4)
    with pytest.raises(RuntimeError, match="apply failed"):
        runner.catch_up()
    checkpoint = saved(store)
    assert checkpoint is not None
    assert checkpoint.position == feed[7]
    restarted = Positions()
    assert ProjectionRunner(store, restarted, page_size=4).catch_up() == feed
    assert restarted.applied == feed[8:]


def test_after_a_failed_apply_the_runner_starts_again_from_its_checkpoint(
    store: EventStore,
) -> None:
    play(store, *(f"g{number}" for number in range(4)))
    feed = positions(store)
    projection = Positions(failing_at=feed[5])
    runner = ProjectionRunner(store, projection, page_size=4)
    with pytest.raises(RuntimeError):
        runner.catch_up()
    # apply changed the state in place for the page's first record before it failed.
    assert runner.catch_up() == feed
    assert projection.applied == feed[:5] + feed[4:]


def test_runners_of_one_projection_share_its_checkpoint_and_apply_each_record_once(
    store: EventStore,
) -> None:
    play(store, "a", "b")
    first, second = Positions(), Positions()
    first_runner = ProjectionRunner(store, first, page_size=3)
    first_runner.catch_up()
    play(store, "c", "d")
    assert ProjectionRunner(store, second, page_size=3).catch_up() == positions(store)
    play(store, "e")
    assert first_runner.catch_up() == positions(store)
    assert second.applied == positions(store)[4:8]
    checkpoint = saved(store)
    assert checkpoint is not None
    assert checkpoint.position == positions(store)[-1]


def test_a_runner_behind_another_takes_up_its_checkpoint_rather_than_apply_the_same_records(
    store: EventStore,
) -> None:
    play(store, "a", "b")
    behind = Positions()
    behind_runner = ProjectionRunner(store, behind, page_size=1)
    behind_runner.catch_up()
    play(store, "c", "d", "e")
    ProjectionRunner(store, Positions(), page_size=1).catch_up()
    feed = positions(store)
    assert behind_runner.catch_up() == feed
    # It learns of the other runner when it saves its first page, then goes on after it.
    assert behind.applied == feed[:5]


def test_runners_catching_up_at_once_in_threads_each_end_with_every_record_once(
    store: EventStore,
) -> None:
    play(store, *(f"g{number}" for number in range(10)))
    runners = [ProjectionRunner(store, Positions(), page_size=3) for _ in range(4)]
    done = threading.Barrier(len(runners) + 1)
    errors: list[BaseException] = []

    def catch_up(runner: ProjectionRunner[list[int]]) -> None:
        try:
            for _ in range(5):
                runner.catch_up()
        except BaseException as error:
            errors.append(error)
        done.wait()

    for runner in runners:
        threading.Thread(target=catch_up, args=(runner,), daemon=True).start()
    play(store, *(f"h{number}" for number in range(10)))
    done.wait(timeout=60)
    assert errors == []
    for runner in runners:
        assert runner.catch_up() == positions(store)


def test_a_checkpoint_of_an_older_version_is_folded_again_from_the_first_record_and_replaced(
    store: EventStore,
) -> None:
    play(store, "a", "b")
    ProjectionRunner(store, Positions(version=1)).catch_up()
    newer = Positions(version=2)
    assert ProjectionRunner(store, newer).catch_up() == positions(store)
    assert newer.applied == positions(store)
    resumed = Positions(version=2)
    assert ProjectionRunner(store, resumed).catch_up() == positions(store)
    assert resumed.applied == []


def test_a_checkpoint_of_a_newer_version_is_left_alone_and_the_runner_keeps_its_own(
    store: EventStore,
) -> None:
    play(store, "a")
    ProjectionRunner(store, Positions(version=3)).catch_up()
    newer_checkpoint = saved(store)
    play(store, "b")
    older = ProjectionRunner(store, Positions(version=2))
    assert older.catch_up() == positions(store)
    assert saved(store) == newer_checkpoint


def test_a_checkpoint_its_projection_cannot_read_is_folded_again_and_replaced(
    store: EventStore,
) -> None:
    play(store, "a", "b")
    assert isinstance(store, Tracking)
    store.save_checkpoint(Checkpoint("positions", 3, "1\nnot JSON"), expected_position=None)
    store.save_checkpoint(Checkpoint("other", 3, "no version"), expected_position=None)
    for name in ("positions", "other"):
        assert ProjectionRunner(store, Positions(name=name)).catch_up() == positions(store)
        checkpoint = saved(store, name)
        assert checkpoint is not None
        assert checkpoint.position == positions(store)[-1]


def test_on_a_store_without_checkpoints_a_runner_keeps_its_own_in_memory() -> None:
    store = StoreWithoutCheckpoints(InMemoryEventStore())
    assert not isinstance(store, Tracking)
    play(store, "a", "b")
    projection = Positions()
    runner = ProjectionRunner(store, projection, page_size=3)
    runner.catch_up()
    play(store, "c")
    assert runner.catch_up() == positions(store)
    assert projection.applied == positions(store)
    restarted = Positions()
    assert ProjectionRunner(store, restarted).catch_up() == positions(store)
    assert restarted.applied == positions(store)
    store.close()


def damage(path: Path, stream_id: str) -> int:
    """Record an event of a type nobody knows in the games' category, as another program
    might have; answer its position."""
    with sqlite3.connect(path) as connection:
        cursor = connection.execute(
            "INSERT INTO events (stream_id, version, type, schema, data, category)"
            " VALUES (?, 1, 'Lost', 1, '{}', ?)",
            (stream_id, MASTERMIND_CATEGORY),
        )
    connection.close()
    assert cursor.lastrowid is not None
    return cursor.lastrowid


@pytest.fixture
def damaged(tmp_path: Path) -> Iterator[tuple[SQLiteEventStore, int]]:
    """A SQLite store of 14 records, the eighth of which cannot be read."""
    store = SQLiteEventStore(tmp_path / "damaged.db")
    play(store, "a", "b", "c")
    store.append("d", [started("d")], 0, category=MASTERMIND_CATEGORY)
    corrupt = damage(tmp_path / "damaged.db", "damaged")
    play(store, "e", "f", "g")
    yield store, corrupt
    store.close()


def test_a_record_nobody_can_read_stops_the_runner_after_saving_every_record_before_it(
    damaged: tuple[SQLiteEventStore, int],
) -> None:
    store, corrupt = damaged
    runner = ProjectionRunner(store, Positions(), page_size=5)
    with pytest.raises(CorruptRecord) as stopped:
        runner.catch_up()
    assert stopped.value.position == corrupt
    assert runner.state == list(range(1, corrupt))
    checkpoint = store.checkpoint("positions")
    assert checkpoint is not None
    assert checkpoint.position == corrupt - 1
    with pytest.raises(CorruptRecord):
        runner.catch_up()
    assert runner.state == list(range(1, corrupt))


def test_skip_past_goes_on_after_the_record_nobody_can_read_and_saves_that(
    damaged: tuple[SQLiteEventStore, int],
) -> None:
    store, corrupt = damaged
    runner = ProjectionRunner(store, Positions(), page_size=5)
    with pytest.raises(CorruptRecord):
        runner.catch_up()
    runner.skip_past(corrupt)
    expected = [position for position in range(1, 15) if position != corrupt]
    assert runner.catch_up() == expected
    restarted = Positions()
    assert ProjectionRunner(store, restarted).catch_up() == expected
    assert restarted.applied == []


@pytest.mark.parametrize("position", [1, 6, 9, 1000])
def test_skip_past_refuses_any_position_but_the_record_that_stops_the_runner(
    damaged: tuple[SQLiteEventStore, int], position: int
) -> None:
    store, corrupt = damaged
    runner = ProjectionRunner(store, Positions(), page_size=5)
    with pytest.raises(CorruptRecord):
        runner.catch_up()
    assert position != corrupt
    with pytest.raises(ValueError, match=f"position {position} is not the record"):
        runner.skip_past(position)
    assert runner.position == corrupt - 1


def wrong_runner(store: EventStore, **changes: Any) -> ProjectionRunner[Any]:
    page_size = changes.pop("page_size", 10)
    projection = changes.pop("projection", None) or Positions(**changes)
    return ProjectionRunner(store, projection, page_size=page_size)


@pytest.mark.parametrize(
    ("changes", "error", "naming"),
    [
        ({"projection": object()}, TypeError, "projection must be a Projection"),
        ({"projection": "positions"}, TypeError, "projection must be a Projection"),
        ({"page_size": "5"}, TypeError, "page_size must be an int"),
        ({"page_size": True}, TypeError, "page_size must be an int"),
        ({"page_size": 2.5}, TypeError, "page_size must be an int"),
        ({"page_size": 0}, ValueError, "page_size must be at least 1"),
        ({"name": 5}, TypeError, "projection.name must be a str"),
        ({"name": ""}, ValueError, "projection.name must not be empty"),
        ({"name": "two\nlines"}, ValueError, "projection.name must be printable"),
        ({"name": "p" * 201}, ValueError, "projection.name must be at most 200"),
        ({"version": "1"}, TypeError, "projection.version must be an int"),
        ({"version": True}, TypeError, "projection.version must be an int"),
        ({"version": 0}, ValueError, "projection.version must be at least 1"),
        ({"categories": "mastermind"}, TypeError, "projection.categories must be a collection"),
        ({"categories": [7]}, TypeError, "projection.categories must hold names as str"),
        ({"types": [""]}, ValueError, "projection.types must not hold an empty name"),
    ],
    ids=lambda value: repr(value) if not isinstance(value, dict) else None,
)
def test_a_wrong_argument_to_a_runner_is_refused_naming_it(
    changes: dict[str, Any], error: type[Exception], naming: str
) -> None:
    store = InMemoryEventStore()
    with pytest.raises(error, match=naming):
        wrong_runner(store, **changes)
    store.close()


@pytest.mark.parametrize("store", [None, "sqlite:///games.db", object()])
def test_a_runner_refuses_what_is_no_store_with_type_error(store: Any) -> None:
    with pytest.raises(TypeError, match="store must be an event store"):
        ProjectionRunner(store, Positions())


@pytest.mark.parametrize(
    ("position", "error", "naming"),
    [("3", TypeError, "position must be an int"), (-1, ValueError, "position must be at least 0")],
)
def test_skip_past_refuses_a_wrong_position_naming_it(
    position: Any, error: type[Exception], naming: str
) -> None:
    store = InMemoryEventStore()
    with pytest.raises(error, match=naming):
        ProjectionRunner(store, Positions()).skip_past(position)
    store.close()
