"""The contract's promises to whoever follows the feed: waits that end when it grows.

They hold for every store through :func:`~mastermind.store.wait_for_events`: a
:class:`~mastermind.store.FeedWaiter` is asked, any other store is read at an interval.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from mastermind.store import (
    EventStore,
    RecordedEvent,
    StoreClosed,
    head_position,
    wait_for_events,
)
from mastermind.testing._samples import guessed, started

__all__ = ["SubscriptionContract"]

PATIENCE = 5.0
"""Seconds a test waits for what must come, such as another thread woken by an append:
long enough never to fail a store that keeps the contract on a busy machine, where it
comes within a fraction of a second, and short enough that a store that never wakes its
waiters fails at once, rather than leave its tests hanging."""

LONG_WAIT = 3600.0
"""Seconds of a wait that something else must end: a store that lets it run fails after
:data:`PATIENCE`, when the test gives up on its thread."""


class SubscriptionContract:
    """A follower reads every record after its checkpoint once, in order, and a waiter
    wakes when the feed grows or the store closes, and not before its time without cause."""

    def test_head_position_is_the_position_of_the_feeds_last_record(
        self, store: EventStore
    ) -> None:
        assert head_position(store) == 0
        store.append("g1", [started("g1"), guessed("g1")], 0)
        store.append("g2", [started("g2")], 0)
        assert head_position(store) == store.read_all()[-1].position

    def test_a_wait_after_a_position_the_feed_has_passed_answers_true(
        self, store: EventStore
    ) -> None:
        store.append("g1", [started("g1")], 0)
        waited = in_thread(lambda: wait_for_events(store, 0, LONG_WAIT), "waiting after 0")
        assert waited() is True

    def test_a_wait_at_the_head_answers_false_when_nothing_came_in_time(
        self, store: EventStore
    ) -> None:
        store.append("g1", [started("g1")], 0)
        head = head_position(store)
        waited = in_thread(lambda: wait_for_events(store, head, 0.05), "waiting 0.05 s")
        assert waited() is False

    def test_a_waiter_at_the_head_is_woken_by_an_append_from_another_thread(
        self, store: EventStore
    ) -> None:
        store.append("g1", [started("g1")], 0)
        head = head_position(store)
        woken = in_thread(lambda: wait_for_events(store, head, LONG_WAIT), "waiting at the head")
        store.append("g1", [guessed("g1")], 1)
        assert woken() is True

    def test_a_follower_gets_every_record_after_its_checkpoint_once_and_in_order(
        self, store: EventStore
    ) -> None:
        store.append("old", [started("old"), guessed("old")], 0)
        checkpoint = head_position(store)
        appends = 20

        def append() -> None:
            for number in range(appends):
                store.append(f"g{number}", [started(f"g{number}"), guessed(f"g{number}")], 0)

        followed = in_thread(lambda: follow(store, checkpoint, count=2 * appends), "following")
        append()
        assert followed() == store.read_all(after_position=checkpoint)

    def test_closing_the_store_ends_a_wait_in_another_thread_with_store_closed(
        self, store: EventStore
    ) -> None:
        head = head_position(store)
        started_waiting = threading.Event()

        def wait() -> bool:
            started_waiting.set()
            return wait_for_events(store, head, LONG_WAIT)

        ended = in_thread(wait, "waiting at the head of a store that closes")
        started_waiting.wait(PATIENCE)
        store.close()
        outcome = ended(raising=False)
        assert isinstance(outcome, StoreClosed), outcome


def follow(store: EventStore, after_position: int, count: int) -> list[RecordedEvent]:
    """Read the feed after ``after_position`` and wait for more, page by page, as a
    subscription does, until ``count`` records came; fail if the feed stops short."""
    position, seen = after_position, list[RecordedEvent]()
    while len(seen) < count:
        page = store.read_all(position, limit=7)
        if not page:
            assert wait_for_events(store, position, PATIENCE), f"{len(seen)} of {count} came"
            continue
        assert [record.position for record in page] == sorted({r.position for r in page})
        assert page[0].position > position
        seen += page
        position = page[-1].position
    return seen


def in_thread(call: Callable[[], object], doing: str = "running") -> Callable[..., object]:
    """Run ``call`` in a thread now; the function answered waits for what it returned,
    and raises what it raised unless ``raising=False``, which answers the error.

    It waits :data:`PATIENCE` seconds at most, and then fails, saying what the thread was
    ``doing``: a store that never wakes a waiter fails its test instead of hanging it.
    """
    outcome: list[object] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def result(raising: bool = True) -> object:
        thread.join(PATIENCE)
        assert not thread.is_alive(), f"gave up after {PATIENCE} s on a thread still {doing}"
        if errors:
            if raising:
                raise errors[0]
            return errors[0]
        return outcome[0]

    return result
