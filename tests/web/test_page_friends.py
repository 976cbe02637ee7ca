"""Two players on the page, in two browser contexts of a real Chromium: a person sets the
code, sends the invite, and watches the guesses of the friend who opened it arrive live;
a second tab of the breaker follows too; the breaker's page never holds the secret in play.

"Live" is the claim that each view shows a guess within a second of it being made: the
assertions that say so wait at most 1000 ms.
"""

from __future__ import annotations

import base64
import contextlib
import json
import re
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, Response, Route, expect

from tests.web.pages import MOBILE, play, rows, visit

SECRET = ["Blue", "Blue", "Green", "Red"]
"""The friend's code: not the tests' usual secret, nor any guess before the winning one."""
WITHIN_A_SECOND = 1000
LIVE_STREAM = "text/event-stream"


def set_code(
    maker: Page, secret: list[str], *, name: str = "", hints: bool = False, typed: bool = False
) -> str:
    """Set ``secret`` for a friend in the maker's dialog, by taps or typed; answer the
    invite as the page copies it."""
    maker.get_by_role("button", name="Set a code for a friend").click()
    dialog = maker.get_by_role("dialog", name="Set a code for a friend")
    if typed:
        maker.keyboard.type("".join(colour[0] for colour in secret))
    else:
        for colour in secret:
            dialog.get_by_role("button", name=colour, exact=True).click()
    expect(dialog.locator(".hole.filled")).to_have_count(len(secret))
    if name:
        dialog.get_by_label("Your name").fill(name)
    dialog.get_by_label("Allow hints").set_checked(hints)
    dialog.get_by_role("button", name="Set the code").click()
    expect(dialog).to_be_hidden()
    maker.get_by_role("button", name="Copy link").click()
    expect(maker.locator("#message")).to_have_text("The link is copied: send it to your friend.")
    invite: str = maker.evaluate("navigator.clipboard.readText()")
    return invite


def relative(invite: str) -> str:
    """The invite's path and fragment, to open on the tests' server."""
    parts = urlsplit(invite)
    return f"{parts.path}#{parts.fragment}"


@pytest.fixture
def maker(browser: Browser, page_url: str) -> Iterator[Page]:
    permissions = ["clipboard-read", "clipboard-write"]
    with visit(browser, page_url, permissions=permissions) as page:
        yield page


@pytest.fixture
def invite(maker: Page) -> str:
    return set_code(maker, SECRET, name="Mum")


@pytest.fixture
def breaker(browser: Browser, page_url: str, invite: str) -> Iterator[Page]:
    with visit(browser, page_url, relative(invite), **MOBILE.options) as page:
        yield page


@contextlib.contextmanager
def second_tab(page: Page) -> Iterator[Page]:
    """Another tab of the same browser, opened on the page: it resumes the saved game."""
    tab = page.context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto("/")
    expect(tab.locator(".row.current")).to_be_visible()
    yield tab
    assert errors == []


def test_the_maker_sees_the_secret_and_a_link_that_carries_the_game_in_its_fragment(
    maker: Page, invite: str, page_url: str
) -> None:
    expect(maker.locator("#secret")).to_have_accessible_name(", ".join(SECRET))
    expect(maker.locator("#shield-label")).to_have_text("Your secret")
    expect(maker.locator("#made-by")).to_have_text("You set this code, as Mum.")
    expect(maker.get_by_label("The link for your friend")).to_have_value(invite)
    expect(maker.get_by_role("button", name="Guess", exact=True)).to_be_hidden()
    expect(maker.get_by_role("button", name="End game")).to_be_visible()

    link = urlsplit(invite)
    assert f"{link.scheme}://{link.netloc}" == page_url
    assert (link.path, link.query) == ("/", "")
    fragment = parse_qs(link.fragment)
    saved = json.loads(maker.evaluate("localStorage.getItem('mastermind.game')"))
    assert (saved["role"], saved["id"], saved["invite"]) == ("maker", fragment["game"][0], invite)
    assert fragment["token"][0] != saved["token"]


def test_the_copied_invite_is_absolute_on_the_address_the_page_was_opened_at(
    browser: Browser, page_url: str
) -> None:
    """The server answers a link relative to the page (it knows no public address here):
    the page makes it absolute on its own origin, whatever name it was opened by."""
    opened_at = page_url.replace("127.0.0.1", "localhost")
    permissions = ["clipboard-read", "clipboard-write"]
    with visit(browser, opened_at, permissions=permissions) as maker:
        with maker.expect_response(
            lambda answer: answer.request.method == "POST" and answer.url.endswith("/games")
        ) as created:
            invite = set_code(maker, SECRET)
        answered = created.value.json()["invite"]["url"]

    assert answered.startswith("/#game=")
    assert invite == f"{opened_at}{answered}"


def test_a_code_may_be_typed_by_its_colours_letters(maker: Page) -> None:
    set_code(maker, ["Orange", "Red", "Yellow", "Green"], typed=True)

    expect(maker.locator("#secret")).to_have_accessible_name("Orange, Red, Yellow, Green")


def test_the_invite_plays_as_the_breaker_and_leaves_no_token_in_the_address_bar(
    breaker: Page, invite: str
) -> None:
    expect(breaker.locator("#made-by")).to_have_text("Mum set this code.")
    expect(breaker.locator("#message")).to_have_text("Mum set this code: break it!")
    expect(breaker.locator("#secret .peg")).to_have_text(["?", "?", "?", "?"])
    expect(breaker.get_by_role("button", name="Hint")).to_be_hidden()
    assert breaker.url == invite.split("#")[0]
    assert breaker.evaluate("location.hash") == ""
    saved = json.loads(breaker.evaluate("localStorage.getItem('mastermind.game')"))
    assert (saved["id"], saved["token"], saved["role"]) == (
        parse_qs(urlsplit(invite).fragment)["game"][0],
        parse_qs(urlsplit(invite).fragment)["token"][0],
        "breaker",
    )


def test_an_invite_opened_in_a_tab_already_on_the_page_plays_the_friends_game(
    browser: Browser, page_url: str, invite: str
) -> None:
    with visit(browser, page_url) as page:
        expect(page.locator("#made-by")).to_be_hidden()

        page.goto(relative(invite))

        expect(page.locator("#made-by")).to_have_text("Mum set this code.")
        assert page.evaluate("location.hash") == ""
        saved = json.loads(page.evaluate("localStorage.getItem('mastermind.game')"))
        assert saved["token"] == parse_qs(urlsplit(invite).fragment)["token"][0]


def test_the_breaker_gets_a_hint_button_where_the_maker_allowed_hints(
    browser: Browser, page_url: str, maker: Page
) -> None:
    invite = set_code(maker, SECRET, hints=True)

    with visit(browser, page_url, relative(invite)) as breaker:
        expect(breaker.locator("#made-by")).to_have_text("A friend set this code.")
        breaker.get_by_role("button", name="Hint").click()
        expect(breaker.locator("#message")).to_have_text(re.compile("^Hint: try "))


def test_a_whole_game_the_maker_watching_each_guess_arrive_within_a_second(
    maker: Page, breaker: Page
) -> None:
    play(breaker, ["Red", "Red", "Green", "Green"], MOBILE)
    expect(maker.locator(".row.played")).to_have_count(1, timeout=WITHIN_A_SECOND)
    expect(maker.locator("#message")).to_have_text("Guess 1: 1 right place, 1 wrong place.")

    play(breaker, ["Blue", "Green", "Blue", "Red"], MOBILE)
    expect(maker.locator(".row.played")).to_have_count(2, timeout=WITHIN_A_SECOND)

    play(breaker, SECRET, MOBILE)
    expect(maker.locator("#headline")).to_have_text("Your code is broken", timeout=WITHIN_A_SECOND)
    expect(maker.locator("#message")).to_have_text(
        "Broken in 3 guesses. The secret was Blue Blue Green Red."
    )
    expect(breaker.locator("#headline")).to_have_text("You broke the code!")
    assert rows(maker) == rows(breaker) == ["RRGG ●○··", "BGBR ●●○○", "BBGR ●●●●"]
    expect(maker.locator("#review")).to_be_hidden()
    expect(maker.get_by_role("link", name="See the review")).to_be_hidden()


def test_a_note_the_maker_leaves_reaches_the_breakers_page_within_a_second(
    maker: Page, breaker: Page, page_url: str
) -> None:
    expect(breaker.locator("#message")).to_have_text("Mum set this code: break it!")
    saved = json.loads(maker.evaluate("localStorage.getItem('mastermind.game')"))
    left = httpx.post(
        f"{page_url}/games/{saved['id']}/note",
        json={"text": "Think of the sea"},
        headers={"Authorization": f"Bearer {saved['token']}"},
    )
    assert left.status_code == 200, left.text
    expect(breaker.locator("#message")).to_have_text(
        "Mum leaves a note: Think of the sea", timeout=WITHIN_A_SECOND
    )


def test_a_reload_of_the_makers_page_resumes_watching(
    maker: Page, breaker: Page, invite: str
) -> None:
    play(breaker, ["Red", "Red", "Green", "Green"], MOBILE)
    expect(maker.locator(".row.played")).to_have_count(1)

    maker.reload()

    expect(maker.locator("#message")).to_have_text(
        "Welcome back: your friend's guesses show as they come."
    )
    expect(maker.locator("#secret")).to_have_accessible_name(", ".join(SECRET))
    expect(maker.get_by_label("The link for your friend")).to_have_value(invite)
    play(breaker, ["Blue", "Green", "Blue", "Red"], MOBILE)
    expect(maker.locator(".row.played")).to_have_count(2, timeout=WITHIN_A_SECOND)


def test_a_second_tab_of_the_breaker_follows_the_game_and_the_maker_ends_it(
    maker: Page, breaker: Page
) -> None:
    with second_tab(breaker) as tab:
        expect(tab.locator("#made-by")).to_have_text("Mum set this code.")
        follow_and_end(maker, breaker, tab)


def follow_and_end(maker: Page, breaker: Page, tab: Page) -> None:
    breaker.bring_to_front()  # a tab in the background is slow to tap
    play(breaker, ["Red", "Red", "Green", "Green"], MOBILE)
    expect(tab.locator(".row.played")).to_have_count(1, timeout=WITHIN_A_SECOND)
    tab.bring_to_front()
    play(tab, ["Green", "Red", "Green", "Red"], MOBILE)
    expect(breaker.locator(".row.played")).to_have_count(2, timeout=WITHIN_A_SECOND)
    expect(maker.locator(".row.played")).to_have_count(2, timeout=WITHIN_A_SECOND)
    expect(breaker.locator("#message")).to_have_text("Guess 2: 2 right place.")

    maker.get_by_role("button", name="End game").click()
    ending = maker.get_by_role("dialog", name="End this game?")
    ending.get_by_role("button", name="End game").click()

    expect(maker.locator("#headline")).to_have_text("Game ended")
    for page in (breaker, tab):
        expect(page.locator("#headline")).to_have_text("Game ended", timeout=WITHIN_A_SECOND)
        expect(page.locator("#message")).to_have_text(
            "Ended by the code maker after 2 guesses. The secret was Blue Blue Green Red."
        )
        expect(page.locator("#secret")).to_have_accessible_name(", ".join(SECRET))


def test_the_breakers_pages_and_answers_never_hold_the_secret_in_play(
    browser: Browser, page_url: str, maker: Page, invite: str
) -> None:
    context = browser.new_context(base_url=page_url, **MOBILE.options)
    answers: list[Response] = []
    context.on("response", lambda answer: answers.append(answer))
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    breaker, tab = context.new_page(), context.new_page()
    with streams_read(breaker) as first_stream, streams_read(tab) as second_stream:
        breaker.goto(relative(invite))
        tab.goto("/")
        for played, guess in enumerate(GUESSES, start=1):
            breaker.bring_to_front()  # a tab in the background is slow to tap
            play(breaker, guess, MOBILE)
            for page in (breaker, tab, maker):
                # Live, through three streams: longer than a tap's answer on a busy machine.
                expect(page.locator(".row.played")).to_have_count(played, timeout=15_000)
            assert [leaks(page.content()) for page in (breaker, tab)] == [[], []]

        seen = [answer for answer in answers if not is_stream(answer)]
        assert {answer.url.rsplit("/", 1)[-1] for answer in seen} >= {"", "guesses"}
        for answer in seen:
            assert leaks(answer.text() + json.dumps(answer.headers)) == [], answer.url
        streamed = [first_stream(), second_stream()]
        assert [body.count(b"event: GuessMade") for body in streamed] == [2, 2]
        assert [leaks(body.decode()) for body in streamed] == [[], []]

        play(breaker, SECRET, MOBILE)
        expect(tab.locator("#headline")).to_have_text("You broke the code!")
        # The end of the game shows the secret: the streams read are the ones that would leak.
        ended = [
            read_until(stream, b"event: GameWon", tab) for stream in (first_stream, second_stream)
        ]
        assert [leaks(body.decode()) != [] for body in ended] == [True, True]
    context.close()
    assert errors == []


GUESSES = [["Red", "Red", "Green", "Green"], ["Blue", "Green", "Blue", "Red"]]


def is_stream(answer: Response) -> bool:
    return answer.headers.get("content-type", "").startswith(LIVE_STREAM)


def leaks(text: str) -> list[str]:
    """The ways of writing ``SECRET`` found in ``text``."""
    spelled = [", ".join(SECRET), " ".join(SECRET), "".join(colour[0] for colour in SECRET)]
    spelled += [json.dumps(SECRET), json.dumps(SECRET, separators=(",", ":"))]
    return [form for form in spelled if form in text]


def read_until(stream: Callable[[], bytes], marker: bytes, page: Page) -> bytes:
    """What ``stream`` has read once ``marker`` is in it, or after five seconds: the
    browser hands pieces of a stream over while Playwright waits, not before."""
    for _ in range(100):
        if marker in stream():
            break
        page.wait_for_timeout(50)
    return stream()


@contextlib.contextmanager
def streams_read(page: Page) -> Iterator[Callable[[], bytes]]:
    """What ``page`` has read of event streams so far. A browser keeps no body of a response
    read as a stream: the DevTools protocol hands over each piece as it arrives."""
    session = page.context.new_cdp_session(page)
    pieces: dict[str, list[bytes]] = {}

    def answered(event: dict[str, Any]) -> None:
        if event["response"]["mimeType"] == LIVE_STREAM:
            request = event["requestId"]
            started = session.send("Network.streamResourceContent", {"requestId": request})
            pieces[request] = [base64.b64decode(started["bufferedData"])]

    def received(event: dict[str, Any]) -> None:
        if event["requestId"] in pieces and event.get("data"):
            pieces[event["requestId"]].append(base64.b64decode(event["data"]))

    session.on("Network.responseReceived", answered)
    session.on("Network.dataReceived", received)
    session.send("Network.enable")
    yield lambda: b"".join(piece for stream in pieces.values() for piece in stream)
    session.detach()


def test_after_a_drop_the_page_resumes_from_the_last_event_it_received(
    browser: Browser, page_url: str, maker: Page, invite: str
) -> None:
    game, token = (parse_qs(urlsplit(invite).fragment)[key][0] for key in ("game", "token"))
    auth = {"Authorization": f"Bearer {token}"}
    asked: list[str | None] = []

    def drop_the_first(route: Route) -> None:
        asked.append(route.request.headers.get("last-event-id"))
        if len(asked) > 1:
            route.continue_()
            return
        # The first answer stops after the game's first event, as a dropped connection would.
        first = ""
        with (
            httpx.Client(base_url=page_url) as client,
            client.stream("GET", f"/games/{game}/events", headers=auth) as stream,
        ):
            for line in stream.iter_lines():
                first += line + "\n"
                if not line and "data:" in first:
                    break
        route.fulfill(status=200, headers={"Content-Type": LIVE_STREAM}, body=first)

    context = browser.new_context(base_url=page_url)
    context.route("**/events", drop_the_first)
    page = context.new_page()
    with page.expect_request(lambda request: "last-event-id" in request.headers):
        page.goto(relative(invite))
    httpx.post(f"{page_url}/games/{game}/guesses", json={"guess": "RRGG"}, headers=auth)
    expect(page.locator(".row.played")).to_have_count(1, timeout=WITHIN_A_SECOND)
    expect(page.locator("#message")).to_have_text("Guess 1: 1 right place, 1 wrong place.")
    context.close()
    assert asked == [None, "1"]


def test_the_stream_reader_parses_messages_however_the_bytes_are_cut(maker: Page) -> None:
    text = (
        'id: 1\nevent: GameStarted\ndata: {"a": 1}\n\n: heartbeat\n\n'
        'id: 2\r\nevent: GuessMade\r\ndata: {"b":\r\ndata: 2}\r\n\r\n'
        'id:3\revent:GameWon\rdata:{"c": 3}\r\rdata: never ended'
    )
    parsed = maker.evaluate(
        """async ([text, sizes]) => {
          const { messages } = await import("/static/live.js");
          const answers = [];
          for (const size of sizes) {
            const bytes = new TextEncoder().encode(text);
            const body = new ReadableStream({ start(controller) {
              for (let at = 0; at < bytes.length; at += size) {
                controller.enqueue(bytes.slice(at, at + size));
              }
              controller.close();
            } });
            const got = [];
            for await (const message of messages(body)) got.push(message);
            answers.push(got);
          }
          return answers;
        }""",
        [text, [1, 2, 5, 1000]],
    )
    expected = [
        {"id": "1", "event": "GameStarted", "data": '{"a": 1}'},
        {"id": "2", "event": "GuessMade", "data": '{"b":\n2}'},
        {"id": "3", "event": "GameWon", "data": '{"c": 3}'},
    ]
    assert parsed == [expected] * 4


def test_axe_finds_no_violation_in_the_dialog_nor_in_either_players_view(
    browser: Browser, page_url: str
) -> None:
    axe = Axe()
    found: dict[str, str] = {}

    def check(point: str, page: Page) -> None:
        page.evaluate("Promise.allSettled(document.getAnimations().map((a) => a.finished))")
        results = axe.run(page)
        if results.violations_count:
            found[point] = results.generate_report()

    with visit(browser, page_url, permissions=["clipboard-read", "clipboard-write"]) as maker:
        maker.get_by_role("button", name="Set a code for a friend").click()
        maker.get_by_role("dialog").get_by_role("button", name="Green", exact=True).click()
        check("setting a code", maker)
        maker.get_by_role("button", name="Cancel").click()
        invite = set_code(maker, SECRET, name="Mum")
        check("watching", maker)
        with visit(browser, page_url, relative(invite), **MOBILE.options) as breaker:
            check("breaking", breaker)
            play(breaker, SECRET, MOBILE)
            expect(maker.locator("#headline")).to_have_text("Your code is broken")
            check("broken", maker)

    assert found == {}
