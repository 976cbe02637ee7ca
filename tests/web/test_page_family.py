"""The family on the page: a game of each member picked under Options, played in Chromium
to its end, in its rules' own words, on a phone as narrow as 320 pixels."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from harness import serving
from mastermind.store import SQLiteEventStore
from tests.web.conftest import (
    DIGIT_SECRET,
    SECRET,
    EvenReviews,
    app_over,
    family_secret,
    first_consistent_code,
)
from tests.web.pages import DESKTOP, Device, colour_button, play, visit
from tests.web.test_page_accessibility import violations
from tests.web.test_page_friends import relative

NARROW = Device(
    "320x640", {"viewport": {"width": 320, "height": 640}, "has_touch": True, "is_mobile": True}
)


@pytest.fixture(scope="module")
def family_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose games have ``SECRET``, or ``DIGIT_SECRET`` in Bulls and Cows. Its
    reviews find every guess even: the page's words are checked here, not the solver's
    figures."""
    store = SQLiteEventStore(Path(tmp_path_factory.mktemp("family")) / "games.db")
    app = app_over(store, family_secret, hints=first_consistent_code, reviews=EvenReviews())
    with serving(app) as url:
        yield url
    store.close()


def start(page: Page, device: Device, rules: str, title: str) -> None:
    """A new game of ``rules``, picked under Options, once the page shows it by its
    ``title`` and, where the game is too large for the tests' hints, says why there are
    none: the page redraws the palette then, and a tap must not fall in between."""
    device.press(page.locator("summary"))
    page.locator("#rules").select_option(rules)
    device.press(page.get_by_role("button", name="New game"))
    expect(page.locator("#rules-line")).to_have_text(title)
    if page.get_by_role("button", name="Hint").is_disabled():
        expect(page.locator("#hint-reason")).not_to_be_empty()


def keys_said(page: Page) -> list[str]:
    played = page.locator(".row.played .keys")
    return [played.nth(n).get_attribute("aria-label") or "" for n in range(played.count())]


def test_a_game_of_bulls_and_cows_is_played_in_digits_and_answered_in_bulls_and_cows(
    browser: Browser, family_url: str
) -> None:
    with visit(browser, family_url, **NARROW.options) as page:
        start(page, NARROW, "bulls-and-cows", "Bulls and Cows")

        expect(page.locator("#palette .peg")).to_have_text(list("0123456789"))
        expect(page.locator("#message")).to_have_text(
            "A secret of 4 different digits is hidden. Tap 4 digits, then Guess."
        )
        page.keyboard.type("1234")
        expect(page.locator("#guess .hole.filled")).to_have_text(["1", "2", "3", "4"])
        NARROW.press(page.get_by_role("button", name="Guess", exact=True))
        expect(page.locator("#message")).to_have_text("Guess 1: 1 bull, 2 cows.")
        expect(page.locator(".row.played .keys").first).to_have_text("1 bull2 cows")
        page.keyboard.type("4217")
        NARROW.press(page.get_by_role("button", name="Guess", exact=True))
        expect(page.locator("#message")).to_have_text("Guess 2: 2 bulls, 2 cows.")
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        assert violations(page) == ""

        play(page, list(DIGIT_SECRET), NARROW)

        expect(page.locator("#headline")).to_have_text("You broke the code!")
        expect(page.locator("#message")).to_have_text(
            f"Won in 3 guesses. The secret was {' '.join(DIGIT_SECRET)}."
        )
        expect(page.locator("#secret .peg")).to_have_text(list(DIGIT_SECRET))
        assert keys_said(page) == ["1 bull, 2 cows", "2 bulls, 2 cows", "4 bulls, 0 cows"]
        expect(page.locator(".row.played .key")).to_have_count(0)
        expect(page.locator("#review .step .key-text")).to_have_text(
            ["1 bull, 2 cows", "2 bulls, 2 cows", "4 bulls, 0 cows"]
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= 320


def test_a_black_peg_game_never_shows_a_white_peg_to_its_end(
    browser: Browser, family_url: str
) -> None:
    with visit(browser, family_url, **DESKTOP.options) as page:
        start(page, DESKTOP, "black-peg", "Black pegs only")

        play(page, ["Orange", "Red", "Purple", "Yellow"], DESKTOP)  # 1 black, and 2 white unsaid
        expect(page.locator("#message")).to_have_text("Guess 1: 1 black.")
        play(page, ["Red", "Red", "Green", "Green"], DESKTOP)
        expect(page.locator("#message")).to_have_text("Guess 2: 0 black.")
        play(page, SECRET.split(), DESKTOP)

        expect(page.locator("#headline")).to_have_text("You broke the code!")
        assert keys_said(page) == ["1 black", "0 black", "4 black"]
        expect(page.locator(".row.played .key.black")).to_have_count(5)
        expect(page.locator("#board .key.white")).to_have_count(0)
        expect(page.locator("#review .step .key-text")).to_have_text(
            ["1 black", "0 black", "4 black"]
        )


def test_a_game_with_blanks_offers_the_blank_peg_and_shows_it_hollow(
    browser: Browser, family_url: str
) -> None:
    with visit(browser, family_url, **NARROW.options) as page:
        start(page, NARROW, "blanks", "Blanks")
        blank = colour_button(page, "Empty")
        expect(blank).to_have_class("peg filled blank colour")
        expect(blank).to_have_css("background-color", "rgba(0, 0, 0, 0)")

        page.keyboard.type("re")
        NARROW.press(blank)
        page.keyboard.type("b")
        NARROW.press(page.get_by_role("button", name="Guess", exact=True))

        row = page.locator(".row.played .pegs").first
        expect(row).to_have_accessible_name("Red, Empty, Empty, Blue")
        expect(row.locator(".peg.blank")).to_have_count(2)
        expect(page.locator("#message")).to_have_text("Guess 1: no colour right.")
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        assert violations(page) == ""


def test_a_game_without_repeats_refuses_a_guess_that_repeats(
    browser: Browser, family_url: str
) -> None:
    with visit(browser, family_url, **DESKTOP.options) as page:
        start(page, DESKTOP, "unique", "No repeats")

        page.keyboard.type("rrgb")
        expect(page.locator("#guess .hole.filled")).to_have_count(4)
        page.get_by_role("button", name="Guess", exact=True).click()

        expect(page.locator("#message")).to_contain_text("repeats Red")
        expect(page.locator(".row.played")).to_have_count(0)


def test_the_rules_chosen_are_remembered_for_the_next_visit(
    browser: Browser, family_url: str
) -> None:
    with visit(browser, family_url, **DESKTOP.options) as page:
        start(page, DESKTOP, "super", "Super Mastermind")
        expect(page.locator("#length")).to_have_value("5")
        expect(page.locator("#colours")).to_have_value("8")
        expect(page.locator(".row.current .peg")).to_have_count(5)

        page.reload()

        expect(page.locator("#rules")).to_have_value("super")
        expect(page.locator("#length")).to_have_value("5")
        page.locator("summary").click()
        page.locator("#rules").select_option("bulls-and-cows")
        expect(page.locator("#colours")).to_be_disabled()
        page.get_by_role("button", name="New game").click()
        expect(page.locator("#palette .peg")).to_have_count(10)
        page.reload()
        expect(page.locator("#rules")).to_have_value("bulls-and-cows")
        expect(page.locator("#palette .peg")).to_have_count(10)


def test_a_code_set_for_a_friend_follows_the_rules_chosen(
    browser: Browser, family_url: str
) -> None:
    permissions = ["clipboard-read", "clipboard-write"]
    with visit(browser, family_url, permissions=permissions) as maker:
        maker.locator("summary").click()
        maker.locator("#rules").select_option("bulls-and-cows")
        maker.get_by_role("button", name="Set a code for a friend").click()
        dialog = maker.get_by_role("dialog", name="Set a code for a friend")
        expect(dialog.locator("#maker-size")).to_have_text("4 pegs from 10 digits")
        expect(dialog.locator("#maker-palette .peg")).to_have_text(list("0123456789"))
        maker.keyboard.type("9035")
        expect(dialog.locator(".hole.filled")).to_have_text(["9", "0", "3", "5"])
        dialog.get_by_role("button", name="Set the code").click()
        expect(dialog).to_be_hidden()
        expect(maker.locator("#rules-line")).to_have_text("Bulls and Cows")
        invite = maker.get_by_label("The link for your friend").input_value()

        with visit(browser, family_url, relative(invite), **NARROW.options) as breaker:
            expect(breaker.locator("#rules-line")).to_have_text("Bulls and Cows")
            play(breaker, list("5390"), NARROW)
            expect(breaker.locator("#message")).to_have_text("Guess 1: 0 bulls, 4 cows.")
            expect(maker.locator("#message")).to_have_text("Guess 1: 0 bulls, 4 cows.")
            play(breaker, list("9035"), NARROW)
            expect(breaker.locator("#headline")).to_have_text("You broke the code!")
            expect(maker.locator("#headline")).to_have_text("Your code is broken")
