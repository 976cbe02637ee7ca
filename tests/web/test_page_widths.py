"""The page on the narrowest phones: at 320, 375 and 414 pixels wide, tapped, and on a
desktop, clicked, no state of a game makes it scroll sideways or puts anything past the
right edge of the screen.

One browser, one context for each width; each state is reached through the page, or
through the HTTP API and a reload where that is quicker.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from harness import serving
from mastermind.bootstrap import bootstrap
from mastermind.service import KEY_VARIABLE, DailyCodes
from mastermind.store import SQLiteEventStore
from mastermind.web import create_app
from tests.web.conftest import SECRET, UNLIMITED, first_consistent_code, same_secret
from tests.web.pages import Device, play, visit

WIDTHS = [320, 375, 414, 1280]
PHONES = 414
"""The widest phone: the screens wider are desktops, clicked rather than tapped."""
KEY = "the daily key of the width tests, long enough"
DAY = date(2026, 11, 27)
DAILY = list(DailyCodes(KEY).secret(DAY).pegs)
WIN = SECRET.split()
WRONG = ["Red", "Green", "Blue", "Yellow"]

# A phone's browser widens its layout to hold what is too wide, so the width to keep within
# is the screen's, not innerWidth as the page then finds it. A box that spills out of the
# box it is laid out in, as a peg past the edge of its shield, is named too.
OVERFLOW = """(width) => {
  const name = (element) => element.id
    ? `#${element.id}`
    : `${element.tagName.toLowerCase()}.${element.className}`;
  const past = [];
  for (const element of document.querySelectorAll("body *")) {
    if (!element.checkVisibility({ visibilityProperty: true })) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(element);
    // Text that runs out of its box, as a line that cannot wrap, counts as much as a box.
    const spills = style.overflowX === "visible";
    const right = spills ? Math.max(box.right, box.left + element.scrollWidth) : box.right;
    const parent = element.parentElement;
    const outer = parent.getBoundingClientRect();
    if (right > width + 0.5 && outer.right <= width + 0.5) {
      past.push(`${name(element)} to ${Math.round(right)}`);
    }
    const inner = outer.left + parent.clientLeft + parent.clientWidth;
    const laidOut = style.position !== "absolute" && style.position !== "fixed"
      && getComputedStyle(parent).display !== "inline";
    if (laidOut && box.right > inner + 0.5 && outer.right <= width + 0.5) {
      past.push(`${name(element)} past the edge of ${name(parent)}`);
    }
  }
  const scrolled = Math.max(document.documentElement.scrollWidth, window.innerWidth);
  return { scrolled, width, past };
}"""


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose games have the tests' secret, and whose day is always ``DAY``."""
    store = SQLiteEventStore(Path(tmp_path_factory.mktemp("widths")) / "games.db")
    application = bootstrap(
        store,
        secret_maker=same_secret,
        hints=first_consistent_code,
        environment={KEY_VARIABLE: KEY},
        limits=UNLIMITED,
        today=lambda: DAY,
    )
    try:
        with serving(create_app(application)) as served:
            yield served
    finally:
        store.close()


class Widths:
    """What is past the right edge in each state visited."""

    def __init__(self, page: Page, width: int) -> None:
        self.page = page
        self.width = width
        self.found: dict[str, list[str]] = {}

    def measure(self, state: str) -> None:
        self.page.evaluate("document.fonts.ready")
        measured: dict[str, Any] = self.page.evaluate(OVERFLOW, self.width)
        past = list(measured["past"])
        if measured["scrolled"] > measured["width"]:
            past.insert(0, f"the page is {measured['scrolled']} px wide")
        if past:
            self.found[state] = past


def api(page: Page, method: str, path: str, token: str = "", body: Any = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = page.request.fetch(path, method=method, headers=headers, data=body)
    assert answer.ok, answer.text()
    return answer.json()


def resume(page: Page, saved: dict[str, str]) -> None:
    """Make ``saved`` the game in this browser, and open the page on it."""
    page.evaluate("(saved) => localStorage.setItem('mastermind.game', saved)", json.dumps(saved))
    page.reload()
    expect(page.locator(".row").first).to_be_visible()


@pytest.mark.parametrize("width", WIDTHS)
def test_no_state_of_the_page_scrolls_sideways_from_a_phone_320_wide_to_a_desktop(
    browser: Browser, url: str, width: int
) -> None:
    phone = width <= PHONES
    options: dict[str, Any] = {
        "viewport": {"width": width, "height": 640 if phone else 800},
        "has_touch": phone,
        "is_mobile": phone,
        "reduced_motion": "reduce",
        "permissions": ["clipboard-read", "clipboard-write"],
    }
    device = Device(f"{width} wide", options)
    with visit(browser, url, **options) as page:
        widths = Widths(page, width)
        widths.measure("fresh")

        play(page, WRONG, device)
        expect(page.locator(".row.played")).to_have_count(1)
        widths.measure("in play")
        for colour in WRONG:
            device.press(page.locator("#palette").get_by_role("button", name=colour, exact=True))
        expect(page.locator("#repeated")).to_be_visible()
        widths.measure("a guess repeated")

        device.press(page.locator("#new-game"))
        expect(page.get_by_role("dialog")).to_be_visible()
        widths.measure("asking before a new game")
        device.press(page.get_by_role("dialog").get_by_role("button", name="Keep playing"))

        for _ in WRONG:
            device.press(page.locator("#delete"))
        play(page, WIN, device)
        expect(page.locator("#headline")).to_have_text("You broke the code!")
        expect(page.locator("#review .step")).to_have_count(2)
        widths.measure("won, with the review and the statistics")

        lost = api(page, "POST", "games", body={"attempts": 2})
        for _ in range(2):
            api(page, "POST", f"games/{lost['id']}/guesses", lost["token"], {"guess": WRONG})
        resume(page, {"id": lost["id"], "token": lost["token"]})
        expect(page.locator("#headline")).to_have_text("Out of attempts")
        widths.measure("lost")

        six = api(
            page,
            "POST",
            "games",
            body={"length": 6, "colours": [*WRONG, "Purple", "Orange", "Cyan", "White"]},
        )
        resume(page, {"id": six["id"], "token": six["token"]})
        play(page, ["Orange", "Purple", "Yellow", "Cyan", "White", "Red"], device)
        expect(page.locator(".row.played")).to_have_count(1)
        widths.measure("a board of 6 pegs")

        device.press(page.get_by_role("button", name="Set a code for a friend"))
        expect(page.get_by_role("dialog")).to_be_visible()
        widths.measure("setting a code for a friend")
        device.press(page.get_by_role("dialog").get_by_role("button", name="Cancel"))

        made = api(
            page,
            "POST",
            "games",
            body={"secret": WIN, "maker_name": "Bartholomew-Maximilian", "hints": True},
        )
        invite = made["invite"]
        resume(page, {"id": made["id"], "token": made["token"], "role": "maker", "invite": invite})
        expect(page.locator("#invite")).to_be_visible()
        widths.measure("the maker's view")
        page.goto(invite["url"].split("/", 3)[3] if "://" in invite["url"] else invite["url"])
        expect(page.locator("#made-by")).to_contain_text("Bartholomew-Maximilian")
        widths.measure("the breaker's view")

        device.press(page.get_by_role("button", name="Daily code", exact=True))
        expect(page.locator("#message")).to_contain_text("the daily code of")
        play(page, DAILY, device)
        share = page.get_by_role("button", name="Share", exact=True)
        expect(share).to_be_visible()
        result = page.locator("#daily-share")
        expect(result).to_be_visible()
        assert result.evaluate("pre => pre.scrollWidth <= pre.clientWidth"), "past its panel"
        widths.measure("the daily code's end, with Share")
        device.press(share)
        expect(page.locator("#message")).to_contain_text("Your result is copied")

        assert widths.found == {}, json.dumps(widths.found, indent=1)
