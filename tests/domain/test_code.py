from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import (
    CLASSIC_PEGS,
    Code,
    NotAColour,
    UnreadableCode,
    has_unique_initials,
    split_names,
)
from mastermind.testing.strategies import codes, palettes


def test_of_builds_a_code_from_colour_names() -> None:
    assert Code.of("Red", "Green", "Blue", "Yellow").pegs == ("Red", "Green", "Blue", "Yellow")


def test_a_code_is_immutable() -> None:
    code = Code.of("Red")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        code.pegs = ("Blue",)  # type: ignore[misc]


def test_pegs_given_as_a_list_are_stored_as_a_tuple() -> None:
    assert Code(["Red", "Blue"]).pegs == ("Red", "Blue")


@pytest.mark.parametrize(
    "typed",
    [
        "Red Green Blue Yellow",
        "red green blue yellow",
        "RED,GREEN,BLUE,YELLOW",
        "  Red ,  green;blue   YELLOW ",
        "RGBY",
        "rgby",
        "r g b y",
        "R, G, B, Y",
        "Red G blue Y",
    ],
)
def test_parse_reads_names_and_initials_in_any_case(typed: str) -> None:
    assert Code.parse(typed) == Code.of("Red", "Green", "Blue", "Yellow")


def test_parse_keeps_unknown_words_for_the_game_to_reject() -> None:
    assert Code.parse("Red Pink Blue Teal").pegs == ("Red", "Pink", "Blue", "Teal")


def test_parse_reads_a_word_of_mostly_initials_letter_by_letter() -> None:
    assert Code.parse("RGBX").pegs == ("Red", "Green", "Blue", "X")


def test_parse_keeps_a_misspelt_name_among_other_words_whole() -> None:
    assert Code.parse("Red Grey Blue Yellow").pegs == ("Red", "Grey", "Blue", "Yellow")


@pytest.mark.parametrize("typed", ["Pink", "xyzw", "clear", "\N{LARGE RED CIRCLE}" * 4])
def test_parse_refuses_a_lone_word_that_is_neither_a_colour_nor_initials(typed: str) -> None:
    with pytest.raises(NotAColour) as raised:
        Code.parse(typed)
    assert str(raised.value) == (
        f"{typed!r} is neither a colour nor colour initials; "
        "choose from Red, Green, Blue, Yellow, Purple, Orange"
    )
    assert isinstance(raised.value, UnreadableCode)


def test_parse_reads_no_initials_when_two_colours_share_one() -> None:
    palette = ("Blue", "Black", "Red")
    with pytest.raises(NotAColour):
        Code.parse("BBR", palette)
    assert Code.parse("black BLUE red", palette).pegs == ("Black", "Blue", "Red")


def test_parse_uses_the_given_palette() -> None:
    assert Code.parse("ca", ("Ash", "Birch", "Cedar")).pegs == ("Cedar", "Ash")


@pytest.mark.parametrize("typed", ["", "   ", ",", " , ;; "])
def test_parse_refuses_text_without_pegs_and_says_why(typed: str) -> None:
    with pytest.raises(UnreadableCode, match="holds no colour") as raised:
        Code.parse(typed)
    assert raised.value.text == typed


def test_unreadable_code_is_a_value_error() -> None:
    assert issubclass(UnreadableCode, ValueError)


@given(st.data(), palettes())
def test_parse_reads_back_any_code_written_as_names(
    data: st.DataObject, palette: tuple[str, ...]
) -> None:
    code = data.draw(codes(palette, data.draw(st.integers(1, 6))))
    assert Code.parse(str(code), palette) == code


@given(codes(CLASSIC_PEGS, 5))
def test_parse_reads_back_any_classic_code_written_as_initials(code: Code) -> None:
    assert Code.parse(code.initials()) == code


def test_str_and_initials_show_a_code_to_people() -> None:
    code = Code.of("Red", "Orange")
    assert (str(code), code.initials(), len(code)) == ("Red Orange", "RO", 2)


PEGS = "pegs must be an iterable of colour names, not"
NAMES = "names must be an iterable of colour names, not"
PALETTE = "available_pegs must be a sequence of colour names, not"

WRONG_TYPES: dict[str, tuple[Callable[[], object], str]] = {
    "code-of-none": (lambda: Code(None), f"{PEGS} NoneType"),  # type: ignore[arg-type]
    "code-of-one-str": (lambda: Code("RGBY"), f"{PEGS} str"),
    "code-of-bytes": (lambda: Code(b"RGBY"), f"{PEGS} bytes"),  # type: ignore[arg-type]
    "code-of-numbers": (lambda: Code([1, 2]), f"{PEGS} list holding int"),  # type: ignore[list-item]
    "of-with-none": (lambda: Code.of("Red", None), f"{PEGS} tuple holding NoneType"),  # type: ignore[arg-type]
    "evolve-to-none": (
        lambda: attrs.evolve(Code.of("Red"), pegs=None),  # type: ignore[arg-type]
        f"{PEGS} NoneType",
    ),
    "parse-none": (lambda: Code.parse(None), "text must be a str, not NoneType"),  # type: ignore[arg-type]
    "parse-bytes": (lambda: Code.parse(b"RGBY"), "text must be a str, not bytes"),  # type: ignore[arg-type]
    "parse-palette-str": (lambda: Code.parse("RGBY", "RGBY"), f"{PALETTE} str"),
    "parse-palette-none": (lambda: Code.parse("RGBY", None), f"{PALETTE} NoneType"),  # type: ignore[arg-type]
    "parse-palette-numbers": (
        lambda: Code.parse("RGBY", ("Red", 3)),  # type: ignore[arg-type]
        f"{PALETTE} tuple holding int",
    ),
    "from-names-none": (lambda: Code.from_names(None), f"{NAMES} NoneType"),  # type: ignore[arg-type]
    "from-names-one-str": (lambda: Code.from_names("RGBY"), f"{NAMES} str"),
    "from-names-numbers": (
        lambda: Code.from_names([1, 2, 3, 4]),  # type: ignore[list-item]
        f"{NAMES} list holding int",
    ),
    "from-names-palette-str": (lambda: Code.from_names(["r"], "RGB"), f"{PALETTE} str"),
    "split-names-none": (lambda: split_names(None), "text must be a str, not NoneType"),  # type: ignore[arg-type]
    "unique-initials-str": (
        lambda: has_unique_initials("RGB"),
        "palette must be a sequence of colour names, not str",
    ),
}


@pytest.mark.parametrize(("build", "words"), WRONG_TYPES.values(), ids=WRONG_TYPES.keys())
def test_a_code_refuses_an_argument_of_the_wrong_type_by_name(
    build: Callable[[], object], words: str
) -> None:
    with pytest.raises(TypeError) as raised:
        build()
    assert str(raised.value) == words


def test_pegs_may_come_from_any_iterable_of_names_read_once() -> None:
    assert Code(name for name in ("Red", "Blue")) == Code.of("Red", "Blue")
    assert Code.from_names(iter(["r", "b"])) == Code.of("Red", "Blue")


def test_a_code_may_hold_names_from_outside_any_palette_and_no_peg_at_all() -> None:
    assert Code.of("", "Pink").pegs == ("", "Pink")
    assert Code(()).pegs == ()
