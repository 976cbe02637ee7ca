"""The daily code on the page: a button that starts or resumes today's game, the same secret
in every browser, and at the end a result to share, copied without a colour."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date

import pytest
from playwright.sync_api import Browser, Page, expect

from harness import serving
from mastermind import CLASSIC_PEGS, Code, GameStarted, score
from mastermind.bootstrap import bootstrap
from mastermind.service import KEY_VARIABLE, DailyCodes
from mastermind.store import InMemoryEventStore, SQLiteEventStore
from mastermind.web import create_app
from tests.web.conftest import UNLIMITED, same_secret
from tests.web.pages import DESKTOP, MOBILE, Device, play, visit

KEY = "the daily key of the page's tests, long"
DAY = date(2026, 11, 23)
SECRET = DailyCodes(KEY).secret(DAY)
WRONG = next(Code([colour] * 4) for colour in CLASSIC_PEGS if Code([colour] * 4) != SECRET)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SQLiteEventStore]:
    store = SQLiteEventStore(tmp_path_factory.mktemp("daily-page") / "games.db")
    yield store
    store.close()


@pytest.fixture(scope="module")
def daily_url(store: SQLiteEventStore) -> Iterator[str]:
    """A server whose day is always ``DAY``; its other games have the tests' secret."""
    application = bootstrap(
        store,
        secret_maker=same_secret,
        hints=None,
        environment={KEY_VARIABLE: KEY},
        limits=UNLIMITED,
        today=lambda: DAY,
    )
    with serving(create_app(application)) as url:
        yield url


def saved_id(page: Page) -> str:
    saved: dict[str, str] = json.loads(page.evaluate("localStorage.getItem('mastermind.game')"))
    return saved["id"]


def start_daily(page: Page) -> str:
    page.get_by_role("button", name="Daily code", exact=True).click()
    expect(page.locator("#message")).to_contain_text("the daily code of 2026-11-23")
    expect(page.locator("#board .row.played")).to_have_count(0)
    return saved_id(page)


def test_the_daily_code_is_played_to_its_end_and_its_result_copied_without_a_colour(
    browser: Browser, daily_url: str, store: SQLiteEventStore
) -> None:
    options = {**DESKTOP.options, "permissions": ["clipboard-read", "clipboard-write"]}
    with visit(browser, daily_url, **options) as page:
        game_id = start_daily(page)
        assert game_id.startswith("daily-2026-11-23-")
        expect(page.locator("#hint")).to_be_disabled()
        play(page, list(WRONG.pegs))
        play(page, list(SECRET.pegs))
        expect(page.locator("#outcome")).to_be_visible()
        page.get_by_role("button", name="Share", exact=True).click()
        expect(page.locator("#message")).to_contain_text("Your result is copied")
        copied = page.evaluate("navigator.clipboard.readText()")
        first = score(SECRET, WRONG)
        line = "●" * first.black + "○" * first.white + "·" * (4 - first.black - first.white)
        assert copied == f"Mastermind #1 2/12\n{line}\n●●●●\n{daily_url}/?daily=2026-11-23"
        for colour in CLASSIC_PEGS:
            assert colour.casefold() not in copied.casefold()
        expect(page.locator("#daily-results")).to_contain_text("1 won")
        # Asking again the same day answers the same game, over, with its result.
        stored = len(list(store.read_all()))
        page.get_by_role("button", name="Daily code", exact=True).click()
        expect(page.locator("#outcome")).to_be_visible()
        expect(page.get_by_role("button", name="Share", exact=True)).to_be_visible()
        assert saved_id(page) == game_id
        assert len(list(store.read_all())) == stored


def test_every_browser_gets_the_day_s_secret_in_a_game_of_its_own_kept_by_a_cookie(
    browser: Browser, daily_url: str, store: SQLiteEventStore
) -> None:
    ids = []
    for device in (MOBILE, DESKTOP):
        with visit(browser, daily_url, **device.options) as page:
            ids.append(start_daily(page))
            assert page.evaluate("document.cookie") == ""  # the player's cookie is HttpOnly
            page.reload()
            expect(page.locator(".row.current")).to_be_visible()
            assert saved_id(page) == ids[-1]
    assert ids[0] != ids[1]
    for game_id in ids:
        started = store.load(game_id).events[0]
        assert isinstance(started, GameStarted)
        assert started.secret == SECRET


def test_a_new_game_after_the_daily_code_takes_the_share_button_away(
    browser: Browser, daily_url: str
) -> None:
    with visit(browser, daily_url, **DESKTOP.options) as page:
        start_daily(page)
        page.get_by_role("button", name="Give up", exact=True).click()
        page.get_by_role("dialog").get_by_role("button", name="Give up").click()
        expect(page.get_by_role("button", name="Share", exact=True)).to_be_visible()
        expect(page.locator("#daily-share")).to_have_text(
            f"Mastermind #1 X/12\n{daily_url}/?daily=2026-11-23"
        )
        page.locator("#play-again").click()
        expect(page.locator(".row.current")).to_be_visible()
        expect(page.get_by_role("button", name="Share", exact=True)).to_have_count(0)


def test_the_daily_code_asks_before_leaving_a_game_in_play_but_not_its_own_daily_game(
    browser: Browser, daily_url: str
) -> None:
    with visit(browser, daily_url, **DESKTOP.options) as page:
        play(page, ["Red", "Green", "Blue", "Yellow"])
        expect(page.locator(".row.played")).to_have_count(1)
        game = saved_id(page)

        page.get_by_role("button", name="Daily code", exact=True).click()
        question = page.get_by_role("dialog", name="Leave this game for a new one?")
        expect(question).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator(".row.played")).to_have_count(1)
        assert saved_id(page) == game

        page.get_by_role("button", name="Daily code", exact=True).click()
        question.get_by_role("button", name="New game").click()
        expect(page.locator("#message")).to_contain_text("the daily code of 2026-11-23")
        daily = saved_id(page)
        assert daily != game

        play(page, ["Red", "Red", "Red", "Red"])
        page.get_by_role("button", name="Daily code", exact=True).click()
        expect(page.locator("#message")).to_contain_text("the daily code of 2026-11-23")
        expect(question).to_be_hidden()
        assert saved_id(page) == daily


def test_a_server_without_a_lasting_key_shows_no_daily_code(browser: Browser) -> None:
    application = bootstrap(
        InMemoryEventStore(), hints=None, reviews=None, environment={}, limits=UNLIMITED
    )
    with serving(create_app(application)) as url, visit(browser, url) as page:
        expect(page.locator("#daily-title")).to_be_hidden()
        expect(page.locator(".row.current")).to_be_visible()


def give_up(page: Page, device: Device) -> None:
    device.press(page.get_by_role("button", name="Give up", exact=True))
    device.press(page.get_by_role("dialog").get_by_role("button", name="Give up"))


def test_a_lost_daily_says_when_its_secret_is_shown_and_shows_no_secret(
    browser: Browser, daily_url: str
) -> None:
    with visit(browser, daily_url, **DESKTOP.options) as page:
        start_daily(page)
        give_up(page, DESKTOP)
        expect(page.locator("#message")).to_contain_text(
            "The secret is shown at 00:00 UTC on 24 November."
        )
        for colour in CLASSIC_PEGS:
            expect(page.locator("#message")).not_to_contain_text(colour)
        expect(page.locator("#daily-number")).to_have_text("Today: Mastermind #1")
        expect(page.locator("#daily-countdown")).to_contain_text("Next code in")
        expect(page.locator("#daily-streaks")).to_contain_text("1played")


def test_a_finished_daily_shows_its_result_and_a_share_button_that_copies_it_by_tap(
    browser: Browser, daily_url: str
) -> None:
    """Back on a finished daily after another game: its result, not "Tap 4 colours"."""
    options = {**MOBILE.options, "permissions": ["clipboard-read", "clipboard-write"]}
    with visit(browser, daily_url, **options) as page:
        start_daily(page)
        play(page, list(WRONG.pegs), MOBILE)
        play(page, list(SECRET.pegs), MOBILE)
        expect(page.get_by_role("button", name="Share", exact=True)).to_be_visible()
        page.tap("#play-again")
        expect(page.locator(".row.current")).to_be_visible()
        expect(page.get_by_role("button", name="Share", exact=True)).to_have_count(0)
        page.tap("#daily-play")
        expect(page.locator("#outcome")).to_be_visible()
        expect(page.locator("#message")).to_contain_text("Won in 2 guesses.")
        expect(page.locator("#message")).not_to_contain_text("Tap 4 colours")
        page.tap("#share")
        expect(page.locator("#message")).to_contain_text("Your result is copied")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.splitlines()[0] == "Mastermind #1 2/12"
        assert copied.splitlines()[-1] == f"{daily_url}/?daily=2026-11-23"
        expect(page.locator("#daily-streaks")).to_contain_text("1daily streak")
        page.reload()
        expect(page.locator("#outcome")).to_be_visible()
        expect(page.get_by_role("button", name="Share", exact=True)).to_be_visible()


def daily_games(store: SQLiteEventStore) -> int:
    """How many daily games the server has started."""
    return sum(
        isinstance(record.event, GameStarted) and record.event.game_id.startswith("daily-")
        for record in store.read_all()
    )


def test_the_shared_link_of_today_shows_its_panel_and_starts_nothing_until_played(
    browser: Browser, daily_url: str, store: SQLiteEventStore
) -> None:
    before = daily_games(store)
    with visit(browser, daily_url, "/?daily=2026-11-23", **DESKTOP.options) as page:
        message = page.locator("#message")
        expect(message).to_contain_text("Mastermind #1, the daily code of 2026-11-23: ")
        expect(message).to_contain_text("so far. Play today's code to try it")
        expect(page.locator("#daily-results")).to_contain_text("#1, 2026-11-23: ")
        expect(page.locator("#daily-number")).to_have_text("Today: Mastermind #1")
        assert not saved_id(page).startswith("daily-")
        assert daily_games(store) == before
        assert page.context.cookies() == [], "a visitor who only looks is no player"

        page.get_by_role("button", name="Play today's code", exact=True).click()

        expect(message).to_contain_text("the daily code of 2026-11-23: the same secret")
        assert saved_id(page).startswith("daily-2026-11-23-")
        assert daily_games(store) == before + 1


def test_the_shared_link_of_today_shows_the_game_this_browser_has_of_it(
    browser: Browser, daily_url: str, store: SQLiteEventStore
) -> None:
    with visit(browser, daily_url, **DESKTOP.options) as page:
        game_id = start_daily(page)
        play(page, list(WRONG.pegs))
        before = daily_games(store)

        page.goto("/?daily=2026-11-23")

        expect(page.locator("#board .row.played")).to_have_count(1)
        assert saved_id(page) == game_id
        expect(page.locator("#daily-results")).to_contain_text("#1, 2026-11-23: ")
        assert daily_games(store) == before


def test_the_shared_link_of_a_later_day_says_its_code_is_not_out_and_starts_nothing(
    browser: Browser, daily_url: str, store: SQLiteEventStore
) -> None:
    before = daily_games(store)
    with visit(browser, daily_url, "/?daily=2026-11-24", **DESKTOP.options) as page:
        expect(page.locator("#message")).to_have_text(
            "The daily code of 2026-11-24 is not out yet: it comes at 00:00 UTC that day."
        )
        assert not saved_id(page).startswith("daily-")
    assert daily_games(store) == before


def test_the_shared_link_of_an_earlier_day_shows_its_results_and_its_secret(
    browser: Browser, daily_url: str
) -> None:
    earlier = DailyCodes(KEY).secret(date(2026, 11, 22))
    with visit(browser, daily_url, "/?daily=2026-11-22", **DESKTOP.options) as page:
        expect(page.locator("#daily-secret")).to_have_text(
            f"The secret was {' '.join(earlier.pegs)}."
        )
        expect(page.locator("#message")).to_contain_text("Mastermind #0 of 2026-11-22 is over")
