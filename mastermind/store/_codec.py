"""Events to stored records and back: a stable type name, a schema version and JSON data.

The events stay plain attrs classes, of Mastermind or of any other decider. Everything a
store needs to know about their shape on disk lives here: the names they are stored
under, the version of each shape, and the upcasters that carry records written in an
older shape to the current one.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, TypeVar

import attrs
import cattrs
import cattrs.v

from mastermind.domain import Code, Event, Feedback, GameLost, GameStarted, GameWon, GuessMade
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

_TEXT = (str, bytes)


def _compact_json() -> Callable[[Any], str]:
    """``json.dumps(data, separators=(",", ":"))`` of a record's data, in fewer steps.

    Every call of ``json.dumps`` builds an encoder anew. Where the C accelerator is there,
    this one is built once; events hold no cycles, so it does not look for them.
    """
    make_encoder = getattr(json.encoder, "c_make_encoder", None)
    if make_encoder is None:
        return json.JSONEncoder(separators=(",", ":")).encode
    encode = make_encoder(
        None,  # no markers: no search for cycles
        _not_json,
        json.encoder.encode_basestring_ascii,
        None,  # no indent
        ":",
        ",",
        False,  # sort_keys
        False,  # skipkeys
        True,  # allow_nan, as json.dumps
    )

    def compact(data: Any) -> str:
        return "".join(encode(data, 0))

    return compact


def _not_json(value: object) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


_compact = _compact_json()


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
        self._quick_converter = _quick_converter()
        # Each class's hooks, looked up once, on first use, rather than at every call.
        self._unstructure: dict[type[Any], Callable[[Any], Any]] = {}
        self._structure: dict[str, tuple[Callable[[Any, Any], Any], Callable[[Any, Any], Any]]] = {}
        self._shared_types = frozenset(name for name, cls in self._types.items() if _immutable(cls))
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
        record = (name, self._versions[name], _compact(unstructure(event)))
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
            if type_name in self._shared_types and isinstance(data, _TEXT):
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
        loaded = json.loads(data) if isinstance(data, _TEXT) else data
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
            self._reads_back[kind] = _read_back_check(kind)
        check = self._reads_back[kind]
        try:
            return check is not None and check(event)
        except Exception:  # a converter or a validator refused: let decoding say so
            return False


class Recent:
    """Values by key, those used last kept, at most ``size`` of them; safe to share between
    threads.

    Two generations of dictionaries stand in for a list of recent use: a value read from
    the older one moves to the newer, and when the newer is half full it becomes the older
    and the oldest go. Reading a value costs a lookup or two, and nothing is locked.
    ``None`` is no value: :meth:`get` answers it for a key it does not hold.
    """

    def __init__(self, size: int) -> None:
        self._half = max(size // 2, 1)
        self._newer: dict[Hashable, Any] = {}
        self._older: dict[Hashable, Any] = {}

    def get(self, key: Hashable) -> Any:
        value = self._newer.get(key)
        if value is None:
            value = self._older.get(key)
            if value is not None:
                self.put(key, value)
        return value

    def put(self, key: Hashable, value: Any) -> None:
        newer = self._newer
        newer[key] = value
        if len(newer) >= self._half:
            self._older, self._newer = newer, {}


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
    converter.register_structure_hook(bool, lambda value, _: _exactly(bool, value))
    return converter


@attrs.frozen
class _Frozen:
    """Any frozen attrs class has this class's ``__setattr__``, which refuses to set."""


_IMMUTABLE_VALUES = (str, int, float, bool, bytes, type(None))


def _immutable(kind: Any, seen: frozenset[Any] = frozenset()) -> bool:
    """Whether no value of the type ``kind`` can change once it is made.

    Frozen attrs classes whose fields are of such types qualify, and so do tuples of
    them; anything the type hints do not pin down does not.
    """
    if kind in _IMMUTABLE_VALUES:
        return True
    origin, arguments = typing.get_origin(kind), typing.get_args(kind)
    if origin is tuple or origin is typing.Union or origin is types.UnionType:
        return all(argument is Ellipsis or _immutable(argument, seen) for argument in arguments)
    if not (isinstance(kind, type) and attrs.has(kind)):
        return False
    if kind.__setattr__ is not _Frozen.__setattr__:
        return False
    if kind in seen:
        return True
    try:
        hints = typing.get_type_hints(kind)
    except Exception:  # a hint that names what its module cannot find: take no chances
        return False
    return all(
        field.name in hints and _immutable(hints[field.name], seen | {kind})
        for field in attrs.fields(kind)
    )


def _read_back_check(
    kind: Any, building: frozenset[type[Any]] = frozenset()
) -> Callable[[Any], bool] | None:
    """A test of whether a value declared as ``kind``, written and read back by the codec,
    comes back equal and of the same types; ``None`` where that cannot be foreseen.

    It foresees strings, whole numbers and booleans of exactly those types, tuples of
    them, codes, and frozen attrs classes of these, read as the codec reads them: their
    fields by name through ``__init__``, which runs their converters and validators again.
    """
    if kind in _EXACT:

        def exactly(value: Any) -> bool:
            return type(value) is kind

        return exactly
    if kind is Code:  # read by its own hook: Code(a list of strings)
        return _code_reads_back
    if typing.get_origin(kind) is tuple:
        arguments = typing.get_args(kind)
        if len(arguments) != 2 or arguments[1] is not Ellipsis:
            return None
        if arguments[0] in _EXACT:
            exact = frozenset({arguments[0]})

            def exact_items(value: Any) -> bool:
                return type(value) is tuple and {*map(type, value)} <= exact

            return exact_items
        item = _read_back_check(arguments[0], building)
        if item is None:
            return None
        check_item = item

        def items(value: Any) -> bool:
            return type(value) is tuple and all(check_item(each) for each in value)

        return items
    if not (isinstance(kind, type) and attrs.has(kind)) or kind in building:
        return None
    if kind.__setattr__ is not _Frozen.__setattr__:
        return None
    if hasattr(kind, "__attrs_pre_init__") or hasattr(kind, "__attrs_post_init__"):
        return None
    try:
        hints = typing.get_type_hints(kind)
    except Exception:
        return None
    # Each field: its name, the one type it must be of exactly or else a check of its
    # value, and its converter.
    fields: list[tuple[str, type | None, Callable[[Any], bool] | None, Any]] = []
    validators: list[tuple[Any, attrs.Attribute[Any]]] = []
    for field in attrs.fields(kind):
        if not field.init or getattr(field, "alias", field.name) != field.name:
            return None
        hint = hints.get(field.name)
        check = _read_back_check(hint, building | {kind})
        converter = field.converter
        if check is None or not (converter is None or _plain_function(converter)):
            return None
        if hint in _EXACT:
            fields.append((field.name, hint, None, converter))
        else:
            fields.append((field.name, None, check, converter))
        if field.validator is not None:
            validators.append((field.validator, field))

    def instance(value: Any) -> bool:
        if type(value) is not kind:
            return False
        for name, exact, check, converter in fields:
            held = getattr(value, name)
            if exact is not None:
                if type(held) is not exact:
                    return False
            elif check is not None and not check(held):
                return False
            if converter is not None:
                converted = converter(held)
                if type(converted) is not type(held) or converted != held:
                    return False
        for validator, field in validators:
            validator(value, field, getattr(value, field.name))
        return True

    return instance


_EXACT = (str, int, bool)
"""The types whose values come back from JSON as they went, when they are of exactly these."""

_STRINGS = frozenset({str})


def _code_reads_back(value: Any) -> bool:
    return (
        type(value) is Code and type(value.pegs) is tuple and {*map(type, value.pegs)} <= _STRINGS
    )


def _plain_function(converter: object) -> bool:
    """A converter of one argument, as attrs calls it, not an ``attrs.Converter``."""
    special = getattr(attrs, "Converter", None)
    return callable(converter) and not (special is not None and isinstance(converter, special))


def _quick_converter() -> cattrs.Converter:
    """The rules of :func:`_converter`, checked in fewer steps, without saying what failed.

    Whatever it refuses goes to the thorough converter, which refuses it too and says
    why; whatever it reads, the thorough one reads the same.
    """
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=False)
    converter.register_unstructure_hook(Code, lambda code: list(code.pegs))
    converter.register_structure_hook(Code, _quick_code)
    converter.register_unstructure_hook(
        Feedback, lambda feedback: {"black": feedback.black, "white": feedback.white}
    )
    converter.register_structure_hook(str, _quick_str)
    converter.register_structure_hook(int, _quick_int)
    converter.register_structure_hook(bool, _quick_bool)
    return converter


def _quick_code(value: Any, _: object) -> Code:
    if type(value) is not list:
        raise TypeError
    for item in value:
        if type(item) is not str:
            raise TypeError
    return Code(value)


def _quick_str(value: Any, _: object) -> str:
    if type(value) is not str:
        raise TypeError
    return value


def _quick_int(value: Any, _: object) -> int:
    if type(value) is not int:
        raise TypeError
    return value


def _quick_bool(value: Any, _: object) -> bool:
    if type(value) is not bool:
        raise TypeError
    return value


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
