"""Text and numbers that every store keeps alike, checked as each record is written.

PostgreSQL's ``jsonb`` refuses NUL, lone surrogates, NaN and the infinities, which SQLite
and the memory store would keep: the codec refuses them before any store is asked, so
that an event one store keeps, every store keeps.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

__all__ = ["has_unkeepable_escape", "refuse_unkeepable", "text_problem"]


def text_problem(text: str) -> str | None:
    """What in ``text`` some store cannot keep, if anything: PostgreSQL keeps neither NUL
    nor a lone surrogate, in text or in JSON."""
    if "\x00" in text:
        return "holds a NUL character (\\x00)"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return f"holds a lone surrogate (U+{ord(text[error.start]):04X})"
    return None


_ESCAPE = re.compile(
    r"\\(?:ud[89ab][0-9a-f]{2}\\ud[c-f][0-9a-f]{2}|(u0000|ud[89a-f][0-9a-f]{2})|.)"
)
"""An escape in JSON text, read from its backslash: a surrogate pair, which is an escaped
character above U+FFFF; NUL or a surrogate alone, caught as a group; or any other. Read
one after the other, they tell the text ``\\u0000`` apart from NUL."""


def has_unkeepable_escape(json_text: str) -> bool:
    """Whether ``json_text``, written with every character outside ASCII escaped, holds
    NUL or a lone surrogate."""
    return _escape_problem(json_text) is not None


def _escape_problem(json_text: str) -> str | None:
    for escape in _ESCAPE.finditer(json_text):
        found = escape.group(1)
        if found == "u0000":
            return "holds a NUL character (\\x00)"
        if found:
            return f"holds a lone surrogate (U+{found[1:].upper()})"
    return None


def _data_text_problem(text: str) -> str | None:
    """What some store cannot keep of ``text`` in a record's JSON: NUL or a lone
    surrogate. Two surrogates that make a pair are read back as the one character they
    stand for, by every store alike."""
    if text.isascii() and "\x00" not in text:
        return None
    return _escape_problem(json.encoder.encode_basestring_ascii(text))


def refuse_unkeepable(type_name: str, data: Any) -> None:
    """Raise if the unstructured ``data`` of an event holds what some store cannot keep.

    The codec asks only when the JSON of ``data`` shows signs of it, so this may find
    nothing: text that merely spells ``NaN`` is fine.

    Raises:
        ValueError: text holds NUL or a lone surrogate, or a number is NaN or infinite;
            the error names the event type and the field.
    """
    found = _unkeepable(data)
    if found is not None:
        problem, path = found
        raise ValueError(
            f"{type_name}{''.join(reversed(path))} {problem}, which PostgreSQL cannot store: "
            "no store takes it, so that every store keeps the same events"
        )


def _unkeepable(value: Any) -> tuple[str, list[str]] | None:
    """What ``value`` holds that some store cannot keep, and where, as the steps of the
    path to it from the last; the path is only spelled out for what is found."""
    if isinstance(value, str):
        problem = _data_text_problem(value)
        return None if problem is None else (problem, [])
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str):
                problem = _data_text_problem(key)
                if problem is not None:
                    return f"has a key that {problem}", [f"[{key!r}]"]
            found = _unkeepable(item)
            if found is not None:
                found[1].append(f".{key}")
                return found
    elif isinstance(value, (list, tuple)):  # not list | tuple: a union made at every call
        for index, item in enumerate(value):
            found = _unkeepable(item)
            if found is not None:
                found[1].append(f"[{index}]")
                return found
    elif isinstance(value, float) and not math.isfinite(value):
        return f"is the number {value}", []
    return None
