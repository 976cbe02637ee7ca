"""The field types a codec carries: those it writes and reads back as they were are taken,
every other is refused when the codec is built, before anything is stored."""

from __future__ import annotations

import datetime
import decimal
import enum
import typing
from collections.abc import Sequence
from typing import Annotated, Any, Literal, NewType, Optional, Union

import attrs
import pytest

from mastermind import Code, CodeMaker, Feedback
from mastermind.store import EVENT_TYPES, CorruptRecord, EventCodec, InMemoryEventStore


class Shade(enum.Enum):
    LIGHT = "light"
    DARK = 2
    HALF = 0.5


class Size(enum.StrEnum):
    SMALL = "s"
    LARGE = "l"


class Rank(enum.IntEnum):
    FIRST = 1
    SECOND = 2


class Access(enum.Flag):
    READ = 1
    WRITE = 2


class Corner(enum.Enum):
    TOP_LEFT = (0, 0)


AccountId = NewType("AccountId", str)


@attrs.frozen
class Card:
    number: str


@attrs.frozen
class Transfer:
    iban: str


@attrs.frozen
class Cash:
    number: str
    """The same field as a card's: a union of the two cannot be told apart."""


@attrs.frozen
class Node:
    value: int
    children: tuple[Node, ...] = ()


@attrs.frozen
class Stamped:
    at: datetime.datetime


@attrs.frozen
class Wrapped:
    inner: Stamped


@attrs.define
class Unannotated:
    amount = attrs.field()


def holding(kind: Any) -> type[Any]:
    """An event class of one field, ``value``, of the type ``kind``."""
    return attrs.make_class("Holding", {"value": attrs.field(type=kind)}, frozen=True)


CARRIED = [
    (str, "any text 🦉"),
    (int, 2**70),
    (bool, True),
    (float, 0.1),
    (Code, Code.parse("RGBY")),
    (Feedback, Feedback(2, 1)),
    (CodeMaker, CodeMaker.person("Ada")),
    (Shade, Shade.HALF),
    (Size, Size.LARGE),
    (Rank, Rank.SECOND),
    (Access, Access.READ | Access.WRITE),
    (Literal["open", "closed"], "closed"),
    (Literal[Size.SMALL], Size.SMALL),
    (AccountId, AccountId("acc-1")),
    (Annotated[int, "cents"], 250),
    (Optional[int], None),  # noqa: UP045 - the spelling of older code, which must work too
    (Card | None, Card("4111")),
    (Card | Transfer, Transfer("DE89")),
    (tuple[int, ...], (1, 2, 3)),
    (tuple[str, Code], ("first", Code.parse("RRBG"))),
    (tuple[()], ()),
    (list[Card], [Card("1"), Card("2")]),
    (dict[str, Feedback], {"first": Feedback(0, 4)}),
    (Node, Node(1, (Node(2, (Node(3),)),))),
    (tuple[Size, ...], (Size.SMALL, Size.LARGE)),
]


@pytest.mark.parametrize(("kind", "value"), CARRIED, ids=lambda value: repr(value)[:40])
def test_a_field_type_the_codec_takes_is_stored_and_read_back_as_it_was(
    kind: Any, value: Any
) -> None:
    cls = holding(kind)
    store = InMemoryEventStore(codec=EventCodec({"Holding": cls}))
    store.append("s1", [cls(value)], 0)
    [read] = store.load("s1").events
    assert read.value == value
    assert type(read.value) is type(value)


@pytest.mark.parametrize(
    ("kind", "shown", "reason"),
    [
        (datetime.datetime, "datetime", "which the codec cannot carry"),
        (datetime.date, "date", "which the codec cannot carry"),
        (decimal.Decimal, "Decimal", "which the codec cannot carry"),
        (bytes, "bytes", "which the codec cannot carry"),
        (set[int], "set[int]", "which the codec cannot carry"),
        (frozenset[str], "frozenset[str]", "which the codec cannot carry"),
        (Sequence[int], "Sequence[int]", "which the codec cannot carry"),
        (type(None), "None", "which the codec cannot carry"),
        (Any, "Any", "which does not say what it holds"),
        (object, "object", "which does not say what it holds"),
        (tuple, "tuple", "which does not say what it holds"),
        (list, "list", "which does not say what it holds"),
        (typing.Dict, "typing.Dict", "which does not say"),  # noqa: UP006 - as older code has it
        (typing.Tuple, "typing.Tuple", "which does not say"),  # noqa: UP006 - as older code has it
        (dict[int, str], "dict[int, str]", "keys other than str"),
        (Corner, "Corner", "whose member TOP_LEFT is tuple"),
        (Literal[b"raw"], "Literal[b'raw']", "whose value b'raw'"),
        (int | str, "int | str", "cannot tell apart when reading: only attrs classes"),
        (Card | int, "Card | int", "cannot tell apart when reading: only attrs classes"),
        (Card | Cash, "Card | Cash", "cannot tell apart when reading (Could not disambiguate"),
        (
            tuple[datetime.datetime, ...],
            "tuple[datetime, ...], which holds datetime",
            "which the codec cannot carry",
        ),
        (
            Union[str, bytes, None],  # noqa: UP007 - the spelling of older code
            "str | bytes | None, which holds bytes",
            "which the codec cannot carry",
        ),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_a_field_type_the_codec_cannot_carry_is_refused_naming_class_field_and_type(
    kind: Any, shown: str, reason: str
) -> None:
    with pytest.raises(TypeError) as refusal:
        EventCodec({"Held": holding(kind)})
    message = str(refusal.value)
    assert message.startswith(f"Held cannot be stored: field Holding.value is {shown}, ")
    assert reason in message


def test_a_type_the_codec_cannot_carry_deep_inside_a_field_is_named_with_its_class() -> None:
    with pytest.raises(
        TypeError,
        match=r"^Parcel cannot be stored: field Stamped\.at is datetime, which the codec",
    ):
        EventCodec({"Parcel": holding(tuple[Wrapped, ...])})


def test_a_field_without_a_type_annotation_is_refused() -> None:
    with pytest.raises(
        TypeError, match=r"field Unannotated\.amount has no type annotation, so nothing says how"
    ):
        EventCodec({"Paid": Unannotated})


def test_an_annotation_naming_a_type_nobody_defined_is_refused() -> None:
    broken = attrs.make_class("Broken", {"value": attrs.field(type="Missing")})
    with pytest.raises(TypeError, match="the annotations of Broken name a type that cannot"):
        EventCodec({"Broken": broken})


def test_the_error_says_which_field_types_the_codec_carries() -> None:
    with pytest.raises(TypeError, match="a codec stores str, int, float, bool, enums of these"):
        EventCodec({"Held": holding(datetime.time)})


def test_fields_the_class_makes_itself_are_not_stored_and_not_checked() -> None:
    @attrs.frozen
    class Priced:
        cents: int
        shown: datetime.datetime = attrs.field(
            init=False, factory=lambda: datetime.datetime(2024, 1, 1)
        )

    codec = EventCodec({"Priced": Priced})
    record = codec.encode(Priced(250))
    assert record.data == '{"cents":250}'
    assert codec.decode("Priced", 1, record.data, stream_id="s1", position=1) == Priced(250)


def test_masterminds_own_events_pass_the_check() -> None:
    assert EventCodec(EVENT_TYPES).event_types == EVENT_TYPES


@pytest.mark.parametrize(
    ("kind", "data", "reason"),
    [
        (Size, '{"value": "m"}', "'m' is not a valid Size"),
        (Size, '{"value": 1}', "expected str, got 1"),
        (Rank, '{"value": 3}', "3 is not a valid Rank"),
        (Rank, '{"value": "1"}', "expected int, got '1'"),
    ],
    ids=["unknown-text", "number-for-text", "unknown-number", "text-for-number"],
)
def test_an_enum_that_is_also_text_or_a_number_is_read_as_strictly_as_any_field(
    kind: Any, data: str, reason: str
) -> None:
    codec = EventCodec({"Held": holding(kind)})
    with pytest.raises(CorruptRecord) as error:
        codec.decode("Held", 1, data, stream_id="s1", position=1)
    assert reason in error.value.reason
