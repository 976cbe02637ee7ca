"""Every Python sample in the README and the docs runs, and prints what the text says."""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests import tiers

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"```(\w+)\n(.*?)```", re.S)


def samples(page: Path) -> list[tuple[str, str]]:
    return FENCE.findall(page.read_text())


def with_its_needs(page: Path) -> Any:
    """``page`` as a case of the test that runs its samples, marked with what they need."""
    code = "\n".join(code for language, code in samples(page) if language == "python")
    needs = tiers.needs_of_names(tiers.names_in(compile(code, str(page), "exec")))
    marks = [getattr(pytest.mark, need) for need in sorted(needs)]
    return pytest.param(page, marks=marks, id=str(page.relative_to(ROOT)))


@pytest.mark.parametrize("page", [with_its_needs(page) for page in PAGES])
def test_python_samples_run_and_print_what_the_page_shows(
    page: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A process a sample starts runs as on a reader's machine: without the tests' coverage,
    # whose own modules a sample that counts them would see.
    for variable in tiers.COVERAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    blocks = samples(page)
    namespace: dict[str, object] = {"__name__": f"sample:{page.name}"}
    for index, (language, code) in enumerate(blocks):
        if language != "python":
            continue
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, f"{page.name}[{index}]", "exec"), namespace)
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        if following and following[0] == "text":
            assert printed.getvalue() == following[1], f"sample {index} of {page.name}"


def test_every_page_with_python_has_a_sample() -> None:
    with_python = [page for page in PAGES if any(lang == "python" for lang, _ in samples(page))]
    assert ROOT / "README.md" in with_python
    assert len(with_python) >= 3


LOADED_LINKS = {"stylesheet", "preload", "modulepreload", "preconnect", "dns-prefetch", "icon"}
"""The kinds of ``<link>`` a browser fetches, as opposed to links to read on."""
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]+)|@import\s+['"]([^'"]+)""")
MERMAID = "assets/javascripts/mermaid.min.js"


class _Fetched(HTMLParser):
    """Every address a page makes the browser fetch: scripts, styles, fonts, images."""

    def __init__(self) -> None:
        super().__init__()
        self.addresses: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attributes: list[tuple[str, str | None]]) -> None:
        given = {name: value or "" for name, value in attributes}
        if tag in ("script", "img", "iframe", "source", "audio", "video") and "src" in given:
            self.addresses.append(given["src"])
        if tag == "link" and LOADED_LINKS & set(given.get("rel", "").split()):
            self.addresses.append(given.get("href", ""))
        self._in_style = tag == "style"

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.addresses += [url or imported for url, imported in CSS_URL.findall(data)]


def fetched_by(page: Path) -> list[str]:
    parser = _Fetched()
    parser.feed(page.read_text())
    return parser.addresses


def from_elsewhere(address: str) -> bool:
    return address.startswith(("http://", "https://", "//"))


@pytest.fixture(scope="module")
def site(docs_site: Path) -> Path:
    """The docs, built strictly as ``make docs`` builds them, but by mkdocs run in another
    folder than the repository, with the configuration named by its path."""
    return docs_site


def test_the_docs_build_strictly_from_any_folder(site: Path) -> None:
    assert (site / "index.html").is_file()
    # The changelog's page includes CHANGELOG.md, named from the repository's root.
    assert "Unreleased" in (site / "changelog" / "index.html").read_text()


def test_the_site_fetches_no_script_style_or_font_from_elsewhere(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    styles = sorted(site.rglob("*.css"))
    fetched = {page: [a for a in fetched_by(page) if from_elsewhere(a)] for page in pages}
    in_styles = {
        style: [a for found in CSS_URL.findall(style.read_text()) for a in found if a]
        for style in styles
    }
    assert len(pages) > 20
    assert {page: found for page, found in fetched.items() if found} == {}
    assert {s: [a for a in found if from_elsewhere(a)] for s, found in in_styles.items()} == {
        s: [] for s in styles
    }
    fonts = [a for found in in_styles.values() for a in found if a.endswith(".woff2")]
    assert len(fonts) == 10
    for style in styles:
        for address in in_styles[style]:
            if address.endswith(".woff2"):
                assert (style.parent / address).resolve().is_file(), address


def test_every_page_with_a_diagram_loads_the_mermaid_served_with_the_site(site: Path) -> None:
    with_diagrams = [page for page in site.rglob("*.html") if 'class="mermaid"' in page.read_text()]
    assert len(with_diagrams) >= 3
    for page in with_diagrams:
        scripts = [a for a in fetched_by(page) if a.endswith(MERMAID)]
        assert len(scripts) == 1, page
        assert (page.parent / scripts[0]).resolve() == (site / MERMAID).resolve()
    assert 'globalThis["mermaid"]' in (site / MERMAID).read_text()


def test_the_vendored_assets_are_the_pinned_releases_with_their_licenses() -> None:
    checked = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "docs_assets.py")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    assert (
        "MIT License"
        in (ROOT / "docs" / "assets" / "javascripts" / "mermaid.LICENSE.txt").read_text()
    )
    for font in ("roboto", "roboto-mono"):
        license = ROOT / "docs" / "assets" / "fonts" / f"{font}.LICENSE.txt"
        assert "SIL Open Font License" in license.read_text()


def _keep_failure(action: Callable[[], None], seen: dict[str, Any]) -> None:
    try:
        action()
    except BaseException as failure:  # raised again in the test's own thread
        seen["failure"] = failure


def test_diagrams_are_drawn_and_fonts_loaded_in_chromium_with_no_network(site: Path) -> None:
    from playwright.sync_api import Route, expect

    from tests.web.pages import chromium

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    refused: list[str] = []

    def offline(route: Route) -> None:
        if route.request.url.startswith(base):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    page_html = (site / "architecture" / "index.html").read_text()
    seen: dict[str, Any] = {}

    def look() -> None:
        with chromium() as browser:
            page = browser.new_page()
            page.route("**/*", offline)
            page.goto(f"{base}architecture/")
            # Material draws each diagram into a div of its own, in place of its source.
            expect(page.locator("div.mermaid")).to_have_count(page_html.count('class="mermaid"'))
            seen["heights"] = page.locator("div.mermaid").evaluate_all(
                "diagrams => diagrams.map(d => d.getBoundingClientRect().height)"
            )
            seen["fonts"] = page.evaluate(
                "document.fonts.ready.then(() => [...document.fonts]"
                ".filter(f => f.status === 'loaded').map(f => f.family))"
            )

    # A thread of its own: the page tests' browser, if open, holds this thread's loop.
    looking = threading.Thread(target=lambda: _keep_failure(look, seen))
    try:
        looking.start()
        looking.join(timeout=120)
    finally:
        server.shutdown()
        server.server_close()
    assert not looking.is_alive(), "Chromium did not finish within 120 s"
    if "failure" in seen:
        raise seen["failure"]
    heights, fonts = seen["heights"], seen["fonts"]

    assert all(height > 50 for height in heights), heights
    assert {"Roboto", "Roboto Mono"} <= set(fonts)
    assert not [url for url in refused if not url.startswith("https://api.github.com/")]
