"""Upcasters: the steps that carry a type's stored data from one schema version to the next,
Mastermind's own steps, and the rule that a codec of Mastermind's events reads them with
those steps."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["Upcasters", "mastermind_upcasters"]

JSONObject = dict[str, Any]
Upcast = Callable[[JSONObject], JSONObject]

START_FROM_MASTERMINDS = "start from mastermind.store.mastermind_upcasters()"


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

    @upcasters.register("GameStarted", from_version=2)
    def every_code_maker_was_the_computer(data: JSONObject) -> JSONObject:
        # Before version 3 only the computer made codes.
        return {"maker": {"kind": "computer", "name": None, "allows_hints": True}, **data}

    @upcasters.register("GameStarted", from_version=3)
    def every_game_was_classic(data: JSONObject) -> JSONObject:
        # Before version 4 every game was the classic game, of its own size and palette.
        recorded = dict(data)
        secret, attempts = recorded.get("secret"), recorded.pop("total_attempts", None)
        symbols, unique = recorded.pop("available_pegs", None), recorded.pop("unique", False)
        pegs = secret.get("pegs") if isinstance(secret, dict) else None
        recorded["rules"] = {
            "length": len(pegs) if isinstance(pegs, list) else 0,
            "symbols": symbols,
            "attempts": attempts,
            "repeats": unique is not True,
            "blanks": False,
            "answer": "black-and-white",
        }
        return recorded

    @upcasters.register("GameLost", from_version=1)
    def no_game_was_called_off(data: JSONObject) -> JSONObject:
        # Before version 2 no code maker could end a game.
        return {"called_off": False, **data}

    return upcasters


def with_masterminds_steps(
    event_types: Mapping[str, type[Any]],
    upcasters: Upcasters | None,
    masterminds: Mapping[str, type[Any]],
) -> Upcasters:
    """The upcasters a codec of ``event_types`` reads with, so that it writes and reads
    Mastermind's events at the schema versions every codec of them does.

    ``masterminds`` names Mastermind's event classes. Where ``event_types`` holds some of
    them under those names and ``upcasters`` has no step for any of them, the answer is a
    copy of ``upcasters`` with Mastermind's steps for them added; ``upcasters`` itself is
    left as it is.

    Raises:
        ValueError: one of Mastermind's classes is under another name, or ``upcasters``
            has steps for Mastermind's events without all of Mastermind's own.
    """
    standard_names = {cls: name for name, cls in masterminds.items()}
    for name, cls in event_types.items():
        standard = standard_names.get(cls)
        if standard is not None and name != standard:
            raise ValueError(
                f"{cls.__name__} is one of Mastermind's events, which are stored under their "
                f"own names: give it as {standard!r}, not {name!r}, and {START_FROM_MASTERMINDS}"
            )
    kept = {name for name, cls in event_types.items() if masterminds.get(name) is cls}
    own = mastermind_upcasters()._steps
    needed = {step: own[step] for step in own if step[0] in kept}
    given = upcasters if upcasters is not None else Upcasters()
    theirs = {step for step in given._steps if step[0] in kept}
    if not theirs:
        merged = Upcasters()
        merged._steps = {**given._steps, **needed}
        return merged
    missing = sorted(set(needed) - theirs)
    if missing:
        lacking = ", ".join(f"{name} from version {version}" for name, version in missing)
        raise ValueError(
            "Upcasters for Mastermind's events must include its own, and these have none "
            f"for {lacking}: {START_FROM_MASTERMINDS}"
        )
    return given
