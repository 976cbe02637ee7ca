"""The page on a phone (375 x 667, tapped) and on a desktop (1280 x 800, clicked): the dock
in view, taps that fill holes, asking before giving up, the server's reason where it
offers no hint, the review, the statistics, key pegs told apart without colour, and the
moment of winning."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import SECRET
from tests.web.pages import DESKTOP, MOBILE, Device, play, visit

WIN = SECRET.split()


@pytest.fixture(params=[MOBILE, DESKTOP], ids=lambda device: device.name)
def device(request: pytest.FixtureRequest) -> Device:
    chosen: Device = request.param
    return chosen


@pytest.fixture
def page(browser: Browser, page_url: str, device: Device) -> Iterator[Page]:
    with visit(browser, page_url, **device.options) as page:
        yield page


@pytest.fixture
def phone(browser: Browser, page_url: str) -> Iterator[Page]:
    with visit(browser, page_url, **MOBILE.options) as page:
        yield page


def saved_game(page: Page) -> dict[str, str]:
    saved: dict[str, str] = json.loads(page.evaluate("localStorage.getItem('mastermind.game')"))
    return saved


def server_answer(page_url: str, page: Page, suffix: str) -> Any:
    """What the server answers the page's game at ``suffix``, asked with its token."""
    game = saved_game(page)
    return httpx.get(
        f"{page_url}/games/{game['id']}{suffix}",
        headers={"Authorization": f"Bearer {game['token']}"},
        timeout=30,  # a review is searched out, and the machine may be busy
    ).json()


def holes(page: Page) -> list[str]:
    return [hole.get_attribute("data-colour") or "" for hole in page.locator("#guess .hole").all()]


def inside(page: Page, target: Locator) -> bool:
    box = target.bounding_box()
    viewport = page.viewport_size
    assert box is not None
    assert viewport is not None
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= viewport["width"]
        and box["y"] + box["height"] <= viewport["height"]
    )


def luminance(css_colour: str) -> float:
    """The relative luminance of an ``rgb(...)`` colour: what is left of it in greyscale."""
    red, green, blue = (float(part) / 255 for part in css_colour[4:-1].split(",")[:3])

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(first: float, second: float) -> float:
    return (max(first, second) + 0.05) / (min(first, second) + 0.05)


def test_a_whole_game_is_won_by_taps_alone(page: Page, device: Device) -> None:
    play(page, ["Red", "Green", "Blue", "Yellow"], device)
    expect(page.locator(".row.played")).to_have_count(1)

    play(page, WIN, device)

    expect(page.locator("#headline")).to_have_text("You broke the code!")
    expect(page.locator("#message")).to_have_text(f"Won in 2 guesses. The secret was {SECRET}.")
    expect(page.locator("#secret")).to_have_accessible_name(", ".join(WIN))


def test_the_palette_and_the_guess_button_stay_in_view_without_scrolling(
    page: Page, device: Device
) -> None:
    dock = [
        *page.locator("#palette .colour").all(),
        *page.locator("#guess .hole").all(),
        page.get_by_role("button", name="Guess", exact=True),
        page.get_by_role("button", name="Delete"),
    ]
    assert page.evaluate("window.scrollY") == 0
    assert [inside(page, target) for target in dock] == [True] * len(dock)

    for played in range(1, 7):
        page.keyboard.type("rgby")
        page.keyboard.press("Enter")
        expect(page.locator(".row.played")).to_have_count(played)

    assert [inside(page, target) for target in dock] == [True] * len(dock)
    current = page.locator(".row.current").bounding_box()
    dock_top = page.locator("#dock").bounding_box()
    assert current is not None
    assert dock_top is not None
    assert inside(page, page.locator(".row.current"))
    assert current["y"] + current["height"] <= dock_top["y"] or device is DESKTOP


def test_a_tap_on_a_colour_fills_the_next_empty_hole(page: Page, device: Device) -> None:
    device.press(page.locator("#palette").get_by_role("button", name="Red", exact=True))
    device.press(page.locator("#palette").get_by_role("button", name="Green", exact=True))

    assert holes(page) == ["Red", "Green", "", ""]
    expect(page.locator("#guess .hole").nth(2)).to_have_class(re.compile(r"\bcursor\b"))


def test_a_tap_on_a_hole_takes_the_next_colour_and_a_second_tap_empties_it(
    page: Page, device: Device
) -> None:
    palette = page.locator("#palette")
    for colour in ["Red", "Green", "Blue"]:
        device.press(palette.get_by_role("button", name=colour, exact=True))

    device.press(page.locator("#guess .hole").first)
    device.press(palette.get_by_role("button", name="Yellow", exact=True))
    assert holes(page) == ["Yellow", "Green", "Blue", ""]

    device.press(palette.get_by_role("button", name="Purple", exact=True))
    assert holes(page) == ["Yellow", "Green", "Blue", "Purple"]

    device.press(page.locator("#guess .hole").nth(1))
    device.press(page.locator("#guess .hole").nth(1))
    assert holes(page) == ["Yellow", "", "Blue", "Purple"]


def test_giving_up_asks_first_and_cancel_changes_nothing(
    page: Page, device: Device, page_url: str
) -> None:
    play(page, ["Red", "Green", "Blue", "Yellow"], device)
    expect(page.locator(".row.played")).to_have_count(1)
    dialog = page.get_by_role("dialog", name="Give up this game?")

    device.press(page.get_by_role("button", name="Give up"))
    expect(dialog).to_be_visible()
    device.press(dialog.get_by_role("button", name="Cancel"))

    expect(dialog).to_be_hidden()
    expect(page.locator("#attempts")).to_have_text("Attempt 2 of 12 · 11 left")
    expect(page.get_by_role("button", name="Guess", exact=True)).to_be_enabled()
    assert server_answer(page_url, page, "")["status"] == "in progress"

    device.press(page.get_by_role("button", name="Give up"))
    device.press(dialog.get_by_role("button", name="Give up"))

    expect(page.locator("#headline")).to_have_text("Given up")
    expect(page.locator("#message")).to_have_text(
        f"Given up after 1 guess. The secret was {SECRET}."
    )
    assert server_answer(page_url, page, "")["given_up"] is True


def test_where_the_server_offers_no_hint_its_reason_is_shown(phone: Page, page_url: str) -> None:
    phone.locator("summary").tap()
    phone.locator("#colours").select_option("8")
    phone.get_by_role("button", name="New game").tap()
    expect(phone.locator("#palette .colour")).to_have_count(8)

    refusal = server_answer(page_url, phone, "/hint")

    expect(phone.get_by_role("button", name="Hint")).to_be_disabled()
    expect(phone.locator("#hint-reason")).to_have_text(refusal["detail"])
    expect(phone.get_by_role("button", name="Hint")).to_have_accessible_description(
        refusal["detail"]
    )


def test_the_review_is_shown_once_the_game_is_over(
    page: Page, device: Device, page_url: str
) -> None:
    expect(page.locator("#review")).to_be_hidden()
    play(page, ["Red", "Green", "Blue", "Yellow"], device)
    play(page, WIN, device)

    device.press(page.get_by_role("link", name="See the review"))

    review = server_answer(page_url, page, "/review")
    expect(page.locator("#review .verdict")).to_have_text(review["verdict"])
    steps = page.locator("#review .step")
    expect(steps).to_have_count(len(review["guesses"]))
    for step, row in zip(steps.all(), review["guesses"], strict=True):
        expect(step.locator(".step-head .pegs")).to_have_accessible_name(", ".join(row["guess"]))
        expect(step.locator(".codes b")).to_have_text(
            [str(row["candidates_before"]), str(row["candidates_after"])]
        )
        could = "could be the secret" if row["could_be_secret"] else "could not be the secret"
        expect(step.locator(".badge").first).to_have_text(could)
        expect(step.locator(".expected b")).to_have_text(
            [f"{row['expected_before']:.2f}", f"{row['expected_with_guess']:.2f}"]
        )
        best = row["best_guess"] if row["cost"] > 0 else None
        expect(step.locator(".best .pegs")).to_have_count(1 if best else 0)
        if best:
            expect(step.locator(".best .pegs")).to_have_accessible_name(", ".join(best))
        expect(step.locator(".estimate")).to_have_count(0 if row["exact"] else 1)
    expect(page.locator("#review-title")).to_be_in_viewport()


def test_the_statistics_count_a_win_and_survive_a_reload(phone: Page) -> None:
    tallies = phone.locator("#statistics .tally dd")
    expect(tallies).to_have_text(["0", "0", "0", "0"])
    expect(phone.locator("#statistics .histogram")).to_have_text("No game won yet.")

    play(phone, ["Red", "Green", "Blue", "Yellow"], MOBILE)
    play(phone, WIN, MOBILE)

    expect(tallies).to_have_text(["1", "1", "1", "1"])
    expect(phone.locator("#statistics .bar .visually-hidden")).to_have_text("2 guesses: 1 win")
    phone.reload()
    expect(phone.locator("#headline")).to_have_text("You broke the code!")
    expect(tallies).to_have_text(["1", "1", "1", "1"])

    phone.get_by_role("button", name="New game").first.tap()
    phone.get_by_role("button", name="Give up").tap()
    phone.get_by_role("dialog").get_by_role("button", name="Give up").tap()

    expect(tallies).to_have_text(["2", "1", "0", "1"])
    expect(phone.locator("#statistics .bar")).to_have_count(1)


def test_key_pegs_differ_in_greyscale_not_only_in_colour(phone: Page) -> None:
    play(phone, ["Orange", "Red", "Purple", "Yellow"], MOBILE)
    keys = phone.locator(".row.played .keys")
    expect(keys.locator(".key")).to_have_count(4)

    def style(selector: str) -> dict[str, str]:
        found: dict[str, str] = keys.locator(selector).first.evaluate(
            "key => { const s = getComputedStyle(key);"
            " return {fill: s.backgroundColor, border: s.borderTopStyle}; }"
        )
        return found

    black, white = style(".key.black"), style(".key.white")
    empty = style(".key:not(.black, .white)")
    plate = luminance(keys.evaluate("plate => getComputedStyle(plate).backgroundColor"))
    assert empty["fill"] == "rgba(0, 0, 0, 0)"
    assert (black["border"], white["border"], empty["border"]) == ("solid", "solid", "dashed")
    assert contrast(luminance(black["fill"]), plate) >= 3
    assert contrast(luminance(white["fill"]), plate) >= 3
    assert luminance(black["fill"]) < plate < luminance(white["fill"])


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_win_is_a_moment_with_motion_only_where_the_player_allows_it(
    browser: Browser, page_url: str, motion: str
) -> None:
    with visit(browser, page_url, reduced_motion=motion, **MOBILE.options) as phone:
        play(phone, WIN, MOBILE)

        expect(phone.locator("#headline")).to_have_text("You broke the code!")
        expect(phone.locator("#message")).to_have_attribute("aria-live", "polite")
        expect(phone.locator("#message")).to_have_text(re.compile("^Won in 1 guess"))
        animation = phone.locator(".row.winning .peg").first.evaluate(
            "peg => getComputedStyle(peg).animationName"
        )
        drops = phone.locator("#celebration .drop").count()
        if motion == "reduce":
            assert (animation, drops) == ("none", 0)
        else:
            assert animation == "hop"
            assert drops > 0
