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
        ("store", ("mastermind.config", "mastermind.main")),
        ("solver", ("mastermind.service", "mastermind.store", "mastermind.bootstrap")),
        ("solver", ("mastermind.config", "mastermind.main")),
        ("service", ("mastermind.solver", "mastermind.bootstrap", "mastermind.cli")),
        ("service", ("mastermind.web", "mastermind.config", "mastermind.main")),
        ("config", ("mastermind.bootstrap", "mastermind.cli", "mastermind.web")),
        ("cli", ("mastermind.store", "mastermind.web", "mastermind.main")),
        ("web", ("mastermind.store", "mastermind.cli", "mastermind.solver", "mastermind.main")),
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


def parts() -> list[str]:
    """Every part of the package: its subpackages and its modules at the top."""
    return sorted(
        path.stem
        for path in PACKAGE.iterdir()
        if (path.suffix == ".py" or (path / "__init__.py").exists())
    )


def modules_named(part: str) -> list[str]:
    """The modules ``mastermind/<part>`` names as strings to import by name, as
    ``importlib.import_module("mastermind.solver")`` does."""
    root = PACKAGE / part
    files = [root.with_suffix(".py")] if root.with_suffix(".py").exists() else root.rglob("*.py")
    found = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            called = getattr(node.func, "attr", getattr(node.func, "id", None))
            name = node.args[0].value if isinstance(node.args[0], ast.Constant) else None
            if called in {"import_module", "__import__"} and isinstance(name, str):
                found.append(f"{path.relative_to(PACKAGE)} imports {name}")
    return sorted(found)


def test_the_hints_reach_neither_the_stores_nor_the_wiring_nor_the_entry_points() -> None:
    outward = ("mastermind.store", "mastermind.bootstrap", "mastermind.cli", "mastermind.web")
    assert reaching("hints", (*outward, "mastermind.testing", "mastermind.spec")) == []


@pytest.mark.parametrize("part", [part for part in parts() if part not in {"hints", "solver"}])
def test_only_the_hints_import_the_solver_even_lazily(part: str) -> None:
    assert reaching(part, ("mastermind.solver",)) == []
    assert [name for name in modules_named(part) if "mastermind.solver" in name] == []


@pytest.mark.parametrize("part", ["domain", "store", "service", "solver", "testing"])
def test_the_parts_the_hints_build_on_never_import_them(part: str) -> None:
    assert reaching(part, ("mastermind.hints",)) == []


def test_only_the_command_itself_puts_the_terminal_and_the_web_together() -> None:
    both = sorted(
        path
        for path, names in imports_of("").items()
        if any(name.startswith("mastermind.cli") for name in names)
        and any(name.startswith("mastermind.web") for name in names)
    )
    assert both == ["main.py"]


OUTSIDE_THE_CYCLE_CHECK: set[str] = set()
"""No module is left out of the cycle check."""


def module_graph() -> dict[str, set[str]]:
    """Each module of the package, and the modules of the package it imports: at any depth
    in the file, relative imports resolved, ``from package import name`` counting the
    package's ``__init__`` unless every name is a submodule."""
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = here[: len(here) - node.level + 1] if node.level else []
                module = ".".join([*base, *([node.module] if node.module else [])])
                submodules = {f"{module}.{alias.name}" for alias in node.names} & set(modules)
                targets |= submodules
                if len(submodules) < len(node.names):
                    targets.add(module)
        graph[name] = {target for target in targets & set(modules) if target != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each group of modules that import each other, shortest first."""
    found = []
    seen: set[str] = set()
    for start in sorted(graph):
        if start in seen:
            continue
        paths = {start: [start]}  # breadth first: the shortest way back to the start
        queue = [start]
        while queue:
            node = queue.pop(0)
            if start in graph[node]:
                found.append([*paths[node], start])
                seen.update(paths[node])
                break
            for target in sorted(graph[node] - paths.keys()):
                paths[target] = [*paths[node], target]
                queue.append(target)
    return sorted(found, key=len)


def test_no_module_of_the_package_imports_itself_through_others() -> None:
    graph = {
        name: targets - OUTSIDE_THE_CYCLE_CHECK
        for name, targets in module_graph().items()
        if name not in OUTSIDE_THE_CYCLE_CHECK
    }
    found = [" -> ".join(cycle) for cycle in cycles(graph)]
    assert found == [], "import cycles: " + "; ".join(found)


def test_the_cycle_check_sees_a_cycle_through_a_package_that_only_re_exports() -> None:
    graph = module_graph()
    graph["mastermind.store._port"] = graph["mastermind.store._port"] | {"mastermind.store"}
    assert ["mastermind.store", "mastermind.store._port", "mastermind.store"] in cycles(graph)
