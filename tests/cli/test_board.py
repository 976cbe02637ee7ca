"""Drawing the board: pegs that carry their letters, key pegs no colour can be taken for."""

from __future__ import annotations

import io

import pytest
from rich.console import Console, RenderableType
from rich.text import Text

from mastermind import (
    CLASSIC_PEGS,
    Code,
    DecodingBoard,
    Feedback,
    GameLost,
    GameStarted,
    GameWon,
    GuessMade,
    Outcome,
    Rules,
    has_unique_initials,
    score,
)
from mastermind.cli._board import board_view, describe_outcome, row_line, title
from mastermind.cli._palette import (
    DEFAULT_PALETTE,
    PaletteChoiceError,
    choose_palette,
    terminal_colour,
)
from mastermind.cli._pegs import PegLook
from mastermind.domain import BLANK, DIGITS, PRESETS, rules_named

SECRET = Code.parse("RGBY")


def board_after(*guesses: str, ending: GameWon | GameLost | None = None) -> DecodingBoard:
    events: list[GameStarted | GuessMade | GameWon | GameLost] = [
        GameStarted("g1", SECRET, Rules())
    ]
    for typed in guesses:
        guess = Code.parse(typed)
        events.append(GuessMade("g1", guess, score(SECRET, guess)))
    if ending is not None:
        events.append(ending)
    return DecodingBoard.from_events(events)


def plain(renderable: RenderableType) -> str:
    output = io.StringIO()
    Console(file=output, color_system=None, width=100).print(renderable)
    return output.getvalue()


def coloured(renderable: RenderableType) -> str:
    output = io.StringIO()
    Console(file=output, force_terminal=True, color_system="256", width=100).print(renderable)
    return output.getvalue()


def test_a_plain_row_shows_the_guess_by_initials_and_the_key_pegs_by_symbols() -> None:
    board = board_after("rybg")
    line = row_line(1, board.rows[0], board, PegLook(CLASSIC_PEGS, colour=False))
    assert plain(line) == "  1  R Y B G  | ● ● ○ ○\n"


def test_empty_key_peg_holes_show_as_dots_so_the_count_reads_at_a_glance() -> None:
    board = board_after("rppp", "pppp")
    look = PegLook(CLASSIC_PEGS, colour=False)
    assert plain(row_line(1, board.rows[0], board, look)) == "  1  R P P P  | ● · · ·\n"
    assert plain(row_line(2, board.rows[1], board, look)) == "  2  P P P P  | · · · ·\n"


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "plain"])
@pytest.mark.parametrize(
    "palette",
    [CLASSIC_PEGS, DEFAULT_PALETTE, ("Blue", "Black", "Red", "White"), ("+", "-", ".", "Ash")],
    ids=["classic", "eight", "shared initials", "symbols as colours"],
)
def test_no_key_peg_symbol_is_also_a_code_pegs_label(
    palette: tuple[str, ...], colour: bool
) -> None:
    look = PegLook(palette, colour)
    symbols = look.key_symbols
    assert len(set(symbols)) == 3
    assert not set(symbols) & {look.label(name).strip() for name in palette}


def test_a_coloured_row_draws_each_code_peg_as_a_cell_of_its_colour_with_its_initial() -> None:
    board = board_after("rybg")
    line = coloured(row_line(1, board.rows[0], board, PegLook(CLASSIC_PEGS, colour=True)))
    red_cell, yellow_cell = "48;5;196m R ", "48;5;226m Y "
    assert line.index(red_cell) < line.index(yellow_cell)
    assert "│" in line
    assert line.count("●") == 2
    assert line.count("○") == 2


def test_key_pegs_take_the_same_width_in_every_row_so_rows_line_up() -> None:
    board = board_after("rybg", "pppp", "rgbo", "rgby")
    for colour in (True, False):
        look = PegLook(CLASSIC_PEGS, colour)
        widths = {look.key_pegs(row.feedback, 4).cell_len for row in board.rows}
        lines = {row_line(n, row, board, look).cell_len for n, row in enumerate(board.rows, 1)}
        assert (len(widths), len(lines)) == (1, 1)


def test_names_stand_in_for_initials_in_plain_text_when_two_colours_share_one() -> None:
    palette = ("Blue", "Black", "Red", "White")
    look = PegLook(palette, colour=False)
    assert plain(look.code(Code(palette))) == "Blue  Black Red   White\n"
    assert plain(look.colour_legend()) == "Blue, Black, Red, White\n"


def test_numbers_stand_in_for_initials_on_coloured_cells_when_two_colours_share_one() -> None:
    palette = ("Blue", "Black", "Red", "White")
    look = PegLook(palette, colour=True)
    assert [look.label(name) for name in palette] == ["1", "2", "3", "4"]
    legend = plain(look.colour_legend())
    assert legend == " 1  Blue   2  Black   3  Red   4  White\n"


def test_a_colour_no_terminal_knows_is_a_reversed_cell_with_its_initial() -> None:
    look = PegLook(("Ash", "Birch", "Magenta"), colour=True)
    drawn = coloured(look.code(Code(["Ash", "Magenta"])))
    assert drawn.startswith("\x1b[1;7m A \x1b[0m")
    assert "45m M " in drawn


def test_a_label_stands_out_from_its_cell_in_black_or_white() -> None:
    look = PegLook(DEFAULT_PALETTE, colour=True)
    on_yellow, on_purple = coloured(look.peg("Yellow")), coloured(look.peg("Purple"))
    assert "38;5;16;" in on_yellow, "black"
    assert "38;5;231;" in on_purple, "white"


def test_the_board_hides_the_secret_while_the_game_is_in_play() -> None:
    assert plain(board_view(board_after("rybg"), colour=False)) == (
        "Game g1: 4 pegs from 6 colours, 12 attempts\n"
        "\n"
        "  1  R Y B G  | ● ● ○ ○\n"
        "Secret: ? ? ? ?\n"
        "\n"
        "Colours: R Red  G Green  B Blue  Y Yellow  P Purple  O Orange\n"
        "Key pegs: ● right colour, right place   ○ right colour, wrong place   · none\n"
        "\n"
        "In play: 11 of 12 attempts left.\n"
    )


def test_the_board_reveals_the_secret_once_the_game_is_won() -> None:
    drawn = plain(board_view(board_after("rybg", "rgby", ending=GameWon("g1")), colour=False))
    assert "  2  R G B Y  | ● ● ● ●\nSecret: R G B Y (Red Green Blue Yellow)\n" in drawn
    assert drawn.endswith("\nWon in 2 guesses.\n")


def test_the_coloured_board_names_the_colours_of_the_secret_too() -> None:
    drawn = coloured(board_view(board_after(ending=GameLost("g1")), colour=True))
    assert "(Red Green Blue Yellow)" in drawn
    assert "\x1b[1m●\x1b[0m right colour, right place" in drawn


def screen_lines(board: DecodingBoard, room: int) -> list[str]:
    """The board as a screen draws it with ``room`` lines above a message of one line."""
    view = board_view(board, colour=True, label="g1", message=Text(""), room=room)
    output = io.StringIO()
    Console(file=output, color_system=None, width=100).print(view)
    return output.getvalue().splitlines()


def test_a_screen_with_room_draws_every_attempt_left_as_an_empty_row() -> None:
    lines = screen_lines(board_after("rybg", "pppp"), room=40)
    assert lines[0] == "Game g1: 4 pegs from 6 colours, 12 attempts"
    numbers = [line[:3].strip() for line in lines[2:14]]
    assert numbers == [str(number) for number in range(1, 13)]
    assert lines[14].startswith("Secret: ")


def test_a_screen_short_of_room_counts_the_attempts_left_instead() -> None:
    lines = screen_lines(board_after("rybg", "pppp"), room=12)
    assert "10 attempts left" in lines[4]
    assert len(lines) <= 12 + 1


def test_a_screen_short_of_room_even_for_the_guesses_shows_the_latest() -> None:
    board = board_after(*["pppp"] * 11)
    lines = screen_lines(board, room=12)
    assert "8 guesses above, shown by 'mastermind show'" in lines[2]
    assert [line[:3] for line in lines[3:6]] == ["  9", " 10", " 11"]
    assert lines[6].strip() == "1 attempt left"
    assert len(lines) <= 12 + 1


@pytest.mark.parametrize(
    ("outcome", "used", "text"),
    [
        (Outcome.IN_PROGRESS, 0, "In play: 12 of 12 attempts left."),
        (Outcome.WON, 1, "Won in 1 guess."),
        (Outcome.WON, 7, "Won in 7 guesses."),
        (Outcome.LOST, 12, "Lost: all 12 attempts used."),
        (Outcome.LOST, 3, "Given up after 3 guesses."),
    ],
)
def test_an_outcome_reads_as_a_sentence(outcome: Outcome, used: int, text: str) -> None:
    assert describe_outcome(outcome, used, 12) == text


def test_the_default_palette_extends_the_classic_one_with_distinct_initials() -> None:
    assert DEFAULT_PALETTE[:6] == CLASSIC_PEGS
    assert len(DEFAULT_PALETTE) == 8
    assert has_unique_initials(DEFAULT_PALETTE)
    assert all(terminal_colour(peg) for peg in DEFAULT_PALETTE)


@pytest.mark.parametrize(
    ("asked", "palette"),
    [
        ("2", ("Red", "Green")),
        ("6", CLASSIC_PEGS),
        (" 8 ", DEFAULT_PALETTE),
        ("Ash Birch Cedar", ("Ash", "Birch", "Cedar")),
        ("ash,birch, cedar", ("ash", "birch", "cedar")),
    ],
)
def test_colours_are_a_count_of_the_default_palette_or_names(
    asked: str, palette: tuple[str, ...]
) -> None:
    assert choose_palette(asked) == palette


@pytest.mark.parametrize("asked", ["0", "1", "9", "", " , "])
def test_a_palette_that_cannot_be_offered_is_refused(asked: str) -> None:
    with pytest.raises(PaletteChoiceError):
        choose_palette(asked)


@pytest.mark.parametrize(
    ("asked", "symbols", "palette"),
    [
        ("4", DIGITS, ("0", "1", "2", "3")),
        ("8", PRESETS["super"].symbols, DEFAULT_PALETTE),
        ("7", CLASSIC_PEGS, DEFAULT_PALETTE[:7]),
        ("Ash Birch", DIGITS, ("Ash", "Birch")),
    ],
)
def test_a_count_takes_the_first_of_the_rules_symbols_or_of_the_default_colours(
    asked: str, symbols: tuple[str, ...], palette: tuple[str, ...]
) -> None:
    assert choose_palette(asked, symbols) == palette


def test_a_count_of_digits_goes_no_further_than_the_digits() -> None:
    with pytest.raises(PaletteChoiceError, match="11 is not a number of digits from 2 to 10"):
        choose_palette("11", DIGITS)


def test_the_blank_peg_is_a_hole_and_no_key_peg_looks_like_it() -> None:
    for colour, hole, white in [(False, "_", "○"), (True, "○", "◇")]:
        look = PegLook.of(rules_named("blanks"), colour)
        assert look.label(BLANK) == hole
        assert look.key_symbols[1] == white
        assert hole not in look.key_symbols


def test_bulls_and_cows_answer_in_words_and_black_peg_games_in_black_pegs_alone() -> None:
    bulls_and_cows = PegLook.of(rules_named("bulls-and-cows"), colour=False)
    assert bulls_and_cows.key_pegs(Feedback(1, 2), 4).plain == "1 bull, 2 cows"
    assert bulls_and_cows.key_line().plain.startswith("Answers: a bull is a digit in its place")
    assert bulls_and_cows.colour_line().plain == "Digits: 0 1 2 3 4 5 6 7 8 9"
    black_peg = PegLook.of(rules_named("black-peg"), colour=False)
    assert black_peg.key_pegs(Feedback(1, 2), 4).plain == "● · · ·"
    assert "wrong place   " not in black_peg.key_line().plain


@pytest.mark.parametrize(
    ("preset", "shown"),
    [
        ("classic", "Game g1: 4 pegs from 6 colours, 12 attempts"),
        ("super", "Game g1 (super): 5 pegs from 8 colours, 12 attempts"),
        (
            "bulls-and-cows",
            "Game g1 (bulls-and-cows): 4 pegs from 10 digits, 12 attempts, no digit twice",
        ),
        ("black-peg", "Game g1 (black-peg): 4 pegs from 6 colours, 12 attempts, black pegs only"),
        ("blanks", "Game g1 (blanks): 4 pegs from 6 colours and the blank, 12 attempts"),
    ],
)
def test_the_title_names_the_rules_and_what_sets_them_apart(preset: str, shown: str) -> None:
    rules = rules_named(preset)
    secret = Code(rules.symbols[: rules.length])
    board = DecodingBoard.from_events([GameStarted("g1", secret, rules)])
    assert title(board).plain == shown
