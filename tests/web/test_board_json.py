"""A board's answer written with its rows kept is, byte for byte, the answer written whole."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Code, DecodingBoard, GameLost, GameStarted, GuessMade, Rules
from mastermind.domain import BLANK, Event, board_view
from mastermind.domain.board import BoardSoFar
from mastermind.service import BoardAnswer, encode
from mastermind.testing import strategies
from mastermind.web._board_json import BoardTexts
from mastermind.web._problems import json_response, json_text_response


def whole(board: DecodingBoard, hints: bool, reveal: bool) -> bytes:
    return bytes(json_response(encode(BoardAnswer.of(board, hints=hints, reveal=reveal))).body)


def kept(texts: BoardTexts, board: DecodingBoard, hints: bool, reveal: bool) -> bytes:
    return bytes(json_text_response(texts.text(board, hints=hints, reveal=reveal)).body)


@given(st.lists(strategies.events(), max_size=30), st.booleans(), st.booleans())
def test_every_board_along_a_game_is_written_as_when_written_whole(
    events: list[Event], hints: bool, reveal: bool
) -> None:
    texts = BoardTexts()
    folded: BoardSoFar = board_view.initial_state
    for event in events:
        folded = board_view.evolve(folded, event)
        if folded.board.rules.length:  # a started game
            board = folded.board
            assert kept(texts, board, hints, reveal) == whole(board, hints, reveal)


def test_a_board_whose_rows_differ_from_those_kept_is_written_afresh() -> None:
    rules = Rules(symbols=("Red", "Green", "Blue", "Yellow", "Orange", "Purple"), blanks=True)
    secret = Code.of("Red", "Green", "Blue", "Yellow")
    guesses = [Code.of("Red", "Red", BLANK, "Green"), Code.of("Blue", "Red", "Red", "Red")]
    events: list[Event] = [GameStarted("g", secret, rules)]
    events += [GuessMade("g", guess, rules.score(secret, guess)) for guess in guesses]
    texts = BoardTexts(size=1)
    board = board_view.fold(events).board
    other = attrs.evolve(board, rows=tuple(reversed(board.rows)))
    shorter = attrs.evolve(board, rows=board.rows[:1])
    lost = board_view.fold([*events, GameLost("g")]).board
    for each in (board, other, shorter, board, lost, attrs.evolve(lost, game_id='"rows":[]')):
        assert kept(texts, each, True, False) == whole(each, True, False)
