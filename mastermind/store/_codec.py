"""Events to stored records and back: a stable type name, a schema version and JSON data.

The events stay plain attrs classes, of Mastermind or of any other decider. Everything a
store needs to know about their shape on disk lives here: the names they are stored
under, the version of each shape, and the upcasters that carry records written in an
older shape to the current one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs
import cattrs
import cattrs.v

from mastermind.domain import Code, Event, GameLost, GameStarted, GameWon, GuessMade, NoteLeft
from mastermind.store._fast import (
    TEXT,
    Recent,
    compact_json,
    converter_with,
    immutable,
    quick_converter,
    read_back_check,
)
from mastermind.store._keepable import has_unkeepable_escape, refuse_unkeepable
from mastermind.store._port import CorruptRecord, RecordedEvent
from mastermind.store._storable import check_field_types, checked_event_types, holding_floats
from mastermind.store._upcasters import JSONObject, with_masterminds_steps
from mastermind.store._upcasters import Upcasters as Upcasters
from mastermind.store._upcasters import mastermind_upcasters as mastermind_upcasters

__all__ = ["EVENT_TYPES", "EncodedEvent", "EventCodec", "MASTERMIND_CATEGORY", "UnknownEventType"]

T = TypeVar("T")

EVENT_TYPES: Mapping[str, type[Event]] = {
    "GameStarted": GameStarted,
    "GuessMade": GuessMade,
    "GameWon": GameWon,
    "GameLost": GameLost,
    "NoteLeft": NoteLeft,
}
"""The name each of Mastermind's events is stored under. A name never changes, even if
its class is renamed."""

MASTERMIND_CATEGORY = "mastermind"
"""The category of Mastermind's games: the streams its read models follow."""


def legacy_category() -> tuple[str, tuple[str, ...]]:
    """The category given to records of a table written before streams had categories,
    when their type is one of these: all such records were Mastermind's games."""
    return MASTERMIND_CATEGORY, tuple(EVENT_TYPES)


ENCODED_KEPT = 1024
"""How many records a codec keeps from encoding them, with their events, so that reading
them soon after answers the event without parsing JSON or checking types.

A record is kept only if decoding it would give an event equal to the one encoded, of
the same types all through, whose type nothing can change.
"""


class UnknownEventType(CorruptRecord):
    """A record whose type name the codec does not know."""

    def __init__(self, stream_id: str, position: int, type_name: str, known: list[str]) -> None:
        super().__init__(
            stream_id,
            position,
            f"its type {type_name!r} is none of the known types ({', '.join(known)})",
        )
        self.type_name = type_name


@attrs.frozen
class EncodedEvent:
    """An event as stored: its type name, the version of its data's shape, and the data."""

    type: str
    schema: int
    data: str
    """A JSON object."""


class EventCodec:
    """Encodes events for a store and decodes them, upcasting old records on the way.

    ``event_types`` maps the name each event class is stored under to the class: attrs
    classes whose fields are strings, numbers, booleans, enums, Mastermind's codes and
    feedback, attrs classes of these, or tuples, lists, dicts and optionals of them.
    Without it, the codec keeps Mastermind's events. Mastermind's events, given or not,
    are read with :func:`mastermind_upcasters`, added to ``upcasters`` when these have
    no step for them.

    Raises:
        TypeError: ``event_types`` is no mapping of names to attrs classes, a field of
            one of them is of a type the codec cannot carry, or ``upcasters`` is not
            :class:`Upcasters`.
        ValueError: a name is blank, a class has two names, one of Mastermind's classes
            is under another name, or the upcasters have a gap, a type the codec does not
            know, or some of Mastermind's steps without the rest.
    """

    def __init__(
        self,
        event_types: Mapping[str, type[Any]] | None = None,
        upcasters: Upcasters | None = None,
    ) -> None:
        self._types = checked_event_types(EVENT_TYPES if event_types is None else event_types)
        if upcasters is not None and not isinstance(upcasters, Upcasters):
            raise TypeError(f"upcasters must be Upcasters, not {type(upcasters).__name__}")
        self._upcasters = with_masterminds_steps(self._types, upcasters, EVENT_TYPES)
        self._names = {cls: name for name, cls in self._types.items()}
        unknown = self._upcasters.type_names() - set(self._types)
        if unknown:
            raise ValueError(f"Upcasters for unknown event types: {', '.join(sorted(unknown))}")
        self._versions = {name: self._upcasters.current_version(name) for name in self._types}
        self._converter = _converter()
        check_field_types(self._types, self._converter)
        self._holding_floats = holding_floats(self._types)
        self._quick_converter = quick_converter()
        # Each class's hooks, looked up once, on first use, rather than at every call.
        self._unstructure: dict[type[Any], Callable[[Any], Any]] = {}
        self._structure: dict[str, tuple[Callable[[Any, Any], Any], Callable[[Any, Any], Any]]] = {}
        self._shared_types = frozenset(name for name, cls in self._types.items() if immutable(cls))
        """The types whose events nothing can change: frozen attrs classes of immutable
        values. The same record of such a type may be answered with the same event."""
        # The records encoded last, of events that read back the same, and the events:
        # a command reads its stream again soon after the command before appended to it.
        self._encoded = Recent(ENCODED_KEPT)
        self._reads_back: dict[type[Any], Callable[[Any], bool] | None] = {}

    def schema_version(self, type_name: str) -> int:
        """The version that records of ``type_name`` are written with."""
        return self._versions[type_name]

    @property
    def event_types(self) -> Mapping[str, type[Any]]:
        """The classes this codec stores, by the name each is stored under."""
        return dict(self._types)

    def encode(self, event: object) -> EncodedEvent:
        """The record that stores ``event``.

        Raises:
            ValueError: ``event`` is of no type this codec knows, or holds text or a
                number that some store cannot keep: a NUL character, a lone surrogate,
                NaN or an infinity.
        """
        return EncodedEvent(*self._encode_fields(event))

    def _encode_fields(self, event: object) -> tuple[str, int, str]:
        """``type, schema, data`` of the record that stores ``event``, as :meth:`encode`
        says, for stores that write them to columns of their own."""
        name = self._names.get(type(event))
        if name is None:
            raise ValueError(
                f"{type(event).__name__} is not an event type this codec knows: "
                f"give it to EventCodec(event_types=...) to store it"
            )
        unstructure = self._unstructure.get(type(event))
        if unstructure is None:
            unstructure = self._converter.get_unstructure_hook(type(event))
            self._unstructure[type(event)] = unstructure
        data = unstructure(event)
        text = compact_json(data)
        # The JSON is ASCII, the rest escaped as \u0000 to \uffff, and a float writes NaN
        # and Infinity bare: whatever PostgreSQL refuses leaves one of these marks, which
        # all but a few events lack.
        if ("\\u" in text and has_unkeepable_escape(text)) or (
            name in self._holding_floats and ("NaN" in text or "Infinity" in text)
        ):
            refuse_unkeepable(name, data)
        record = (name, self._versions[name], text)
        if name in self._shared_types and self._read_back_equal(event):
            self._encoded.put(record, event)
        return record

    def decode(
        self,
        type_name: str,
        schema: int,
        data: str | bytes | JSONObject,
        *,
        stream_id: str,
        position: int,
    ) -> Any:
        """The event a stored record holds.

        Raises:
            UnknownEventType: no event is stored under ``type_name``.
            CorruptRecord: the record cannot be read as an event of its type.
        """
        cls = self._types.get(type_name)
        if cls is None:
            raise UnknownEventType(stream_id, position, type_name, list(self._types))
        current = self._versions[type_name]
        if not 1 <= schema <= current:
            raise CorruptRecord(
                stream_id,
                position,
                f"{type_name} is stored with schema versions 1 to {current}, not {schema}"
                + (" (a newer version of the program may have written it)" if schema > 0 else ""),
            )
        try:
            if type_name in self._shared_types and isinstance(data, TEXT):
                event = self._encoded.get((type_name, schema, data))
                if event is not None:
                    return event
            return self._structure_data(type_name, schema, data)
        except cattrs.BaseValidationError as error:
            reason = "; ".join(cattrs.transform_error(error, type_name, _describe))
            raise CorruptRecord(stream_id, position, reason) from error
        except Exception as error:
            raise CorruptRecord(stream_id, position, f"{type_name}: {error}") from error

    def _structure_data(self, type_name: str, schema: int, data: str | bytes | JSONObject) -> Any:
        """The event of a record whose type and schema version are known to be right."""
        loaded = json.loads(data) if isinstance(data, TEXT) else data
        if not isinstance(loaded, dict):
            raise TypeError(f"its data is a JSON {type(loaded).__name__}, not an object")
        current = self._versions[type_name]
        if schema < current:
            loaded = self._upcasters.upcast(type_name, schema, loaded, current)
        cls = self._types[type_name]
        hooks = self._structure.get(type_name)
        if hooks is None:
            hooks = self._structure[type_name] = (
                self._quick_converter.get_structure_hook(cls),
                self._converter.get_structure_hook(cls),
            )
        quick, thorough = hooks
        try:
            return quick(loaded, cls)
        except Exception:
            # The same rules, checked one field after another to say what is wrong.
            return thorough(loaded, cls)

    def _read_back_equal(self, event: object) -> bool:
        """Whether decoding the record of ``event`` would give an event equal to it, of the
        same types all through, so that the record may be answered with ``event`` itself."""
        kind = type(event)
        if kind not in self._reads_back:
            self._reads_back[kind] = read_back_check(kind)
        check = self._reads_back[kind]
        try:
            return check is not None and check(event)
        except Exception:  # a converter or a validator refused: let decoding say so
            return False


def check_versions(records: Iterable[RecordedEvent], after_version: int = 0) -> None:
    """Raise if a stream's records, read in order, do not run 1, 2, 3... without a gap,
    from the one after ``after_version``."""
    for expected, record in enumerate(records, start=after_version + 1):
        if record.version != expected:
            raise CorruptRecord(
                record.stream_id,
                record.position,
                f"it is version {record.version} where version {expected} should be",
            )


def _converter() -> cattrs.Converter:
    return converter_with(
        detailed=True,
        code=lambda value, _: Code(_strings(value)),
        exactly=_exactly_as,
    )


def _exactly_as(kind: type[Any]) -> Callable[[Any, Any], Any]:
    """The hook that reads a field declared ``kind``, or an enum that is also a ``kind``,
    from a value of exactly ``kind``."""

    def read(value: object, declared: Any) -> Any:
        exact = _exactly(kind, value)
        return exact if declared is kind else declared(exact)

    return read


def _describe(error: BaseException, expected: type | None) -> str:
    if isinstance(error, TypeError | ValueError) and not isinstance(error, KeyError):
        return f"{error}"
    return cattrs.v.format_exception(error, expected)


def _strings(value: object) -> list[str]:
    if not isinstance(value, list):
        raise TypeError(f"expected a list of colour names, got {value!r}")
    return [_exactly(str, item) for item in value]


def _exactly(kind: type[T], value: object) -> T:
    """Stored data is read as it is: no number becomes a string, no boolean a number."""
    if type(value) is not kind:
        raise TypeError(f"expected {kind.__name__}, got {value!r}")
    return value
