"""Every install hint names this project's distribution and extras it really has."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import pytest

from mastermind._install import DISTRIBUTION, install_hint

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "mastermind"
WRITTEN = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SOURCES = sorted(PACKAGE.rglob("*.py"))

HINT_CALL = re.compile(r"""install_hint\(\s*["'](?P<extra>[^"']+)["']\s*\)""")
PIP_INSTALL = re.compile(r"""pip install\s+(?P<target>"[^"]*"|'[^']*'|\S+)""")
TARGET = re.compile(r"""^["']?(?P<project>[^\[\]"']*)(?:\[(?P<extras>[^\]]*)\])?["']?$""")


def _extras() -> set[str]:
    return set(metadata.metadata(DISTRIBUTION).get_all("Provides-Extra") or [])


def _pip_targets(paths: list[Path]) -> list[tuple[Path, str]]:
    return [
        (path, match["target"])
        for path in paths
        for match in PIP_INSTALL.finditer(path.read_text(encoding="utf-8"))
    ]


def test_the_distribution_named_in_hints_is_the_installed_one() -> None:
    assert metadata.metadata(DISTRIBUTION)["Name"] == DISTRIBUTION
    assert metadata.distribution(DISTRIBUTION).read_text("top_level.txt") in (None, "mastermind\n")


@pytest.mark.parametrize("extra", sorted({"cli", "postgres", "solver", "testing", "web"}))
def test_an_install_hint_names_the_distribution_and_a_checkout(extra: str) -> None:
    hint = install_hint(extra)
    assert f'pip install "{DISTRIBUTION}[{extra}]"' in hint
    assert f'pip install ".[{extra}]" from a checkout' in hint


def test_every_extra_a_message_asks_for_exists() -> None:
    asked = {match["extra"] for path in SOURCES for match in HINT_CALL.finditer(path.read_text())}
    assert asked >= {"cli", "postgres", "solver", "testing", "web"}
    assert asked <= _extras()


@pytest.mark.parametrize(
    ("path", "target"),
    _pip_targets(WRITTEN + SOURCES),
    ids=lambda value: value.name if isinstance(value, Path) else str(value),
)
def test_every_written_pip_install_names_this_project_and_its_extras(
    path: Path, target: str
) -> None:
    parsed = TARGET.match(target)
    assert parsed, f"{path.name}: pip install {target}"
    project, extras = parsed["project"], parsed["extras"]
    if project.startswith("-") or "{" in target:
        return  # an option, or the template that install_hint fills in
    if project in (DISTRIBUTION, "."):
        named = {extra.strip() for extra in (extras or "").split(",") if extra.strip()}
        assert named <= _extras(), f"{path.name}: pip install {target}"
        return
    assert not project.startswith("mastermind"), f"{path.name}: pip install {target}"
