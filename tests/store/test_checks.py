"""The public argument checks: what they accept, and what each refusal says."""

from __future__ import annotations

from typing import Any

import pytest

import mastermind.store
import mastermind.store._port
from mastermind.store import Checkpoint, Snapshot, checks
from mastermind.store.checks import (
    MAX_CATEGORY_LENGTH,
    MAX_POSITION,
    MAX_STREAM_ID_LENGTH,
    MAX_VERSION,
    check_append,
    check_category,
    check_checkpoint,
    check_feed_arguments,
    check_identifier,
    check_load,
    check_metadata,
    check_names,
    check_position,
    check_snapshot,
    check_stream_id,
    check_version,
)


def test_all_is_sorted_and_every_name_in_it_is_documented() -> None:
    assert checks.__all__ == sorted(checks.__all__)
    undocumented = [
        name
        for name in checks.__all__
        if callable(getattr(checks, name)) and not getattr(checks, name).__doc__
    ]
    assert undocumented == []


def test_every_store_of_the_package_checks_with_the_public_module() -> None:
    import mastermind.store._sql
    import mastermind.store.memory

    for module in (mastermind.store._sql, mastermind.store.memory):
        used = [
            name for name in vars(module) if name.startswith("check_") and name in checks.__all__
        ]
        assert used, module.__name__
        assert all(getattr(module, name) is getattr(checks, name) for name in used), used
    assert mastermind.store.checks is checks


def test_the_limits_are_the_documented_numbers() -> None:
    assert (MAX_STREAM_ID_LENGTH, MAX_CATEGORY_LENGTH) == (200, 100)
    assert (MAX_POSITION, MAX_VERSION) == (2**63 - 1, 2**31 - 1)


@pytest.mark.parametrize(
    "stream_id",
    [
        "g",
        "a game of mine",
        "daily-2025-01-31-0123456789abcdef",
        "ünïcödé 🎲",
        "'; DROP TABLE events; --",
        "g" * MAX_STREAM_ID_LENGTH,
        "🎲" * MAX_STREAM_ID_LENGTH,
    ],
)
def test_printable_text_up_to_the_longest_is_a_stream_id(stream_id: str) -> None:
    assert check_stream_id(stream_id) is stream_id


@pytest.mark.parametrize(
    ("stream_id", "refusal", "message"),
    [
        (None, TypeError, "stream_id must be a str, not NoneType"),
        (b"g1", TypeError, "stream_id must be a str, not bytes"),
        ("", ValueError, "stream_id must not be empty"),
        ("g" * 201, ValueError, "stream_id must be at most 200 characters, not 201"),
        ("g" * 10**6, ValueError, "stream_id must be at most 200 characters, not 1000000"),
        ("g\x001", ValueError, "stream_id must not hold the character NUL: U+0000 at index 1"),
        ("g\udc80", ValueError, "stream_id must not hold a lone surrogate: U+DC80 at index 1"),
        ("g1\n", ValueError, "stream_id must be printable, and U+000A at index 2 is not"),
        ("\tg1", ValueError, "stream_id must be printable, and U+0009 at index 0 is not"),
        ("g\u200b", ValueError, "stream_id must be printable, and U+200B at index 1 is not"),
    ],
)
def test_a_wrong_stream_id_is_refused_saying_what_is_wrong_without_repeating_it(
    stream_id: object, refusal: type[Exception], message: str
) -> None:
    with pytest.raises(refusal) as refused:
        check_stream_id(stream_id)
    assert str(refused.value) == message


def test_ids_of_other_things_are_refused_under_their_own_name() -> None:
    with pytest.raises(ValueError, match=r"^name must not be empty$"):
        check_stream_id("", "name")


@pytest.mark.parametrize("category", ["", "mastermind", "app b", "c" * MAX_CATEGORY_LENGTH])
def test_printable_text_up_to_100_characters_is_a_category_the_empty_one_too(
    category: str,
) -> None:
    assert check_category(category) == category


@pytest.mark.parametrize(
    ("category", "refusal", "message"),
    [
        (None, TypeError, "category must be a str, not NoneType"),
        ("c" * 101, ValueError, "category must be at most 100 characters, not 101"),
        ("app\x00", ValueError, "category must not hold the character NUL"),
        ("app\ud800", ValueError, "category must not hold a lone surrogate"),
        ("app\r", ValueError, "category must be printable"),
    ],
)
def test_a_wrong_category_is_refused(
    category: object, refusal: type[Exception], message: str
) -> None:
    with pytest.raises(refusal, match=rf"^{message}"):
        check_category(category)


@pytest.mark.parametrize(
    ("check", "largest"), [(check_version, MAX_VERSION), (check_position, MAX_POSITION)]
)
def test_versions_and_positions_run_from_0_to_their_largest(check: Any, largest: int) -> None:
    assert check("after", 0) == 0
    assert check("after", largest) == largest
    with pytest.raises(ValueError, match=rf"^after must be at most {largest}, not {largest + 1}$"):
        check("after", largest + 1)
    with pytest.raises(ValueError, match=r"^after must be at least 0, not -1$"):
        check("after", -1)


@pytest.mark.parametrize("value", [True, False, 1.0, "1", None, 2**63 * 1.0])
def test_a_version_that_is_not_an_int_is_a_type_error_a_bool_too(value: object) -> None:
    with pytest.raises(
        TypeError, match=rf"^expected_version must be an int, not {type(value).__name__}$"
    ):
        check_version("expected_version", value)


def test_a_number_too_long_to_write_out_is_refused_by_its_size() -> None:
    with pytest.raises(ValueError, match=r"^limit must be at most .*, not a number of 16610 bits$"):
        check_feed_arguments(0, 10**5000)


def test_the_feed_takes_a_limit_from_1_to_the_largest_position() -> None:
    check_feed_arguments(MAX_POSITION, 1)
    check_feed_arguments(0, MAX_POSITION)
    with pytest.raises(ValueError, match=r"^limit must be at least 1, not 0$"):
        check_feed_arguments(0, 0)
    with pytest.raises(ValueError, match=r"^after_position must be at most"):
        check_feed_arguments(2**63, 1)


def test_metadata_is_copied_and_none_is_empty() -> None:
    given = {"key": "", "lines": "one\ntwo\tthree", "🎲": "x" * 10_000}
    kept = check_metadata(given)
    given["key"] = "changed"
    assert kept == {"key": "", "lines": "one\ntwo\tthree", "🎲": "x" * 10_000}
    assert check_metadata(None) == {}


@pytest.mark.parametrize(
    ("metadata", "refusal", "message"),
    [
        ([("key", "value")], TypeError, "metadata must map strings to strings, not be a list"),
        ({1: "value"}, TypeError, "metadata must map strings to strings, not int to str"),
        ({"key": None}, TypeError, "metadata must map strings to strings, not str to NoneType"),
        ({"": "value"}, ValueError, "metadata must not have an empty key"),
        (
            {"key": "v\x00"},
            ValueError,
            "metadata must not hold the character NUL: U+0000 in the value of 'key', at index 1",
        ),
        (
            {"k\udc80": "value"},
            ValueError,
            "metadata must not hold a lone surrogate: U+DC80 in key 'k\\udc80', at index 1",
        ),
        (
            {"k" * 1000: "\x00"},
            ValueError,
            f"metadata must not hold the character NUL: U+0000 in the value of {'k' * 40!r}...,"
            " at index 0",
        ),
    ],
)
def test_wrong_metadata_is_refused_naming_the_key_cut_short(
    metadata: object, refusal: type[Exception], message: str
) -> None:
    with pytest.raises(refusal) as refused:
        check_metadata(metadata)
    assert str(refused.value) == message


def test_an_append_checks_each_argument_and_answers_the_metadata_to_keep() -> None:
    assert check_append("g1", [], 0, {"key": "value"}) == {"key": "value"}
    assert check_append("g1", (), MAX_VERSION, None) == {}
    with pytest.raises(TypeError, match=r"^events must be a sequence of events, not str$"):
        check_append("g1", "events", 0, None)
    with pytest.raises(ValueError, match=r"^expected_version must be at most 2147483647"):
        check_append("g1", [], MAX_VERSION + 1, None)
    with pytest.raises(ValueError, match=r"^stream_id"):
        check_append("g\x00", [], 0, None)


def test_a_load_checks_its_stream_id_category_and_version() -> None:
    check_load("g1", None, 0)
    check_load("g1", "", MAX_VERSION)
    with pytest.raises(ValueError, match=r"^category"):
        check_load("g1", "\x00", 0)
    with pytest.raises(TypeError, match=r"^after_version"):
        check_load("g1", None, "0")


def test_names_to_filter_by_are_a_set_of_any_collection_and_none_filters_nothing() -> None:
    assert check_names("types", None) is None
    assert check_names("types", ["GuessMade", "GameWon", "GuessMade"]) == {"GuessMade", "GameWon"}
    assert check_names("types", (name for name in ["GameWon"])) == {"GameWon"}
    assert check_names("categories", {"", "app"}) == {"", "app"}
    assert check_names("types", []) == frozenset()


@pytest.mark.parametrize(
    ("values", "refusal", "message"),
    [
        ("GameWon", TypeError, "types must be a collection of names, not str"),
        (7, TypeError, "types must be a collection of names, not int"),
        ([["GameWon"]], TypeError, "types must hold names as str, not list"),
        ([""], ValueError, "types must not hold an empty name"),
        (["Game\x00Won"], ValueError, "types must not hold the character NUL"),
        (["\udc80"], ValueError, "types must not hold a lone surrogate"),
    ],
)
def test_wrong_names_to_filter_by_are_refused_naming_the_argument(
    values: object, refusal: type[Exception], message: str
) -> None:
    with pytest.raises(refusal, match=rf"^{message}"):
        check_names("types", values)


@pytest.mark.parametrize("name", ["events", "_events", "Events_2", "e" * 63])
def test_a_name_that_needs_no_quoting_is_an_identifier(name: str) -> None:
    assert check_identifier("table", name) == name


@pytest.mark.parametrize(
    "name", ["", "2events", "events; DROP TABLE events", "événements", "e" * 64, "events\n"]
)
def test_any_other_name_of_a_table_is_refused_naming_the_argument(name: str) -> None:
    with pytest.raises(ValueError, match=r"^table must be a letter or _ then up to 62"):
        check_identifier("table", name)


def test_a_table_name_that_is_not_text_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"^schema must be a str, not NoneType$"):
        check_identifier("schema", None)


def test_a_checkpoint_to_save_follows_the_rules_of_ids_positions_and_text() -> None:
    check_checkpoint(Checkpoint("projection", MAX_POSITION, "state"), expected_position=None)
    check_checkpoint(Checkpoint("projection", 0), expected_position=0)
    wrong: list[tuple[object, object, type[Exception], str]] = [
        (("projection", 1), None, TypeError, "checkpoint must be a Checkpoint, not tuple"),
        (Checkpoint("", 1), None, ValueError, "checkpoint.name must not be empty"),
        (Checkpoint("p", -1), None, ValueError, "checkpoint.position must be at least 0"),
        (Checkpoint("p", 1, b"x"), None, TypeError, "checkpoint.state must be a str"),  # type: ignore[arg-type]
        (Checkpoint("p", 1, "\x00"), None, ValueError, "checkpoint.state must not hold"),
        (Checkpoint("p", 1), True, TypeError, "expected_position must be an int"),
    ]
    for checkpoint, expected, refusal, message in wrong:
        with pytest.raises(refusal, match=rf"^{message}"):
            check_checkpoint(checkpoint, expected)


def test_a_snapshot_to_save_follows_the_rules_of_ids_versions_and_text() -> None:
    check_snapshot(Snapshot("g1", MAX_VERSION, "board/1", ""))
    wrong: list[tuple[object, type[Exception], str]] = [
        ({"stream_id": "g1"}, TypeError, "snapshot must be a Snapshot, not dict"),
        (Snapshot("g\n", 1, "k", "s"), ValueError, "snapshot.stream_id must be printable"),
        (Snapshot("g1", 2**31, "k", "s"), ValueError, "snapshot.version must be at most"),
        (Snapshot("g1", 1, "", "s"), ValueError, "snapshot.kind must not be empty"),
        (Snapshot("g1", 1, None, "s"), TypeError, "snapshot.kind must be a str"),  # type: ignore[arg-type]
        (Snapshot("g1", 1, "k", "\ud800"), ValueError, "snapshot.state must not hold"),
    ]
    for snapshot, refusal, message in wrong:
        with pytest.raises(refusal, match=rf"^{message}"):
            check_snapshot(snapshot)


def test_the_store_package_exports_the_checks_module() -> None:
    assert "checks" in mastermind.store.__all__
