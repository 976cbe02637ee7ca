"""The contract's promises about refusals: wrong arguments, closed stores, store errors.

Every store refuses the same mistakes with the same built-in errors, so that code above
any store handles them once: ``TypeError`` for an argument of the wrong type,
``ValueError`` for a wrong value, and :class:`StoreError` only for what a store cannot do
with arguments that are right. A refused append leaves the store as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from mastermind.store import EventStore, StoreClosed, StoreError, VersionConflict
from mastermind.store.checks import MAX_VERSION
from mastermind.testing._contract_hostile import HOSTILE_ARGUMENTS, LARGEST_ARGUMENTS
from mastermind.testing._samples import guessed, started

__all__ = ["RefusalContract"]

Call = Callable[[Any], object]
"""A call on a store; the store is untyped since the calls are wrong on purpose."""


@attrs.frozen
class EventOfAnotherDecider:
    """An event that no codec of Mastermind's events was given."""

    game_id: str


# Each call is made on a store that holds one event in stream "g1", at version 1, so that
# every argument but the wrong one would be accepted. The refusal names what is wrong:
# the argument, or the type of the event that cannot be stored.
WRONG_TYPES = [
    pytest.param(
        lambda store: store.append(None, [guessed()], 1), "stream_id", id="stream-id-None"
    ),
    pytest.param(lambda store: store.append(7, [guessed()], 1), "stream_id", id="stream-id-7"),
    pytest.param(lambda store: store.append("g1", "abc", 1), "events", id="events-a-str"),
    pytest.param(lambda store: store.append("g1", guessed(), 1), "events", id="events-one-event"),
    pytest.param(
        lambda store: store.append("g1", [guessed()], "1"),
        "expected_version",
        id="expected-version-text-1",
    ),
    pytest.param(
        lambda store: store.append("g1", [guessed()], 1.0),
        "expected_version",
        id="expected-version-1.0",
    ),
    pytest.param(
        lambda store: store.append("g1", [guessed()], None),
        "expected_version",
        id="expected-version-None",
    ),
    pytest.param(
        lambda store: store.append("g1", [guessed()], 1, metadata={"key": 1}),
        "metadata",
        id="metadata-value-1",
    ),
    pytest.param(lambda store: store.load(3), "stream_id", id="load-3"),
    pytest.param(lambda store: store.load(None), "stream_id", id="load-None"),
    pytest.param(lambda store: store.read_all(limit="5"), "limit", id="limit-text-5"),
    pytest.param(
        lambda store: store.read_all(after_position="0"),
        "after_position",
        id="after-position-text-0",
    ),
    pytest.param(
        lambda store: store.read_all(after_position=None),
        "after_position",
        id="after-position-None",
    ),
]

WRONG_VALUES = [
    pytest.param(
        lambda store: store.append("", [guessed("")], 0), "stream_id", id="empty-stream-id"
    ),
    pytest.param(
        lambda store: store.append("g1", [guessed()], -1),
        "expected_version",
        id="expected-version-minus-1",
    ),
    pytest.param(
        lambda store: store.append("g2", [started("g2")], -1),
        "expected_version",
        id="new-stream-at-minus-1",
    ),
    pytest.param(
        lambda store: store.append("g1", [EventOfAnotherDecider("g1")], 1),
        "EventOfAnotherDecider",
        id="event-of-an-unregistered-type",
    ),
    pytest.param(
        lambda store: store.append("g1", [guessed(), EventOfAnotherDecider("g1"), guessed()], 1),
        "EventOfAnotherDecider",
        id="batch-with-an-event-of-an-unregistered-type",
    ),
    pytest.param(
        lambda store: store.append("g1", [object()], 1), "object", id="event-no-codec-can-encode"
    ),
    pytest.param(lambda store: store.load(""), "stream_id", id="load-empty-stream-id"),
    pytest.param(lambda store: store.read_all(limit=0), "limit", id="limit-0"),
    pytest.param(lambda store: store.read_all(limit=-5), "limit", id="limit-minus-5"),
    pytest.param(
        lambda store: store.read_all(after_position=-1),
        "after_position",
        id="after-position-minus-1",
    ),
]

ON_A_CLOSED_STORE = [
    pytest.param(lambda store: store.load("g1"), id="load"),
    pytest.param(lambda store: store.load("nobody"), id="load-an-unknown-stream"),
    pytest.param(lambda store: store.append("g1", [guessed()], 1), id="append"),
    pytest.param(lambda store: store.append("g2", [started("g2")], 0), id="append-a-new-stream"),
    pytest.param(lambda store: store.read_all(), id="read_all"),
]


class RefusalContract:
    """Wrong arguments are refused alike by every store, and change nothing; hostile ones
    too, never as a database that is unavailable; the largest right ones are accepted."""

    @pytest.mark.parametrize(("call", "naming"), WRONG_TYPES)
    def test_an_argument_of_the_wrong_type_raises_type_error_and_appends_nothing(
        self, store: EventStore, call: Call, naming: str
    ) -> None:
        store.append("g1", [started()], 0)
        with pytest.raises(TypeError, match=naming) as refusal:
            call(store)
        assert not isinstance(refusal.value, StoreError)
        _assert_only_the_first_event_is_stored(store)

    @pytest.mark.parametrize(("call", "naming"), WRONG_VALUES)
    def test_an_argument_of_a_wrong_value_raises_value_error_and_appends_nothing(
        self, store: EventStore, call: Call, naming: str
    ) -> None:
        store.append("g1", [started()], 0)
        with pytest.raises(ValueError, match=naming) as refusal:
            call(store)
        assert not isinstance(refusal.value, StoreError)
        _assert_only_the_first_event_is_stored(store)

    @pytest.mark.parametrize(("call", "refusal", "naming"), HOSTILE_ARGUMENTS)
    def test_a_hostile_argument_is_refused_alike_by_every_store_before_anything_is_stored(
        self, store: EventStore, call: Call, refusal: type[Exception], naming: str
    ) -> None:
        store.append("g1", [started()], 0)
        with pytest.raises(refusal, match=naming) as refused:
            call(store)
        # Neither "try again later" nor a driver's failure to encode is a refusal.
        assert not isinstance(refused.value, StoreError | UnicodeError), repr(refused.value)
        _assert_only_the_first_event_is_stored(store)

    @pytest.mark.parametrize(("call", "answer"), LARGEST_ARGUMENTS)
    def test_the_largest_arguments_the_rules_allow_are_accepted(
        self, store: EventStore, call: Call, answer: object
    ) -> None:
        store.append("g1", [started()], 0)
        assert call(store) == answer

    def test_the_largest_version_is_a_conflict_with_the_stream_not_a_refusal(
        self, store: EventStore
    ) -> None:
        store.append("g1", [started()], 0)
        with pytest.raises(VersionConflict) as conflict:
            store.append("g1", [guessed()], MAX_VERSION)
        assert (conflict.value.expected, conflict.value.actual) == (MAX_VERSION, 1)

    def test_read_all_refuses_a_limit_below_1(self, store: EventStore) -> None:
        with pytest.raises(ValueError, match="limit"):
            store.read_all(limit=0)

    def test_the_errors_of_a_store_given_right_arguments_are_store_errors(
        self, store: EventStore
    ) -> None:
        store.append("g1", [started()], 0)
        with pytest.raises(VersionConflict) as conflict:
            store.append("g1", [guessed()], 0)
        store.close()
        with pytest.raises(StoreClosed) as closed:
            store.load("g1")
        assert isinstance(conflict.value, StoreError)
        assert isinstance(closed.value, StoreError)

    @pytest.mark.parametrize("call", ON_A_CLOSED_STORE)
    def test_a_closed_store_raises_store_closed(self, store: EventStore, call: Call) -> None:
        store.append("g1", [started()], 0)
        store.close()
        with pytest.raises(StoreClosed):
            call(store)

    def test_closing_a_closed_store_is_harmless(self, store: EventStore) -> None:
        store.close()
        store.close()
        with pytest.raises(StoreClosed):
            store.read_all()


def _assert_only_the_first_event_is_stored(store: EventStore) -> None:
    stream = store.load("g1")
    assert (stream.version, stream.events) == (1, (started(),))
    assert [record.event for record in store.read_all()] == [started()]
