"""Steps of two players: a person makes the code, and I, the code breaker, break it.

The steps of one player still speak for me, the code breaker, through the stage's
driver; these add the code maker's moves and views. Each stage's driver knows how its
way in tells the two roles apart: a token each over HTTP, none elsewhere.
"""

from __future__ import annotations

from typing import Any

import attrs
from behave import given, then, when

from mastermind import CodeMaker
from mastermind.service import Role
from steps.game_steps import _attempt, _ensure_joined

WRONG_ROLE = "WrongRole"
"""The refusal of a move the other role's token may make."""


def _set_code(context: Any, maker: str, secret: tuple[str, ...], allows_hints: bool) -> None:
    context.setup = attrs.evolve(context.setup, secret=secret)
    context.driver.make_code(context.setup, CodeMaker.person(maker, allows_hints=allows_hints))
    context.joined = True


# Given


@given('{maker} set the code "{secret:Pegs}" for me')
def code_set(context: Any, maker: str, secret: tuple[str, ...]) -> None:
    _set_code(context, maker, secret, allows_hints=False)


@given('{maker} set the code "{secret:Pegs}" for me, and allows hints')
def code_set_with_hints(context: Any, maker: str, secret: tuple[str, ...]) -> None:
    _set_code(context, maker, secret, allows_hints=True)


# When


@when('the code maker tries to break the code with "{typed}"')
def maker_guesses(context: Any, typed: str) -> None:
    _attempt(context, context.driver.send, "guess", by=Role.MAKER, guess=typed)


@when("the code maker ends the game")
def maker_ends(context: Any) -> None:
    _attempt(context, context.driver.send, "call-off")
    assert context.rejection is None, context.rejection


@when('the code maker leaves the note "{text}"')
def maker_notes(context: Any, text: str) -> None:
    _attempt(context, context.driver.send, "note", text=text)


@when("I try to end the game as the code maker may")
def breaker_ends(context: Any) -> None:
    _attempt(context, context.driver.send, "call-off", by=Role.BREAKER)


@when("I ask for a hint")
def ask_for_hint(context: Any) -> None:
    _ensure_joined(context)
    context.hint = _attempt(context, context.driver.hint)


# Then


@then("the board should show that {maker} set the code")
def maker_named(context: Any, maker: str) -> None:
    expected = ("computer", None) if maker == "the computer" else ("person", maker)
    assert context.driver.code_maker() == expected, context.driver.code_maker()


@then('the board should show the note "{text}"')
def note_shown(context: Any, text: str) -> None:
    assert context.rejection is None, context.rejection
    assert context.driver.board().note == text, context.driver.board()


@then('the code maker should see the secret "{secret:Pegs}"')
def maker_sees_secret(context: Any, secret: tuple[str, ...]) -> None:
    board = context.driver.maker_board()
    assert board.secret == secret, board
    assert board.outcome == "in progress", board


@then("the code maker should see {count:d} guesses")
@then("the code maker should see {count:d} guess")
def maker_sees_guesses(context: Any, count: int) -> None:
    assert len(context.driver.maker_board().rows) == count, context.driver.maker_board()


@then('the code maker should see the guess "{guess:Pegs}" with "{feedback:KeyPegs}" first')
def maker_sees_first_guess(context: Any, guess: tuple[str, ...], feedback: str) -> None:
    row = context.driver.maker_board().rows[0]
    assert (row.guess, row.feedback) == (guess, feedback), row


@then("the code maker should be refused, for only the code breaker may do that")
@then("I should be refused, for only the code maker may do that")
def refused_for_the_role(context: Any) -> None:
    assert context.rejection is not None, "the other role's move was accepted"
    assert context.rejection.error == WRONG_ROLE, context.rejection


@then("the hint should be refused, for the code maker allows none")
def hint_refused(context: Any) -> None:
    assert context.rejection is not None, f"a hint was given: {context.hint}"
    assert context.rejection.error == "HintsNotAllowed", context.rejection


@then("I should be offered a guess of {length:d} of the game's colours")
def hint_offered(context: Any, length: int) -> None:
    assert context.rejection is None, context.rejection
    assert len(context.hint) == length, context.hint
    assert set(context.hint) <= set(context.setup.available_pegs), context.hint
