"""The benchmarks run, and the figures the docs show come from them.

The performance report's real run takes minutes, installs packages from PyPI and starts
PostgreSQL; the ``--quick`` runs here use tiny sizes and leave the peers and PostgreSQL
out, so they only prove the machinery, the HTTP benchmark's two servers on loopback and
the load benchmark's ``mastermind serve`` processes included. The classic game's table on
the code breaker's page, which the real run writes, is checked against ``evaluate``.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mastermind.solver import STRATEGIES, evaluate
from tests.tiers import without_coverage

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
RUNNER = BENCHMARKS / "report.py"
LARGE = BENCHMARKS / "bench_large.py"
GENERATED = ROOT / "docs" / "generated"
SOLVER_PAGE = ROOT / "docs" / "solver.md"
SCALE_PAGE = ROOT / "docs" / "scale.md"
FRAGMENTS = [
    "scale.md",
    "solver-classic.md",
    "solver-large.md",
    "solver-review.md",
    "solver-search.md",
    "solver-speed.md",
    "solver-super.md",
    "solver-wide.md",
]
PNG = b"\x89PNG\r\n\x1a\n"


def test_a_quick_run_writes_the_page_and_its_plots(tmp_path: Path) -> None:
    # Without the tests' coverage: a benchmark under a tracer would time the tracer.
    result = subprocess.run(
        [sys.executable, RUNNER, "--quick", "--no-peers", "--no-postgres", "--output", tmp_path],
        capture_output=True,
        text=True,
        timeout=240,
        env=without_coverage(os.environ),
    )
    assert result.returncode == 0, result.stderr

    text = (tmp_path / "performance.md").read_text()
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings == [
        "The machine",
        "Scoring",
        "Solver strategies",
        "The code breaker at large sizes",
        "Event stores",
        "HTTP API",
        "Under load",
        "Under faults",
        "Live streams",
        "Running at scale",
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
    # Live streams and pollers read the same events of one game, each watcher every one.
    for watchers in (1, 10):
        assert re.search(
            rf"^\| live stream \| {watchers} \| {100 * watchers:,} \| [\d,]+ \| [\d.]+ \|",
            text,
            re.M,
        ), watchers
        assert re.search(
            rf"^\| polling `GET /games/\{{id\}}` \| {watchers} \| [\d,]+ \|", text, re.M
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
    # Both strategies played every size, and the widest game's hints were timed.
    for strategy in ("best", "random-consistent"):
        assert len(re.findall(rf"^\| \d+ x \d+ \| [\d,]+ \| `{strategy}` \|", text, re.M)) == 2
    assert re.search(r"^\| moves 2 to \d+ \| \d+ \| [\d.]+ \| [\d.]+ \|$", text, re.M)
    # The code breaker's page gets its figures from the same run.
    assert sorted(path.name for path in (tmp_path / "generated").iterdir()) == FRAGMENTS
    classic = (tmp_path / "generated" / "solver-classic.md").read_text()
    assert classic_rows(classic) == classic_rows((GENERATED / "solver-classic.md").read_text())


def test_the_large_benchmark_plays_both_strategies_on_the_same_secrets() -> None:
    result = subprocess.run(
        [sys.executable, LARGE, "--quick", "--json"], capture_output=True, text=True, timeout=240
    )
    assert result.returncode == 0, result.stderr

    found = json.loads(result.stdout)
    assert found["quick"]
    assert found["secrets"] == 4
    for size in found["sizes"]:
        best, baseline = size["best"], size["baseline"]
        assert (best["strategy"], baseline["strategy"]) == ("best", "random-consistent")
        for each in (best, baseline):
            assert each["games"] == 4
            assert each["unsolved"] == 0
            assert 1 <= each["average"] <= each["worst"]
            assert each["moves"] >= 4
            assert 0 <= each["incomplete"] <= each["moves"]
            assert 0 < each["move_mean"] <= each["move_max"] or each["move_max"] == 0
            assert each["first_hint"] >= 0
            assert each["start_bytes"] <= each["peak_bytes"]
    wide = found["wide"]
    assert (wide["length"], wide["colours"]) == (10, 20)
    assert wide["hints"] >= wide["games"] == 2


def classic_rows(text: str) -> dict[str, tuple[int, str, int, str]]:
    """The classic table of a fragment, by strategy, without the seconds."""
    rows = re.findall(
        r"^\| `([\w-]+)`(?: \(seed 0\))? \| (\d+) \| (\d\.\d{4}) \| (\d+)"
        r" \| ([\d, ]+) \| [\d.]+ \|$",
        text,
        re.M,
    )
    return {
        name: (int(total), average, int(worst), spread)
        for name, total, average, worst, spread in rows
    }


def test_the_docs_include_every_generated_fragment() -> None:
    pages = SOLVER_PAGE.read_text() + SCALE_PAGE.read_text()
    included = re.findall(r'^--8<-- "docs/generated/([\w-]+\.md)"$', pages, re.M)
    assert sorted(set(included)) == FRAGMENTS
    assert sorted(path.name for path in GENERATED.iterdir()) == FRAGMENTS


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_the_classic_table_on_the_code_breakers_page_is_what_evaluate_gives(strategy: str) -> None:
    rows = classic_rows((GENERATED / "solver-classic.md").read_text())
    found = evaluate(strategy)
    counts = dict(found.histogram)
    spread = ", ".join(str(counts.get(guesses, 0)) for guesses in range(1, found.worst + 1))

    assert rows[strategy] == (found.total, f"{found.average:.4f}", found.worst, spread)


def imported_packages(module: Path) -> set[str]:
    """The top-level packages ``module`` imports, wherever in it the import stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(module.read_text(), str(module))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_the_benchmarks_stand_on_the_harness_and_never_on_the_tests() -> None:
    modules = sorted(BENCHMARKS.glob("*.py"))
    assert RUNNER in modules
    assert [module.name for module in modules if "tests" in imported_packages(module)] == []
    assert [module.name for module in modules if "harness" in imported_packages(module)]


def test_the_start_benchmark_reports_the_ratio_of_help_to_a_bare_python() -> None:
    result = subprocess.run(
        [sys.executable, BENCHMARKS / "bench_cli_start.py"],
        capture_output=True,
        text=True,
        timeout=120,
    )

    # The verdict is the benchmark's to give, not the test's: only its report is checked.
    assert result.returncode in (0, 1), result.stderr
    assert re.search(r"\| `mastermind --help` \| \d+\.\d{3} \| x\d+\.\d\d \|", result.stdout)
    assert re.search(r"takes x\d+\.\d\d `python -c pass`, (NOT )?within x5\.", result.stdout)
