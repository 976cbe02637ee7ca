"""The specification as users run it: ``behave`` in a checkout, ``python -m mastermind.spec``
from an installed wheel, and each stage with no more than the extras it names. Each of the
four stages plays every feature here once: ``make test`` runs no other.

A package counts as missing when a folder first on ``PYTHONPATH`` holds a module of its
name that fails to import, as an absent package does. Each run is a process of its own,
in this environment otherwise.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterable
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from mastermind._install import install_hint
from mastermind.spec import STAGE_EXTRAS, STAGES, features_directory, main, missing_extras

ROOT = Path(__file__).resolve().parent.parent
FEATURES = ROOT / "features"
BEHAVE = Path(sys.executable).with_name("behave")
CLI_EXTRA = ("click", "platformdirs", "rich")
WEB_EXTRA = ("limits", "sse_starlette", "starlette", "uvicorn")
NOT_IN_SPEC = (*CLI_EXTRA, *WEB_EXTRA, "httpx", "psycopg", "psycopg_pool")
"""What ``pip install ".[spec]"`` leaves out, and the decider and service stages need not."""
PASSED = re.compile(r"^(\d+) scenarios passed, 0 failed, \d+ skipped$", re.M)


def hide(folder: Path, modules: Iterable[str]) -> Path:
    """``folder``, holding a module for each of ``modules`` that fails to import."""
    folder.mkdir(exist_ok=True)
    for module in modules:
        message = f"No module named {module!r}"
        raising = f"raise ModuleNotFoundError({message!r}, name={module!r})\n"
        (folder / f"{module}.py").write_text(raising)
    return folder


def run(
    *command: str | Path, cwd: Path, path: Iterable[Path] = ()
) -> subprocess.CompletedProcess[str]:
    """Run ``command`` with ``path`` first on ``PYTHONPATH``, and nothing else of ours there."""
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    if path:
        environment["PYTHONPATH"] = os.pathsep.join(str(folder) for folder in path)
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def scenarios_passed(result: subprocess.CompletedProcess[str]) -> int:
    """How many scenarios passed, once behave has passed them all."""
    assert result.returncode == 0, result.stdout + result.stderr
    found = PASSED.search(result.stdout)
    assert found, result.stdout
    return int(found[1])


@pytest.fixture(scope="module")
def wheel(dist: Path) -> Path:
    """The wheel as ``python -m build`` makes it for the package index: from the sdist."""
    (found,) = dist.glob("mastermind_decider-*.whl")
    return found


def test_the_wheel_carries_every_feature_step_and_driver_inside_the_package(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    shipped = {
        f"mastermind/spec/features/{path.relative_to(FEATURES).as_posix()}"
        for path in FEATURES.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert "mastermind/spec/features/playing_mastermind.feature" in shipped
    assert "mastermind/spec/features/support/decider_driver.py" in shipped
    assert shipped - names == set()
    assert not [name for name in names if name.startswith("features/")]


def test_the_installed_wheel_runs_its_own_features_with_python_m_mastermind_spec(
    wheel: Path, tmp_path: Path
) -> None:
    installed = tmp_path / "site-packages"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(installed)
    result = run(
        sys.executable, "-m", "mastermind.spec", "--format", "progress",
        cwd=tmp_path, path=[installed],
    )  # fmt: skip
    assert scenarios_passed(result) > 0
    assert "site-packages/mastermind/spec/features/playing_mastermind.feature" in result.stdout


def test_the_decider_stage_runs_at_the_root_of_a_checkout_with_no_cli_or_web_package(
    tmp_path: Path,
) -> None:
    # Every step module loads whatever runs; the wheel's run above plays every feature.
    hidden = hide(tmp_path / "hidden", NOT_IN_SPEC)
    result = run(
        BEHAVE, "--format", "progress", "--include", "playing_mastermind", cwd=ROOT, path=[hidden]
    )
    assert scenarios_passed(result) > 0
    assert "features/playing_mastermind.feature" in result.stdout


def test_the_service_stage_runs_every_feature_with_no_cli_or_web_package(tmp_path: Path) -> None:
    hidden = hide(tmp_path / "hidden", NOT_IN_SPEC)
    result = run(
        sys.executable, "-m", "mastermind.spec", "--stage", "service", "--format", "progress",
        "--tags", "not @decider", cwd=tmp_path, path=[hidden],
    )  # fmt: skip
    assert scenarios_passed(result) > 0
    assert re.search(r"features/daily_code\.feature  \.+$", result.stdout, re.M), result.stdout


@pytest.mark.parametrize("stage", ["cli", "http"])
def test_the_terminal_and_http_stages_run_every_feature_in_a_checkout(stage: str) -> None:
    result = run(
        BEHAVE, "--format", "progress", "--stage", stage, "--tags", "not @decider", cwd=ROOT
    )
    assert scenarios_passed(result) > 0
    assert "features/two_players.feature  .." in result.stdout


@pytest.mark.parametrize(
    ("stage", "hidden_modules", "message"),
    [
        (
            "cli",
            CLI_EXTRA,
            f"The specification's terminal stage needs the cli extra: {install_hint('cli')}",
        ),
        (
            "http",
            WEB_EXTRA,
            f"The specification's HTTP stage needs the web extra: {install_hint('web')}",
        ),
        (
            "http",
            ("httpx", "uvicorn"),
            "The specification's HTTP stage needs the spec and web extras: "
            'pip install "mastermind-decider[spec,web]", or pip install ".[spec,web]" '
            "from a checkout",
        ),
    ],
)
def test_a_stage_without_its_extra_stops_with_one_line_that_says_what_to_install(
    tmp_path: Path, stage: str, hidden_modules: tuple[str, ...], message: str
) -> None:
    hidden = hide(tmp_path / "hidden", hidden_modules)
    by_behave = run(BEHAVE, "--stage", stage, cwd=ROOT, path=[hidden])
    by_module = run(
        sys.executable, "-m", "mastermind.spec", "--stage", stage, cwd=tmp_path, path=[hidden]
    )
    for result in (by_behave, by_module):
        assert result.returncode == 1
        assert result.stderr == message + "\n"
        assert "passed" not in result.stdout


def test_python_m_mastermind_spec_exits_with_behaves_status(tmp_path: Path) -> None:
    result = run(sys.executable, "-m", "mastermind.spec", "--tags", "not", cwd=tmp_path)
    assert result.returncode == 1
    assert "TagExpressionError" in result.stdout


def test_python_m_mastermind_spec_refuses_a_stage_it_does_not_have(tmp_path: Path) -> None:
    result = run(sys.executable, "-m", "mastermind.spec", "--stage", "web", cwd=tmp_path)
    assert result.returncode == 2
    assert "invalid choice: 'web' (choose from 'decider', 'service', 'cli', 'http')" in (
        result.stderr
    )


def test_a_package_without_features_says_where_it_looked(tmp_path: Path) -> None:
    lonely = tmp_path / "lonely"
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "mastermind", lonely / "mastermind", ignore=ignore)
    result = run(sys.executable, "-m", "mastermind.spec", cwd=tmp_path, path=[lonely])
    assert result.returncode == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("mastermind.spec finds no features, neither in ")
    assert str(lonely / "mastermind" / "spec" / "features") in line
    assert line.endswith(install_hint("spec"))


def test_in_a_checkout_the_features_are_the_checkouts() -> None:
    assert features_directory() == FEATURES


def test_every_stage_has_its_environment_file_and_steps() -> None:
    prefixes = {stage: "" if stage == "decider" else f"{stage}_" for stage in STAGES}
    assert list(prefixes) == ["decider", "service", "cli", "http"]
    for prefix in prefixes.values():
        assert (FEATURES / f"{prefix}environment.py").is_file()
        assert (FEATURES / f"{prefix}steps").is_dir()


def _modules_of(extra: str, optional: dict[str, list[str]]) -> set[str]:
    """The import names of what ``extra`` brings, other extras of the project included."""
    modules: set[str] = set()
    for line in optional[extra]:
        requirement = Requirement(line)
        if requirement.name == "mastermind-decider":
            for included in requirement.extras:
                modules |= _modules_of(included, optional)
        else:
            modules.add(requirement.name.lower().replace("-", "_"))
    return modules


def test_a_stage_checks_only_what_its_extras_bring_and_all_of_the_cli_and_web_extras() -> None:
    optional = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    for needs in STAGE_EXTRAS.values():
        for extra, modules in needs.items():
            assert set(modules) <= _modules_of(extra, optional), extra
    assert set(STAGE_EXTRAS["cli"]["cli"]) == _modules_of("cli", optional)
    assert set(STAGE_EXTRAS["http"]["web"]) == _modules_of("web", optional)
    assert set(STAGE_EXTRAS["http"]["spec"]) == _modules_of("spec", optional)


def test_with_every_extra_installed_no_stage_misses_one() -> None:
    assert [missing_extras(stage) for stage in STAGES] == [(), (), (), ()]


def test_a_stage_is_named_by_a_string_of_a_stage_there_is() -> None:
    with pytest.raises(TypeError, match="stage must be a str, not int"):
        missing_extras(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="There is no stage 'web': choose from decider, service"):
        missing_extras("web")


def test_python_m_mastermind_spec_takes_its_arguments_as_a_sequence_of_strings() -> None:
    with pytest.raises(TypeError, match="arguments must be a sequence of str, not '--stage cli'"):
        main("--stage cli")
    with pytest.raises(
        TypeError, match=r"arguments must be a sequence of str, not \['--stage', 3\]"
    ):
        main(["--stage", 3])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="arguments must be a sequence of str, not 3"):
        main(3)  # type: ignore[arg-type]
