"""A snapshot policy names the state's shape as its kind, writes the state as JSON by
default, and refuses what it cannot use before any runner starts."""

from __future__ import annotations

import enum
import json
import subprocess
import sys
from typing import Any, Literal

import attrs
import pytest
from hypothesis import given

from mastermind.domain import BoardSoFar, GameError, Lost, State, Won, board_view, decider
from mastermind.service import CommandRunner, SnapshotPolicy
from mastermind.store import InMemoryEventStore
from mastermind.testing.strategies import games
from tests.service.snapshot_stores import Tally, tally

PLAYING = decider.with_view(board_view)
PlayingState = tuple[State, BoardSoFar]


@attrs.frozen
class Node:
    """A state that holds states of its own kind."""

    name: str
    children: tuple[Node, ...] = ()


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


def as_if(like: type, changed: Any) -> Any:
    """``changed``, named as ``like`` is: the same class, as another version has it."""
    changed.__module__, changed.__qualname__ = like.__module__, like.__qualname__
    return changed


MoreColours = as_if(Colour, enum.Enum("Colour", {"RED": "red", "BLUE": "blue", "GREEN": "green"}))
FewerFields = as_if(Tally, attrs.make_class("Tally", {"count": attrs.field(type=int)}))


def kind(state_type: Any, version: int = 0) -> str:
    return SnapshotPolicy(1, state_type, version=version).kind


def test_the_kind_names_the_type_its_version_and_a_digest_of_its_shape() -> None:
    found = kind(PlayingState, version=2)
    label, _, digest = found.partition(":")
    assert label == "tuple[NotStarted | Started | Won | Lost, BoardSoFar]@2"
    assert len(digest) == 16
    assert int(digest, 16) >= 0


def test_the_kind_is_the_same_for_the_same_type_in_another_process() -> None:
    program = (
        "from mastermind.domain import BoardSoFar, State\n"
        "from mastermind.service import SnapshotPolicy\n"
        "print(SnapshotPolicy(1, tuple[State, BoardSoFar]).kind)\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == kind(PlayingState)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        pytest.param(Tally, FewerFields, id="a-field-less"),
        pytest.param(tuple[int, str], tuple[int, int], id="another-field-type"),
        pytest.param(Colour, MoreColours, id="an-enum-member-more"),
        pytest.param(Literal["a", "b"], Literal["a", "c"], id="another-literal"),
        pytest.param(State, State | None, id="optional"),
        pytest.param(PlayingState, tuple[State, BoardSoFar, int], id="a-part-more"),
    ],
)
def test_another_shape_is_another_kind(one: Any, other: Any) -> None:
    assert kind(one) != kind(other)


def test_another_version_is_another_kind() -> None:
    assert kind(Tally, version=1) != kind(Tally, version=0) == kind(Tally)


def test_a_change_deep_inside_the_state_changes_its_kind() -> None:
    def board(**row_fields: Any) -> Any:
        row: Any = attrs.make_class("Row", row_fields, frozen=True)
        return attrs.make_class("Board", {"rows": attrs.field(type=tuple[row, ...])}, frozen=True)

    before = board(guess=attrs.field(type=str))
    after = as_if(before, board(guess=attrs.field(type=str), hint=attrs.field(type=bool)))
    assert kind(before).partition(":")[0] == kind(after).partition(":")[0] == "Board@0"
    assert kind(before) != kind(after)


def test_a_state_that_holds_its_own_kind_has_a_kind_and_reads_back() -> None:
    policy = SnapshotPolicy(1, Node)
    tree = Node("root", (Node("a"), Node("b", (Node("c"),))))
    assert policy.read(policy.write(tree)) == tree


def test_the_default_text_is_json_with_the_class_of_a_union_named() -> None:
    policy = SnapshotPolicy(1, State)
    assert json.loads(policy.write(decider.initial_state)) == {"_type": "NotStarted"}
    assert json.loads(policy.write(Won("g"))) == {"_type": "Won", "game_id": "g"}
    assert policy.read('{"_type":"Lost","game_id":"g"}') == Lost("g")


def test_the_default_text_is_ascii_whatever_the_state_holds() -> None:
    policy = SnapshotPolicy(1, Node)
    text = policy.write(Node("\x00 \udc80 ünïcödé 🎲"))
    assert text.isascii()
    assert policy.read(text) == Node("\x00 \udc80 ünïcödé 🎲")


@given(game=games(max_commands=20))
def test_every_state_of_a_game_and_its_board_reads_back_equal(game: Any) -> None:
    policy = SnapshotPolicy(1, PlayingState)
    join, commands = game
    state = PLAYING.initial_state
    for command in [join, *commands]:
        try:
            events = PLAYING.decide(command, state)
        except GameError:
            continue
        for event in events:
            state = PLAYING.evolve(state, event)
        assert policy.read(policy.write(state)) == state


def always(text: str) -> Tally:
    return Tally()


WRONG_POLICIES = [
    pytest.param({"every": 0}, ValueError, "every must be at least 1, not 0", id="every-0"),
    pytest.param({"every": -5}, ValueError, "every must be at least 0, not -5", id="every-minus-5"),
    pytest.param({"every": True}, TypeError, "every must be an int, not bool", id="every-True"),
    pytest.param({"every": "100"}, TypeError, "every must be an int, not str", id="every-text"),
    pytest.param({"every": 2.0}, TypeError, "every must be an int, not float", id="every-2.0"),
    pytest.param({"every": None}, TypeError, "every must be an int, not NoneType", id="every-None"),
    pytest.param({"every": 2**31}, ValueError, "every must be at most 2147483647", id="every-huge"),
    pytest.param({"state_type": None}, TypeError, "state_type must be a class", id="type-None"),
    pytest.param({"state_type": "Tally"}, TypeError, "state_type must be a class", id="type-text"),
    pytest.param({"state_type": Tally()}, TypeError, "state_type must be a class", id="a-state"),
    pytest.param(
        {"version": -1}, ValueError, "version must be at least 0, not -1", id="version-minus-1"
    ),
    pytest.param({"version": "2"}, TypeError, "version must be an int, not str", id="version-text"),
    pytest.param(
        {"version": False}, TypeError, "version must be an int, not bool", id="version-False"
    ),
    pytest.param(
        {"write": "json", "read": always}, TypeError, "write must be a function", id="write-text"
    ),
    pytest.param({"write": str, "read": 5}, TypeError, "read must be a function", id="read-5"),
    pytest.param({"write": str}, ValueError, "write and read go together", id="write-alone"),
    pytest.param({"read": always}, ValueError, "write and read go together", id="read-alone"),
]


@pytest.mark.parametrize(("changes", "error", "message"), WRONG_POLICIES)
def test_a_wrong_policy_is_refused_naming_the_argument(
    changes: dict[str, Any], error: type[Exception], message: str
) -> None:
    arguments: dict[str, Any] = {"every": 100, "state_type": Tally, **changes}
    with pytest.raises(error) as refused:
        SnapshotPolicy(**arguments)
    assert str(refused.value).startswith(message)


@pytest.mark.parametrize(
    ("snapshots", "error", "message"),
    [
        pytest.param(
            100, TypeError, "snapshots must be a SnapshotPolicy or None, not int", id="a-number"
        ),
        pytest.param(
            SnapshotPolicy(3, int),
            ValueError,
            "snapshots cannot write the decider's initial state",
            id="another-type",
        ),
        pytest.param(
            SnapshotPolicy(3, Tally, write=lambda state: "", read=lambda text: Tally(1)),
            ValueError,
            "snapshots do not read the decider's initial state back equal: is Tally the type",
            id="not-read-back",
        ),
    ],
)
def test_a_runner_refuses_snapshots_it_cannot_use(
    snapshots: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as refused:
        CommandRunner(tally, InMemoryEventStore(), snapshots=snapshots)
    assert str(refused.value).startswith(message)
