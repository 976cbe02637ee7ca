"""axe-core finds nothing wrong with the page, on a phone and on a desktop, at each point of
a game: fresh, mid-game, asking before giving up, won, and on the review."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import SECRET
from tests.web.pages import DESKTOP, MOBILE, Device, play, visit

AXE = Axe()


def violations(page: Page) -> str:
    """axe's report of every rule the page breaks now, empty when it breaks none; once the
    page's animations are over (or cancelled by a redraw), as a reader would meet it."""
    page.evaluate(
        "Promise.allSettled(document.getAnimations().map((animation) => animation.finished))"
    )
    results = AXE.run(page)
    return results.generate_report() if results.violations_count else ""


@pytest.mark.parametrize("device", [MOBILE, DESKTOP], ids=lambda device: device.name)
def test_axe_finds_no_violation_at_any_point_of_a_game(
    browser: Browser, page_url: str, device: Device
) -> None:
    with visit(browser, page_url, **device.options) as page:
        found = {"fresh": violations(page)}

        play(page, ["Red", "Green", "Blue", "Yellow"], device)
        play(page, ["Orange", "Orange", "Yellow", "Yellow"], device)
        device.press(page.locator("#palette").get_by_role("button", name="Purple"))
        expect(page.locator(".row.played")).to_have_count(2)
        found["mid-game"] = violations(page)

        device.press(page.get_by_role("button", name="Give up"))
        expect(page.get_by_role("dialog")).to_be_visible()
        found["asking to give up"] = violations(page)
        device.press(page.get_by_role("dialog").get_by_role("button", name="Cancel"))

        device.press(page.locator("#guess .hole").first)
        device.press(page.locator("#guess .hole").first)
        play(page, SECRET.split(), device)
        expect(page.locator("#headline")).to_have_text("You broke the code!")
        found["won"] = violations(page)

        device.press(page.get_by_role("link", name="See the review"))
        expect(page.locator("#review .step")).to_have_count(3)
        found["review"] = violations(page)

    assert {point: report for point, report in found.items() if report} == {}
