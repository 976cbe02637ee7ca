"""The rules of a game's setup: every setup is judged, and refused in plain words."""

from __future__ import annotations

import pytest

from mastermind import CLASSIC_PEGS
from mastermind.domain import MAX_ATTEMPTS, MAX_COLOUR_NAME, MAX_COLOURS, MAX_LENGTH, GameSetup

TWENTY_COLOURS = tuple(f"Colour{number}" for number in range(MAX_COLOURS))


def test_the_classic_game_can_be_played() -> None:
    assert GameSetup(4, 12, CLASSIC_PEGS).problem() is None


@pytest.mark.parametrize(
    "setup",
    [
        GameSetup(1, 1, ("Red",)),
        GameSetup(MAX_LENGTH, MAX_ATTEMPTS, CLASSIC_PEGS),
        GameSetup(4, 12, TWENTY_COLOURS),
        GameSetup(4, 12, ("C" * MAX_COLOUR_NAME, "Red")),
        GameSetup(4, 12, ("Rouge", "Vert", "Bleu", "O'Brien", "ünïcödé", "🎲")),
        GameSetup(6, 12, CLASSIC_PEGS, unique=True),
        GameSetup(9, 12, ("Red",), unique=False),
    ],
    ids=["smallest", "largest", "most-colours", "longest-name", "odd-names", "unique", "repeats"],
)
def test_a_setup_within_the_limits_can_be_played(setup: GameSetup) -> None:
    assert setup.problem() is None


@pytest.mark.parametrize(
    ("palette", "problem"),
    [
        ("RGB", "the palette must list colour names"),
        (("Red", 3), "the palette must list colour names"),
        ((), "the palette has no colours"),
        (
            (*TWENTY_COLOURS, "Extra"),
            f"a palette has at most {MAX_COLOURS} colours, not {MAX_COLOURS + 1}",
        ),
        (("Red", ""), "a colour in the palette has no name"),
        (("Red", "  "), "a colour in the palette has no name"),
        (("Red", "Dark Blue"), "a colour's name cannot hold spaces, commas or semicolons"),
        (("Red", "Teal,"), "a colour's name cannot hold spaces, commas or semicolons"),
        (("Red", "Teal;"), "a colour's name cannot hold spaces, commas or semicolons"),
        (("Red", "Tab\tbed"), "a colour's name cannot hold spaces, commas or semicolons"),
        (
            ("Red", "C" * (MAX_COLOUR_NAME + 1)),
            f"a colour's name has at most {MAX_COLOUR_NAME} printable characters",
        ),
        (("Red", "Bell\a"), f"a colour's name has at most {MAX_COLOUR_NAME} printable characters"),
        (("Red", "Blue", "Red"), "the palette names a colour twice (Red, Blue, Red)"),
        (("Red", "RED"), "the palette names a colour twice (Red, RED)"),
        (("Straße", "STRASSE"), "the palette names a colour twice (Straße, STRASSE)"),
    ],
)
def test_a_palette_the_rules_refuse_is_named_as_the_problem(palette: object, problem: str) -> None:
    assert GameSetup(1, 12, palette).problem() == problem  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("length", "problem"),
    [
        (0, "a code needs at least 1 peg, not 0"),
        (-3, "a code needs at least 1 peg, not -3"),
        (MAX_LENGTH + 1, f"a code has at most {MAX_LENGTH} pegs, not {MAX_LENGTH + 1}"),
        (2.0, "the number of pegs must be a whole number, not 2.0"),
        (True, "the number of pegs must be a whole number, not True"),
        ("4", "the number of pegs must be a whole number, not '4'"),
    ],
)
def test_a_code_length_beyond_the_limits_is_the_problem(length: object, problem: str) -> None:
    assert GameSetup(length, 12, CLASSIC_PEGS).problem() == problem  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("attempts", "problem"),
    [
        (0, "a game needs at least 1 attempt, not 0"),
        (-1, "a game needs at least 1 attempt, not -1"),
        (MAX_ATTEMPTS + 1, f"a game has at most {MAX_ATTEMPTS} attempts, not {MAX_ATTEMPTS + 1}"),
        (2.5, "the number of attempts must be a whole number, not 2.5"),
        (False, "the number of attempts must be a whole number, not False"),
        (None, "the number of attempts must be a whole number, not None"),
    ],
)
def test_a_number_of_attempts_beyond_the_limits_is_the_problem(
    attempts: object, problem: str
) -> None:
    assert GameSetup(4, attempts, CLASSIC_PEGS).problem() == problem  # type: ignore[arg-type]


def test_unique_colours_need_a_palette_at_least_as_long_as_the_code() -> None:
    assert GameSetup(6, 12, CLASSIC_PEGS, unique=True).problem() is None
    assert GameSetup(7, 12, CLASSIC_PEGS, unique=True).problem() == (
        "a code of 7 different colours needs at least 7 colours, not 6"
    )


@pytest.mark.parametrize("unique", ["yes", 1, None])
def test_unique_is_true_or_false(unique: object) -> None:
    assert GameSetup(4, 12, CLASSIC_PEGS, unique).problem() == (  # type: ignore[arg-type]
        f"unique is true or false, not {unique!r}"
    )


def test_the_palette_is_judged_first_then_the_length_then_the_attempts_then_uniqueness() -> None:
    assert GameSetup(0, 0, (), unique=True).problem() == "the palette has no colours"
    assert GameSetup(0, 0, ("Red",), unique=True).problem() == "a code needs at least 1 peg, not 0"
    assert GameSetup(2, 0, ("Red",), unique=True).problem() == (
        "a game needs at least 1 attempt, not 0"
    )
    assert GameSetup(2, 1, ("Red",), unique=True).problem() == (
        "a code of 2 different colours needs at least 2 colours, not 1"
    )
