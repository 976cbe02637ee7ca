"""The contract's table of hostile arguments, and of the largest arguments that are right.

Hostile arguments are the ones a database would choke on, or store in one place and not
in another: NUL, lone surrogates, ids of a megabyte, numbers past 64 bits. Every store
refuses each with the same built-in error, naming what is wrong, before it stores
anything; none of them is a database that is unavailable. The rules are those of
:mod:`mastermind.store.checks`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mastermind.domain import Code, GameStarted, Rules
from mastermind.store.checks import MAX_POSITION, MAX_STREAM_ID_LENGTH, MAX_VERSION
from mastermind.testing._samples import guessed, started

__all__ = ["HOSTILE_ARGUMENTS", "LARGEST_ARGUMENTS"]

Call = Callable[[Any], object]
"""A call on a store; the store is untyped since the calls are wrong on purpose."""

MEGABYTE = 1_000_000


def _game_with_colours(*colours: str) -> GameStarted:
    """A game whose palette holds ``colours``: text inside an event's data."""
    return GameStarted("g1", Code.of(*colours[:2]), Rules(2, colours))


def _append_id(stream_id: object) -> Call:
    return lambda store: store.append(stream_id, [started()], 0)


def _load_id(stream_id: object) -> Call:
    return lambda store: store.load(stream_id)


def _with_metadata(metadata: object) -> Call:
    return lambda store: store.append("g1", [guessed()], 1, metadata=metadata)


def _at_version(expected_version: object) -> Call:
    return lambda store: store.append("g1", [guessed()], expected_version)


def _feed(after_position: object, limit: object = 1000) -> Call:
    return lambda store: store.read_all(after_position, limit)


# Each call is made on a store that holds one event in stream "g1", at version 1, so that
# every argument but the hostile one would be accepted.
HOSTILE_ARGUMENTS = [
    pytest.param(_append_id(b"g1"), TypeError, "stream_id", id="stream-id-bytes"),
    pytest.param(_load_id(b"g1"), TypeError, "stream_id", id="load-stream-id-bytes"),
    pytest.param(_append_id("g\x00"), ValueError, "stream_id", id="stream-id-with-NUL"),
    pytest.param(_load_id("g1\x00"), ValueError, "stream_id", id="load-stream-id-with-NUL"),
    pytest.param(
        _append_id("g\udc80"), ValueError, "stream_id", id="stream-id-with-a-lone-surrogate"
    ),
    pytest.param(
        _load_id("g1\ud83c"), ValueError, "stream_id", id="load-stream-id-with-a-lone-surrogate"
    ),
    pytest.param(_append_id("g\n1"), ValueError, "stream_id", id="stream-id-with-a-line-break"),
    pytest.param(_append_id("\tg1"), ValueError, "stream_id", id="stream-id-with-a-tab"),
    pytest.param(
        _append_id("g\u200b1"), ValueError, "stream_id", id="stream-id-with-a-zero-width-space"
    ),
    pytest.param(
        _append_id("g" * (MAX_STREAM_ID_LENGTH + 1)),
        ValueError,
        "stream_id",
        id="stream-id-one-character-too-long",
    ),
    pytest.param(_append_id("g" * MEGABYTE), ValueError, "stream_id", id="stream-id-of-1-MB"),
    pytest.param(_load_id("g" * MEGABYTE), ValueError, "stream_id", id="load-stream-id-of-1-MB"),
    pytest.param(_at_version(True), TypeError, "expected_version", id="expected-version-True"),
    pytest.param(
        _at_version(MAX_VERSION + 1),
        ValueError,
        "expected_version",
        id="expected-version-past-the-largest",
    ),
    pytest.param(_at_version(2**63), ValueError, "expected_version", id="expected-version-2**63"),
    pytest.param(
        _at_version(10**5000), ValueError, "expected_version", id="expected-version-of-5000-digits"
    ),
    pytest.param(
        _with_metadata([("key", "value")]), TypeError, "metadata", id="metadata-a-list-of-pairs"
    ),
    pytest.param(_with_metadata({1: "value"}), TypeError, "metadata", id="metadata-key-1"),
    pytest.param(_with_metadata({"key": None}), TypeError, "metadata", id="metadata-value-None"),
    pytest.param(_with_metadata({"": "value"}), ValueError, "metadata", id="metadata-empty-key"),
    pytest.param(
        _with_metadata({"key": "v\x00"}), ValueError, "metadata", id="metadata-value-with-NUL"
    ),
    pytest.param(
        _with_metadata({"k\x00": "value"}), ValueError, "metadata", id="metadata-key-with-NUL"
    ),
    pytest.param(
        _with_metadata({"key": "\udc80"}),
        ValueError,
        "metadata",
        id="metadata-value-a-lone-surrogate",
    ),
    pytest.param(
        _with_metadata({"k\ud800": "value"}),
        ValueError,
        "metadata",
        id="metadata-key-with-a-lone-surrogate",
    ),
    pytest.param(_feed(True), TypeError, "after_position", id="after-position-True"),
    pytest.param(_feed(0, 2.5), TypeError, "limit", id="limit-2.5"),
    pytest.param(_feed(0, False), TypeError, "limit", id="limit-False"),
    pytest.param(_feed(MAX_POSITION + 1), ValueError, "after_position", id="after-position-2**63"),
    pytest.param(_feed(-(2**63)), ValueError, "after_position", id="after-position-minus-2**63"),
    pytest.param(_feed(0, MAX_POSITION + 1), ValueError, "limit", id="limit-2**63"),
    pytest.param(
        lambda store: store.append("g1", [_game_with_colours("Red", "Gr\x00een")], 1),
        ValueError,
        "GameStarted",
        id="event-data-with-NUL",
    ),
    pytest.param(
        lambda store: store.append("g1", [_game_with_colours("Red", "Green\udc80")], 1),
        ValueError,
        "GameStarted",
        id="event-data-with-a-lone-surrogate",
    ),
]

LONGEST_STREAM_ID = "\U0001f3b2" * MAX_STREAM_ID_LENGTH
"""The longest stream id, in characters of four bytes each in UTF-8, the most that any
database's index is asked to hold."""


def _append_and_load_the_longest_id(store: Any) -> object:
    store.append(LONGEST_STREAM_ID, [started(LONGEST_STREAM_ID)], 0)
    return store.load(LONGEST_STREAM_ID).events


def _append_and_load_text_metadata(store: Any) -> object:
    metadata = {"empty": "", "lines": "one\ntwo\tthree\r\n", "long": "x" * 100_000}
    store.append("g1", [guessed()], 1, metadata=metadata)
    return dict(store.load("g1").records[1].metadata) == metadata


# Each call is made on a store that holds one event in stream "g1", at version 1.
LARGEST_ARGUMENTS = [
    pytest.param(
        _append_and_load_the_longest_id,
        (started(LONGEST_STREAM_ID),),
        id="the-longest-stream-id",
    ),
    pytest.param(
        _append_and_load_text_metadata, True, id="metadata-values-empty-long-and-over-lines"
    ),
    pytest.param(lambda store: len(store.read_all(0, MAX_POSITION)), 1, id="the-largest-limit"),
    pytest.param(lambda store: store.read_all(MAX_POSITION), [], id="the-largest-position"),
]
