"""Steps of the family's rules: a game asked for by a preset's name, and its answers.

Every way in is asked for the preset by the name people know it by, and every way in
tells the code breaker the rules it plays by and each answer in the rules' own words.
"""

from __future__ import annotations

from typing import Any

from behave import given, then

from support.driver import GameSetup


@given('a game by the "{name}" rules')
def game_by_preset(context: Any, name: str) -> None:
    context.setup = GameSetup.of_preset(name)


@then('the game should be played by the "{name}" rules')
def played_by(context: Any, name: str) -> None:
    board = context.driver.board()
    assert board.rules == name, board


@then("a code should have {length:d} pegs")
def code_length(context: Any, length: int) -> None:
    board = context.driver.board()
    assert board.code_length == length, board


@then('the code maker should say "{words}"')
def answer_said(context: Any, words: str) -> None:
    """The words answered to the guess, and the board's words for it since."""
    assert context.rejection is None, context.rejection
    assert context.answered.said == words, context.answered
    assert context.driver.board().rows[-1].said == words, context.driver.board()


@then("no answer on the board should count white pegs")
def no_white(context: Any) -> None:
    rows = context.driver.board().rows
    assert rows, "no guess is on the board"
    for row in rows:
        assert row.white is None, row
        assert "W" not in row.feedback, row
