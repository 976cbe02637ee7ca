"""The contract catches a store that breaks it, and passes one that keeps it.

Each store below is tested by the contract in a pytest run of its own, as a user's test
module would test their store, and the outcome of that run is what is checked here.
"""

from __future__ import annotations

import json
import textwrap
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from mastermind.testing._contract_hostile import HOSTILE_ARGUMENTS
from mastermind.testing._contract_refusals import WRONG_TYPES, WRONG_VALUES
from mastermind.testing._contract_subscription import PATIENCE
from tests.conftest import shared

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

        def append(self, stream_id, events, expected_version, **options):
            try:
                return self._kept.append(stream_id, events, expected_version, **options)
            except VersionConflict as conflict:
                return self._kept.append(stream_id, events, conflict.actual, **options)

        def load(self, stream_id, **options):
            return self._kept.load(stream_id, **options)

        def read_all(self, after_position=0, limit=1000, **options):
            return self._kept.read_all(after_position, limit, **options)

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
    "test_the_largest_version_is_a_conflict_with_the_stream_not_a_refusal",
    "test_a_version_conflict_is_still_a_version_conflict_within_a_category",
}

STORE_BLAMING_THE_DATABASE = textwrap.dedent(
    '''
    from collections.abc import Iterator

    import pytest

    from mastermind.store import EventStore, InMemoryEventStore, StoreUnavailable
    from mastermind.testing import EventStoreContract


    class StoreBlamingTheDatabase:
        """Refuses what the memory store refuses, but says the database is unavailable,
        as a store that sends every argument to its database and reports what fails."""

        def __init__(self) -> None:
            self._kept = InMemoryEventStore()

        def append(self, *arguments, **options):
            return self._blaming(self._kept.append, arguments, options)

        def load(self, *arguments, **options):
            return self._blaming(self._kept.load, arguments, options)

        def read_all(self, *arguments, **options):
            return self._blaming(self._kept.read_all, arguments, options)

        def close(self):
            self._kept.close()

        def _blaming(self, call, arguments, options):
            try:
                return call(*arguments, **options)
            except (TypeError, ValueError) as error:
                raise StoreUnavailable(str(error)) from error


    class TestStoreBlamingTheDatabase(EventStoreContract):
        @pytest.fixture
        def store(self) -> Iterator[EventStore]:
            store = StoreBlamingTheDatabase()
            yield store
            store.close()
    '''
)

REFUSALS = (
    "test_an_argument_of_the_wrong_type_raises_type_error_and_appends_nothing",
    "test_an_argument_of_a_wrong_value_raises_value_error_and_appends_nothing",
    "test_a_hostile_argument_is_refused_alike_by_every_store_before_anything_is_stored",
    "test_read_all_refuses_a_limit_below_1",
)
"""The contract's tests of wrong arguments, with as many cases as the tables hold."""
REFUSAL_CASES = len(WRONG_TYPES) + len(WRONG_VALUES) + len(HOSTILE_ARGUMENTS) + 1

STORE_THAT_NEVER_WAKES = textwrap.dedent(
    '''
    import threading
    from collections.abc import Iterator

    import pytest

    from mastermind.store import EventStore, InMemoryEventStore
    from mastermind.testing import EventStoreContract


    class StoreThatNeverWakes:
        """Keeps events, but a wait for the feed never ends, and close() does nothing."""

        def __init__(self) -> None:
            self._kept = InMemoryEventStore()

        def append(self, *arguments, **options):
            return self._kept.append(*arguments, **options)

        def load(self, *arguments, **options):
            return self._kept.load(*arguments, **options)

        def read_all(self, *arguments, **options):
            return self._kept.read_all(*arguments, **options)

        def head_position(self):
            return self._kept.head_position()

        def wait_for_events(self, after_position, timeout):
            threading.Event().wait()
            return True

        def close(self):
            pass


    class TestStoreThatNeverWakes(EventStoreContract):
        @pytest.fixture
        def store(self) -> Iterator[EventStore]:
            yield StoreThatNeverWakes()
    '''
)

WAITS = [
    "test_a_wait_after_a_position_the_feed_has_passed_answers_true",
    "test_a_wait_at_the_head_answers_false_when_nothing_came_in_time",
    "test_a_waiter_at_the_head_is_woken_by_an_append_from_another_thread",
    "test_closing_the_store_ends_a_wait_in_another_thread_with_store_closed",
]
"""The contract's tests that wait for the feed, and fail, each for its own reason, on a
store that never wakes a waiter."""


@pytest.fixture
def outcomes(
    pytester: pytest.Pytester, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, dict[str, str]]:
    """Each test class's tests, by name without parameters, and how each ended: the run
    is made once, by the first test that asks, and its outcomes kept for the others."""

    def run(folder: Path) -> None:
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
        (folder / "outcomes.json").write_text(json.dumps(ended))

    folder = shared(tmp_path_factory, "contract-outcomes", run)
    kept: dict[str, dict[str, str]] = json.loads((folder / "outcomes.json").read_text())
    return kept


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
    # Skipped: the tests of capabilities that this store does not claim, such as keeping
    # checkpoints.
    assert {name for name in careless if name not in VERSION_CHECKS} == {
        name for name, outcome in careless.items() if outcome in ("passed", "skipped")
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


def test_a_store_that_reports_wrong_arguments_as_unavailable_fails_every_refusal_test(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_stores=STORE_BLAMING_THE_DATABASE)
    result = pytester.runpytest("-p", "no:cacheprovider", "--tb=no", "-k", " or ".join(REFUSALS))
    result.assert_outcomes(failed=REFUSAL_CASES)


def test_a_store_that_never_wakes_a_waiter_fails_each_waiting_test_within_a_few_seconds(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_stores=STORE_THAT_NEVER_WAKES)
    report = pytester.path / "report.xml"
    tests = [f"test_stores.py::TestStoreThatNeverWakes::{test}" for test in WAITS]
    # A process of its own, ended by the timeout if the contract hangs on the store: the
    # threads left waiting end with it.
    result = pytester.runpytest_subprocess(
        "-p", "no:cacheprovider", f"--junitxml={report}", *tests, timeout=120
    )
    result.assert_outcomes(failed=len(WAITS))
    result.stdout.fnmatch_lines([f"*gave up after {PATIENCE} s on a thread still*"])
    durations = {
        case.attrib["name"]: float(case.attrib["time"])
        for case in ElementTree.parse(report).iter("testcase")
    }
    assert set(durations) == set(WAITS)
    assert max(durations.values()) < PATIENCE + 2, durations
