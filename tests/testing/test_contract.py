"""The contract catches a store that breaks it, and passes one that keeps it.

Each store below is tested by the contract in a pytest run of its own, as a user's test
module would test their store, and the outcome of that run is what is checked here.
"""

from __future__ import annotations

import textwrap

import pytest

pytest_plugins = ["pytester"]

STORES = textwrap.dedent(
    '''
    from collections.abc import Iterator

    import pytest

    from mastermind.store import EventStore, InMemoryEventStore, VersionConflict
    from mastermind.testing import EventStoreContract


    class StoreWithoutVersionCheck:
        """Appends at whatever version the stream is at, whatever was expected."""

        def __init__(self) -> None:
            self._kept = InMemoryEventStore()

        def append(self, stream_id, events, expected_version, *, metadata=None):
            try:
                return self._kept.append(stream_id, events, expected_version, metadata=metadata)
            except VersionConflict as conflict:
                return self._kept.append(stream_id, events, conflict.actual, metadata=metadata)

        def load(self, stream_id):
            return self._kept.load(stream_id)

        def read_all(self, after_position=0, limit=1000):
            return self._kept.read_all(after_position, limit)

        def close(self):
            self._kept.close()


    class TestStoreWithoutVersionCheck(EventStoreContract):
        @pytest.fixture
        def store(self) -> Iterator[EventStore]:
            store = StoreWithoutVersionCheck()
            yield store
            store.close()


    class TestInMemoryEventStore(EventStoreContract):
        @pytest.fixture
        def store(self) -> Iterator[EventStore]:
            store = InMemoryEventStore()
            yield store
            store.close()


    class TestWithoutAStore(EventStoreContract):
        pass
    '''
)

VERSION_CHECKS = {
    "test_a_stale_expected_version_raises_version_conflict",
    "test_an_expected_version_ahead_of_the_stream_raises_version_conflict",
    "test_a_duplicate_version_is_rejected_and_the_stream_unchanged",
    "test_a_refused_batch_leaves_none_of_its_events",
    "test_appending_no_events_keeps_the_version",
    "test_after_a_conflict_an_append_at_the_actual_version_succeeds",
    "test_the_errors_of_a_store_given_right_arguments_are_store_errors",
    "test_of_racing_appends_at_one_version_exactly_one_wins",
}


@pytest.fixture
def outcomes(pytester: pytest.Pytester) -> dict[str, dict[str, str]]:
    """Each test class's tests, by name without parameters, and how each ended."""
    pytester.makepyfile(test_stores=STORES)
    recorder = pytester.inline_run("-p", "no:cacheprovider")
    ended: dict[str, dict[str, str]] = {}
    for report in recorder.getreports("pytest_runtest_logreport"):
        if report.when == "call" or report.outcome != "passed":
            _, test_class, test = report.nodeid.split("::")
            by_test = ended.setdefault(test_class, {})
            name = test.split("[")[0]
            if by_test.get(name) != "failed":
                by_test[name] = report.outcome
    return ended


def failed(outcomes: dict[str, str]) -> set[str]:
    return {name for name, outcome in outcomes.items() if outcome == "failed"}


def test_a_store_that_skips_the_version_check_fails_the_version_conflict_tests(
    outcomes: dict[str, dict[str, str]],
) -> None:
    assert failed(outcomes["TestStoreWithoutVersionCheck"]) == VERSION_CHECKS


def test_a_store_that_skips_the_version_check_passes_every_other_test(
    outcomes: dict[str, dict[str, str]],
) -> None:
    careless = outcomes["TestStoreWithoutVersionCheck"]
    assert {name for name in careless if name not in VERSION_CHECKS} == {
        name for name, outcome in careless.items() if outcome == "passed"
    }
    assert "test_metadata_given_to_an_append_comes_back_on_each_record_of_that_append" in careless


def test_a_store_that_keeps_the_contract_passes_every_test(
    outcomes: dict[str, dict[str, str]],
) -> None:
    kept = outcomes["TestInMemoryEventStore"]
    assert set(kept.values()) == {"passed"}
    assert set(kept) == set(outcomes["TestStoreWithoutVersionCheck"])
    assert set(kept).issuperset(VERSION_CHECKS)


def test_a_contract_without_a_store_fixture_says_what_to_provide(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_stores=STORES)
    result = pytester.runpytest(
        "-p", "no:cacheprovider", "-k", "TestWithoutAStore and unknown_stream"
    )
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*TestWithoutAStore must provide the store fixture*"])
