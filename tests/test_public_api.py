"""The package's public face, made from its parts, and what importing each part loads."""

from __future__ import annotations

import ast
import importlib
import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

import mastermind
import mastermind.domain
import mastermind.errors
import mastermind.service
from tests.tiers import without_coverage

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "mastermind"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def public_modules() -> list[str]:
    """Every module of the package whose name has no part with a leading underscore."""
    return sorted(
        name
        for name in map(module_name, PACKAGE.rglob("*.py"))
        if not any(part.startswith("_") for part in name.split("."))
    )


def test_all_is_sorted() -> None:
    assert mastermind.__all__ == sorted(mastermind.__all__)


def test_the_face_is_the_domains_with_the_service_and_connect() -> None:
    service = {"Games", "GameNotFound", "GameNotOver"}
    assert set(mastermind.__all__) == {*mastermind.domain.__all__, *service, "connect"}


def test_every_public_name_is_importable() -> None:
    missing = [name for name in mastermind.__all__ if not hasattr(mastermind, name)]
    assert missing == []


def test_the_package_exports_everything_the_domain_exports() -> None:
    for name in mastermind.domain.__all__:
        assert getattr(mastermind, name) is getattr(mastermind.domain, name)


def test_every_error_at_the_root_is_in_mastermind_errors() -> None:
    errors = [
        name
        for name in mastermind.__all__
        if isinstance(value := getattr(mastermind, name), type) and issubclass(value, Exception)
    ]
    assert {"GameError", "UnreadableCode", "GameNotFound"} <= set(errors)
    assert all(getattr(mastermind.errors, name) is getattr(mastermind, name) for name in errors)


def test_classic_pegs_are_the_six_colours_of_the_board_game() -> None:
    assert mastermind.CLASSIC_PEGS == ("Red", "Green", "Blue", "Yellow", "Purple", "Orange")


def test_the_services_refusals_of_a_game_are_named_at_the_root_too() -> None:
    assert mastermind.GameNotOver is mastermind.service.GameNotOver
    assert issubclass(mastermind.GameNotOver, mastermind.GameError)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Gmaes'"):
        mastermind.Gmaes  # noqa: B018


def test_every_error_of_a_public_module_is_in_mastermind_errors() -> None:
    missing = set()
    for name in public_modules():
        module = importlib.import_module(name)
        for exported in getattr(module, "__all__", ()):
            value = getattr(module, exported)
            is_error = isinstance(value, type) and issubclass(value, BaseException)
            if is_error and getattr(mastermind.errors, exported, None) is not value:
                missing.add(f"{value.__module__}.{exported}")
    # The code breaker's own error stays with it: mastermind.solver needs numpy.
    assert missing == {"mastermind.solver._advisor.GameTooLarge"}


def every_module() -> list[str]:
    """Every module of the package, the entry points' and the hints' included."""
    return sorted(map(module_name, PACKAGE.rglob("*.py")))


@pytest.mark.parametrize("name", every_module())
def test_each_module_says_what_it_offers_in_its_all(name: str) -> None:
    module = importlib.import_module(name)
    assert [exported for exported in module.__all__ if not hasattr(module, exported)] == []


def test_mastermind_errors_holds_errors_alone_sorted_and_each_one_resolves() -> None:
    names = mastermind.errors.__all__
    assert names == sorted(names)
    assert all(issubclass(getattr(mastermind.errors, name), Exception) for name in names)
    assert set(dir(mastermind.errors)) >= set(names)


def test_an_unknown_error_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'StoreEror'"):
        mastermind.errors.StoreEror  # noqa: B018


def names_seen_by_mypy(path: Path) -> dict[str, str]:
    """The names a module imports under ``TYPE_CHECKING`` one by one, and where from."""
    found = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom) and statement.module != "typing":
                    found.update({alias.name: str(statement.module) for alias in statement.names})
    found.pop("*", None)
    return found


@pytest.mark.parametrize(
    ("path", "loaded_later"),
    [
        (PACKAGE / "__init__.py", mastermind._ELSEWHERE),
        (PACKAGE / "errors.py", mastermind.errors._LOADED_ON_FIRST_USE),
    ],
)
def test_the_names_loaded_on_first_use_are_those_mypy_sees(
    path: Path, loaded_later: dict[str, str]
) -> None:
    assert names_seen_by_mypy(path) == loaded_later


REFERENCE = (ROOT / "docs" / "reference.md").read_text()


def documented_names() -> dict[str, set[str] | None]:
    """What each ``:::`` block of the reference documents: its members, or all of them."""
    blocks = re.findall(r"^::: ([\w.]+)\n((?:    .*\n)*)", REFERENCE, flags=re.MULTILINE)
    found: dict[str, set[str] | None] = {}
    for target, options in blocks:
        listed = re.search(r"members: \[(.*)\]", options)
        if "members: false" in options:
            found[target] = set()
        else:
            found[target] = {name.strip() for name in listed[1].split(",")} if listed else None
    return found


def covers(target: str, members: set[str] | None, name: str) -> bool:
    """Whether the block of ``target`` shows ``name``: the object itself, or a member."""
    if target.endswith(f".{name}"):
        return True
    try:
        module = importlib.import_module(target)
    except ModuleNotFoundError:  # an object, not a module
        return False
    return name in getattr(module, "__all__", ()) and (members is None or name in members)


def test_every_name_at_the_root_and_every_error_is_in_the_reference() -> None:
    blocks = documented_names()
    names = [*mastermind.__all__, *mastermind.errors.__all__]
    undocumented = [
        name
        for name in names
        if not any(covers(target, members, name) for target, members in blocks.items())
    ]
    assert undocumented == []


def defined_classes() -> dict[str, list[str]]:
    """The modules that define a class of each name, at any depth of their files."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                found[node.name].append(str(path.relative_to(PACKAGE)))
    return found


def test_no_two_modules_define_a_class_of_the_same_name() -> None:
    twins = {name: paths for name, paths in defined_classes().items() if len(paths) > 1}
    assert twins == {}


def test_the_solvers_hint_answers_to_its_name_of_0_1_0_too() -> None:
    import mastermind.solver

    assert mastermind.solver.Hint is mastermind.solver.Suggestion
    assert "Hint" not in mastermind.solver.__all__


IMPURE = ("sqlite3", "cattrs", "numpy", "psycopg", "mastermind.store", "mastermind.service")


def loaded_after(statement: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``statement``: one that measures
    no coverage, whose own modules would be counted too."""
    script = f"import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env=without_coverage(os.environ),
    )
    return set(json.loads(result.stdout))


@pytest.mark.parametrize(
    "statement",
    [
        "import mastermind.domain",
        "import mastermind",
        "from mastermind import Code, DecodingBoard, decider, score",
        "import mastermind.errors",
        "from mastermind.errors import GameError, NotAColour, UnreadableCode",
    ],
)
def test_the_pure_core_imports_alone(statement: str) -> None:
    loaded = loaded_after(statement)
    assert sorted(name for name in (*IMPURE, "starlette") if name in loaded) == []


def test_the_domain_loads_nothing_of_the_package_beyond_itself() -> None:
    ours = {
        name for name in loaded_after("import mastermind.domain") if name.startswith("mastermind")
    }
    assert all(name == "mastermind" or name.startswith("mastermind.domain") for name in ours), ours


def test_importing_the_package_loads_none_of_it_until_a_name_is_used() -> None:
    loaded = loaded_after("import mastermind")
    assert sorted(name for name in loaded if name.startswith(("mastermind.", "attr"))) == []
    assert "mastermind.domain" in loaded_after("import mastermind; mastermind.Code")


def test_asking_the_package_for_a_private_name_loads_nothing() -> None:
    loaded = loaded_after("import mastermind; hasattr(mastermind, '__wrapped__')")
    assert sorted(name for name in loaded if name.startswith(("mastermind.", "attr"))) == []


def test_games_and_connect_load_the_service_and_stores_on_first_use() -> None:
    loaded = loaded_after("import mastermind; mastermind.Games; mastermind.connect")
    assert {"mastermind.service", "mastermind.store", "sqlite3"} <= loaded


def test_the_stores_errors_load_the_stores_on_first_use() -> None:
    loaded = loaded_after("import mastermind.errors; mastermind.errors.StoreError")
    assert {"mastermind.store", "sqlite3"} <= loaded
    assert "mastermind.service" not in loaded


def test_the_solver_imports_the_domain_not_the_service_or_the_stores() -> None:
    loaded = loaded_after("import mastermind.solver")
    assert "numpy" in loaded
    assert sorted(name for name in IMPURE if name in loaded and name != "numpy") == []
