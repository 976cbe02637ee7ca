"""Dependencies point inward: the arrows that should never exist, checked in the source."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "mastermind"


def imports_of(part: str) -> dict[str, set[str]]:
    """Every module each file of ``mastermind/<part>`` imports, at any depth in the file."""
    root = PACKAGE / part
    files = [root.with_suffix(".py")] if root.with_suffix(".py").exists() else root.rglob("*.py")
    found: dict[str, set[str]] = {}
    for path in files:
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
        found[str(path.relative_to(PACKAGE))] = names
    return found


def reaching(part: str, forbidden: tuple[str, ...]) -> list[str]:
    """The imports of ``part`` that reach any of ``forbidden`` (packages or modules)."""
    return sorted(
        f"{path} imports {name}"
        for path, names in imports_of(part).items()
        for name in names
        if any(name == target or name.startswith(f"{target}.") for target in forbidden)
    )


def test_the_domain_imports_attrs_and_the_standard_library_alone() -> None:
    allowed = {*sys.stdlib_module_names, "attrs", "mastermind"}
    outside = sorted(
        f"{path} imports {name}"
        for path, names in imports_of("domain").items()
        for name in names
        if name.partition(".")[0] not in allowed
        or (name.startswith("mastermind") and not name.startswith("mastermind.domain"))
    )
    assert outside == []


@pytest.mark.parametrize(
    ("part", "forbidden"),
    [
        ("store", ("mastermind.service", "mastermind.solver", "mastermind.bootstrap")),
        ("solver", ("mastermind.service", "mastermind.store", "mastermind.bootstrap")),
        ("service", ("mastermind.solver", "mastermind.bootstrap", "mastermind.cli")),
        ("service", ("mastermind.web",)),
        ("cli", ("mastermind.store",)),
        ("web", ("mastermind.store", "mastermind.cli", "mastermind.solver")),
        ("testing", ("mastermind.service", "mastermind.bootstrap", "mastermind.cli")),
    ],
)
def test_no_part_depends_on_a_part_further_out(part: str, forbidden: tuple[str, ...]) -> None:
    assert reaching(part, forbidden) == []


def calls_of(part: str) -> set[str]:
    """The names called anywhere in ``mastermind/<part>``, such as ``Games`` or ``connect``."""
    root = PACKAGE / part
    files = [root.with_suffix(".py")] if root.with_suffix(".py").exists() else root.rglob("*.py")
    return {
        node.func.id
        for path in files
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }


@pytest.mark.parametrize("part", ["cli", "web", "solver", "service"])
def test_only_the_bootstrap_opens_stores_and_builds_games_for_an_entry_point(part: str) -> None:
    wiring = {"connect", "SQLiteEventStore", "InMemoryEventStore", "PostgresEventStore"}
    if part != "service":
        wiring.add("Games")
    assert sorted(calls_of(part) & wiring) == []
    assert {"Games", "connect"} <= calls_of("bootstrap")


def test_the_terminal_reaches_the_web_only_to_serve_it() -> None:
    assert reaching("cli", ("mastermind.web",)) == [
        "cli/_serving.py imports mastermind.web",
    ]
