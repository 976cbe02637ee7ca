"""A codec of Mastermind's events, beside events of your own or alone, reads them with
Mastermind's upcasters, so that it writes and reads them as the default codec does."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from mastermind import (
    Code,
    CodeMaker,
    Event,
    Feedback,
    GameLost,
    GameStarted,
    GameWon,
    GuessMade,
    Rules,
)
from mastermind.store import EVENT_TYPES, EncodedEvent, EventCodec, Upcasters

CODEC = EventCodec()
GUESS = GuessMade("g1", Code.parse("RRBG"), Feedback(black=2, white=1))


@attrs.frozen
class Deposited:
    account: str
    cents: int
    tags: tuple[str, ...] = ()


def decode(record: EncodedEvent, codec: EventCodec = CODEC) -> Event:
    return codec.decode(record.type, record.schema, record.data, stream_id="g1", position=7)


def letters_to_counts(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 of GuessMade kept key pegs as letters, "BBW"; schema 2 counts them."""
    letters = data["feedback"]
    return {**data, "feedback": {"black": letters.count("B"), "white": letters.count("W")}}


def default_records() -> list[EncodedEvent]:
    """Records the default codec wrote, one of each of Mastermind's events, and a game
    started before its code maker was recorded."""
    old_start = {
        "game_id": "g1",
        "secret": ["Red"] * 4,
        "total_attempts": 12,
        "available_pegs": ["Red"],
    }
    events_now: list[Event] = [
        GameStarted("g1", Code.parse("RGBY"), Rules()),
        GUESS,
        GameWon("g1"),
        GameLost("g1", called_off=True),
    ]
    return [EncodedEvent("GameStarted", 1, json.dumps(old_start))] + [
        CODEC.encode(event) for event in events_now
    ]


def test_a_codec_of_masterminds_events_and_mine_writes_and_reads_them_as_the_default_does() -> None:
    mixed = EventCodec({**EVENT_TYPES, "Deposited": Deposited})
    assert {name: mixed.schema_version(name) for name in EVENT_TYPES} == {
        "GameStarted": 4,
        "GuessMade": 1,
        "GameWon": 1,
        "GameLost": 2,
        "NoteLeft": 1,
    }
    for record in default_records():
        assert decode(record, mixed) == decode(record)
        written = mixed.encode(decode(record))
        assert written == CODEC.encode(decode(record))


def test_upcasters_of_my_own_events_gain_masterminds_and_stay_as_they_were() -> None:
    mine = Upcasters()
    mine.add("Deposited", 1, lambda data: {**data, "tags": []})
    codec = EventCodec({**EVENT_TYPES, "Deposited": Deposited}, mine)
    assert (codec.schema_version("GameStarted"), codec.schema_version("Deposited")) == (4, 2)
    assert decode(EncodedEvent("Deposited", 1, '{"account": "a1", "cents": 5}'), codec) == (
        Deposited("a1", 5)
    )
    assert decode(default_records()[0], codec).maker == CodeMaker.computer()
    assert mine.type_names() == {"Deposited"}


def test_a_codec_of_some_of_masterminds_events_reads_them_with_their_steps_alone() -> None:
    codec = EventCodec({"GameLost": GameLost, "Deposited": Deposited})
    assert codec.schema_version("GameLost") == 2
    assert decode(EncodedEvent("GameLost", 1, '{"game_id": "g1"}'), codec) == GameLost("g1")


def test_empty_upcasters_for_masterminds_events_are_masterminds_own() -> None:
    codec = EventCodec(upcasters=Upcasters())
    assert [decode(record, codec) for record in default_records()] == [
        decode(record) for record in default_records()
    ]


@pytest.mark.parametrize(
    "event_types",
    [{"Started": GameStarted}, {**EVENT_TYPES, "GameStarted": Deposited, "Began": GameStarted}],
    ids=["alone", "its-name-taken"],
)
def test_one_of_masterminds_events_under_another_name_is_refused(
    event_types: dict[str, type[Any]],
) -> None:
    with pytest.raises(
        ValueError,
        match=r"GameStarted is one of Mastermind's events.*give it as 'GameStarted', not "
        r"'(Started|Began)'.*mastermind_upcasters\(\)",
    ):
        EventCodec(event_types)


def test_upcasters_with_some_of_masterminds_steps_but_not_all_are_refused() -> None:
    partial = Upcasters()
    partial.add("GameStarted", 1, lambda data: {"unique": False, **data})
    partial.add("GuessMade", 1, letters_to_counts)
    for event_types in (None, {**EVENT_TYPES, "Deposited": Deposited}):
        with pytest.raises(
            ValueError,
            match=r"none for GameLost from version 1, GameStarted from version 2, GameStarted from "
            r"version 3: start from "
            r"mastermind\.store\.mastermind_upcasters\(\)",
        ):
            EventCodec(event_types, partial)


def test_upcasters_for_masterminds_events_of_my_own_alone_are_refused() -> None:
    mine = Upcasters()
    mine.add("GuessMade", 1, letters_to_counts)
    with pytest.raises(ValueError, match="none for GameLost from version 1, GameStarted from"):
        EventCodec(upcasters=mine)
