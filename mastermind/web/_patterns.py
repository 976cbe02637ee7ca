"""Patterns of text that the rules allow, for the OpenAPI document: Python's idea of a
printable character, written out as the ranges of a regular expression's class."""

from __future__ import annotations

import functools
import re

__all__ = ["printable"]


@functools.cache
def printable(excluded: str = "") -> str:
    """A regular expression's class of the characters Python deems printable, less those
    of the class ``excluded``: their ranges, each written as its two ends, for a JSON
    Schema ``pattern`` as ``f"^[{printable()}]+$"``.

    Only planes 0 to 3 and 14 hold printable characters: 4 to 13 are unassigned, 15 and
    16 for private use.
    """
    text, printables = _printables()
    kept = bytearray(printables)
    for refused in re.finditer(f"[{excluded}]", text) if excluded else ():
        kept[refused.start()] = 0
    written = []
    for run in re.finditer(b"\x01+", kept):
        start, end = _code(run.start()), _code(run.end() - 1)
        written.append(_literal(start) if start == end else f"{_literal(start)}-{_literal(end)}")
    return "".join(written)


@functools.cache
def _printables() -> tuple[str, bytes]:
    """The characters of planes 0 to 3 and 14, and whether each is printable."""
    text = "".join(map(chr, range(_PLANE_4))) + "".join(map(chr, range(*_PLANE_14)))
    return text, bytes(map(str.isprintable, text))


_PLANE_4 = 0x40000
_PLANE_14 = (0xE0000, 0xF0000)


def _code(index: int) -> int:
    return index if index < _PLANE_4 else index - _PLANE_4 + _PLANE_14[0]


def _literal(code: int) -> str:
    character = chr(code)
    return "\\" + character if character in "\\]^-[" else character
