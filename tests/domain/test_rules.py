"""The rules of a game as a value: every value is judged, and refused in plain words."""

from __future__ import annotations

import pytest

from mastermind import CLASSIC_PEGS
from mastermind.domain import (
    BLANK,
    DIGITS,
    MAX_ATTEMPTS,
    MAX_COLOUR_NAME,
    MAX_COLOURS,
    MAX_LENGTH,
    PRESETS,
    Answer,
    Code,
    Feedback,
    Rules,
    rules_named,
)

TWENTY_COLOURS = tuple(f"Colour{number}" for number in range(MAX_COLOURS))


def test_the_classic_game_can_be_played() -> None:
    assert Rules(4, CLASSIC_PEGS, 12).problem() is None


@pytest.mark.parametrize(
    "setup",
    [
        Rules(1, ("Red",), 1),
        Rules(MAX_LENGTH, CLASSIC_PEGS, MAX_ATTEMPTS),
        Rules(4, TWENTY_COLOURS, 12),
        Rules(4, ("C" * MAX_COLOUR_NAME, "Red"), 12),
        Rules(4, ("Rouge", "Vert", "Bleu", "O'Brien", "ünïcödé", "🎲"), 12),
        Rules(6, CLASSIC_PEGS, 12, repeats=False),
        Rules(9, ("Red",), 12, repeats=True),
    ],
    ids=["smallest", "largest", "most-colours", "longest-name", "odd-names", "unique", "repeats"],
)
def test_a_setup_within_the_limits_can_be_played(setup: Rules) -> None:
    assert setup.problem() is None


@pytest.mark.parametrize(
    ("palette", "problem"),
    [
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
    assert Rules(1, palette, 12).problem() == problem  # type: ignore[arg-type]


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
    assert Rules(length, CLASSIC_PEGS, 12).problem() == problem  # type: ignore[arg-type]


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
    assert Rules(4, CLASSIC_PEGS, attempts).problem() == problem  # type: ignore[arg-type]


def test_codes_without_repeats_need_as_many_symbols_as_pegs() -> None:
    assert Rules(6, CLASSIC_PEGS, 12, repeats=False).problem() is None
    assert Rules(7, CLASSIC_PEGS, 12, repeats=False).problem() == (
        "a code of 7 different symbols needs at least 7 symbols, not 6"
    )


@pytest.mark.parametrize("choice", ["repeats", "blanks"])
@pytest.mark.parametrize("value", ["yes", 1, None])
def test_repeats_and_blanks_are_true_or_false(choice: str, value: object) -> None:
    assert Rules(**{choice: value}).problem() == f"{choice} is true or false, not {value!r}"


def test_the_palette_is_judged_first_then_the_length_then_the_attempts_then_repeats() -> None:
    assert Rules(0, (), 0, repeats=False).problem() == "the palette has no colours"
    assert Rules(0, ("Red",), 0, repeats=False).problem() == "a code needs at least 1 peg, not 0"
    assert Rules(2, ("Red",), 0, repeats=False).problem() == (
        "a game needs at least 1 attempt, not 0"
    )
    assert Rules(2, ("Red",), 1, repeats=False).problem() == (
        "a code of 2 different symbols needs at least 2 symbols, not 1"
    )


def test_symbols_given_as_one_string_are_refused_by_type() -> None:
    with pytest.raises(TypeError, match="symbols must be a sequence of symbol names, not str"):
        Rules(symbols="RGB")  # type: ignore[arg-type]


def test_every_preset_can_be_played_and_is_known_by_its_name() -> None:
    assert list(PRESETS) == ["classic", "super", "bulls-and-cows", "black-peg", "blanks", "unique"]
    for name, rules in PRESETS.items():
        assert rules.problem() is None
        assert rules.name == name
        assert rules_named(name.upper()) is rules


def test_the_presets_are_the_games_people_play() -> None:
    assert PRESETS["classic"] == Rules()
    assert (PRESETS["super"].length, len(PRESETS["super"].pegs)) == (5, 8)
    bulls = PRESETS["bulls-and-cows"]
    assert (bulls.pegs, bulls.repeats, bulls.answer) == (DIGITS, False, Answer.BULLS_AND_COWS)
    assert PRESETS["black-peg"] == Rules(answer=Answer.BLACK_ONLY)
    assert PRESETS["blanks"].pegs == (*CLASSIC_PEGS, BLANK)
    assert PRESETS["unique"] == Rules(repeats=False)


def test_rules_of_ones_own_have_no_preset_name() -> None:
    assert Rules(attempts=10).name is None


def test_an_unknown_preset_is_refused_with_the_names_there_are() -> None:
    with pytest.raises(ValueError, match="choose from classic, super, bulls-and-cows"):
        rules_named("chess")
    with pytest.raises(TypeError, match="name must be a str"):
        rules_named(4)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rules", "problem"),
    [
        (
            Rules(answer="bulls"),  # type: ignore[arg-type]
            "the answer is one of black-and-white, black-only, bulls-and-cows",
        ),
        (Rules(symbols=(*CLASSIC_PEGS, "empty"), blanks=True), "the palette names Empty"),
        (
            Rules(symbols=tuple(f"C{n}" for n in range(MAX_COLOURS)), blanks=True),
            "the blank included",
        ),
        (
            Rules(length=9, symbols=DIGITS[:7], repeats=False, blanks=True),
            "needs at least 9 symbols, not 8",
        ),
    ],
    ids=["answer", "blank-named", "too-many-with-blank", "blank-counts-as-a-symbol"],
)
def test_rules_that_cannot_be_played_are_named_as_the_problem(rules: Rules, problem: str) -> None:
    assert problem in (rules.problem() or "")


def test_the_answer_is_described_in_the_rules_own_words() -> None:
    feedback = Feedback(1, 2)
    assert PRESETS["bulls-and-cows"].describe(feedback) == "1 bull, 2 cows"
    assert PRESETS["bulls-and-cows"].describe(Feedback(2, 1)) == "2 bulls, 1 cow"
    assert PRESETS["classic"].describe(feedback) == "1 black, 2 white"
    assert PRESETS["black-peg"].describe(Feedback(3, 0)) == "3 black"


def test_a_black_peg_game_never_counts_white() -> None:
    secret, guess = Code.parse("RGBY"), Code.parse("YBGR")
    assert PRESETS["classic"].score(secret, guess) == Feedback(0, 4)
    assert PRESETS["black-peg"].score(secret, guess) == Feedback(0, 0)


@pytest.mark.parametrize(
    ("rules", "pegs", "problem"),
    [
        (PRESETS["classic"], ("Red", BLANK, "Blue", "Red"), "leaves a hole blank"),
        (PRESETS["blanks"], ("Red", BLANK, BLANK, "Red"), None),
        (PRESETS["unique"], ("Red", "Blue", "Red", "Blue"), "repeats Red, Blue"),
        (PRESETS["bulls-and-cows"], ("1", "2", "3", "1"), "repeats 1"),
        (PRESETS["bulls-and-cows"], ("1", "2", "3", "4"), None),
    ],
)
def test_codes_that_break_the_rules_are_named(
    rules: Rules, pegs: tuple[str, ...], problem: str | None
) -> None:
    found = rules.code_problem(pegs, "the guess")
    if problem is None:
        assert found is None
    else:
        assert problem in (found or "")


def test_rules_changed_take_each_value_given_and_keep_the_rest() -> None:
    bulls = PRESETS["bulls-and-cows"]
    assert bulls.changed() == bulls
    assert bulls.changed(attempts=7, repeats=True) == Rules(
        symbols=DIGITS, attempts=7, answer=Answer.BULLS_AND_COWS
    )
    assert PRESETS["classic"].changed(length=5, symbols=["Ash", "Birch"], repeats=False) == (
        Rules(5, ("Ash", "Birch"), repeats=False)
    )
