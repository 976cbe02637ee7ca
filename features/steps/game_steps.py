"""Steps of every feature. They translate the words of a step and ask the stage's driver.

Each stage (``behave --stage service``, ``--stage cli``...) loads these same steps,
so one specification checks every way into the game.
"""

from __future__ import annotations

from typing import Any

import attrs
from behave import given, register_type, then, when
from parse import with_pattern

from support.driver import GameSetup, Rejected


@with_pattern(r"[BW ]*")
def key_pegs(text: str) -> str:
    return text.strip()


register_type(Pegs=lambda text: tuple(text.split()), KeyPegs=key_pegs)

REASONS = {
    "it is too short": {"GuessTooShort"},
    "it is too long": {"GuessTooLong"},
    "it uses a colour the game lacks": {"InvalidPegInGuess"},
    "it repeats a colour": {"GuessAgainstRules"},
    "it repeats a digit": {"GuessAgainstRules"},
    "it leaves a hole blank": {"GuessAgainstRules"},
    "it is neither a colour nor colour initials": {"UnreadableGuess"},
    "the game is already won": {"GameAlreadyWon"},
    "the game is already lost": {"GameAlreadyLost"},
    "the game has not started": {"GameNotStarted"},
    "the game has already started": {"GameAlreadyStarted"},
    "the setup is invalid": {"InvalidGameSetup"},
    "only a person who made the code leaves notes": {"InvalidNote"},
}


def _attempt(context: Any, action: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a command; a refusal is recorded for a Then step to check, not raised."""
    context.rejection = None
    try:
        return action(*args, **kwargs)
    except Rejected as rejection:
        context.rejection = rejection
        return None


def _ensure_joined(context: Any) -> None:
    if not context.joined:
        context.driver.join(context.setup)
        context.joined = True


def _wrong_guess(context: Any) -> str:
    """A guess that shares no position with the secret, so it cannot win."""
    palette, secret = context.setup.available_pegs, context.setup.secret
    return " ".join(next(peg for peg in palette if peg != placed) for placed in secret)


def _guess(context: Any, typed: str) -> None:
    """Guess as typed; the row answered is kept for a Then step to check."""
    _ensure_joined(context)
    board = _attempt(context, context.driver.send, "guess", guess=typed)
    context.answered = None if board is None else board.rows[-1]
    context.feedback = None if board is None else board.rows[-1].feedback


# Given


@given("a decoding board of {attempts:d} attempts")
@given("a decoding board of {attempts:d} attempt")
def board_of(context: Any, attempts: int) -> None:
    context.setup = attrs.evolve(context.setup, total_attempts=attempts)


@given('a decoding board of {attempts:d} attempts with the colours "{colours:Pegs}"')
def board_with_colours(context: Any, attempts: int, colours: tuple[str, ...]) -> None:
    context.setup = GameSetup(total_attempts=attempts, available_pegs=colours)


@given("the code maker has placed a secret on the board")
def random_secret(context: Any) -> None:
    context.setup = attrs.evolve(context.setup, secret=None)


@given('the code maker placed the "{secret:Pegs}" code pattern on the board')
@given('the code maker placed the "{secret:Pegs}" secret on the board')
def placed_secret(context: Any, secret: tuple[str, ...]) -> None:
    context.setup = attrs.evolve(context.setup, secret=secret)


@given("the code maker placed an empty secret on the board")
def empty_secret(context: Any) -> None:
    context.setup = attrs.evolve(context.setup, secret=())


@given("I have joined the game")
def joined(context: Any) -> None:
    _ensure_joined(context)


# When


@when("I join the game")
def join(context: Any) -> None:
    if context.joined:
        _attempt(context, context.driver.join_again)
        return
    _attempt(context, context.driver.join, context.setup)
    context.joined = context.rejection is None


@when('I try to break the code with "{typed}" before joining')
def guess_before_joining(context: Any, typed: str) -> None:
    _attempt(context, context.driver.guess_before_joining, context.setup, typed)


@when('I try to break the code with "{typed}"')
def guess(context: Any, typed: str) -> None:
    _guess(context, typed)


@when("I try to break the code with an invalid pattern {times:d} times")
@when("I try to break the code with an invalid pattern {times:d} time")
def wrong_guesses(context: Any, times: int) -> None:
    for _ in range(times):
        _guess(context, _wrong_guess(context))
        assert context.rejection is None, context.rejection


@when("I break the code in the final guess")
def final_guess(context: Any) -> None:
    assert context.driver.board().attempts_left == 1
    _guess(context, " ".join(context.setup.secret))


@when("I give up")
def give_up(context: Any) -> None:
    _ensure_joined(context)
    _attempt(context, context.driver.send, "give-up")


# Then


@then("the game should be started with an empty board")
def started_empty(context: Any) -> None:
    board = context.driver.board()
    assert board.outcome == "in progress", board
    assert board.rows == (), board


@then("I should have {attempts:d} attempts available")
@then("I should have {attempts:d} attempt available")
def attempts_available(context: Any, attempts: int) -> None:
    assert context.driver.board().attempts_left == attempts, context.driver.board()


@then('the code maker should give me "{feedback:KeyPegs}" feedback on my guess')
def feedback_given(context: Any, feedback: str) -> None:
    assert context.rejection is None, context.rejection
    assert context.feedback == feedback, f"got {context.feedback!r}"
    assert context.driver.board().rows[-1].feedback == feedback


@then("I should win the game")
def won(context: Any) -> None:
    assert context.driver.board().outcome == "won", context.driver.board()


@then("I should lose the game")
def lost(context: Any) -> None:
    assert context.driver.board().outcome == "lost", context.driver.board()


@then("I should no longer be able to make guesses")
def no_more_guesses(context: Any) -> None:
    before = context.driver.board()
    _guess(context, " ".join(before.secret))
    expected = {"won": "GameAlreadyWon", "lost": "GameAlreadyLost"}[before.outcome]
    assert context.rejection is not None, "the guess was accepted"
    assert context.rejection.error == expected, context.rejection
    assert context.driver.board() == before


@then("my guess should be rejected because {reason}")
@then("joining should be rejected because {reason}")
@then("giving up should be rejected because {reason}")
@then("the note should be rejected because {reason}")
def rejected(context: Any, reason: str) -> None:
    assert context.rejection is not None, "the command was accepted"
    assert context.rejection.error in REASONS[reason], context.rejection


@then('the message should say "{words}"')
def message_says(context: Any, words: str) -> None:
    assert words in context.rejection.message, context.rejection.message


@then("the board should show {count:d} guesses")
@then("the board should show {count:d} guess")
def guesses_shown(context: Any, count: int) -> None:
    assert len(context.driver.board().rows) == count, context.driver.board()


@then('the board should show the guess "{guess:Pegs}" with "{feedback:KeyPegs}"')
def row_shown(context: Any, guess: tuple[str, ...], feedback: str) -> None:
    row = context.driver.board().rows[-1]
    assert (row.guess, row.feedback) == (guess, feedback), row


@then('the board should show the guess "{guess:Pegs}"')
def guess_shown(context: Any, guess: tuple[str, ...]) -> None:
    assert context.driver.board().rows[-1].guess == guess, context.driver.board()


@then("the secret should be hidden")
def secret_hidden(context: Any) -> None:
    assert context.driver.board().secret is None, context.driver.board()


@then('the secret should be revealed as "{secret:Pegs}"')
def secret_revealed(context: Any, secret: tuple[str, ...]) -> None:
    assert context.driver.board().secret == secret, context.driver.board()
