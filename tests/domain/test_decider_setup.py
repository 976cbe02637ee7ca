"""The limits of a game's setup, which the decider holds every way into the game to."""

from __future__ import annotations

import pytest

from mastermind import CLASSIC_PEGS, Code, GameStarted, InvalidGameSetup, JoinGame, decider
from mastermind.domain import (
    BLANK,
    MAX_ATTEMPTS,
    MAX_COLOUR_NAME,
    MAX_COLOURS,
    MAX_LENGTH,
    PRESETS,
    Rules,
)
from mastermind.testing import given

GAME = "game-1"
SECRET = Code.of("Red", "Green", "Blue", "Yellow")
TWENTY_COLOURS = tuple(f"Colour{number}" for number in range(MAX_COLOURS))


def test_a_code_of_the_most_pegs_allowed_can_be_played() -> None:
    secret = Code(["Red"] * MAX_LENGTH)
    given(decider).when(JoinGame(GAME, secret)).then(
        GameStarted(GAME, secret, Rules(length=MAX_LENGTH))
    )


def test_a_game_with_the_most_attempts_allowed_can_be_played() -> None:
    command = JoinGame(GAME, SECRET, Rules(attempts=MAX_ATTEMPTS))
    given(decider).when(command).then(GameStarted(GAME, SECRET, Rules(attempts=MAX_ATTEMPTS)))


def test_a_palette_of_the_most_colours_and_longest_names_allowed_can_be_played() -> None:
    palette = (*TWENTY_COLOURS[:-1], "C" * MAX_COLOUR_NAME)
    secret = Code.of(palette[0], palette[-1])
    given(decider).when(JoinGame(GAME, secret, Rules(2, palette))).then(
        GameStarted(GAME, secret, Rules(2, palette))
    )


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (
            JoinGame(GAME, Code(["Red"] * (MAX_LENGTH + 1))),
            f"a code has at most {MAX_LENGTH} pegs, not {MAX_LENGTH + 1}",
        ),
        (
            JoinGame(GAME, SECRET, Rules(attempts=MAX_ATTEMPTS + 1)),
            f"a game has at most {MAX_ATTEMPTS} attempts, not {MAX_ATTEMPTS + 1}",
        ),
        (
            JoinGame(GAME, Code.of("Colour0"), Rules(1, (*TWENTY_COLOURS, "Extra"))),
            f"a palette has at most {MAX_COLOURS} colours, not {MAX_COLOURS + 1}",
        ),
        (
            JoinGame(GAME, Code.of("Red"), Rules(1, ("Red", "C" * (MAX_COLOUR_NAME + 1)))),
            f"a colour's name has at most {MAX_COLOUR_NAME} printable characters",
        ),
        (
            JoinGame(GAME, Code.of("Red"), Rules(1, ("Red", "Bell\a"))),
            f"a colour's name has at most {MAX_COLOUR_NAME} printable characters",
        ),
        (
            JoinGame(GAME, Code.of("Red"), Rules(1, ("Red", 3))),  # type: ignore[arg-type]
            "the palette must list colour names",
        ),
    ],
    ids=["pegs", "attempts", "colours", "long-name", "unprintable-name", "name-no-string"],
)
def test_a_setup_beyond_the_limits_is_refused_naming_the_limit(
    command: JoinGame, reason: str
) -> None:
    refusal = given(decider).when(command).then_raises(InvalidGameSetup)
    assert refusal.reason == reason
    assert refusal.message == f"The game cannot start: {reason}."


def test_a_secret_that_repeats_a_colour_where_none_may_repeat_is_refused() -> None:
    command = JoinGame(GAME, Code.of("Red", "Red", "Blue", "Green"), Rules(repeats=False))
    refusal = given(decider).when(command).then_raises(InvalidGameSetup)
    assert refusal.reason == "the secret repeats Red, and no symbol repeats in this game"


def test_a_secret_with_a_blank_is_refused_unless_the_rules_allow_blanks() -> None:
    secret = Code.of("Red", BLANK, "Blue", BLANK)
    refusal = given(decider).when(JoinGame(GAME, secret)).then_raises(InvalidGameSetup)
    assert refusal.reason == "the secret leaves a hole blank, which this game does not allow"
    given(decider).when(JoinGame(GAME, secret, PRESETS["blanks"])).then(
        GameStarted(GAME, secret, PRESETS["blanks"])
    )


def test_a_secret_of_another_length_than_the_rules_is_refused() -> None:
    command = JoinGame(GAME, Code.of("Red", "Blue"), Rules(length=4))
    refusal = given(decider).when(command).then_raises(InvalidGameSetup)
    assert refusal.reason == "the secret has 2 pegs, not 4"


def test_a_secret_may_repeat_a_colour_unless_the_game_is_unique() -> None:
    secret = Code.of("Red", "Red", "Blue", "Green")
    given(decider).when(JoinGame(GAME, secret)).then(GameStarted(GAME, secret, Rules()))


def test_a_unique_code_longer_than_the_palette_is_refused() -> None:
    rules = Rules(4, ("Ash", "Birch", "Cedar"), repeats=False)
    command = JoinGame(GAME, Code.of("Ash", "Birch", "Cedar", "Ash"), rules)
    refusal = given(decider).when(command).then_raises(InvalidGameSetup)
    assert refusal.reason == "a code of 4 different symbols needs at least 4 symbols, not 3"


def test_repeats_must_be_true_or_false() -> None:
    command = JoinGame(GAME, SECRET, Rules(repeats="yes"))  # type: ignore[arg-type]
    refusal = given(decider).when(command).then_raises(InvalidGameSetup)
    assert refusal.reason == "repeats is true or false, not 'yes'"


@pytest.mark.parametrize("attempts", [2.5, True, "12"])
def test_the_number_of_attempts_must_be_a_whole_number(attempts: object) -> None:
    command = JoinGame(GAME, SECRET, Rules(attempts=attempts))  # type: ignore[arg-type]
    refusal = given(decider).when(command).then_raises(InvalidGameSetup)
    assert "whole number" in refusal.reason


@pytest.mark.parametrize("name", ["Dark Blue", "Red,", "Teal;"])
def test_a_colour_name_cannot_hold_a_separator_that_parsing_would_split(name: str) -> None:
    command = JoinGame(GAME, Code.of("Red"), Rules(1, ("Red", name)))
    refusal = given(decider).when(command).then_raises(InvalidGameSetup)
    assert "cannot hold spaces, commas or semicolons" in refusal.reason


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (JoinGame(GAME, Code(()), Rules(0, (), 0)), "the secret is empty"),
        (
            JoinGame(GAME, Code.of("Pink"), Rules(1, CLASSIC_PEGS, 0)),
            "a game needs at least 1 attempt, not 0",
        ),
        (
            JoinGame(GAME, Code.of("Pink", "Pink"), Rules(2, CLASSIC_PEGS, repeats=False)),
            "Pink, in the secret, is not one of this game's colours, "
            "which are Red, Green, Blue, Yellow, Purple, Orange",
        ),
        (
            JoinGame(GAME, Code.of("Red", "Red"), Rules(2, CLASSIC_PEGS, repeats=False)),
            "the secret repeats Red, and no symbol repeats in this game",
        ),
    ],
    ids=["empty-secret", "setup", "palette-fit", "repeats"],
)
def test_a_join_is_judged_by_its_secret_then_the_rules_then_the_palette_then_repeats(
    command: JoinGame, reason: str
) -> None:
    assert given(decider).when(command).then_raises(InvalidGameSetup).reason == reason
