import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CLASSIC_PEGS, Code, NotAColour, UnreadableCode
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
