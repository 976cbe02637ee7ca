"""What a codec can store, checked when it is built: the names and classes it is given,
and the types of their fields.

A mistake found here is found before anything is stored, rather than when a record
written by one store cannot be read, or cannot be written by another.
"""

from __future__ import annotations

import enum
import types
import typing
import weakref
from collections.abc import Mapping
from typing import Any

import attrs
import cattrs

from mastermind.domain import Code
from mastermind.store._keepable import text_problem

__all__ = ["check_field_types", "checked_event_types", "holding_floats"]

STORABLE = (
    "a codec stores str, int, float, bool, enums of these, Code, Feedback, attrs classes, "
    "and tuples, lists, dicts with str keys and optionals of these, and unions of attrs "
    "classes that a field of their own tells apart"
)

_SCALARS = (str, int, float, bool)
_UNIONS = (typing.Union, types.UnionType)
_BARE = (tuple, list, dict, typing.Tuple, typing.List, typing.Dict)  # noqa: UP006 - as named
"""Containers named without their items' types: ``typing.Tuple`` has no arguments, as
``tuple[()]``, the empty tuple, has none."""


def checked_event_types(event_types: object) -> dict[str, type[Any]]:
    """``event_types`` as a dictionary, once each name is known to be one every store
    keeps, each class an attrs class, and no class under two names.

    Raises:
        TypeError: ``event_types`` is no mapping, a name no string, or a class no attrs
            class.
        ValueError: a name is blank or holds text a store cannot keep, or a class has two
            names.
    """
    if not isinstance(event_types, Mapping):
        raise TypeError(
            "event_types must be a mapping from the name each event is stored under to its "
            f"class, not {type(event_types).__name__}"
        )
    names: dict[type[Any], str] = {}
    for name, cls in event_types.items():
        if not isinstance(name, str):
            raise TypeError(
                f"Event type names must be strings: {name!r}, the name of {_described(cls)}, "
                f"is {type(name).__name__}"
            )
        if not name.strip():
            raise ValueError(
                f"Event type names must not be blank: {name!r} is the name of {_described(cls)}"
            )
        problem = text_problem(name)
        if problem is not None:
            raise ValueError(f"Event type names must be text every store keeps: {name!r} {problem}")
        if not (isinstance(cls, type) and attrs.has(cls)):
            raise TypeError(
                f"Event types must be attrs classes: {name} is not one, it is {_described(cls)}"
            )
        if cls in names:
            raise ValueError(
                f"{cls.__name__} is stored under one name only, not both {names[cls]!r} "
                f"and {name!r}"
            )
        names[cls] = name
    return dict(event_types)


def _described(value: object) -> str:
    if isinstance(value, type):
        return f"the class {value.__qualname__}"
    return f"{value!r}, a {type(value).__name__}"


def check_field_types(event_types: Mapping[str, type[Any]], converter: cattrs.Converter) -> None:
    """Raise unless the converter writes and reads back every field of every event class.

    ``converter`` answers one question the types alone do not: whether it can tell the
    classes of a union apart when reading.

    Raises:
        TypeError: a field, at any depth, is of a type the codec cannot carry, or has no
            type annotation; the error names the event type, the class, the field and its
            type.
    """
    for name, cls in event_types.items():
        problem = _class_problem(cls, converter, frozenset())
        if problem is not None:
            raise TypeError(f"{name} cannot be stored: {problem}; {STORABLE}")


def holding_floats(event_types: Mapping[str, type[Any]]) -> frozenset[str]:
    """The names of the event types with a float somewhere in their fields: only their
    records can hold NaN or an infinity. Their field types are known to be carried."""
    return frozenset(name for name, cls in event_types.items() if _mentions_float(cls, frozenset()))


def _mentions_float(kind: Any, seen: frozenset[Any]) -> bool:
    if kind is float:
        return True
    if isinstance(kind, typing.NewType):
        return _mentions_float(kind.__supertype__, seen)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return any(type(member.value) is float for member in kind)
    if isinstance(kind, type) and attrs.has(kind) and kind is not Code:
        if kind in seen:
            return False
        hints = _hints(kind)
        return any(
            _mentions_float(hints.get(field.name, field.type), seen | {kind})
            for field in attrs.fields(kind)
            if field.init
        )
    if typing.get_origin(kind) is typing.Literal:
        return any(type(value) is float for value in typing.get_args(kind))
    return any(_mentions_float(argument, seen) for argument in typing.get_args(kind))


_HINTS: weakref.WeakKeyDictionary[type[Any], dict[str, Any]] = weakref.WeakKeyDictionary()


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The type hints of ``cls``, which every codec of its events looks up, twice: found
    once, and kept as long as the class."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _class_problem(cls: type[Any], converter: cattrs.Converter, seen: frozenset[Any]) -> str | None:
    """What keeps the fields of the attrs class ``cls`` from being stored, if anything."""
    try:
        hints = _hints(cls)
    except Exception as error:  # whatever the failure, the converter cannot read them either
        return f"the annotations of {_shown(cls)} name a type that cannot be found ({error})"
    for field in attrs.fields(cls):
        if not field.init:
            continue  # never written: the class makes it anew
        declared = hints.get(field.name, field.type)
        where = f"field {cls.__qualname__}.{field.name}"
        if declared is None:
            return f"{where} has no type annotation, so nothing says how to read it back"
        found = _type_problem(declared, converter, seen | {cls})
        if isinstance(found, str):
            return found
        if found is not None:
            culprit, reason = found
            inner = "" if culprit is declared else f", which holds {_shown(culprit)}"
            return f"{where} is {_shown(declared)}{inner}, {reason}"
    return None


def _type_problem(
    kind: Any, converter: cattrs.Converter, seen: frozenset[Any]
) -> str | tuple[Any, str] | None:
    """Nothing if the codec carries values of ``kind``; else the type within it that it
    cannot carry and why, or what is wrong in an attrs class within it, said in full."""
    if kind in _SCALARS or kind is Code:
        return None
    if isinstance(kind, typing.NewType):
        return _type_problem(kind.__supertype__, converter, seen)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return _enum_problem(kind)
    if any(kind is bare for bare in _BARE):
        return kind, "which does not say what it holds: give its items' types"
    origin, arguments = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Annotated:
        return _type_problem(arguments[0], converter, seen)
    if origin is typing.Literal:
        return _literal_problem(kind, arguments)
    if origin in _UNIONS:
        return _union_problem(kind, arguments, converter, seen)
    if origin is tuple:
        items = arguments[:1] if len(arguments) == 2 and arguments[1] is Ellipsis else arguments
        return _first_problem(items, converter, seen)
    if origin is list:
        return _first_problem(arguments, converter, seen)
    if origin is dict:
        if arguments[0] is not str:
            return kind, "which has keys other than str, and JSON keys are text"
        return _type_problem(arguments[1], converter, seen)
    if isinstance(kind, type) and attrs.has(kind):
        return None if kind in seen else _class_problem(kind, converter, seen)
    if kind is Any or kind is object:
        return kind, "which does not say what it holds"
    return kind, "which the codec cannot carry"


def _first_problem(
    kinds: tuple[Any, ...], converter: cattrs.Converter, seen: frozenset[Any]
) -> str | tuple[Any, str] | None:
    for kind in kinds:
        found = _type_problem(kind, converter, seen)
        if found is not None:
            return found
    return None


def _enum_problem(kind: type[enum.Enum]) -> tuple[Any, str] | None:
    for member in kind:
        if type(member.value) not in _SCALARS:
            return kind, (
                f"whose member {member.name} is {type(member.value).__name__}, "
                "which JSON does not read back as it was"
            )
    return None


def _literal_problem(kind: Any, values: tuple[Any, ...]) -> tuple[Any, str] | None:
    for value in values:
        if value is not None and type(value) not in _SCALARS:
            if isinstance(value, enum.Enum) and _enum_problem(type(value)) is None:
                continue
            return kind, f"whose value {value!r} JSON does not read back as it was"
    return None


def _union_problem(
    kind: Any, members: tuple[Any, ...], converter: cattrs.Converter, seen: frozenset[Any]
) -> str | tuple[Any, str] | None:
    present = tuple(member for member in members if member is not type(None))
    found = _first_problem(present, converter, seen)
    if found is not None or len(present) == 1:
        return found
    if not all(isinstance(member, type) and attrs.has(member) for member in present):
        return kind, "which the codec cannot tell apart when reading: only attrs classes can be"
    try:
        converter.get_structure_hook(kind)
    except Exception as error:  # whatever cattrs says, the union cannot be read back
        return kind, f"which the codec cannot tell apart when reading ({error})"
    return None


def _shown(kind: Any) -> str:
    """``kind`` as it is written in an annotation, its classes by their names alone."""
    if kind is type(None):
        return "None"
    if kind is Ellipsis:
        return "..."
    if kind is Any:
        return "Any"
    if any(kind is bare for bare in _BARE):
        return kind.__qualname__ if isinstance(kind, type) else repr(kind)
    origin, arguments = typing.get_origin(kind), typing.get_args(kind)
    if origin in _UNIONS:
        return " | ".join(map(_shown, arguments))
    if origin is typing.Literal:
        return f"Literal[{', '.join(map(repr, arguments))}]"
    if origin is not None:
        return f"{_shown(origin)}[{', '.join(map(_shown, arguments)) or '()'}]"
    return kind.__qualname__ if isinstance(kind, type) else repr(kind)
