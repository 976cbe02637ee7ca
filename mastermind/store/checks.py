"""The rules every store applies to its arguments, before anything reaches its database.

A store calls these at the top of each method, so that a wrong argument is refused the
same way whatever keeps the events: ``TypeError`` for an argument of the wrong type,
``ValueError`` for a wrong value, each naming the argument, and nothing stored. A store
of your own calls them too, and then refuses what the contract,
:class:`~mastermind.testing.EventStoreContract`, expects it to refuse.

The rules are those of the strictest database a store uses. PostgreSQL keeps no NUL
character in text, and UTF-8, which every database writes, has no lone surrogate (half
of a UTF-16 pair, such as ``"\\udc80"``, which Python strings may hold): text with
either is refused everywhere, rather than accepted in memory and refused in production.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from mastermind.store._tracking import Checkpoint, Snapshot

__all__ = [
    "MAX_CATEGORY_LENGTH",
    "MAX_POSITION",
    "MAX_STREAM_ID_LENGTH",
    "MAX_VERSION",
    "check_append",
    "check_category",
    "check_checkpoint",
    "check_feed_arguments",
    "check_identifier",
    "check_load",
    "check_metadata",
    "check_names",
    "check_position",
    "check_snapshot",
    "check_stream_id",
    "check_version",
]

MAX_STREAM_ID_LENGTH = 200
"""The most characters a stream id holds: room for any id made of a few parts, such as
``daily-2025-01-31-<tag>``, and small enough for an index of every database."""

MAX_CATEGORY_LENGTH = 100
"""The most characters a category holds."""

MAX_POSITION = 2**63 - 1
"""The largest position in the feed, and the largest ``limit``: the largest integer that
SQLite and PostgreSQL keep."""

MAX_VERSION = 2**31 - 1
"""The largest version of a stream: PostgreSQL keeps versions in an ``integer`` column,
so no stream holds more events than this."""

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
"""The characters that no database keeps in text: NUL, and lone surrogates."""

_IDENTIFIER = re.compile("[A-Za-z_][A-Za-z0-9_]{0,62}")
"""A table's or a schema's name that needs no quoting, within PostgreSQL's 63 bytes."""


def check_stream_id(stream_id: object, name: str = "stream_id") -> str:
    """``stream_id``, if it is a stream id: printable text of 1 to
    :data:`MAX_STREAM_ID_LENGTH` characters. Spaces are printable; tabs, line breaks,
    NUL and lone surrogates are not.

    ``name`` is the argument's name in the errors, for ids of other things, such as the
    name of a checkpoint, that follow the same rules.

    Raises:
        TypeError: it is not a ``str``.
        ValueError: it is empty, too long, or holds a character that is not printable.
    """
    if not isinstance(stream_id, str):
        raise TypeError(f"{name} must be a str, not {_kind(stream_id)}")
    if not stream_id:
        raise ValueError(f"{name} must not be empty")
    if len(stream_id) > MAX_STREAM_ID_LENGTH:
        raise ValueError(
            f"{name} must be at most {MAX_STREAM_ID_LENGTH} characters, not {len(stream_id)}"
        )
    _check_printable(name, stream_id)
    return stream_id


def check_category(category: object) -> str:
    """``category``, if it is a category: printable text of at most
    :data:`MAX_CATEGORY_LENGTH` characters. The empty category is the default one.

    Raises:
        TypeError: it is not a ``str``.
        ValueError: it is too long, or holds a character that is not printable.
    """
    if not isinstance(category, str):
        raise TypeError(f"category must be a str, not {_kind(category)}")
    if len(category) > MAX_CATEGORY_LENGTH:
        raise ValueError(
            f"category must be at most {MAX_CATEGORY_LENGTH} characters, not {len(category)}"
        )
    _check_printable("category", category)
    return category


def check_version(name: str, value: object) -> int:
    """``value``, if it is a version: an ``int`` from 0 to :data:`MAX_VERSION`; else
    ``TypeError`` (for a ``bool`` too) or ``ValueError``, naming the argument ``name``."""
    return _check_count(name, value, 0, MAX_VERSION)


def check_position(name: str, value: object) -> int:
    """``value``, if it is a position in the feed: an ``int`` from 0 to
    :data:`MAX_POSITION`; else ``TypeError`` (for a ``bool`` too) or ``ValueError``,
    naming the argument ``name``."""
    return _check_count(name, value, 0, MAX_POSITION)


def check_metadata(metadata: object) -> dict[str, str]:
    """A copy of ``metadata``, a mapping of non-empty strings to strings; ``{}`` for
    ``None``. A value may be empty, and hold any character but NUL and lone surrogates.

    Raises:
        TypeError: it is not a mapping, or a key or a value is not a ``str``.
        ValueError: a key is empty, or a key or a value holds NUL or a lone surrogate.
    """
    if metadata is None:
        return {}
    if not isinstance(metadata, Mapping):
        raise TypeError(f"metadata must map strings to strings, not be a {_kind(metadata)}")
    kept: dict[str, str] = {}
    for key, value in metadata.items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise TypeError(
                f"metadata must map strings to strings, not {_kind(key)} to {_kind(value)}"
            )
        if not key:
            raise ValueError("metadata must not have an empty key")
        # Searched first, so that the words of a refusal are written only for one.
        if _UNSTORABLE.search(key):
            _check_storable("metadata", key, f"key {_shown(key)}")
        if _UNSTORABLE.search(value):
            _check_storable("metadata", value, f"the value of {_shown(key)}")
        kept[key] = value
    return kept


def check_append(
    stream_id: object, events: object, expected_version: object, metadata: object
) -> dict[str, str]:
    """Refuse wrong arguments to ``append`` alike on every store; the metadata to keep.

    ``events`` must be a sequence (a list or a tuple, not a string); the events in it are
    the codec's to refuse. ``expected_version`` is a version, as :func:`check_version`
    says, and ``metadata`` as :func:`check_metadata` says.
    """
    check_stream_id(stream_id)
    if isinstance(events, str | bytes) or not isinstance(events, Sequence):
        raise TypeError(f"events must be a sequence of events, not {_kind(events)}")
    check_version("expected_version", expected_version)
    return check_metadata(metadata)


def check_load(stream_id: object, category: object, after_version: object) -> None:
    """Refuse wrong arguments to ``load``: a stream id, a category or ``None``, and a
    version to read after."""
    check_stream_id(stream_id)
    if category is not None:
        check_category(category)
    check_version("after_version", after_version)


def check_feed_arguments(after_position: object, limit: object) -> None:
    """Refuse wrong arguments to ``read_all``: ``after_position`` is a position, and
    ``limit`` an ``int`` from 1 to :data:`MAX_POSITION`."""
    check_position("after_position", after_position)
    _check_count("limit", limit, 1, MAX_POSITION)


def check_names(name: str, values: object) -> frozenset[str] | None:
    """The names in ``values``, a collection of category or event type names that
    filters the feed; ``None`` for ``None``, which filters nothing. An empty collection
    matches nothing. ``name`` is the argument's name in the errors. Of ``categories``,
    the empty name is the default category; any other empty name is refused.

    Raises:
        TypeError: it is a ``str`` (which would be read as its characters), is not
            iterable, or holds something else than strings.
        ValueError: a name is empty, or holds NUL or a lone surrogate.
    """
    if values is None:
        return None
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a collection of names, not {_kind(values)}")
    names: list[str] = []
    for value in values:
        if not isinstance(value, str):
            raise TypeError(f"{name} must hold names as str, not {_kind(value)}")
        if not value and name != "categories":
            raise ValueError(f"{name} must not hold an empty name")
        _check_storable(name, value, f"the name {_shown(value)}")
        names.append(value)
    return frozenset(names)


def check_identifier(name: str, value: object) -> str:
    """``value``, if it is the name of a table or a schema: a letter or ``_`` and up to
    62 more letters, digits or ``_``, which no database needs quoted.

    Raises:
        TypeError: it is not a ``str``.
        ValueError: it is anything else.
    """
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {_kind(value)}")
    if not _IDENTIFIER.fullmatch(value):
        raise ValueError(
            f"{name} must be a letter or _ then up to 62 letters, digits or _, not {_shown(value)}"
        )
    return value


def check_checkpoint(checkpoint: object, expected_position: object) -> None:
    """Refuse wrong arguments to ``save_checkpoint``: a
    :class:`~mastermind.store.Checkpoint` whose name follows the rules of stream ids,
    whose position is a position and whose state is ``None`` or text without NUL or
    lone surrogates; and an ``expected_position`` that is ``None`` or a position."""
    if not isinstance(checkpoint, Checkpoint):
        raise TypeError(f"checkpoint must be a Checkpoint, not {_kind(checkpoint)}")
    check_stream_id(checkpoint.name, "checkpoint.name")
    check_position("checkpoint.position", checkpoint.position)
    if checkpoint.state is not None:
        _check_text("checkpoint.state", checkpoint.state)
    if expected_position is not None:
        check_position("expected_position", expected_position)


def check_snapshot(snapshot: object) -> None:
    """Refuse a wrong argument to ``save_snapshot``: a
    :class:`~mastermind.store.Snapshot` of a stream id, a version, a non-empty ``kind``,
    and a ``state`` of text, both without NUL or lone surrogates."""
    if not isinstance(snapshot, Snapshot):
        raise TypeError(f"snapshot must be a Snapshot, not {_kind(snapshot)}")
    check_stream_id(snapshot.stream_id, "snapshot.stream_id")
    check_version("snapshot.version", snapshot.version)
    if not _check_text("snapshot.kind", snapshot.kind):
        raise ValueError("snapshot.kind must not be empty")
    _check_text("snapshot.state", snapshot.state)


def _check_text(name: str, text: object) -> str:
    """``text``, if it is a ``str`` that every database keeps."""
    if not isinstance(text, str):
        raise TypeError(f"{name} must be a str, not {_kind(text)}")
    _check_storable(name, text)
    return text


def _check_count(name: str, value: object, least: int, most: int) -> int:
    # bool is an int, but True is no version: it is a mistake every time.
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not {_kind(value)}")
    if value < least:
        raise ValueError(f"{name} must be at least {least}, not {_number(value)}")
    if value > most:
        raise ValueError(f"{name} must be at most {most}, not {_number(value)}")
    return value


def _check_printable(name: str, text: str) -> None:
    if text.isprintable():  # the common case, answered at C speed
        return
    _check_storable(name, text)
    index, character = next((i, c) for i, c in enumerate(text) if not c.isprintable())
    raise ValueError(
        f"{name} must be printable, and {_code_point(character)} at index {index} is not"
    )


def _check_storable(name: str, text: str, where: str = "") -> None:
    found = _UNSTORABLE.search(text)
    if found is None:
        return
    character = found.group()
    what = "the character NUL" if character == "\x00" else "a lone surrogate"
    place = f"in {where}, " if where else ""
    raise ValueError(
        f"{name} must not hold {what}: {_code_point(character)} {place}at index {found.start()}"
    )


def _code_point(character: str) -> str:
    return f"U+{ord(character):04X}"


def _kind(value: object) -> str:
    return type(value).__name__


def _shown(text: str) -> str:
    """``text`` quoted for an error message, cut short: it may be a megabyte."""
    return repr(text) if len(text) <= 40 else f"{text[:40]!r}..."


def _number(value: int) -> str:
    """``value`` for an error message; a huge one by its size, since Python refuses to
    write out an int of more than 4,300 digits."""
    return str(value) if value.bit_length() <= 256 else f"a number of {value.bit_length()} bits"
