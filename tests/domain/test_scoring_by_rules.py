"""Each kind of answer, checked against a scorer written here from the rules as people
state them, over every preset and rules of any shape."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from mastermind.domain import PRESETS, Answer, Code, Feedback, Rules
from mastermind.testing.strategies import codes, game_rules


def reference_answer(rules: Rules, secret: tuple[str, ...], guess: tuple[str, ...]) -> Feedback:
    """Bulls (or black pegs): the same symbol in the same hole. Cows (or white pegs): the
    symbols the two codes share, counted as often as both hold them, less the bulls. A
    black-peg game says nothing of the cows."""
    in_place = sum(a == b for a, b in zip(secret, guess, strict=True))
    shared = sum((Counter(secret) & Counter(guess)).values())
    return Feedback(in_place, 0 if rules.answer is Answer.BLACK_ONLY else shared - in_place)


@st.composite
def rules_and_two_codes(draw: st.DrawFn) -> tuple[Rules, Code, Code]:
    rules = draw(game_rules(max_length=6, max_colours=10))
    pegs = codes(rules.pegs, rules.length, unique=not rules.repeats)
    return rules, draw(pegs), draw(pegs)


@given(rules_and_two_codes())
def test_every_kind_of_answer_agrees_with_the_reference_scorer(
    drawn: tuple[Rules, Code, Code],
) -> None:
    rules, secret, guess = drawn
    assert rules.score(secret, guess) == reference_answer(rules, secret.pegs, guess.pegs)


@given(st.sampled_from(list(PRESETS.values())), st.data())
def test_every_preset_answers_as_the_reference_scorer(rules: Rules, data: st.DataObject) -> None:
    pegs = codes(rules.pegs, rules.length, unique=not rules.repeats)
    secret, guess = data.draw(pegs), data.draw(pegs)
    assert rules.score(secret, guess) == reference_answer(rules, secret.pegs, guess.pegs)


@given(rules_and_two_codes())
def test_the_secret_itself_is_answered_with_every_peg_in_place(
    drawn: tuple[Rules, Code, Code],
) -> None:
    rules, secret, _ = drawn
    assert rules.score(secret, secret).black == rules.length


@given(rules_and_two_codes())
def test_the_words_name_every_count_the_answer_gives(drawn: tuple[Rules, Code, Code]) -> None:
    rules, secret, guess = drawn
    words = rules.describe(rules.score(secret, guess))
    assert words.count(",") == len(rules.answer.words) - 1
    assert ("white" in words) == (rules.answer is Answer.BLACK_AND_WHITE)
    assert ("bull" in words) == (rules.answer is Answer.BULLS_AND_COWS)
