"""Take the screenshots of the web page in docs/images: web-mobile.png, web-won.png,
web-desktop.png and web-maker.png.

Starts ``mastermind serve`` on a free port of 127.0.0.1 over a fresh SQLite store, with
``MASTERMIND_SECRET`` giving every game the same secret, and plays it in Debian's headless
Chromium as a player would, by taps on a phone and clicks on a desktop:

- web-mobile.png: a phone (375 x 667), three guesses in, two pegs of the fourth placed;
- web-won.png: the phone once the fourth guess broke the code, on the review;
- web-desktop.png: a desktop (1280 x 800) after a second game, won in four guesses: the
  board, the outcome and the review;
- web-maker.png: a desktop where Mum set a code for a friend, who opened the invite on a
  phone and made two guesses: the secret in view, the guesses as they came, the link and
  the button that ends the game.

Needs the dev extra and Chromium (``apt-get install chromium``)::

    python tools/page_screenshots.py [FOLDER]
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, expect, sync_playwright

OUTPUT = Path(__file__).parent.parent / "docs" / "images"
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
SECRET = "Orange Purple Yellow Orange"
GUESSES = [
    ["Red", "Green", "Blue", "Yellow"],
    ["Orange", "Orange", "Yellow", "Yellow"],
    ["Purple", "Orange", "Yellow", "Red"],
]


@contextlib.contextmanager
def server() -> Iterator[str]:
    """``mastermind serve`` in a process of its own; its base URL while the block runs."""
    with tempfile.TemporaryDirectory() as folder, socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        environment = {
            name: value
            for name, value in os.environ.items()
            if name not in ("MASTERMIND_STORE", "MASTERMIND_WEB_SECRET")
        }
        command = [sys.executable, "-m", "mastermind", "serve", "--port", str(port)]
        command += ["--db", str(Path(folder) / "games.db")]
        process = subprocess.Popen(
            command,
            env={**environment, "MASTERMIND_SECRET": SECRET},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_for(url, process)
            yield url
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)


def _wait_for(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("mastermind serve stopped before it answered")
        with contextlib.suppress(httpx.TransportError):
            httpx.get(f"{url}/openapi.json", timeout=1)
            return
        time.sleep(0.1)
    raise RuntimeError("mastermind serve did not answer")


def press(page: Page, name: str, touch: bool) -> None:
    button = page.get_by_role("button", name=name, exact=True).first
    if touch:
        button.tap()
    else:
        button.click()


def guess(page: Page, colours: list[str], touch: bool) -> None:
    played = page.locator(".row.played").count()
    for colour in colours:
        press(page, colour, touch)
    press(page, "Guess", touch)
    expect(page.locator(".row.played")).to_have_count(played + 1)


def settle(page: Page) -> None:
    """Wait for the page's animations to end: settled, not finished, since a redraw cancels
    the animations of the pegs it replaces."""
    page.evaluate(
        "Promise.allSettled(document.getAnimations().map((animation) => animation.finished))"
    )


def phone(browser: Browser, url: str, output: Path) -> None:
    context = browser.new_context(
        base_url=url,
        viewport={"width": 375, "height": 667},
        has_touch=True,
        is_mobile=True,
    )
    page = context.new_page()
    page.goto("/")
    for colours in GUESSES:
        guess(page, colours, touch=True)
    press(page, "Orange", touch=True)
    press(page, "Purple", touch=True)
    page.screenshot(path=output / "web-mobile.png")

    press(page, "Yellow", touch=True)
    press(page, "Orange", touch=True)
    press(page, "Guess", touch=True)
    expect(page.locator("#review .step")).to_have_count(4)
    settle(page)
    page.locator("#dock").evaluate("dock => window.scrollTo(0, dock.offsetTop)")
    page.screenshot(path=output / "web-won.png")
    context.close()


def desktop(browser: Browser, url: str, output: Path) -> None:
    context = browser.new_context(base_url=url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto("/")
    for colours in [GUESSES[0], GUESSES[2], SECRET.split()]:
        guess(page, colours, touch=False)
    press(page, "New game", touch=False)
    for colours in GUESSES:
        guess(page, colours, touch=False)
    guess(page, SECRET.split(), touch=False)
    expect(page.locator("#review .step")).to_have_count(4)
    settle(page)
    page.screenshot(path=output / "web-desktop.png")
    context.close()


def maker(browser: Browser, url: str, output: Path) -> None:
    context = browser.new_context(
        base_url=url,
        viewport={"width": 1280, "height": 800},
        permissions=["clipboard-read", "clipboard-write"],
    )
    page = context.new_page()
    page.goto("/")
    press(page, "Set a code for a friend", touch=False)
    dialog = page.get_by_role("dialog", name="Set a code for a friend")
    for colour in ["Blue", "Blue", "Green", "Red"]:
        dialog.get_by_role("button", name=colour, exact=True).click()
    dialog.get_by_label("Your name").fill("Mum")
    dialog.get_by_role("button", name="Set the code").click()
    press(page, "Copy link", touch=False)
    invite = page.evaluate("navigator.clipboard.readText()")

    friend = browser.new_context(
        viewport={"width": 375, "height": 667}, has_touch=True, is_mobile=True
    ).new_page()
    friend.goto(invite)
    expect(friend.locator("#made-by")).to_have_text("Mum set this code.")
    for colours in [["Red", "Red", "Green", "Green"], ["Blue", "Green", "Blue", "Red"]]:
        guess(friend, colours, touch=True)
    expect(page.locator(".row.played")).to_have_count(2)
    settle(page)
    page.screenshot(path=output / "web-maker.png")
    friend.context.close()
    context.close()


def main(output: Path) -> None:
    output.mkdir(parents=True, exist_ok=True)
    with server() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS
        )
        phone(browser, url, output)
        desktop(browser, url, output)
        maker(browser, url, output)
        browser.close()
    for name in ("web-mobile.png", "web-won.png", "web-desktop.png", "web-maker.png"):
        print(output / name)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUTPUT)
