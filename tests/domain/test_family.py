"""One decider plays every member of the family, from the rules each game records."""

from __future__ import annotations

import pytest

from mastermind.domain import (
    BLANK,
    DIGITS,
    PRESETS,
    Code,
    Feedback,
    GameStarted,
    GameWon,
    GuessAgainstRules,
    GuessMade,
    InvalidPegInGuess,
    JoinGame,
    MakeGuess,
    decider,
)
from mastermind.testing import given

GAME = "g"
BULLS_AND_COWS = PRESETS["bulls-and-cows"]


def started(secret: str, preset: str) -> GameStarted:
    rules = PRESETS[preset]
    return GameStarted(GAME, Code.parse(secret, rules.pegs), rules)


def test_a_game_records_the_rules_it_is_played_by() -> None:
    secret = Code.parse("1234", DIGITS)
    given(decider).when(JoinGame(GAME, secret, BULLS_AND_COWS)).then(
        GameStarted(GAME, secret, BULLS_AND_COWS)
    )


def test_bulls_and_cows_is_played_to_a_win_in_digits() -> None:
    game = given(decider, started("1234", "bulls-and-cows"))
    game.when(MakeGuess(GAME, Code.parse("1243", DIGITS))).then(
        GuessMade(GAME, Code.of("1", "2", "4", "3"), Feedback(2, 2))
    )
    game = given(
        decider,
        started("1234", "bulls-and-cows"),
        GuessMade(GAME, Code.of("1", "2", "4", "3"), Feedback(2, 2)),
    )
    secret = Code.parse("1234", DIGITS)
    game.when(MakeGuess(GAME, secret)).then(GuessMade(GAME, secret, Feedback(4, 0)), GameWon(GAME))


def test_a_repeated_digit_is_refused_in_bulls_and_cows_and_costs_no_attempt() -> None:
    refusal = (
        given(decider, started("1234", "bulls-and-cows"))
        .when(MakeGuess(GAME, Code.parse("1123", DIGITS)))
        .then_raises(GuessAgainstRules)
    )
    assert refusal.message == (
        "The guess cannot be played: the guess repeats 1, and no symbol repeats in this game."
    )


def test_a_black_peg_game_records_no_white_peg() -> None:
    given(decider, started("RGBY", "black-peg")).when(MakeGuess(GAME, Code.parse("YBGR"))).then(
        GuessMade(GAME, Code.parse("YBGR"), Feedback(0, 0))
    )


def test_a_blank_is_a_symbol_where_the_rules_allow_it_and_refused_elsewhere() -> None:
    guess = Code.of("Red", BLANK, BLANK, "Yellow")
    given(decider, started("RGEY", "blanks")).when(MakeGuess(GAME, guess)).then(
        GuessMade(GAME, guess, Feedback(3, 0))
    )
    refusal = (
        given(decider, started("RGBY", "classic"))
        .when(MakeGuess(GAME, guess))
        .then_raises(GuessAgainstRules)
    )
    assert refusal.reason == "the guess leaves a hole blank, which this game does not allow"


@pytest.mark.parametrize("preset", ["bulls-and-cows", "unique"])
def test_a_symbol_the_game_lacks_is_named_before_a_repeat(preset: str) -> None:
    rules = PRESETS[preset]
    secret = "".join(rules.pegs[:4]) if preset == "bulls-and-cows" else "RGBY"
    refusal = (
        given(decider, started(secret, preset))
        .when(MakeGuess(GAME, Code.of("X", "X", *rules.pegs[:2])))
        .then_raises(InvalidPegInGuess)
    )
    assert refusal.invalid_pegs == ("X",)
