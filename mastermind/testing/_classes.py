"""Strategies for events and commands of your own: attrs classes drawn field by field from
their annotations.

Re-exported by :mod:`mastermind.testing.strategies`, which documents them.
"""

from __future__ import annotations

import enum
import sys
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

import attrs
from hypothesis import reject
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

__all__ = ["commands_of", "events_of", "instances", "storable_text"]

T = TypeVar("T")

_Building = Mapping[type[Any], list[st.SearchStrategy[Any]]]
"""The attrs classes whose strategies are being built, each with its strategy once built."""


def storable_text(*, min_size: int = 0, max_size: int | None = None) -> st.SearchStrategy[str]:
    """Text that every store keeps as it is: no NUL character, which PostgreSQL refuses,
    and no lone surrogate, which no UTF-8 can encode."""
    return st.text(
        st.characters(exclude_categories=["Cs"], exclude_characters="\x00"),
        min_size=min_size,
        max_size=max_size,
    )


def instances(cls: type[T], /, **fields: st.SearchStrategy[Any]) -> st.SearchStrategy[T]:
    """Instances of the attrs class ``cls``, each field drawn from its annotation, or from
    the strategy given for it by name, as in ``instances(Deposit, amount=st.integers(1, 99))``.

    The annotations drawn are those an ``EventCodec`` keeps: ``str`` (as
    :func:`storable_text`), ``int``, ``bool``, ``float`` (finite, as JSON has no NaN and
    NaN equals nothing, itself included), ``None``, ``tuple``, ``list``, ``dict``,
    ``Literal``, enums, ``X | None`` and attrs classes, drawn the same way. Any other
    union draws each of its members, though the codec reads back only unions of attrs
    classes. Any other type is drawn as Hypothesis's ``from_type`` draws it, which may
    be nothing a store keeps: give such a field a strategy of its own.

    Every field that ``__init__`` takes is drawn, those with defaults too. Values that
    the class refuses with ``ValueError``, as its validators do, are drawn again.

    Raises:
        InvalidArgument: ``cls`` is no attrs class, a name given is none of its fields, a
            strategy given is none, or a field's type cannot be drawn. A ``TypeError``.
    """
    return _instances(cls, fields, {})


def events_of(*classes: type[Any], **fields: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Events of any of ``classes``, attrs classes, each drawn by :func:`instances`.

    A strategy given for a field by name draws that field in every class that has it:
    ``events_of(Deposited, Withdrawn, account_id=st.just("acc-1"))`` draws events of one
    account.

    Raises:
        InvalidArgument: no class is given, one is no attrs class, or a name given is a
            field of none of them.
    """
    return _one_of_classes("events_of", classes, fields)


def commands_of(*classes: type[Any], **fields: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Commands of any of ``classes``, attrs classes, drawn as :func:`events_of` draws events.

    Raises:
        InvalidArgument: no class is given, one is no attrs class, or a name given is a
            field of none of them.
    """
    return _one_of_classes("commands_of", classes, fields)


def _one_of_classes(
    caller: str, classes: tuple[type[Any], ...], fields: Mapping[str, st.SearchStrategy[Any]]
) -> st.SearchStrategy[Any]:
    if not classes:
        raise InvalidArgument(f"{caller} needs at least one attrs class")
    for cls in classes:
        _check_attrs_class(cls)
    names = {name for cls in classes for name in _drawn_fields(cls)}
    unknown = sorted(set(fields) - names)
    if unknown:
        raise InvalidArgument(
            f"{', '.join(unknown)} is a field of none of"
            f" {', '.join(cls.__name__ for cls in classes)}"
        )
    return st.one_of(
        *(
            _instances(
                cls,
                {name: fields[name] for name in fields if name in _drawn_fields(cls)},
                {},
            )
            for cls in classes
        )
    )


def _instances(
    cls: type[T], fields: Mapping[str, st.SearchStrategy[Any]], building: _Building
) -> st.SearchStrategy[T]:
    _check_attrs_class(cls)
    drawn = _drawn_fields(cls)
    unknown = sorted(set(fields) - set(drawn))
    if unknown:
        known = ", ".join(drawn) or "none"
        raise InvalidArgument(
            f"{cls.__name__} has no field {', '.join(unknown)} to draw; its fields are {known}"
        )
    for name, strategy in fields.items():
        if not isinstance(strategy, st.SearchStrategy):
            raise InvalidArgument(
                f"the strategy for {cls.__name__}.{name} must be a strategy, not"
                f" {type(strategy).__name__}: st.just({strategy!r}) draws that value alone"
            )
    hints = _type_hints(cls)
    built: list[st.SearchStrategy[Any]] = []
    inner = {**building, cls: built}
    strategies = {
        name: fields[name] if name in fields else _for_field(cls, name, field, hints, inner)
        for name, field in drawn.items()
    }
    strategy = st.fixed_dictionaries(strategies).map(lambda values: _made(cls, values))
    built.append(strategy)
    return strategy


def _made(cls: type[T], values: dict[str, Any]) -> T:
    try:
        return cls(**values)
    except ValueError:
        # The class's validators refuse these values: the drawing is thrown away.
        reject()


def _for_field(
    cls: type[Any],
    name: str,
    field: attrs.Attribute[Any],
    hints: Mapping[str, Any],
    building: _Building,
) -> st.SearchStrategy[Any]:
    """The strategy for the field that ``cls.__init__`` takes as ``name``."""
    hint = hints.get(field.name, field.type)
    if hint is None:
        raise InvalidArgument(
            f"{cls.__name__}.{name} has no annotation to draw it from: give it a strategy of"
            f" its own, {name}=..."
        )
    if isinstance(hint, str):
        hint = _evaluated(cls, hint)
        if hint is None:
            raise InvalidArgument(
                f"{cls.__name__}.{name} is annotated {field.type!r}, which names nothing"
                f" {cls.__module__} holds: give it a strategy of its own, {name}=..."
            )
    try:
        return _for_hint(hint, building)
    except _NoStrategy as error:
        raise InvalidArgument(
            f"Cannot draw {cls.__name__}.{name}, of type {error.type_name}: {error.reason}."
            f" Give it a strategy of its own, {name}=..."
        ) from None


class _NoStrategy(Exception):
    """Hypothesis knows no strategy for a type within a field's annotation."""

    def __init__(self, hint: Any, reason: str) -> None:
        super().__init__(reason)
        self.type_name = hint.__name__ if isinstance(hint, type) else repr(hint)
        self.reason = reason


def _for_hint(hint: Any, building: _Building) -> st.SearchStrategy[Any]:
    """The strategy for a field annotated ``hint``, or for a part of its annotation."""
    exact = _EXACT.get(hint) if isinstance(hint, type) else None
    if exact is not None:
        return exact
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Annotated:
        return _for_hint(arguments[0], building)
    if origin is typing.Literal:
        return st.sampled_from(arguments)
    if origin is typing.Union or origin is types.UnionType:
        return st.one_of(*(_for_hint(kind, building) for kind in arguments))
    if origin is tuple and arguments:
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            return st.lists(_for_hint(arguments[0], building)).map(tuple)
        return st.tuples(*(_for_hint(kind, building) for kind in arguments))
    if origin is list and arguments:
        return st.lists(_for_hint(arguments[0], building))
    if origin is dict and arguments:
        keys, values = (_for_hint(kind, building) for kind in arguments)
        return st.dictionaries(keys, values)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from(hint)
    if isinstance(hint, type) and attrs.has(hint):
        if hint in building:
            # A class that holds itself, as a tree holds its branches: the strategy being
            # built for it, once it is.
            built = building[hint]
            return st.deferred(lambda: built[0])
        return _instances(hint, {}, building)
    supertype = getattr(hint, "__supertype__", None)  # a NewType
    if supertype is not None:
        return _for_hint(supertype, building)
    return _from_type(hint)


def _from_type(hint: Any) -> st.SearchStrategy[Any]:
    strategy = st.from_type(hint)
    try:
        strategy.validate()  # now, rather than at the first drawing, far from the class
    except InvalidArgument as error:
        raise _NoStrategy(hint, str(error)) from None
    return strategy


_EXACT: dict[Any, st.SearchStrategy[Any]] = {
    str: storable_text(),
    bool: st.booleans(),
    int: st.integers(),
    float: st.floats(allow_nan=False, allow_infinity=False),
    type(None): st.none(),
}


def _check_attrs_class(cls: object) -> None:
    if not (isinstance(cls, type) and attrs.has(cls)):
        raise InvalidArgument(f"{cls!r} is no attrs class: only attrs classes are drawn")


def _drawn_fields(cls: type[Any]) -> dict[str, attrs.Attribute[Any]]:
    """The fields ``__init__`` takes, by the names it takes them under: a field
    ``_balance`` is taken as ``balance``."""
    return {field.alias or field.name: field for field in attrs.fields(cls) if field.init}


def _type_hints(cls: type[Any]) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls, include_extras=True)
    except Exception:  # a hint that names what its module cannot find: read field by field
        return {}


def _evaluated(cls: type[Any], annotation: str) -> Any:
    """The type an annotation written as text names in its module, or ``None``.

    ``typing.get_type_hints`` gives up on a whole class when one of its annotations names
    a class defined within a function; the others are still read, one by one, as it
    would read them.
    """
    module = sys.modules.get(cls.__module__)
    namespace = {**vars(module)} if module is not None else {}
    namespace.setdefault(cls.__name__, cls)
    try:
        return eval(annotation, namespace)
    except Exception:
        return None
