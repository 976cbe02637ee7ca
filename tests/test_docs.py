"""Every Python sample in the README and the docs runs, and prints what the text says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"```(\w+)\n(.*?)```", re.S)


def samples(page: Path) -> list[tuple[str, str]]:
    return FENCE.findall(page.read_text())


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_python_samples_run_and_print_what_the_page_shows(page: Path) -> None:
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
