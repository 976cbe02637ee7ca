"""given(...).when(...).then(...): passes quietly, and fails saying what differs."""

from __future__ import annotations

import pytest

from mastermind import (
    Code,
    Decider,
    Feedback,
    GameAlreadyWon,
    GameError,
    GameLost,
    GameNotStarted,
    GameStarted,
    GameWon,
    GiveUp,
    GuessMade,
    Lost,
    MakeGuess,
    Rules,
    Started,
    Won,
    decider,
)
from mastermind.testing import given

GAME = "g1"
SECRET = Code.of("Red", "Green", "Blue", "Yellow")
ALMOST = Code.of("Red", "Green", "Blue", "Orange")
STARTED = GameStarted(GAME, SECRET, Rules())
STARTED_REPR = (
    "GameStarted(game_id='g1', secret=Code(pegs=('Red', 'Green', 'Blue', 'Yellow')), "
    "rules=Rules(length=4, symbols=('Red', 'Green', 'Blue', 'Yellow', 'Purple', 'Orange'), "
    "attempts=12, repeats=True, blanks=False, answer=<Answer.BLACK_AND_WHITE: "
    "'black-and-white'>), maker=CodeMaker.computer())"
)


def won_with(guess: Code) -> tuple[GuessMade, GameWon]:
    return GuessMade(GAME, guess, Feedback(4, 0)), GameWon(GAME)


def assertion_message(error: pytest.ExceptionInfo[AssertionError]) -> str:
    return str(error.value)


# A decider of another game altogether: a counter that refuses to go below zero.
def decide_count(command: int, state: int) -> tuple[int, ...]:
    if state + command < 0:
        raise ValueError(f"cannot take {-command} from {state}")
    return (command,) if command else ()


counter: Decider[int, int, int] = Decider(
    decide_count, lambda state, change: state + change, 0, lambda _: False
)


def test_then_passes_when_the_decided_events_are_the_expected_ones() -> None:
    given(decider, STARTED).when(MakeGuess(GAME, SECRET)).then(*won_with(SECRET))


def test_then_passes_for_any_decider() -> None:
    given(counter, 2, 3).when(-5).then(-5)
    given(counter, 2).when(0).then()


def test_a_case_can_go_on_to_several_commands_from_one_history() -> None:
    in_play = given(decider, STARTED)
    in_play.when(GiveUp(GAME)).then(GameLost(GAME))
    in_play.when(MakeGuess(GAME, SECRET)).then(*won_with(SECRET))


def test_then_lists_both_sides_one_event_a_line_marking_where_they_differ() -> None:
    with pytest.raises(AssertionError) as failure:
        given(decider, STARTED).when(MakeGuess(GAME, ALMOST)).then(*won_with(ALMOST))
    almost_made = "GuessMade(game_id='g1', guess=Code(pegs=('Red', 'Green', 'Blue', 'Orange')), "
    assert assertion_message(failure) == "\n".join(
        [
            "given events:",
            f"    {STARTED_REPR}",
            "when MakeGuess(game_id='g1', guess=Code(pegs=('Red', 'Green', 'Blue', 'Orange')))",
            "then it decided other events (-> marks where they differ):",
            "  expected 2 events:",
            f"  -> 1. {almost_made}feedback=Feedback(black=4, white=0))",
            "  -> 2. GameWon(game_id='g1')",
            "  decided 1 event:",
            f"  -> 1. {almost_made}feedback=Feedback(black=3, white=0))",
            "  -> 2. (no event)",
            "  event 1: feedback expected Feedback(black=4, white=0), "
            "got Feedback(black=3, white=0)",
        ]
    )


def test_then_leaves_unmarked_the_events_that_agree() -> None:
    with pytest.raises(AssertionError) as failure:
        given(decider, STARTED).when(MakeGuess(GAME, SECRET)).then(won_with(SECRET)[0])
    lines = assertion_message(failure).splitlines()
    assert "     1. GuessMade(game_id='g1'" in "\n".join(lines)
    assert "  -> 2. GameWon(game_id='g1')" in lines
    assert "  -> 2. (no event)" in lines
    assert not any(line.startswith("  event 1:") for line in lines)


def test_then_expecting_no_events_shows_the_ones_decided() -> None:
    with pytest.raises(AssertionError) as failure:
        given(counter).when(4).then()
    assert assertion_message(failure).splitlines()[2:] == [
        "then it decided other events (-> marks where they differ):",
        "  expected no events:",
        "  -> 1. (no event)",
        "  decided 1 event:",
        "  -> 1. 4",
    ]


def test_then_fails_naming_the_error_when_the_command_is_refused() -> None:
    with pytest.raises(AssertionError) as failure:
        given(decider).when(MakeGuess(GAME, SECRET)).then(*won_with(SECRET))
    assert assertion_message(failure) == (
        "given events: none\n"
        "when MakeGuess(game_id='g1', guess=Code(pegs=('Red', 'Green', 'Blue', 'Yellow')))\n"
        "expected it to decide 2 events, but it raised GameNotStarted: "
        "The game has not started yet: join it first."
    )
    assert isinstance(failure.value.__cause__, GameNotStarted)


def test_then_raises_returns_the_error_for_its_details_to_be_checked() -> None:
    refusal = given(decider).when(GiveUp(GAME)).then_raises(GameNotStarted)
    assert refusal == GameNotStarted(GAME)
    assert refusal.message == "The game has not started yet: join it first."


def test_then_raises_accepts_a_subclass_of_the_error_expected() -> None:
    refusal = given(decider).when(GiveUp(GAME)).then_raises(GameError)
    assert type(refusal) is GameNotStarted


def test_then_raises_fails_listing_the_events_decided_instead() -> None:
    with pytest.raises(AssertionError) as failure:
        given(decider, STARTED).when(MakeGuess(GAME, SECRET)).then_raises(GameNotStarted)
    assert assertion_message(failure).splitlines()[3:] == [
        "expected GameNotStarted, but it decided 2 events:",
        "    GuessMade(game_id='g1', guess=Code(pegs=('Red', 'Green', 'Blue', 'Yellow')), "
        "feedback=Feedback(black=4, white=0))",
        "    GameWon(game_id='g1')",
    ]


def test_then_raises_fails_when_nothing_at_all_is_decided() -> None:
    with pytest.raises(AssertionError) as failure:
        given(counter, 1).when(0).then_raises(ValueError)
    assert assertion_message(failure).splitlines()[-1] == (
        "expected ValueError, but it decided no events"
    )


def test_then_raises_fails_naming_another_error_that_came() -> None:
    with pytest.raises(AssertionError) as failure:
        given(decider).when(GiveUp(GAME)).then_raises(GameAlreadyWon)
    assert assertion_message(failure).splitlines()[-1] == (
        "expected GameAlreadyWon, but it raised GameNotStarted: "
        "The game has not started yet: join it first."
    )
    assert isinstance(failure.value.__cause__, GameNotStarted)


def test_then_state_passes_when_the_decided_events_lead_to_the_state() -> None:
    given(decider, STARTED).when(GiveUp(GAME)).then_state(Lost(GAME))
    given(decider, STARTED).when(MakeGuess(GAME, ALMOST)).then_state(
        Started(GAME, SECRET, Rules(), attempts_used=1)
    )


def test_then_state_fails_showing_both_states_and_the_fields_that_differ() -> None:
    with pytest.raises(AssertionError) as failure:
        given(decider, STARTED).when(MakeGuess(GAME, ALMOST)).then_state(
            Started(GAME, SECRET, Rules(), attempts_used=2)
        )
    lines = assertion_message(failure).splitlines()
    assert lines[3:5] == [
        "it decided 1 event:",
        "    GuessMade(game_id='g1', guess=Code(pegs=('Red', 'Green', 'Blue', 'Orange')), "
        "feedback=Feedback(black=3, white=0))",
    ]
    assert lines[-1] == "attempts_used expected 2, got 1"
    assert lines[-3].startswith("expected state: Started(")
    assert lines[-2].startswith("reached state:  Started(")


def test_then_state_fails_when_the_command_is_refused() -> None:
    with pytest.raises(AssertionError, match="to reach a state, but it raised GameNotStarted"):
        given(decider).when(GiveUp(GAME)).then_state(Won(GAME))


def test_a_history_that_cannot_happen_fails_at_once_not_as_a_refusal() -> None:
    with pytest.raises(ValueError, match="GameWon cannot follow NotStarted"):
        given(decider, GameWon(GAME))
