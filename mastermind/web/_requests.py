"""Reading request bodies: size-limited, JSON only, checked field by field."""

from __future__ import annotations

import functools
import json
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

import attrs
from msgspec import UnsetType
from starlette.requests import Request

from mastermind.service import MAX_IDEMPOTENCY_KEY, check_idempotency_key
from mastermind.web._bodies import MAX_GAME_ID
from mastermind.web._problems import Problem

__all__ = [
    "MAX_BODY_BYTES",
    "boolean",
    "game_id_of",
    "idempotency_key_of",
    "integer",
    "only_fields",
    "optional_text",
    "read_as",
    "read_body",
    "read_json",
    "strings",
]

T = TypeVar("T", bound=attrs.AttrsInstance)

MAX_BODY_BYTES = 16 * 1024
"""The largest request body read; larger ones get 413 before their end is read."""


async def read_json(request: Request, *, required: bool) -> dict[str, Any] | None:
    """The request's JSON object, or ``None`` for an empty body that may be left out.

    Raises:
        Problem: 413 for a body too large, 415 for one that is not JSON, 422 for JSON
            that does not parse or is not an object.
    """
    body = await read_body(request)
    if not body.strip() and not required:
        return None
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "application/json" and not (
        media_type.startswith("application/") and media_type.endswith("+json")
    ):
        raise Problem(
            415,
            "UnsupportedMediaType",
            f"Send the body as application/json, not {media_type or 'without a content type'}.",
            headers={"Accept-Post": "application/json"},
        )
    try:
        document = _DECODER.decode(body.decode("utf-8"))
        _check_strings(document)
    except (ValueError, RecursionError) as error:
        raise Problem(
            422, "MalformedJson", f"The body is not valid JSON: {_reason(error)}"
        ) from None
    if not isinstance(document, dict):
        raise Problem(422, "MalformedJson", "The body must be a JSON object.")
    return document


async def read_body(request: Request) -> bytes:
    """The whole body, refused with 413 as soon as it outgrows the limit.

    The declared ``Content-Length`` is checked first, then every chunk as it arrives,
    so that a chunked body cannot go beyond the limit either.
    """
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise _too_large()
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise _too_large()
        chunks.append(chunk)
    return b"".join(chunks)


def only_fields(document: Mapping[str, Any], allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(document) - set(allowed))
    if unknown:
        raise Problem(
            422,
            "UnknownField",
            f"Unknown field {', '.join(map(repr, unknown))}: send only {', '.join(allowed)}.",
            allowed_fields=list(allowed),
        )


def integer(document: Mapping[str, Any], name: str, default: int) -> int:
    """A whole number; JSON does not tell ``6`` from ``6.0``, so neither does this."""
    value = document.get(name, default)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _wrong_type(name, "a whole number", value)
    return value


def boolean(document: Mapping[str, Any], name: str, default: bool) -> bool:
    value = document.get(name, default)
    if not isinstance(value, bool):
        raise _wrong_type(name, "true or false", value)
    return value


def optional_text(document: Mapping[str, Any], name: str) -> str | None:
    value = document.get(name)
    if value is not None and not isinstance(value, str):
        raise _wrong_type(name, "a string", value)
    return value


def strings(value: Any, name: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _wrong_type(name, "a list of strings", value)
    return value


def _wrong_type(name: str, expected: str, value: Any) -> Problem:
    return Problem(
        422,
        "InvalidField",
        f"The field {name!r} must be {expected}, not {_json_type(value)}.",
        field=name,
    )


def _json_type(value: Any) -> str:
    match value:
        case None:
            return "null"
        case bool():
            return "a boolean"
        case int() | float():
            return "a number"
        case str():
            return "a string"
        case list():
            return "a list"
    return "an object"


def _too_large() -> Problem:
    return Problem(
        413,
        "BodyTooLarge",
        f"The body is larger than {MAX_BODY_BYTES} bytes.",
        max_bytes=MAX_BODY_BYTES,
    )


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


_DECODER = json.JSONDecoder(parse_constant=_no_constant)
"""``json.loads(text, parse_constant=_no_constant)``, made once rather than at every call."""


def _check_strings(value: Any) -> None:
    """Refuse lone surrogates, which no store and no UTF-8 answer can hold."""
    if isinstance(value, str):
        value.encode("utf-8")
    elif isinstance(value, list):
        for item in value:
            _check_strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_strings(key)
            _check_strings(item)


def _reason(error: BaseException) -> str:
    if isinstance(error, RecursionError):
        return "it nests too deeply."
    if isinstance(error, UnicodeError):
        return "it is not UTF-8 text."
    return f"{error}."


def read_as(kind: type[T], document: Mapping[str, Any], within: str = "") -> T:
    """``document`` as an instance of the attrs class ``kind``: each field checked against
    its annotated type; unknown fields and missing ones refused with 422. ``within`` names
    the field that holds ``document``, in a body that nests it."""
    fields = attrs.fields(kind)
    only_fields(document, tuple(field.name for field in fields))
    hints = _hints(kind)
    values = {}
    for field in fields:
        name = f"{within}.{field.name}" if within else field.name
        if field.name in document:
            values[field.name] = _read(document[field.name], hints[field.name], name)
        elif field.default is attrs.NOTHING:
            raise Problem(422, "MissingField", f"Send the field {name!r}.", field=name)
    return kind(**values)


@functools.lru_cache(maxsize=64)
def _hints(kind: type) -> dict[str, Any]:
    """The annotations of a body's class, evaluated once: evaluating them compiles each."""
    return typing.get_type_hints(kind)


_EXPECTED = {int: "a whole number", bool: "true or false", str: "a string", type(None): "null"}


def _read(value: Any, hint: Any, name: str) -> Any:
    """``value`` if it is of type ``hint``: one of int, bool, str, list[str], None, a
    Literal of strings, an attrs class read from an object, or a union of them; JSON
    does not tell ``6`` from ``6.0``, so neither does this."""
    union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    kinds = [kind for kind in typing.get_args(hint) if kind is not UnsetType] if union else [hint]
    for kind in kinds:
        if kind is int and isinstance(value, float) and value.is_integer():
            return int(value)
        if kind is int and isinstance(value, bool):
            continue
        if typing.get_origin(kind) is typing.Literal:
            if value in typing.get_args(kind):
                return value
        elif attrs.has(kind):
            if isinstance(value, dict):
                return read_as(kind, value, name)
        elif typing.get_origin(kind) is list:
            if isinstance(value, list) and all(isinstance(item, str) for item in value):
                return value
        elif isinstance(value, kind):
            return value
    raise _wrong_type(name, " or ".join(map(_expected, kinds)), value)


def _expected(kind: Any) -> str:
    if typing.get_origin(kind) is typing.Literal:
        return f"one of {', '.join(map(str, typing.get_args(kind)))}"
    if attrs.has(kind):
        return "an object"
    return _EXPECTED.get(kind, "a list of strings")


def game_id_of(request: Request) -> str:
    """The game's id in the path; one that no game could have is simply not found."""
    game_id: str = request.path_params["id"]
    if not (0 < len(game_id) <= MAX_GAME_ID and game_id.isprintable()):
        raise Problem(404, "GameNotFound", "There is no game with this id.")
    return game_id


def idempotency_key_of(request: Request) -> str | None:
    """The ``Idempotency-Key`` header: a retried request with it is answered, not redone."""
    try:
        return check_idempotency_key(request.headers.get("idempotency-key"))
    except ValueError:
        raise Problem(
            400,
            "InvalidIdempotencyKey",
            f"An Idempotency-Key holds 1 to {MAX_IDEMPOTENCY_KEY} printable characters, "
            "such as a fresh UUID for each request.",
        ) from None
