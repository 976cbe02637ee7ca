"""The page, played in a real headless Chromium against a real server.

Every game's secret is ``SECRET``, Orange Purple Yellow Orange, so a test can win. What
the page tests share is in ``tests/web/pages.py``; the browser and the server are the
fixtures of ``tests/web/conftest.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.hints.sources import CountedHints
from tests.web.conftest import SECRET
from tests.web.pages import page_server, play, rows, visit
from tests.web.test_page_accessibility import violations


@pytest.fixture
def page(browser: Browser, page_url: str) -> Iterator[Page]:
    with visit(browser, page_url, viewport={"width": 640, "height": 1100}) as page:
        yield page


def test_a_new_visitor_gets_a_board_of_12_rows_with_the_first_highlighted(page: Page) -> None:
    expect(page.locator(".row")).to_have_count(12)
    expect(page.locator(".row").first).to_have_class(re.compile(r"\bcurrent\b"))
    expect(page.locator("#attempts")).to_have_text("Attempt 1 of 12 · 12 left")
    expect(page.locator("#secret .peg")).to_have_text(["?", "?", "?", "?"])


def test_every_peg_shows_its_letter_and_key_pegs_say_what_they_mean(page: Page) -> None:
    expect(page.locator("#palette .peg")).to_have_text(["R", "G", "B", "Y", "P", "O"])

    play(page, ["Orange", "Red", "Purple", "Yellow"])

    expect(page.locator(".row.played .pegs .peg")).to_have_text(["O", "R", "P", "Y"])
    expect(page.locator(".row.played .key.black")).to_have_count(1)
    expect(page.locator(".row.played .key.white")).to_have_count(2)
    expect(page.locator(".row.played .keys")).to_have_accessible_name(
        "1 right place, 2 wrong place"
    )
    expect(page.locator("#message")).to_have_text("Guess 1: 1 right place, 2 wrong place.")


def test_a_game_is_won_by_clicking_colours(page: Page) -> None:
    play(page, ["Red", "Green", "Blue", "Yellow"])
    expect(page.locator("#attempts")).to_have_text("Attempt 2 of 12 · 11 left")
    expect(page.locator(".row").nth(1)).to_have_class(re.compile(r"\bcurrent\b"))

    play(page, ["Orange", "Purple", "Yellow", "Orange"])

    expect(page.locator("#headline")).to_have_text("You broke the code!")
    expect(page.locator("#message")).to_have_text(f"Won in 2 guesses. The secret was {SECRET}.")
    expect(page.locator("#secret .peg")).to_have_text(["O", "P", "Y", "O"])
    assert rows(page) == ["RGBY ○···", "OPYO ●●●●"]
    expect(page.get_by_role("button", name="Guess", exact=True)).to_be_hidden()


def test_a_rejected_guess_shows_the_servers_message(page: Page) -> None:
    page.keyboard.type("rgb")
    page.keyboard.press("Enter")

    expect(page.locator("#message")).to_have_text("The guess has 3 pegs, but the code has 4 pegs.")
    expect(page.locator("#message")).to_have_class(re.compile(r"\berror\b"))
    expect(page.locator("#attempts")).to_have_text("Attempt 1 of 12 · 12 left")
    expect(page.locator("#guess .hole.filled")).to_have_text(["R", "G", "B"])
    assert rows(page) == []


def test_reloading_the_page_resumes_the_game(page: Page) -> None:
    play(page, ["Purple", "Orange", "Yellow", "Red"])
    expect(page.locator(".row.played")).to_have_count(1)
    game = page.evaluate("localStorage.getItem('mastermind.game')")

    page.reload()

    expect(page.locator("#message")).to_have_text("Welcome back: your game goes on.")
    assert rows(page) == ["POYR ●○○·"]
    expect(page.locator("#attempts")).to_have_text("Attempt 2 of 12 · 11 left")
    assert page.evaluate("localStorage.getItem('mastermind.game')") == game


def test_giving_up_reveals_the_secret(page: Page) -> None:
    page.get_by_role("button", name="Give up").click()
    page.get_by_role("dialog").get_by_role("button", name="Give up").click()

    expect(page.locator("#headline")).to_have_text("Given up")
    expect(page.locator("#message")).to_have_text(
        f"Given up after 0 guesses. The secret was {SECRET}."
    )
    expect(page.locator("#secret .peg")).to_have_text(["O", "P", "Y", "O"])
    expect(page.locator(".row.current")).to_have_count(0)
    expect(page.get_by_role("button", name="Give up")).to_be_hidden()


def test_the_game_is_playable_from_the_keyboard(page: Page) -> None:
    page.keyboard.type("rgpy")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.type("b")
    page.keyboard.press("Enter")
    expect(page.locator(".row.played")).to_have_count(1)

    page.keyboard.type("6")
    page.keyboard.press("Backspace")
    page.keyboard.type("65")
    page.keyboard.type("y")
    page.keyboard.type("o")
    page.keyboard.press("Enter")

    expect(page.locator("#message")).to_have_text(re.compile("^Won in 2 guesses"))
    assert rows(page) == ["RGBY ○···", "OPYO ●●●●"]


def test_pegs_typed_while_a_guess_is_on_its_way_go_to_the_next_row(page: Page) -> None:
    page.keyboard.type("rgby")
    page.keyboard.press("Enter")
    page.keyboard.type("op")

    expect(page.locator(".row.played")).to_have_count(1)
    expect(page.locator("#guess .hole.filled")).to_have_text(["O", "P"])
    expect(page.locator(".row.current .peg.filled")).to_have_text(["O", "P"])


def test_a_letter_that_names_no_colour_is_explained(page: Page) -> None:
    page.keyboard.type("x")

    expect(page.locator("#message")).to_have_text('No colour goes by "x".')


def test_the_hint_button_fills_the_row_with_a_suggestion(page: Page) -> None:
    play(page, ["Red", "Red", "Green", "Green"])
    expect(page.locator(".row.played")).to_have_count(1)

    page.get_by_role("button", name="Hint").click()

    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: try \w+ \w+ \w+ \w+\.$"))
    expect(page.locator("#guess .hole.filled")).to_have_count(4)


def test_a_hint_whose_time_ran_out_says_it_is_the_best_guess_found(
    browser: Browser, tmp_path: Path
) -> None:
    unfinished = CountedHints(remaining=None, incomplete=True)
    with page_server(tmp_path, hints=unfinished) as url, visit(browser, url) as page:
        page.get_by_role("button", name="Hint").click()

        expect(page.locator("#message")).to_have_text(
            "Hint: try Red Green Blue Yellow. Time ran out before the search finished:"
            " this is the best guess found, and it may not fit every key peg so far."
        )
        expect(page.locator("#guess .hole.filled")).to_have_count(4)


def test_new_game_starts_a_fresh_board_with_the_options_chosen(page: Page) -> None:
    page.keyboard.type("rgby")
    page.keyboard.press("Enter")
    expect(page.locator(".row.played")).to_have_count(1)
    page.locator("summary").click()
    page.locator("#colours").select_option("8")

    page.get_by_role("button", name="New game").click()
    page.get_by_role("dialog").get_by_role("button", name="New game").click()

    expect(page.locator(".row.played")).to_have_count(0)
    expect(page.locator("#palette .peg")).to_have_text(["R", "G", "B", "Y", "P", "O", "C", "W"])
    expect(page.locator("#message")).to_have_text(
        "A secret of 4 pegs is hidden. Tap 4 colours, then Guess."
    )


def test_new_game_asks_before_leaving_a_game_with_a_guess_and_cancel_keeps_it(page: Page) -> None:
    play(page, ["Red", "Green", "Blue", "Yellow"])
    expect(page.locator(".row.played")).to_have_count(1)
    game = page.evaluate("localStorage.getItem('mastermind.game')")

    page.get_by_role("button", name="New game").click()
    question = page.get_by_role("dialog", name="Leave this game for a new one?")
    expect(question).to_be_visible()
    expect(question.get_by_role("button", name="Keep playing")).to_be_focused()
    page.keyboard.press("Escape")

    expect(question).to_be_hidden()
    expect(page.locator(".row.played")).to_have_count(1)
    assert page.evaluate("localStorage.getItem('mastermind.game')") == game

    page.get_by_role("button", name="New game").click()
    page.keyboard.press("Tab")
    expect(question.get_by_role("button", name="New game")).to_be_focused()
    page.keyboard.press("Enter")

    expect(page.locator(".row.played")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('mastermind.game')") != game


def test_new_game_asks_nothing_before_the_first_guess_or_once_the_game_is_over(
    page: Page,
) -> None:
    first = page.evaluate("localStorage.getItem('mastermind.game')")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function(
        "(first) => localStorage.getItem('mastermind.game') !== first", arg=first
    )
    expect(page.get_by_role("dialog")).to_have_count(0)

    play(page, SECRET.split())
    expect(page.locator("#headline")).to_have_text("You broke the code!")
    page.locator("#new-game").click()

    expect(page.locator(".row.current")).to_have_count(1)
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_a_guess_repeated_exactly_is_flagged_before_it_is_sent_and_may_still_be_sent(
    page: Page,
) -> None:
    play(page, ["Red", "Green", "Blue", "Yellow"])
    play(page, ["Red", "Red", "Green", "Green"])
    expect(page.locator(".row.played")).to_have_count(2)
    page.keyboard.type("rgb")
    expect(page.locator("#repeated")).to_be_hidden()

    page.keyboard.type("y")

    note = "You tried this guess in row 1: the answer will be the same."
    expect(page.locator("#repeated")).to_have_text(note)
    expect(page.get_by_role("button", name="Guess")).to_have_accessible_description(note)
    expect(page.locator(".row.played")).to_have_count(2)

    page.keyboard.press("Enter")

    expect(page.locator(".row.played")).to_have_count(3)
    assert rows(page)[2] == rows(page)[0]
    expect(page.locator("#repeated")).to_be_hidden()


def test_the_review_writes_key_pegs_as_marks_and_reads_them_out_in_words(page: Page) -> None:
    play(page, ["Purple", "Orange", "Yellow", "Red"])
    play(page, SECRET.split())

    answers = page.locator("#review .step .key-text")
    expect(answers).to_have_text(["●○○·", "●●●●"], timeout=30_000)  # a review is searched
    expect(answers.first).to_have_accessible_name("1 right place, 2 wrong place")
    expect(page.locator(".help .mark")).to_have_text(["●", "○", "·"])


def test_axe_finds_nothing_wrong_with_the_note_on_a_repeated_guess_or_the_question(
    page: Page,
) -> None:
    play(page, ["Red", "Green", "Blue", "Yellow"])
    expect(page.locator(".row.played")).to_have_count(1)
    page.keyboard.type("rgby")
    expect(page.locator("#repeated")).to_be_visible()
    found = {"a guess repeated": violations(page)}

    page.get_by_role("button", name="New game").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    found["asking before a new game"] = violations(page)

    assert {point: report for point, report in found.items() if report} == {}
