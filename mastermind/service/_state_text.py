"""What names a state's shape, and how a state is written as text when nothing else says.

A snapshot's kind is a digest of the state type's shape, so that a snapshot written by a
program whose state had other fields is never read as the state of this one.
"""

from __future__ import annotations

import enum
import hashlib
import json
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import cattrs

__all__ = ["json_text", "kind_of"]

TAG = "_type"
"""The key under which a state of a union of classes says which class it is."""


def kind_of(state_type: Any, version: int) -> str:
    """A short name of the type, its version, and a digest of its shape."""
    shape = _shape(state_type, frozenset())
    digest = hashlib.sha256(f"{shape}@{version}".encode()).hexdigest()[:16]
    label = _label(state_type)
    if len(label) > 80:
        label = label[:77] + "..."
    return f"{label}@{version}:{digest}"


def _shape(kind: Any, seen: frozenset[type]) -> str:
    """Everything about a type that decides how its values are written: names, fields
    and their types, members of enums, all the way down."""
    if _is_class(kind):
        name = _name(kind)
        if kind in seen:
            return name
        hints = _hints(kind)
        fields = ", ".join(
            f"{field.name}: {_shape(hints.get(field.name, field.type), seen | {kind})}"
            for field in attrs.fields(kind)
        )
        return f"{name}({fields})"
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        members = ", ".join(f"{member.name}={member.value!r}" for member in kind)
        return f"{_name(kind)}{{{members}}}"
    origin = typing.get_origin(kind)
    if origin is not None:
        if origin is typing.Literal:
            return f"Literal[{', '.join(map(repr, typing.get_args(kind)))}]"
        arguments = ", ".join(
            "..." if argument is Ellipsis else _shape(argument, seen)
            for argument in typing.get_args(kind)
        )
        return f"{_origin_name(origin)}[{arguments}]"
    if isinstance(kind, type):
        return _name(kind)
    return repr(kind)


def _label(kind: Any) -> str:
    """The type as a person would write it, without modules or fields."""
    origin = typing.get_origin(kind)
    if origin is None:
        return kind.__qualname__ if isinstance(kind, type) else repr(kind)
    arguments = [
        "..." if argument is Ellipsis else _label(argument) for argument in typing.get_args(kind)
    ]
    if _is_union(kind):
        return " | ".join(arguments)
    return f"{_label(origin)}[{', '.join(arguments)}]"


def _hints(kind: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(kind)
    except Exception:  # a name the class's module does not define: keep the text
        return {}


def _name(kind: type) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"


def _origin_name(origin: Any) -> str:
    if origin is types.UnionType or origin is typing.Union:
        return "Union"
    return _name(origin) if isinstance(origin, type) else repr(origin)


def _is_union(kind: Any) -> bool:
    origin = typing.get_origin(kind)
    return origin is types.UnionType or origin is typing.Union


def json_text(state_type: Any) -> tuple[Callable[[Any], str], Callable[[str], Any]]:
    """A state of ``state_type`` as compact JSON, written and read by ``cattrs``.

    JSON's escapes keep the text to ASCII, which every store keeps, whatever the state
    holds.
    """
    converter = cattrs.Converter(forbid_extra_keys=True)
    for union in _unions_of_classes(state_type, set()):
        _tag_union(converter, union)

    def write(state: Any) -> str:
        return json.dumps(converter.unstructure(state, state_type), separators=(",", ":"))

    def read(text: str) -> Any:
        return converter.structure(json.loads(text), state_type)

    return write, read


def _unions_of_classes(kind: Any, seen: set[Any]) -> Iterator[Any]:
    """The unions of two classes or more within ``kind``, at any depth, which ``cattrs``
    cannot tell apart by their fields alone."""
    if kind in seen:
        return
    seen.add(kind)
    if _is_class(kind):
        hints = _hints(kind)
        for field in attrs.fields(kind):
            yield from _unions_of_classes(hints.get(field.name, field.type), seen)
        return
    arguments = typing.get_args(kind)
    classes = [argument for argument in arguments if argument is not type(None)]
    if _is_union(kind) and len(classes) >= 2 and all(map(_is_class, classes)):
        yield kind
    for argument in arguments:
        yield from _unions_of_classes(argument, seen)


def _is_class(kind: Any) -> bool:
    return isinstance(kind, type) and attrs.has(kind)


def _tag_union(converter: cattrs.Converter, union: Any) -> None:
    """Write a value of ``union`` with the name of its class beside its fields."""
    members = typing.get_args(union)
    classes = [member for member in members if member is not type(None)]
    short = [member.__qualname__ for member in classes]
    tags = short if len(set(short)) == len(short) else [_name(member) for member in classes]
    by_tag = dict(zip(tags, classes, strict=True))
    tag_of = dict(zip(classes, tags, strict=True))

    def unstructure(value: Any) -> Any:
        if value is None:
            return None
        kind = type(value)
        return {TAG: tag_of[kind], **converter.unstructure(value, kind)}

    def structure(data: Any, _: Any) -> Any:
        if data is None and type(None) in members:
            return None
        fields = dict(data)
        kind = by_tag[fields.pop(TAG)]
        return converter.structure(fields, kind)

    converter.register_unstructure_hook_func(lambda kind: kind == union, unstructure)
    converter.register_structure_hook_func(lambda kind: kind == union, structure)
