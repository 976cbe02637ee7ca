from __future__ import annotations

from collections.abc import Sequence

import pytest

from mastermind import (
    Code,
    Event,
    Feedback,
    GameStarted,
    GuessMade,
    GuessTooShort,
    JoinGame,
    MakeGuess,
    Rules,
    Started,
    decider,
)
from mastermind.service import CommandRunner, IdempotencyKeyReused
from mastermind.store import (
    DEFAULT_CATEGORY,
    InMemoryEventStore,
    Metadata,
    StoreUnavailable,
    VersionConflict,
)

SECRET = Code.parse("RGBY")
STARTED = GameStarted("g", SECRET, Rules())
RIVAL_GUESS = GuessMade("g", Code.parse("PPPP"), Feedback(0, 0))


class RivalWriterStore(InMemoryEventStore):
    """A store where another writer slips a guess in just before each of our first appends."""

    def __init__(self, rival_appends: int) -> None:
        super().__init__()
        self.rival_appends = rival_appends
        self.attempts = 0

    def append(
        self,
        stream_id: str,
        events: Sequence[Event],
        expected_version: int,
        *,
        metadata: Metadata | None = None,
        category: str = DEFAULT_CATEGORY,
    ) -> int:
        self.attempts += 1
        if self.rival_appends > 0:
            self.rival_appends -= 1
            super().append(stream_id, [RIVAL_GUESS], expected_version, category=category)
        return super().append(
            stream_id, events, expected_version, metadata=metadata, category=category
        )


class FailingAppendStore(InMemoryEventStore):
    """A store whose next appends fail as a lost connection would: before the write, or
    after it, so that the write is kept but its acknowledgement never arrives."""

    def __init__(self, failures: int, *, written: bool) -> None:
        super().__init__()
        self.failures = failures
        self.written = written

    def append(
        self,
        stream_id: str,
        events: Sequence[Event],
        expected_version: int,
        *,
        metadata: Metadata | None = None,
        category: str = DEFAULT_CATEGORY,
    ) -> int:
        if self.failures == 0:
            return super().append(
                stream_id, events, expected_version, metadata=metadata, category=category
            )
        self.failures -= 1
        if self.written:
            super().append(
                stream_id, events, expected_version, metadata=metadata, category=category
            )
        raise StoreUnavailable("the connection was lost.")


@pytest.mark.parametrize("written", [False, True], ids=["lost-before", "lost-after"])
def test_a_keyed_command_whose_append_failed_is_tried_again_and_kept_once(written: bool) -> None:
    store = FailingAppendStore(1, written=written)
    runner = CommandRunner(decider, store, backoff_seconds=0)
    handled = runner.handle("g", JoinGame("g", SECRET), idempotency_key="k")
    assert handled.new_events == (STARTED,)
    assert handled.replayed is written
    assert store.load("g").events == (STARTED,)


def test_a_command_without_a_key_is_not_tried_again_when_its_append_fails() -> None:
    store = FailingAppendStore(1, written=True)
    runner = CommandRunner(decider, store, backoff_seconds=0)
    with pytest.raises(StoreUnavailable):
        runner.handle("g", JoinGame("g", SECRET))
    assert store.load("g").events == (STARTED,)


def test_a_keyed_command_is_tried_again_once_and_then_the_failure_goes_through() -> None:
    store = FailingAppendStore(2, written=False)
    runner = CommandRunner(decider, store, backoff_seconds=0)
    with pytest.raises(StoreUnavailable):
        runner.handle("g", JoinGame("g", SECRET), idempotency_key="k")
    assert store.load("g").events == ()


def test_the_runner_appends_the_decided_events_and_answers_the_whole_stream() -> None:
    store = InMemoryEventStore()
    runner = CommandRunner(decider, store)
    runner.handle("g", JoinGame("g", SECRET))
    handled = runner.handle("g", lambda _: MakeGuess("g", Code.parse("RYBG")))
    guessed = GuessMade("g", Code.parse("RYBG"), Feedback(2, 2))
    assert handled.events == (STARTED, guessed)
    assert handled.new_events == (guessed,)
    assert store.load("g").events == handled.events


def test_the_runner_answers_the_state_after_the_command() -> None:
    runner = CommandRunner(decider, InMemoryEventStore())
    runner.handle("g", JoinGame("g", SECRET))
    handled = runner.handle("g", MakeGuess("g", Code.parse("RYBG")))
    assert handled.state == decider.fold(handled.events)
    assert isinstance(handled.state, Started)
    assert handled.state.attempts_used == 1


def test_a_command_handled_again_with_its_key_answers_the_first_result_and_appends_nothing() -> (
    None
):
    store = InMemoryEventStore()
    runner = CommandRunner(decider, store)
    runner.handle("g", JoinGame("g", SECRET))
    guess = MakeGuess("g", Code.parse("RYBG"))
    first = runner.handle("g", guess, idempotency_key="k")
    runner.handle("g", MakeGuess("g", Code.parse("PPPP")))
    again = runner.handle("g", guess, idempotency_key="k")
    assert (again.events, again.new_events, again.state) == (
        first.events,
        first.new_events,
        first.state,
    )
    assert (first.replayed, again.replayed) == (False, True)
    assert store.load("g").version == 3
    assert store.load("g").records[1].metadata["idempotency_key"] == "k"


def test_a_key_used_again_for_another_command_is_refused_and_appends_nothing() -> None:
    store = InMemoryEventStore()
    runner = CommandRunner(decider, store)
    runner.handle("g", JoinGame("g", SECRET))
    runner.handle("g", MakeGuess("g", Code.parse("RYBG")), idempotency_key="k")
    with pytest.raises(IdempotencyKeyReused, match="'k' was already used"):
        runner.handle("g", MakeGuess("g", Code.parse("PPPP")), idempotency_key="k")
    assert store.load("g").version == 2


def test_a_refused_command_appends_nothing() -> None:
    store = InMemoryEventStore()
    runner = CommandRunner(decider, store)
    runner.handle("g", lambda _: JoinGame("g", SECRET))
    with pytest.raises(GuessTooShort):
        runner.handle("g", lambda _: MakeGuess("g", Code.parse("RG")))
    assert store.load("g").version == 1


def test_after_a_conflict_the_runner_decides_again_on_fresh_state() -> None:
    store = RivalWriterStore(rival_appends=0)
    store.append("g", [STARTED], 0)
    store.rival_appends = 2
    seen_attempts: list[int] = []

    def guess(state: object) -> MakeGuess:
        seen_attempts.append(getattr(state, "attempts_used", -1))
        return MakeGuess("g", Code.parse("RYBG"))

    events = CommandRunner(decider, store, backoff_seconds=0).handle("g", guess).events
    assert seen_attempts == [0, 1, 2]
    assert events[-1] == GuessMade("g", Code.parse("RYBG"), Feedback(2, 2))
    assert store.load("g").version == 4


def test_the_runner_gives_up_after_its_attempts_and_raises_the_conflict() -> None:
    store = RivalWriterStore(rival_appends=0)
    store.append("g", [STARTED], 0)
    store.rival_appends, store.attempts = 3, 0
    runner = CommandRunner(decider, store, max_attempts=3, backoff_seconds=0)
    with pytest.raises(VersionConflict):
        runner.handle("g", lambda _: MakeGuess("g", Code.parse("RYBG")))
    assert store.attempts == 3
    assert [type(e) for e in store.load("g").events] == [GameStarted] + [GuessMade] * 3


def test_the_runner_needs_at_least_one_attempt() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        CommandRunner(decider, InMemoryEventStore(), max_attempts=0)
