"""The service's checks of what its callers pass: a wrong type is a ``TypeError``, a wrong
value a ``ValueError``, each naming the argument, and both raised before the store is
touched."""

from __future__ import annotations

from typing import cast

from mastermind.domain import Code
from mastermind.domain.code import items_of, names_of
from mastermind.service._errors import GameNotFound

__all__ = ["MAX_IDEMPOTENCY_KEY", "check_idempotency_key"]

MAX_IDEMPOTENCY_KEY = 255
"""The longest idempotency key, in characters: room for any UUID or hash a client sends."""

TypedCode = Code | str | tuple[str, ...]
"""A code as a caller gives it: a code, text as a person types it, or names peg by peg."""


def check_idempotency_key(key: object) -> str | None:
    """``key``, if it can name a request: ``None``, or 1 to :data:`MAX_IDEMPOTENCY_KEY`
    printable characters, such as a fresh UUID. The HTTP API holds its
    ``Idempotency-Key`` header to this rule too, so that a key one way in takes is a key
    every other takes.

    Raises:
        TypeError: ``key`` is neither a str nor ``None``.
        ValueError: ``key`` is empty, too long, or holds a character that cannot be
            shown, such as NUL or a line break.
    """
    if key is None:
        return None
    if not isinstance(key, str):
        raise TypeError(f"idempotency_key must be a str or None, not {type(key).__name__}")
    if not 0 < len(key) <= MAX_IDEMPOTENCY_KEY or not key.isprintable():
        raise ValueError(
            f"idempotency_key must hold 1 to {MAX_IDEMPOTENCY_KEY} printable characters, "
            f"such as a fresh UUID for each request, not {len(key)} characters"
            + ("" if key.isprintable() else " with one that cannot be shown")
        )
    return key


def check_new_game_id(game_id: object) -> str | None:
    """``game_id`` for a game about to start: ``None`` to have one made, or printable text.

    Raises:
        TypeError: ``game_id`` is neither a str nor ``None``.
        ValueError: ``game_id`` is empty or holds a character that cannot be shown.
    """
    if game_id is None:
        return None
    if not isinstance(game_id, str):
        raise TypeError(f"game_id must be a str or None, not {type(game_id).__name__}")
    if not game_id or not game_id.isprintable():
        raise ValueError(f"game_id must be printable text, not {game_id!r}")
    return game_id


def check_str(value: object, argument: str) -> str:
    """``value``, when it is a str.

    Raises:
        TypeError: ``value`` is anything else.
    """
    if not isinstance(value, str):
        raise TypeError(f"{argument} must be a str, not {type(value).__name__}")
    return value


def check_game_id(game_id: object) -> str:
    """``game_id`` for a game that may exist.

    An id no game can have, empty or holding a character that cannot be shown, names no
    game: it is not found, without asking the store, which each kind of store would
    answer in its own way.

    Raises:
        TypeError: ``game_id`` is not a str.
        GameNotFound: no game can have this id.
    """
    checked = check_str(game_id, "game_id")
    if not checked or not checked.isprintable():
        raise GameNotFound(checked)
    return checked


def check_typed_code(value: object, argument: str) -> TypedCode:
    """``value`` as a code may be given: a :class:`Code`, a str to read, or colour names
    or initials, one a peg, gathered into a tuple so that a generator is read only once.

    Raises:
        TypeError: ``value`` is none of these, or holds something besides str.
    """
    if isinstance(value, Code | str):
        return value
    return names_of(value, argument, "a Code, a str or a sequence of colour names")


def check_optional_str(value: object, argument: str) -> str | None:
    """``value``, when it is a str or ``None``.

    Raises:
        TypeError: ``value`` is anything else.
    """
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{argument} must be a str or None, not {type(value).__name__}")
    return value


def check_palette(value: object) -> tuple[str, ...]:
    """The colours of ``value``, a collection. They should be names; whether they are,
    the rules judge, so that a palette is refused the same way by every way in.

    Raises:
        TypeError: ``value`` is no collection, or is bytes.
    """
    return cast(tuple[str, ...], items_of(value, "available_pegs", "a sequence of colour names"))


def check_position(value: object, argument: str) -> int | None:
    """``value``, when it is a whole number or ``None``; ``bool`` is not a number here.

    Raises:
        TypeError: ``value`` is anything else.
    """
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise TypeError(f"{argument} must be an int or None, not {type(value).__name__}")
    return value
