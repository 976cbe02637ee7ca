"""Snapshots change no answer: for any commands, a runner that folds from snapshots
answers what a runner that folds every event answers, whatever befalls its snapshots
meanwhile: deleted, written over by another kind, left by events since lost, or garbled."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mastermind.domain import BoardSoFar, Command, State, board_view, decider
from mastermind.service import CommandRunner, Handled, SnapshotPolicy
from mastermind.store import EventStore, Snapshot, Snapshots, head_position
from mastermind.testing.strategies import commands_for, game_rules, guesses_for, join_commands
from tests.service.snapshot_stores import STORES, new_store
from tests.tiers import examples

PLAYING = decider.with_view(board_view)
"""Mastermind's decider with the board beside its state, as ``Games`` runs it: a state
of unions, optional codes, enums and tuples of rows."""
PlayingState = tuple[State, BoardSoFar]

DELETE, ANOTHER_KIND, BEYOND, GARBLED = "delete", "another kind", "beyond", "garbled"
MISHAPS = (DELETE, ANOTHER_KIND, BEYOND, GARBLED)
"""What may befall the snapshots between two commands."""

_streams = itertools.count(1)


@st.composite
def scripts(draw: st.DrawFn) -> tuple[int, Command, list[Command | str]]:
    """How often to snapshot, the command that starts a game, and what follows it:
    commands for the game, any of which may be refused, and mishaps."""
    every = draw(st.integers(min_value=1, max_value=6))
    rules = game_rules(max_length=4, max_attempts=40, max_colours=8)
    join = draw(join_commands(st.just("game"), rules=rules))
    # Guesses mostly, so that games last long enough for snapshots to be taken and reached.
    guesses = guesses_for(join)
    steps = st.one_of(guesses, guesses, guesses, commands_for(join), st.sampled_from(MISHAPS))
    return every, join, draw(st.lists(steps, min_size=10, max_size=50))


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    with new_store(request.param, tmp_path, request) as store:
        yield store


def outcome(
    runner: CommandRunner[Command, Any, PlayingState], stream_id: str, command: Command
) -> Any:
    """What handling ``command`` answered: the handled command, or the refusal."""
    try:
        return runner.handle(stream_id, command)
    except Exception as refused:
        return (type(refused), str(refused))


def befall(store: EventStore, mishap: str, stream_id: str, policy: SnapshotPolicy[Any]) -> None:
    """Do ``mishap`` to the snapshots of the stream, with a state that is never its own."""
    assert isinstance(store, Snapshots)
    stream = store.load(stream_id)
    last = stream.records[-1].position if stream.records else 0
    wrong = policy.write(PLAYING.initial_state)
    if mishap == DELETE:
        store.delete_snapshots()
    elif mishap == ANOTHER_KIND:
        store.save_snapshot(Snapshot(stream_id, stream.version, "another kind", f"{last} {wrong}"))
    elif mishap == BEYOND:
        # As if the events it was made from were lost: no event to come has its position.
        beyond = Snapshot(
            stream_id, stream.version + 1, policy.kind, f"{head_position(store)} {wrong}"
        )
        store.save_snapshot(beyond)
    else:
        garbled = f'{last} [{{"_type": "Started"}}]'
        store.save_snapshot(Snapshot(stream_id, stream.version, policy.kind, garbled))


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(script=scripts())
def test_a_runner_with_snapshots_answers_what_one_without_answers(
    store: EventStore, script: tuple[int, Command, list[Command | str]]
) -> None:
    every, join, steps = script
    assert isinstance(store, Snapshots)
    policy = SnapshotPolicy(every, PlayingState)
    folding = CommandRunner(PLAYING, store)
    snapshotting = CommandRunner(PLAYING, store, snapshots=policy)
    number = next(_streams)
    whole, snapped = f"whole-{number}", f"snapped-{number}"
    for step in [join, *steps]:
        if isinstance(step, str):
            befall(store, step, snapped, policy)
            continue
        expected, found = outcome(folding, whole, step), outcome(snapshotting, snapped, step)
        if isinstance(expected, Handled):
            assert isinstance(found, Handled)
            assert (found.state, found.new_events) == (expected.state, expected.new_events)
            assert found.events == expected.events[found.from_version :]
        else:
            assert found == expected
    assert store.load(snapped).events == store.load(whole).events
