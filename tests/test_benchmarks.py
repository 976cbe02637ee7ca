"""The performance report's runner works: a ``--quick`` run writes the page and its plots.

The real run takes minutes, installs packages from PyPI and starts PostgreSQL; this one
uses tiny sizes and leaves the peers and PostgreSQL out, so it only proves the machinery,
the HTTP benchmark's two servers on loopback and the load benchmark's ``mastermind serve``
processes included.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "benchmarks" / "report.py"
PNG = b"\x89PNG\r\n\x1a\n"


def test_a_quick_run_writes_the_page_and_its_plots(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, RUNNER, "--quick", "--no-peers", "--no-postgres", "--output", tmp_path],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert result.returncode == 0, result.stderr

    text = (tmp_path / "performance.md").read_text()
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings == [
        "The machine",
        "Scoring",
        "Solver strategies",
        "Event stores",
        "HTTP API",
        "Under load",
        "Under faults",
    ]
    for fact in ("CPU", "cores", "memory", "operating system", "Python", "date"):
        assert re.search(rf"^\| {fact} \| \S", text, re.M), fact
    assert "```python" not in text
    assert "--quick" in text

    images = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", text)
    assert images == [
        "images/performance/scoring.png",
        "images/performance/solver.png",
        "images/performance/stores.png",
    ]
    for image in images:
        assert (tmp_path / image).read_bytes().startswith(PNG), image

    # This project's scorers were timed and agree with score(); the peers say why they
    # have no number rather than showing one.
    assert re.search(
        r"^\| `score\(\)` \| mastermind-decider [\d.]+ \| .* \| [\d,]+ \| [\d.]+ \| yes \|",
        text,
        re.M,
    )
    assert re.search(r"^\| numpy batch \| .* \| yes \|$", text, re.M)
    assert text.count("left out of this run (`--no-peers`)") == 4
    assert "left out of this run (`--no-postgres`)" in text
    for strategy in ("knuth", "optimal", "entropy"):
        assert re.search(rf"^\| `{strategy}` \| [\d,]+ \| \d\.\d{{4}} \| \d \|", text, re.M)
    for store in ("memory", "SQLite, synchronous=NORMAL", "SQLite, synchronous=FULL"):
        assert re.search(rf"^\| {re.escape(store)} \| \d+ \| [\d,]+ \|", text, re.M), store
    # The web game took its guesses over HTTP, next to the minimal endpoint.
    assert re.search(
        r"^\| `POST /games/\{id\}/guesses`, the web game \| [\d,]+ \| [\d.]+ \|$", text, re.M
    )
    assert re.search(
        r"^\| the same requests, a minimal Starlette endpoint \| [\d,]+ \| 1\.00 \|$", text, re.M
    )
    # The load benchmark served every route on SQLite with 1 and 2 workers, all answered,
    # and read boards beside a saturated hint pool.
    for workers in (1, 2):
        for route in ("POST /games", "POST /games/{id}/guesses", "GET /games/{id}"):
            assert re.search(
                rf"^\| SQLite \| {workers} \| `{re.escape(route)}` \| [\d,]+ \| [\d,]+ \| "
                r"[\d.]+ \| [\d.]+ \| [\d.]+ \| 0 \|$",
                text,
                re.M,
            ), (workers, route)
    assert re.search(r"^\| no hint running \| [\d.]+ \| [\d.]+ \| 1\.00 \|$", text, re.M)
    assert re.search(
        r"^\| \d+ clients asking for hints \| [\d.]+ \| [\d.]+ \| [\d.]+ \|$", text, re.M
    )
    # The fault scenarios ran and were counted, or say why they did not.
    counts = r"(?: [\d,]+ \|){5} \*\*\d+\*\* \| \d+ \| [\d.]+ \| (?:[\d.]+|never) \|$"
    assert re.search(rf"^\| server killed \|{counts}", text, re.M)
    assert re.search(
        rf"^(\| SQLite on a full disk \|{counts}|- SQLite on a full disk: left out, .+)$",
        text,
        re.M,
    )
    assert "PostgreSQL restarted: left out of this run (`--no-postgres`)" in text
