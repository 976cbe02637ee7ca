"""The distributions: what ``python -m build`` puts in them, and a wheel that installs and plays.

The sdist and the wheel are built once a run, with ``--no-isolation`` (hatchling comes with
the ``dev`` extra), into a temporary folder (the ``dist`` fixture). The wheel is then
installed into a new virtual environment, without the project's own environment on the
path, and played from there.
Installing it fetches the runtime dependencies from the package index, through pip's cache.
"""

from __future__ import annotations

import email.parser
import email.policy
import os
import subprocess
import sys
import tarfile
import textwrap
import zipfile
from email.message import Message
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "mastermind"
EXTRAS = {"cli", "postgres", "solver", "web", "all"}


def run(*command: str | Path, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run a command with no trace of this environment in its own, and fail on an error."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSAFEPATH"}
    }
    result = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert result.returncode == 0, f"{command} failed:\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheel(dist: Path) -> Path:
    (found,) = dist.glob("mastermind_decider-*.whl")
    return found


@pytest.fixture(scope="module")
def sdist(dist: Path) -> Path:
    (found,) = dist.glob("mastermind_decider-*.tar.gz")
    return found


def wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def wheel_metadata(wheel: Path) -> Message:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = (name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
        text = archive.read(name).decode()
    return email.parser.Parser(policy=email.policy.compat32).parsestr(text)


def in_package(pattern: str) -> set[str]:
    """Files of the source tree under ``mastermind/``, as paths inside a wheel."""
    return {path.relative_to(ROOT).as_posix() for path in PACKAGE.glob(pattern) if path.is_file()}


def test_the_wheel_holds_the_package_and_its_data_and_nothing_else(wheel: Path) -> None:
    names = wheel_names(wheel)
    data = in_package("solver/data/*.json.gz")
    static = in_package("web/static/*")
    assert data
    assert static
    expected = {"mastermind/py.typed", "mastermind/__main__.py", *data, *static}
    assert expected - names == set()
    sources = {name for name in in_package("**/*.py") if "__pycache__" not in name}
    assert sources - names == set()
    tops = {name.split("/")[0] for name in names}
    assert tops == {"mastermind", wheel.name.split("-py3")[0] + ".dist-info"}
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_the_wheel_carries_the_license(wheel: Path) -> None:
    names = wheel_names(wheel)
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


def test_the_metadata_is_complete(wheel: Path) -> None:
    metadata = wheel_metadata(wheel)
    assert metadata["Name"] == "mastermind-decider"
    assert metadata["Requires-Python"] == ">=3.11"
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    assert metadata["Summary"]
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert set(metadata.get_all("Provides-Extra") or []) >= EXTRAS
    urls = dict(url.split(", ", 1) for url in metadata.get_all("Project-URL") or [])
    assert {"Homepage", "Documentation", "Source", "Changelog"} <= set(urls)
    assert all(url.startswith("https://") for url in urls.values())
    classifiers = metadata.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers
    assert "Programming Language :: Python :: 3.11" in classifiers
    # PEP 639: the license is said once, by its SPDX expression, not by a classifier too.
    assert not [classifier for classifier in classifiers if classifier.startswith("License ::")]
    with zipfile.ZipFile(wheel) as archive:
        (name,) = (name for name in archive.namelist() if name.endswith("entry_points.txt"))
        entry_points = archive.read(name).decode()
    assert "[console_scripts]\nmastermind = mastermind.main:main" in entry_points


def test_the_sdist_holds_what_the_tests_and_docs_need(sdist: Path) -> None:
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    tops = {name.split("/")[0] for name in names}
    assert {"mastermind", "harness", "tests", "features", "docs", "benchmarks"} <= tops
    assert {"README.md", "LICENSE", "pyproject.toml", "Makefile", "mkdocs.yml"} <= names
    assert {"tests/conftest.py", "tests/test_packaging.py", "docs/index.md"} <= names
    assert in_package("solver/data/*.json.gz") <= names
    assert not [name for name in names if "__pycache__" in name or name.startswith(".venv")]


SMOKE = """
import sys
import tempfile
from pathlib import Path

import mastermind
from mastermind import Code, Games, Outcome, connect, score
from mastermind.service import FixedSecrets

installed = Path(mastermind.__file__).resolve()
assert Path(sys.prefix).resolve() in installed.parents, installed
assert (installed.parent / "py.typed").exists()

print(score(Code.parse("Red Green Blue Yellow"), Code.parse("RYBG")))
folder = tempfile.mkdtemp()
games = Games(connect(f"sqlite:///{folder}/games.db"), FixedSecrets("RGBY"))
game_id = games.join()
for guess in ["RRGG", "RYBG", "RGBY"]:
    board = games.guess(game_id, guess)
    print(guess, board.rows[-1].feedback)
assert board.outcome is Outcome.WON, board
games.close()
reopened = Games(connect(f"sqlite:///{folder}/games.db"))
print(reopened.board(game_id).outcome, "after", reopened.board(game_id).attempts_used)

try:
    import mastermind.solver
except ImportError as error:
    print(error)
"""

SMOKE_PRINTS = """\
B B W W
RRGG B W
RYBG B B W W
RGBY B B B B
won after 3
mastermind.solver needs numpy: pip install "mastermind-decider[solver]", \
or pip install ".[solver]" from a checkout
"""


def test_the_wheel_installs_into_a_clean_environment_and_plays(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", python, "install", "--quiet"]

    run(*pip, wheel, cwd=tmp_path)
    (tmp_path / "smoke.py").write_text(textwrap.dedent(SMOKE))
    assert run(python, "-I", "smoke.py", cwd=tmp_path).stdout == SMOKE_PRINTS
    without_cli = subprocess.run(
        [venv / "bin" / "mastermind", "--help"], capture_output=True, text=True, cwd=tmp_path
    )
    assert without_cli.returncode == 1
    assert 'pip install ".[cli]" from a checkout' in without_cli.stderr

    run(*pip, f"{wheel}[cli]", cwd=tmp_path)
    command = run(venv / "bin" / "mastermind", "--help", cwd=tmp_path).stdout
    module = run(python, "-I", "-m", "mastermind", "--help", cwd=tmp_path).stdout
    assert "Usage: mastermind" in command
    assert "play" in command
    assert module == command
