"""The codec: events to records of a stable type name, a schema version and JSON, and back."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given

from mastermind import (
    CLASSIC_PEGS,
    PRESETS,
    Code,
    CodeMaker,
    Event,
    Feedback,
    GameLost,
    GameStarted,
    GameWon,
    GuessMade,
    NoteLeft,
    Rules,
)
from mastermind.store import (
    EVENT_TYPES,
    CorruptRecord,
    EncodedEvent,
    EventCodec,
    UnknownEventType,
    mastermind_upcasters,
)
from mastermind.testing.strategies import events

CODEC = EventCodec()
GUESS = GuessMade("g1", Code.parse("RRBG"), Feedback(black=2, white=1))


def decode(record: EncodedEvent, codec: EventCodec = CODEC) -> Event:
    return codec.decode(record.type, record.schema, record.data, stream_id="g1", position=7)


def letters_to_counts(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 of GuessMade kept key pegs as letters, "BBW"; schema 2 counts them."""
    letters = data["feedback"]
    return {**data, "feedback": {"black": letters.count("B"), "white": letters.count("W")}}


def storable(event: Event) -> bool:
    """Whether ``event`` holds only text that every store keeps: game ids are drawn from
    any text, NUL included, which the codec refuses."""
    return "\x00" not in event.game_id


@given(events().filter(storable))
def test_every_event_survives_a_round_trip(event: Event) -> None:
    assert decode(CODEC.encode(event)) == event


@given(events().filter(storable))
def test_the_data_is_a_json_object(event: Event) -> None:
    assert isinstance(json.loads(CODEC.encode(event).data), dict)


@pytest.mark.parametrize(
    ("event", "type_name", "data"),
    [
        (
            GameStarted("g1", Code.parse("RGBY"), Rules()),
            "GameStarted",
            {
                "game_id": "g1",
                "secret": ["Red", "Green", "Blue", "Yellow"],
                "rules": {
                    "length": 4,
                    "symbols": list(CLASSIC_PEGS),
                    "attempts": 12,
                    "repeats": True,
                    "blanks": False,
                    "answer": "black-and-white",
                },
                "maker": {"kind": "computer", "name": None, "allows_hints": True},
            },
        ),
        (
            GUESS,
            "GuessMade",
            {
                "game_id": "g1",
                "guess": ["Red", "Red", "Blue", "Green"],
                "feedback": {"black": 2, "white": 1},
            },
        ),
        (GameWon("g1"), "GameWon", {"game_id": "g1"}),
        (GameLost("g1"), "GameLost", {"game_id": "g1", "called_off": False}),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_records_carry_a_stable_type_name_and_plain_data(
    event: Event, type_name: str, data: dict[str, Any]
) -> None:
    record = CODEC.encode(event)
    schema = {"GameStarted": 4, "GameLost": 2}.get(type_name, 1)
    assert (record.type, record.schema, json.loads(record.data)) == (type_name, schema, data)


def test_type_names_are_the_event_names_not_module_paths() -> None:
    assert dict(EVENT_TYPES) == {
        "GameStarted": GameStarted,
        "GuessMade": GuessMade,
        "GameWon": GameWon,
        "GameLost": GameLost,
        "NoteLeft": NoteLeft,
    }


def test_a_guess_stored_with_letters_is_upcast_to_counts_of_key_pegs() -> None:
    upcasters = mastermind_upcasters()
    upcasters.add("GuessMade", 1, letters_to_counts)
    codec = EventCodec(upcasters=upcasters)
    old = json.dumps({"game_id": "g1", "guess": ["Red", "Red", "Blue", "Green"], "feedback": "BBW"})
    assert decode(EncodedEvent("GuessMade", 1, old), codec) == GUESS
    assert codec.encode(GUESS).schema == 2
    assert decode(codec.encode(GUESS), codec) == GUESS


def test_upcasters_run_in_turn_from_the_stored_version_to_the_current_one() -> None:
    upcasters = mastermind_upcasters()

    @upcasters.register("GameWon", from_version=1)
    def rename(data: dict[str, Any]) -> dict[str, Any]:
        return {"game": data["id"]}

    @upcasters.register("GameWon", from_version=2)
    def rename_again(data: dict[str, Any]) -> dict[str, Any]:
        return {"game_id": data["game"]}

    codec = EventCodec(upcasters=upcasters)
    assert codec.schema_version("GameWon") == 3
    assert decode(EncodedEvent("GameWon", 1, '{"id": "g1"}'), codec) == GameWon("g1")
    assert decode(EncodedEvent("GameWon", 2, '{"game": "g1"}'), codec) == GameWon("g1")
    assert decode(EncodedEvent("GameWon", 3, '{"game_id": "g1"}'), codec) == GameWon("g1")
    assert codec.schema_version("GuessMade") == 1


def test_an_upcaster_missing_between_versions_is_refused_when_the_codec_is_built() -> None:
    upcasters = mastermind_upcasters()
    upcasters.add("GuessMade", 2, letters_to_counts)
    with pytest.raises(ValueError, match="GuessMade has no upcaster from version 1"):
        EventCodec(upcasters=upcasters)


def test_two_upcasters_from_one_version_are_refused() -> None:
    upcasters = mastermind_upcasters()
    upcasters.add("GuessMade", 1, letters_to_counts)
    with pytest.raises(ValueError, match="already has an upcaster from version 1"):
        upcasters.add("GuessMade", 1, letters_to_counts)


def test_upcasters_for_a_type_that_is_no_event_are_refused() -> None:
    upcasters = mastermind_upcasters()
    upcasters.add("GuessMaid", 1, letters_to_counts)
    with pytest.raises(ValueError, match="GuessMaid"):
        EventCodec(upcasters=upcasters)


def test_an_unknown_type_raises_unknown_event_type_naming_stream_and_position() -> None:
    with pytest.raises(UnknownEventType) as error:
        decode(EncodedEvent("GuessMaid", 1, '{"game_id": "g1"}'))
    assert str(error.value) == (
        "Cannot read the record at position 7 of stream 'g1': its type 'GuessMaid' is none "
        "of the known types (GameStarted, GuessMade, GameWon, GameLost, NoteLeft)."
    )
    assert (error.value.stream_id, error.value.position, error.value.type_name) == (
        "g1",
        7,
        "GuessMaid",
    )


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ('{"game_id": "g1", "guess": ["Red"]', "Expecting"),
        ('"g1"', "a JSON str, not an object"),
        ('{"game_id": "g1", "guess": ["Red"]}', "required field missing @ GuessMade.feedback"),
        (
            '{"game_id": "g1", "guess": "RRBG", "feedback": {"black": 2, "white": 1}}',
            "expected a list of colour names, got 'RRBG' @ GuessMade.guess",
        ),
        (
            '{"game_id": "g1", "guess": [], "feedback": {"black": "2", "white": 1}}',
            "expected int, got '2' @ GuessMade.feedback.black",
        ),
        (
            '{"game_id": "g1", "guess": [], "feedback": {"black": -1, "white": 1}}',
            "black must not be negative",
        ),
        (
            '{"game_id": "g1", "guess": [], "feedback": {"black": 0, "white": 0}, "x": 1}',
            "extra fields found (x)",
        ),
    ],
    ids=["truncated", "string", "missing", "text for list", "text for int", "negative", "extra"],
)
def test_corrupt_data_raises_corrupt_record_naming_stream_position_and_reason(
    data: str, reason: str
) -> None:
    with pytest.raises(CorruptRecord, match="position 7 of stream 'g1'") as error:
        decode(EncodedEvent("GuessMade", 1, data))
    assert reason in error.value.reason


def test_a_schema_newer_than_the_codec_knows_is_reported() -> None:
    with pytest.raises(CorruptRecord, match=r"schema versions 1 to 1, not 2.*newer version"):
        decode(EncodedEvent("GameWon", 2, '{"game_id": "g1"}'))


def test_an_upcaster_that_fails_is_reported_with_stream_and_position() -> None:
    upcasters = mastermind_upcasters()
    upcasters.add("GuessMade", 1, letters_to_counts)
    codec = EventCodec(upcasters=upcasters)
    with pytest.raises(CorruptRecord, match=r"position 7 of stream 'g1'.*'feedback'"):
        decode(EncodedEvent("GuessMade", 1, '{"game_id": "g1", "guess": []}'), codec)


def test_encoding_an_object_of_no_registered_type_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="str is not an event type this codec knows"):
        CODEC.encode("GameWon")


def test_a_game_started_before_unique_was_recorded_reads_as_not_unique() -> None:
    old = json.dumps(
        {"game_id": "g1", "secret": ["Red"] * 4, "total_attempts": 12, "available_pegs": ["Red"]}
    )
    started = decode(EncodedEvent("GameStarted", 1, old))
    assert started == GameStarted("g1", Code.parse("Red " * 4, ("Red",)), Rules(symbols=("Red",)))


def test_a_game_started_before_the_maker_was_recorded_reads_as_the_computers() -> None:
    old = json.dumps(
        {
            "game_id": "g1",
            "secret": ["Red"] * 4,
            "total_attempts": 12,
            "available_pegs": ["Red"],
            "unique": True,
        }
    )
    started = decode(EncodedEvent("GameStarted", 2, old))
    assert started.maker == CodeMaker.computer()
    assert started.rules == Rules(symbols=("Red",), repeats=False)


def test_a_game_started_before_rules_were_recorded_reads_as_the_classic_game_of_its_size() -> None:
    old = json.dumps(
        {
            "game_id": "g1",
            "secret": ["Ash", "Birch"],
            "total_attempts": 9,
            "available_pegs": ["Ash", "Birch", "Cedar"],
            "unique": True,
            "maker": {"kind": "person", "name": "Mum", "allows_hints": False},
        }
    )
    started = decode(EncodedEvent("GameStarted", 3, old))
    assert started == GameStarted(
        "g1",
        Code.of("Ash", "Birch"),
        Rules(2, ("Ash", "Birch", "Cedar"), 9, repeats=False),
        CodeMaker.person("Mum"),
    )
    assert started.rules.name is None
    assert decode(EncodedEvent("GameStarted", 3, json.dumps(classic_record()))).rules.name == (
        "classic"
    )


def classic_record() -> dict[str, object]:
    return {
        "game_id": "g1",
        "secret": ["Red", "Green", "Blue", "Yellow"],
        "total_attempts": 12,
        "available_pegs": list(CLASSIC_PEGS),
        "unique": False,
        "maker": {"kind": "computer", "name": None, "allows_hints": True},
    }


@pytest.mark.parametrize("preset", ["bulls-and-cows", "black-peg", "blanks", "super"])
def test_every_preset_keeps_its_rules_through_the_codec(preset: str) -> None:
    rules = PRESETS[preset]
    started = GameStarted("g1", Code(rules.pegs[: rules.length]), rules)
    assert decode(CODEC.encode(started)) == started


def test_a_game_lost_before_games_could_be_called_off_reads_as_not_called_off() -> None:
    assert decode(EncodedEvent("GameLost", 1, '{"game_id": "g1"}')) == GameLost("g1")
    called_off = GameLost("g1", called_off=True)
    assert decode(CODEC.encode(called_off)) == called_off


def test_a_person_code_maker_keeps_name_and_hints_through_the_codec() -> None:
    maker = CodeMaker.person("Mum 🦉", allows_hints=True)
    started = GameStarted("g1", Code.parse("RGBY"), Rules(), maker=maker)
    assert decode(CODEC.encode(started)).maker == maker


def test_a_unique_game_keeps_unique_through_the_codec() -> None:
    started = GameStarted("g1", Code.parse("RGBY"), Rules(repeats=False))
    assert decode(CODEC.encode(started)) == started


@attrs.frozen
class Deposited:
    account: str
    cents: int
    tags: tuple[str, ...] = ()


@attrs.frozen
class Closed:
    account: str
    final: bool = True


def test_a_codec_keeps_events_of_any_decider_by_the_names_given() -> None:
    codec = EventCodec({"Deposited": Deposited, "AccountClosed": Closed})
    deposit, closing = Deposited("a1", 250, ("salary",)), Closed("a1")
    assert [codec.encode(event).type for event in (deposit, closing)] == [
        "Deposited",
        "AccountClosed",
    ]
    assert [decode(codec.encode(event), codec) for event in (deposit, closing)] == [
        deposit,
        closing,
    ]
    with pytest.raises(ValueError, match="GameWon is not an event type this codec knows"):
        codec.encode(GameWon("g1"))


def test_a_users_events_are_read_as_strictly_as_masterminds() -> None:
    codec = EventCodec({"Deposited": Deposited})
    wrong = EncodedEvent("Deposited", 1, '{"account": "a1", "cents": "250"}')
    with pytest.raises(CorruptRecord, match="expected int, got '250'"):
        decode(wrong, codec)


def test_event_types_must_be_a_mapping_of_names_to_classes() -> None:
    with pytest.raises(TypeError, match=r"event_types must be a mapping from the name .* not list"):
        EventCodec([Deposited])  # type: ignore[arg-type]


def test_event_type_names_must_be_strings() -> None:
    with pytest.raises(
        TypeError, match="names must be strings: 1, the name of the class Deposited, is int"
    ):
        EventCodec({1: Deposited})  # type: ignore[dict-item]


@pytest.mark.parametrize(
    "value",
    [dict, Deposited("a1", 250), None, "Deposited"],
    ids=["plain-class", "an-event-not-its-class", "None", "a-name"],
)
def test_event_types_must_be_attrs_classes(value: Any) -> None:
    with pytest.raises(
        TypeError, match="Event types must be attrs classes: Plain is not one, it is "
    ):
        EventCodec({"Deposited": Deposited, "Plain": value})


@pytest.mark.parametrize("name", ["", "   ", "\t"])
def test_a_blank_event_type_name_is_refused(name: str) -> None:
    with pytest.raises(
        ValueError,
        match=re.escape(f"must not be blank: {name!r} is the name of the class Deposited"),
    ):
        EventCodec({name: Deposited})


@pytest.mark.parametrize(
    ("name", "problem"),
    [("Depo\x00sited", "NUL"), ("Deposited\udc80", "lone surrogate \\(U\\+DC80\\)")],
    ids=["NUL", "lone-surrogate"],
)
def test_an_event_type_name_no_store_keeps_is_refused(name: str, problem: str) -> None:
    with pytest.raises(ValueError, match=f"text every store keeps: .* holds a {problem}"):
        EventCodec({name: Deposited})


def test_one_class_under_two_names_is_refused_naming_the_class_and_both_names() -> None:
    with pytest.raises(
        ValueError,
        match="Deposited is stored under one name only, not both 'Deposited' and 'MoneyIn'",
    ):
        EventCodec({"Deposited": Deposited, "AccountClosed": Closed, "MoneyIn": Deposited})


def test_upcasters_must_be_upcasters() -> None:
    with pytest.raises(TypeError, match="upcasters must be Upcasters, not dict"):
        EventCodec(upcasters={("GuessMade", 1): letters_to_counts})  # type: ignore[arg-type]


def test_the_events_hold_no_serialization_code() -> None:
    domain = Path(__file__).parent.parent.parent / "mastermind" / "domain"
    for module in domain.glob("*.py"):
        source = module.read_text()
        assert "cattrs" not in source
        assert "json" not in source
