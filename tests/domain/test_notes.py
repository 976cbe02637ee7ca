"""The code maker's note: a line for the code breaker, shown on the board while in play."""

from __future__ import annotations

import pytest

from mastermind.domain import (
    MAX_NOTE,
    Code,
    CodeMaker,
    DecodingBoard,
    GameAlreadyLost,
    GameAlreadyWon,
    GameLost,
    GameNotStarted,
    GameStarted,
    GameWon,
    InvalidNote,
    LeaveNote,
    NoteLeft,
    Rules,
    decider,
)
from mastermind.testing import given

MUM = CodeMaker.person("Mum")


def _started(maker: CodeMaker = MUM) -> GameStarted:
    return GameStarted(
        "g1", Code.parse("RGBY"), Rules(symbols=("Red", "Green", "Blue", "Yellow")), maker
    )


def test_the_person_who_made_the_code_leaves_a_note_that_the_board_shows() -> None:
    given(decider, _started()).when(LeaveNote("g1", "Think of a rainbow")).then(
        NoteLeft("g1", "Think of a rainbow")
    )
    board = DecodingBoard.from_events([_started(), NoteLeft("g1", "Think of a rainbow")])
    assert board.note == "Think of a rainbow"


def test_a_later_note_replaces_the_earlier_one_on_the_board() -> None:
    board = DecodingBoard.from_events(
        [_started(), NoteLeft("g1", "Warm"), NoteLeft("g1", "Warmer")]
    )
    assert board.note == "Warmer"


def test_a_note_is_kept_without_the_spaces_around_it() -> None:
    given(decider, _started()).when(LeaveNote("g1", "  Think  ")).then(NoteLeft("g1", "Think"))


def test_the_computers_code_takes_no_note() -> None:
    refusal = (
        given(decider, _started(CodeMaker.computer()))
        .when(LeaveNote("g1", "Think of a rainbow"))
        .then_raises(InvalidNote)
    )
    assert "only a person who made one leaves notes" in refusal.message


@pytest.mark.parametrize("text", ["", "   ", "x" * (MAX_NOTE + 1)])
def test_a_note_holds_1_to_the_most_characters(text: str) -> None:
    refusal = given(decider, _started()).when(LeaveNote("g1", text)).then_raises(InvalidNote)
    assert f"1 to {MAX_NOTE} characters" in refusal.message


@pytest.mark.parametrize("text", ["two\nlines", "a\ttab", "a NUL\x00", "turned \u202e round"])
def test_a_note_that_cannot_be_shown_is_refused(text: str) -> None:
    refusal = given(decider, _started()).when(LeaveNote("g1", text)).then_raises(InvalidNote)
    assert "cannot be shown" in refusal.message


@pytest.mark.parametrize(
    ("ended", "refused"),
    [(GameWon("g1"), GameAlreadyWon), (GameLost("g1"), GameAlreadyLost)],
)
def test_a_game_over_takes_no_note(ended: object, refused: type[Exception]) -> None:
    given(decider, _started(), ended).when(LeaveNote("g1", "Too late")).then_raises(refused)


def test_a_game_not_started_takes_no_note() -> None:
    given(decider).when(LeaveNote("g1", "Hello")).then_raises(GameNotStarted)


def test_a_note_that_is_no_text_is_refused_as_it_is_made() -> None:
    with pytest.raises(TypeError, match="text must be a str"):
        LeaveNote("g1", 42)  # type: ignore[arg-type]
