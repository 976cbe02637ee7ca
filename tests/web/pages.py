"""What the page tests (``test_page*.py``) share: the browser, the server, a fresh visitor,
the two screens they play on, and how to play.

Every game's secret is ``SECRET``, Orange Purple Yellow Orange, so a test can win.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from playwright.sync_api import Browser, ConsoleMessage, Locator, Page, expect, sync_playwright

from harness import serving
from mastermind.service import HintSource
from mastermind.store import SQLiteEventStore
from tests.web.conftest import app_over, first_consistent_code, same_secret

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
STATUS = re.compile(r"status of (\d{3})")
EXPECTED_REFUSALS = {
    ("400", "/guesses"),
    ("404", "/hint"),
    ("403", "/hint"),
    ("404", "/results"),
    ("404", "/stats"),
    ("409", "/review"),
}
"""Answers the page asks for and shows: a guess the rules refuse, a game without hints, or
one whose maker allows none, as the daily code's, no daily code on a server whose key
would not outlive it, and no review of a daily game before its day is over."""


@attrs.frozen
class Device:
    """A screen to play on: a phone is tapped, a desktop clicked."""

    name: str
    options: dict[str, Any]

    def press(self, target: Locator) -> None:
        if self.options.get("has_touch"):
            target.tap()
        else:
            target.click()


MOBILE = Device(
    "375x667", {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True}
)
DESKTOP = Device("1280x800", {"viewport": {"width": 1280, "height": 800}})


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
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


@contextlib.contextmanager
def page_server(folder: Path, hints: HintSource | None = first_consistent_code) -> Iterator[str]:
    """A server whose every game has ``SECRET``, with the tests' code breaker for hints."""
    store = SQLiteEventStore(folder / "games.db")
    try:
        with serving(app_over(store, same_secret, hints=hints)) as url:
            yield url
    finally:
        store.close()


def _unexpected(message: ConsoleMessage) -> bool:
    if message.type != "error":
        return False
    status = STATUS.search(message.text)
    path = "/" + message.location.get("url", "").rsplit("/", 1)[-1]
    return not status or (status.group(1), path) not in EXPECTED_REFUSALS


@contextlib.contextmanager
def visit(browser: Browser, url: str, path: str = "/", **options: Any) -> Iterator[Page]:
    """A fresh visitor, in a browser context of its own, so with no game saved yet, who
    opens ``path``, such as an invite's.

    Nothing may go wrong in the page but the refusals it asks for.
    """
    context = browser.new_context(base_url=url, **options)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: _unexpected(message) and errors.append(message.text))
    page.goto(path)
    expect(page.locator(".row.current")).to_be_visible()
    yield page
    context.close()
    assert errors == [], errors


def colour_button(page: Page, colour: str) -> Locator:
    return page.locator("#palette").get_by_role("button", name=colour, exact=True)


def play(page: Page, colours: list[str], device: Device | None = None) -> None:
    """Tap (or click) each colour in the palette, then Guess."""
    press = device.press if device else Locator.click
    for colour in colours:
        press(colour_button(page, colour))
    press(page.get_by_role("button", name="Guess", exact=True))


def rows(page: Page) -> list[str]:
    """The played rows, as their pegs' letters and their key pegs."""
    played = page.locator(".row.played")
    return [
        f"{''.join(played.nth(n).locator('.pegs .peg').all_inner_texts())} "
        f"{played.nth(n).get_attribute('data-key-pegs')}"
        for n in range(played.count())
    ]
