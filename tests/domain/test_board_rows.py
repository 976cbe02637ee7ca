"""A board grows a row at a time without copying the rows before, and answers exactly as a
board whose rows were copied each time."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from hypothesis import given
from hypothesis import strategies as st

from mastermind import BoardRow, Code, DecodingBoard, Feedback, GameStarted, GuessMade, Rules
from mastermind.domain import BoardSoFar, Event, GameLost, GameWon, NoteLeft, Outcome, board_view
from mastermind.testing import strategies

SECRET = Code.of("Red", "Green", "Blue", "Yellow")
ROW = BoardRow(Code.of("Red", "Red", "Red", "Red"), Feedback(1, 0))


def copying_fold(events: Sequence[Event]) -> BoardSoFar:
    """The board as it was folded before: every row copied into a new tuple per guess."""
    folded = board_view.initial_state
    for event in events:
        board = folded.board
        match event:
            case GameStarted():
                started = DecodingBoard(
                    event.game_id, Outcome.IN_PROGRESS, event.rules, maker=event.maker
                )
                folded = BoardSoFar(started, event.secret)
                continue
            case GuessMade():
                row = BoardRow(event.guess, event.feedback)
                board = attrs.evolve(board, rows=(*board.rows, row))
            case GameWon():
                board = attrs.evolve(board, outcome=Outcome.WON, secret=folded.secret)
            case GameLost():
                board = attrs.evolve(
                    board, outcome=Outcome.LOST, secret=folded.secret, called_off=event.called_off
                )
            case NoteLeft():
                board = attrs.evolve(board, note=event.text)
        folded = BoardSoFar(board, folded.secret)
    return folded


@given(st.lists(strategies.events(), max_size=40))
def test_a_board_folded_row_by_row_equals_one_whose_rows_were_copied(events: list[Event]) -> None:
    folded, copied = board_view.fold(events), copying_fold(events)
    assert folded == copied
    assert hash(folded) == hash(copied)
    assert (folded.board.rows, repr(folded)) == (copied.board.rows, repr(copied))
    assert type(folded.board.rows) is tuple


@given(st.lists(strategies.events(), max_size=20), st.integers(0, 20))
def test_every_board_along_a_fold_keeps_its_own_rows(events: list[Event], read: int) -> None:
    boards = []
    folded = board_view.initial_state
    for number, event in enumerate(events):
        folded = board_view.evolve(folded, event)
        if number % (read + 1) == 0:
            assert len(folded.board.rows) <= number + 1  # read some on the way, as answers do
        boards.append(folded)
    for number, board in enumerate(boards):
        assert board == copying_fold(events[: number + 1])


def test_rows_given_to_a_board_read_back_as_a_tuple() -> None:
    board = DecodingBoard("g", Outcome.IN_PROGRESS, Rules(), rows=[ROW, ROW])
    assert board.rows == (ROW, ROW)
    assert type(board.rows) is tuple
    assert attrs.evolve(board, rows=(ROW,)).rows == (ROW,)
    assert (board.attempts_used, board.attempts_left) == (2, 10)
    assert board == DecodingBoard("g", Outcome.IN_PROGRESS, Rules(), rows=(ROW, ROW))
    assert board != DecodingBoard("g", Outcome.IN_PROGRESS, Rules(), rows=(ROW,))


def test_a_long_game_folds_to_every_row_in_order() -> None:
    rules = Rules().changed(attempts=100)
    guesses = [GuessMade("g", SECRET, Feedback(4, 0))] * 5000
    board = board_view.fold([GameStarted("g", SECRET, rules), *guesses]).board
    assert board.attempts_used == len(board.rows) == 5000
    assert board.rows[-1] == BoardRow(SECRET, Feedback(4, 0))
