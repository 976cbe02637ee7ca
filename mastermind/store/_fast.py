"""The codec's short cuts: what lets it skip work on the path every command takes, and
the proofs that skipping changes no answer.

- :data:`compact_json` writes a record's JSON with an encoder built once;
- :class:`Recent` keeps what was encoded or read last;
- :func:`immutable` and :func:`read_back_check` tell which events may be answered again
  as they were encoded, because reading them back would give the same;
- :func:`quick_converter` reads what is right in fewer steps, leaving what is wrong to
  the thorough converter, which says why.
"""

from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Callable, Hashable
from typing import Any

import attrs
import cattrs

from mastermind.domain import Code, Feedback

__all__ = [
    "Recent",
    "TEXT",
    "compact_json",
    "converter_with",
    "immutable",
    "quick_converter",
    "read_back_check",
]

TEXT = (str, bytes)


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


compact_json = _compact_json()
"""``json.dumps(data, separators=(",", ":"))``, with an encoder built once."""


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


@attrs.frozen
class _Frozen:
    """Any frozen attrs class has this class's ``__setattr__``, which refuses to set."""


_IMMUTABLE_VALUES = (str, int, float, bool, bytes, type(None))


def immutable(kind: Any, seen: frozenset[Any] = frozenset()) -> bool:
    """Whether no value of the type ``kind`` can change once it is made.

    Frozen attrs classes whose fields are of such types qualify, and so do tuples of
    them; anything the type hints do not pin down does not.
    """
    if kind in _IMMUTABLE_VALUES or (isinstance(kind, type) and issubclass(kind, enum.Enum)):
        return True
    origin, arguments = typing.get_origin(kind), typing.get_args(kind)
    if origin is tuple or origin is typing.Union or origin is types.UnionType:
        return all(argument is Ellipsis or immutable(argument, seen) for argument in arguments)
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
        field.name in hints and immutable(hints[field.name], seen | {kind})
        for field in attrs.fields(kind)
    )


def read_back_check(
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
    if isinstance(kind, type) and issubclass(kind, enum.Enum):  # read back by value

        def member(value: Any) -> bool:
            return type(value) is kind

        return member
    if typing.get_origin(kind) is tuple:
        arguments = typing.get_args(kind)
        if len(arguments) != 2 or arguments[1] is not Ellipsis:
            return None
        if arguments[0] in _EXACT:
            exact = frozenset({arguments[0]})

            def exact_items(value: Any) -> bool:
                return type(value) is tuple and {*map(type, value)} <= exact

            return exact_items
        item = read_back_check(arguments[0], building)
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
        check = read_back_check(hint, building | {kind})
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


def quick_converter() -> cattrs.Converter:
    """The codec's rules, checked in fewer steps, without saying what failed.

    Whatever it refuses goes to the thorough converter, which refuses it too and says
    why; whatever it reads, the thorough one reads the same.
    """
    quick = {str: _quick_str, int: _quick_int, bool: _quick_bool}
    return converter_with(detailed=False, code=_quick_code, exactly=quick.__getitem__)


def converter_with(
    *,
    detailed: bool,
    code: Callable[[Any, Any], Code],
    exactly: Callable[[type[Any]], Callable[[Any, Any], Any]],
) -> cattrs.Converter:
    """A converter of events: codes as lists of names, feedback as counts, and strings,
    whole numbers and booleans read only as themselves, by the hooks given.

    ``exactly(kind)`` is also the hook of the enums that are a ``kind`` as well, such as
    a ``StrEnum``, and is given the enum to read them as."""
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=detailed)
    converter.register_unstructure_hook(Code, lambda value: list(value.pegs))
    converter.register_structure_hook(Code, code)
    converter.register_unstructure_hook(
        Feedback, lambda feedback: {"black": feedback.black, "white": feedback.white}
    )
    for kind in (str, int, bool):
        converter.register_structure_hook(kind, exactly(kind))
    return converter


def _quick_code(value: Any, _: object) -> Code:
    if type(value) is not list:
        raise TypeError
    for item in value:
        if type(item) is not str:
            raise TypeError
    return Code(value)


def _quick_str(value: Any, declared: Any) -> str:
    if type(value) is not str:
        raise TypeError
    return value if declared is str else declared(value)  # an enum that is also a str


def _quick_int(value: Any, declared: Any) -> int:
    if type(value) is not int:
        raise TypeError
    return value if declared is int else declared(value)  # an enum that is also an int


def _quick_bool(value: Any, _: object) -> bool:
    if type(value) is not bool:
        raise TypeError
    return value
