"""Events to stored records and back: a stable type name, a schema version and JSON data.

The events stay plain attrs classes. Everything a store needs to know about their shape
on disk lives here: the names they are stored under, the version of each shape, and the
upcasters that carry records written in an older shape to the current one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs
import cattrs
import cattrs.v

from mastermind.domain import Code, Event, Feedback, GameLost, GameStarted, GameWon, GuessMade
from mastermind.store._port import RecordedEvent

T = TypeVar("T")
JSONObject = dict[str, Any]
Upcast = Callable[[JSONObject], JSONObject]

EVENT_TYPES: Mapping[str, type[Event]] = {
    "GameStarted": GameStarted,
    "GuessMade": GuessMade,
    "GameWon": GameWon,
    "GameLost": GameLost,
}
"""The name each event is stored under. A name never changes, even if its class is renamed."""


class CorruptRecord(Exception):
    """A stored record that cannot be turned back into an event."""

    def __init__(self, stream_id: str, position: int, reason: str) -> None:
        super().__init__(
            f"Cannot read the record at position {position} of stream {stream_id!r}: {reason}."
        )
        self.stream_id = stream_id
        self.position = position
        self.reason = reason


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


class EventCodec:
    """Encodes events for a store and decodes them, upcasting old records on the way."""

    def __init__(self, upcasters: Upcasters | None = None) -> None:
        self._upcasters = upcasters or Upcasters()
        self._types = dict(EVENT_TYPES)
        self._names = {cls: name for name, cls in self._types.items()}
        unknown = self._upcasters.type_names() - set(self._types)
        if unknown:
            raise ValueError(f"Upcasters for unknown event types: {', '.join(sorted(unknown))}")
        self._versions = {name: self._upcasters.current_version(name) for name in self._types}
        self._converter = _converter()

    def schema_version(self, type_name: str) -> int:
        """The version that records of ``type_name`` are written with."""
        return self._versions[type_name]

    def encode(self, event: Event) -> EncodedEvent:
        name = self._names.get(type(event))
        if name is None:
            raise TypeError(f"{type(event).__name__} is not an event this codec knows")
        data = self._converter.unstructure(event, unstructure_as=type(event))
        return EncodedEvent(name, self._versions[name], json.dumps(data, separators=(",", ":")))

    def decode(
        self,
        type_name: str,
        schema: int,
        data: str | bytes | JSONObject,
        *,
        stream_id: str,
        position: int,
    ) -> Event:
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
                + (" (a newer version of mastermind may have written it)" if schema > 0 else ""),
            )
        try:
            loaded = json.loads(data) if isinstance(data, str | bytes) else data
            if not isinstance(loaded, dict):
                raise TypeError(f"its data is a JSON {type(loaded).__name__}, not an object")
            if schema < current:
                loaded = self._upcasters.upcast(type_name, schema, loaded, current)
            return self._converter.structure(loaded, cls)
        except cattrs.BaseValidationError as error:
            reason = "; ".join(cattrs.transform_error(error, type_name, _describe))
            raise CorruptRecord(stream_id, position, reason) from error
        except Exception as error:
            raise CorruptRecord(stream_id, position, f"{type_name}: {error}") from error


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
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_unstructure_hook(Code, lambda code: list(code.pegs))
    converter.register_structure_hook(Code, lambda value, _: Code(_strings(value)))
    converter.register_unstructure_hook(
        Feedback, lambda feedback: {"black": feedback.black, "white": feedback.white}
    )
    converter.register_structure_hook(str, lambda value, _: _exactly(str, value))
    converter.register_structure_hook(int, lambda value, _: _exactly(int, value))
    return converter


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
