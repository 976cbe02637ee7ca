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

from mastermind.domain import Code, Event, GameLost, GameStarted, GameWon, GuessMade
from mastermind.store._fast import (
    TEXT,
    Recent,
    compact_json,
    converter_with,
    immutable,
    quick_converter,
    read_back_check,
)
from mastermind.store._port import CorruptRecord, RecordedEvent

T = TypeVar("T")
JSONObject = dict[str, Any]
Upcast = Callable[[JSONObject], JSONObject]

EVENT_TYPES: Mapping[str, type[Event]] = {
    "GameStarted": GameStarted,
    "GuessMade": GuessMade,
    "GameWon": GameWon,
    "GameLost": GameLost,
}
"""The name each of Mastermind's events is stored under. A name never changes, even if
its class is renamed."""

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


class Upcasters:
    """Steps that carry a type's stored data from one schema version to the next.

    A type's current schema version is one more than the highest step registered for it,
    so adding a step is what bumps the version new records are written with.
    """

    def __init__(self) -> None:
        self._steps: dict[tuple[str, int], Upcast] = {}

    def register(self, type_name: str, from_version: int) -> Callable[[Upcast], Upcast]:
        """Decorate a function that turns data of ``from_version`` into the next version."""

        def decorate(step: Upcast) -> Upcast:
            self.add(type_name, from_version, step)
            return step

        return decorate

    def add(self, type_name: str, from_version: int, step: Upcast) -> None:
        if from_version < 1:
            raise ValueError(f"Schema versions start at 1, not {from_version}")
        if (type_name, from_version) in self._steps:
            raise ValueError(f"{type_name} already has an upcaster from version {from_version}")
        self._steps[type_name, from_version] = step

    def type_names(self) -> set[str]:
        """The types that have at least one upcaster."""
        return {name for name, _ in self._steps}

    def current_version(self, type_name: str) -> int:
        """The version new records of ``type_name`` are written with."""
        versions = sorted(version for name, version in self._steps if name == type_name)
        if versions != list(range(1, len(versions) + 1)):
            missing = sorted(set(range(1, versions[-1])) - set(versions))
            raise ValueError(f"{type_name} has no upcaster from version {missing[0]}")
        return len(versions) + 1

    def upcast(self, type_name: str, schema: int, data: JSONObject, to: int) -> JSONObject:
        """The data of a record written at version ``schema``, carried to version ``to``."""
        for version in range(schema, to):
            data = self._steps[type_name, version](data)
        return data


def mastermind_upcasters() -> Upcasters:
    """The steps that read every record Mastermind ever wrote as its events are today.

    Start from these to add steps of your own for Mastermind's events.
    """
    upcasters = Upcasters()

    @upcasters.register("GameStarted", from_version=1)
    def unique_was_not_recorded(data: JSONObject) -> JSONObject:
        # Before version 2 no game was played with unique colours.
        return {"unique": False, **data}

    @upcasters.register("GameStarted", from_version=2)
    def every_code_maker_was_the_computer(data: JSONObject) -> JSONObject:
        # Before version 3 only the computer made codes.
        return {"maker": {"kind": "computer", "name": None, "allows_hints": True}, **data}

    @upcasters.register("GameLost", from_version=1)
    def no_game_was_called_off(data: JSONObject) -> JSONObject:
        # Before version 2 no code maker could end a game.
        return {"called_off": False, **data}

    return upcasters


class EventCodec:
    """Encodes events for a store and decodes them, upcasting old records on the way.

    ``event_types`` maps the name each event class is stored under to the class: attrs
    classes whose fields are strings, numbers, booleans, tuples, Mastermind's codes and
    feedback, or attrs classes of these. Without it, the codec keeps Mastermind's events
    with :func:`mastermind_upcasters`.
    """

    def __init__(
        self,
        event_types: Mapping[str, type[Any]] | None = None,
        upcasters: Upcasters | None = None,
    ) -> None:
        if event_types is None:
            event_types = EVENT_TYPES
            upcasters = upcasters or mastermind_upcasters()
            if upcasters.current_version("GameStarted") < 2:
                raise ValueError(
                    "Upcasters for Mastermind's events must include its own: "
                    "start from mastermind.store.mastermind_upcasters()"
                )
        self._upcasters = upcasters or Upcasters()
        self._types = dict(event_types)
        not_attrs = [name for name, cls in self._types.items() if not attrs.has(cls)]
        if not_attrs:
            raise TypeError(f"Event types must be attrs classes: {', '.join(not_attrs)} is not")
        self._names = {cls: name for name, cls in self._types.items()}
        unknown = self._upcasters.type_names() - set(self._types)
        if unknown:
            raise ValueError(f"Upcasters for unknown event types: {', '.join(sorted(unknown))}")
        self._versions = {name: self._upcasters.current_version(name) for name in self._types}
        self._converter = _converter()
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
            ValueError: ``event`` is of no type this codec knows.
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
        record = (name, self._versions[name], compact_json(unstructure(event)))
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


def check_versions(records: Iterable[RecordedEvent]) -> None:
    """Raise if a stream's records, read in order, do not run 1, 2, 3... without a gap."""
    for expected, record in enumerate(records, start=1):
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
        exactly=lambda kind: lambda value, _: _exactly(kind, value),
    )


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
