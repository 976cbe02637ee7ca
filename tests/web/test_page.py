"""The page, played in a real headless Chromium against a real server.

Every game's secret is ``SECRET``, Orange Purple Yellow Orange, so a test can win.
Set ``MASTERMIND_UPDATE_SCREENSHOT=1`` to save the docs' screenshot again.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from mastermind.store import SQLiteEventStore
from tests.web.conftest import app_over, first_consistent_code, same_secret
from tests.web.servers import serving

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOT = Path(__file__).parents[2] / "docs" / "images" / "web-game.png"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    store = SQLiteEventStore(tmp_path_factory.mktemp("page") / "games.db")
    app = app_over(store, same_secret, hints=first_consistent_code)
    with serving(app) as url:
        yield url
    store.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless. Like PostgreSQL, it is never skipped when missing."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"The browser tests need Chromium at {CHROMIUM}: install it with "
            "`apt-get install chromium` (make test does).",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser, page_url: str) -> Iterator[Page]:
    """A fresh visitor: a new browser context, so no game in its localStorage yet."""
    context = browser.new_context(viewport={"width": 640, "height": 1100}, base_url=page_url)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto("/")
    expect(page.locator(".row.current")).to_be_visible()
    yield page
    context.close()
    # A refused guess is a 400 the browser reports; nothing else may go wrong.
    assert [error for error in errors if "status of 400" not in error] == []


def click_guess(page: Page, colours: list[str]) -> None:
    """Pick each colour in the palette, then click its hole in the current row."""
    for hole, colour in enumerate(colours):
        page.get_by_role("button", name=re.compile(f"^{colour} \\(")).click()
        page.locator(".row.current .hole").nth(hole).click()
    page.get_by_role("button", name=re.compile("^Guess")).click()


def rows(page: Page) -> list[str]:
    """The played rows, as their pegs' letters and their key pegs."""
    played = page.locator(".row.played")
    return [
        f"{''.join(played.nth(n).locator('.pegs .peg').all_inner_texts())} "
        f"{played.nth(n).get_attribute('data-key-pegs')}"
        for n in range(played.count())
    ]


def test_a_new_visitor_gets_a_board_of_12_rows_with_the_first_highlighted(page: Page) -> None:
    expect(page.locator(".row")).to_have_count(12)
    expect(page.locator(".row").first).to_have_class(re.compile(r"\bcurrent\b"))
    expect(page.locator("#attempts")).to_have_text("Attempt 1 of 12 · 12 left")
    expect(page.locator("#secret .peg")).to_have_text(["?", "?", "?", "?"])


def test_every_peg_shows_its_letter(page: Page) -> None:
    expect(page.locator("#palette .peg")).to_have_text(["R", "G", "B", "Y", "P", "O"])

    click_guess(page, ["Orange", "Red", "Purple", "Yellow"])

    expect(page.locator(".row.played .pegs .peg")).to_have_text(["O", "R", "P", "Y"])
    expect(page.locator(".row.played .key.black")).to_have_text(["B"])
    expect(page.locator(".row.played .key.white")).to_have_text(["W", "W"])


def test_a_game_is_won_by_clicking_colours_then_holes(page: Page) -> None:
    click_guess(page, ["Red", "Green", "Blue", "Yellow"])
    expect(page.locator("#attempts")).to_have_text("Attempt 2 of 12 · 11 left")
    expect(page.locator(".row").nth(1)).to_have_class(re.compile(r"\bcurrent\b"))

    click_guess(page, ["Orange", "Purple", "Yellow", "Orange"])

    expect(page.locator("#message")).to_have_text(
        "You broke the code in 2 guesses! The secret was Orange Purple Yellow Orange."
    )
    expect(page.locator("#secret .peg")).to_have_text(["O", "P", "Y", "O"])
    assert rows(page) == ["RGBY W", "OPYO B B B B"]
    expect(page.get_by_role("button", name=re.compile("^Guess"))).to_be_disabled()


def test_a_rejected_guess_shows_the_servers_message(page: Page) -> None:
    page.keyboard.type("rgb")
    page.keyboard.press("Enter")

    expect(page.locator("#message")).to_have_text("The guess has 3 pegs, but the code has 4 pegs.")
    expect(page.locator("#message")).to_have_class(re.compile(r"\berror\b"))
    expect(page.locator("#attempts")).to_have_text("Attempt 1 of 12 · 12 left")
    assert rows(page) == []


def test_reloading_the_page_resumes_the_game(page: Page) -> None:
    click_guess(page, ["Purple", "Orange", "Yellow", "Red"])
    expect(page.locator(".row.played")).to_have_count(1)
    game = page.evaluate("localStorage.getItem('mastermind.game')")

    page.reload()

    expect(page.locator("#message")).to_have_text("Welcome back: your game goes on.")
    assert rows(page) == ["POYR B W W"]
    expect(page.locator("#attempts")).to_have_text("Attempt 2 of 12 · 11 left")
    assert page.evaluate("localStorage.getItem('mastermind.game')") == game


def test_giving_up_reveals_the_secret(page: Page) -> None:
    page.get_by_role("button", name="Give up").click()

    expect(page.locator("#message")).to_have_text(
        "You gave up. The secret was Orange Purple Yellow Orange."
    )
    expect(page.locator("#secret .peg")).to_have_text(["O", "P", "Y", "O"])
    expect(page.locator(".row.current")).to_have_count(0)
    expect(page.get_by_role("button", name="Give up")).to_be_disabled()


def test_the_game_is_playable_from_the_keyboard(page: Page) -> None:
    page.keyboard.type("rgpy")
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

    expect(page.locator("#message")).to_have_text(re.compile("^You broke the code in 2 guesses"))
    assert rows(page) == ["RGBY W", "OPYO B B B B"]


def test_pegs_typed_while_a_guess_is_on_its_way_go_to_the_next_row(page: Page) -> None:
    page.keyboard.type("rgby")
    page.keyboard.press("Enter")
    page.keyboard.type("op")

    expect(page.locator(".row.played")).to_have_count(1)
    expect(page.locator(".row.current .hole.filled")).to_have_text(["O", "P"])


def test_a_letter_that_names_no_colour_is_explained(page: Page) -> None:
    page.keyboard.type("x")

    expect(page.locator("#message")).to_have_text('No colour goes by "x".')


def test_the_hint_button_fills_the_row_with_a_suggestion(page: Page) -> None:
    click_guess(page, ["Red", "Red", "Green", "Green"])
    expect(page.locator(".row.played")).to_have_count(1)

    page.get_by_role("button", name="Hint").click()

    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: try \w+ \w+ \w+ \w+\.$"))
    expect(page.locator(".row.current .hole.filled")).to_have_count(4)


def test_new_game_starts_a_fresh_board_with_the_options_chosen(page: Page) -> None:
    page.keyboard.type("rgby")
    page.keyboard.press("Enter")
    expect(page.locator(".row.played")).to_have_count(1)
    page.locator("summary").click()
    page.locator("#colours").select_option("8")

    page.get_by_role("button", name="New game").click()

    expect(page.locator(".row.played")).to_have_count(0)
    expect(page.locator("#palette .peg")).to_have_text(["R", "G", "B", "Y", "P", "O", "C", "W"])
    expect(page.locator("#message")).to_have_text("A new secret is on the board. Break the code!")


def test_a_screenshot_of_a_game_in_play_for_the_docs(page: Page, tmp_path: Path) -> None:
    for played, guess in enumerate(["rgby", "ooyy", "poyr"], start=1):
        page.keyboard.type(guess)
        page.keyboard.press("Enter")
        expect(page.locator(".row.played")).to_have_count(played)
    page.keyboard.type("op")
    expect(page.locator(".row.current .hole.filled")).to_have_count(2)
    expect(page.locator("#message")).to_have_text("Key pegs: B W W")

    shot = tmp_path / "web-game.png"
    page.screenshot(path=str(shot), full_page=True)

    assert shot.stat().st_size > 10_000
    if os.environ.get("MASTERMIND_UPDATE_SCREENSHOT") or not SCREENSHOT.exists():
        SCREENSHOT.parent.mkdir(exist_ok=True)
        shutil.copyfile(shot, SCREENSHOT)
