"""Drawing the board: coloured pegs on a colour terminal, letters and names in plain text."""

from __future__ import annotations

import io

import pytest
from rich.console import Console, RenderableType

from mastermind import (
    CLASSIC_PEGS,
    Code,
    DecodingBoard,
    GameLost,
    GameStarted,
    GameWon,
    GuessMade,
    Outcome,
    has_unique_initials,
    score,
)
from mastermind.cli._board import PegLook, board_view, describe_outcome, row_line
from mastermind.cli._palette import (
    DEFAULT_PALETTE,
    PaletteChoiceError,
    choose_palette,
    terminal_colour,
)

SECRET = Code.parse("RGBY")


def board_after(*guesses: str, ending: GameWon | GameLost | None = None) -> DecodingBoard:
    events: list[GameStarted | GuessMade | GameWon | GameLost] = [
        GameStarted("g1", SECRET, 12, CLASSIC_PEGS)
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


def test_a_plain_row_shows_the_guess_by_initials_and_the_key_pegs_by_letter() -> None:
    board = board_after("rybg")
    line = row_line(1, board.rows[0], board, PegLook(CLASSIC_PEGS, colour=False))
    assert plain(line) == "  1  R Y B G  | B B W W\n"


def test_empty_key_peg_holes_show_as_dots_so_the_count_reads_at_a_glance() -> None:
    board = board_after("rppp", "pppp")
    look = PegLook(CLASSIC_PEGS, colour=False)
    assert plain(row_line(1, board.rows[0], board, look)) == "  1  R P P P  | B . . .\n"
    assert plain(row_line(2, board.rows[1], board, look)) == "  2  P P P P  | . . . .\n"


def test_a_coloured_row_draws_each_code_peg_as_a_dot_in_its_colour() -> None:
    board = board_after("rybg")
    line = coloured(row_line(1, board.rows[0], board, PegLook(CLASSIC_PEGS, colour=True)))
    red, yellow = "\x1b[38;5;196m●", "\x1b[38;5;226m●"
    assert line.index(red) < line.index(yellow)
    assert "R" not in line
    assert "│" in line
    assert line.count("●") == 4 + 2
    assert line.count("○") == 2


def test_names_stand_in_for_initials_when_two_colours_share_one() -> None:
    palette = ("Blue", "Black", "Red", "White")
    look = PegLook(palette, colour=False)
    assert plain(look.code(Code(palette))) == "Blue  Black Red   White\n"
    assert plain(look.colour_legend()) == "Blue, Black, Red, White\n"


def test_a_colour_no_terminal_knows_is_drawn_by_its_initial_even_in_colour() -> None:
    look = PegLook(("Ash", "Birch", "Magenta"), colour=True)
    drawn = coloured(look.code(Code(["Ash", "Magenta"])))
    assert drawn.startswith("\x1b[1mA\x1b[0m")
    assert "\x1b[35m●" in drawn


def test_the_board_hides_the_secret_while_the_game_is_in_play() -> None:
    assert plain(board_view(board_after("rybg"), colour=False)) == (
        "Game g1\n"
        "Colours: R Red  G Green  B Blue  Y Yellow  P Purple  O Orange\n"
        "Key pegs: B right colour, right place   W right colour, wrong place\n"
        "\n"
        "  1  R Y B G  | B B W W\n"
        "\n"
        "Secret: ? ? ? ?\n"
        "In play: 11 of 12 attempts left.\n"
    )


def test_the_board_reveals_the_secret_once_the_game_is_won() -> None:
    drawn = plain(board_view(board_after("rybg", "rgby", ending=GameWon("g1")), colour=False))
    assert drawn.endswith("Secret: R G B Y (Red Green Blue Yellow)\nWon in 2 guesses.\n")


def test_the_coloured_board_names_the_colours_of_the_secret_too() -> None:
    drawn = coloured(board_view(board_after(ending=GameLost("g1")), colour=True))
    assert "(Red Green Blue Yellow)" in drawn
    assert "\x1b[1m●\x1b[0m right colour, right place" in drawn


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
