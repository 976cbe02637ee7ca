"""The testing kit's face: what it exports, and what importing it costs."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import mastermind.testing


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a new interpreter, so that nothing is imported beforehand."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_all_is_sorted_and_every_name_in_it_is_importable() -> None:
    assert mastermind.testing.__all__ == sorted(mastermind.testing.__all__)
    assert all(hasattr(mastermind.testing, name) for name in mastermind.testing.__all__)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'EventStoreContrat'"):
        _ = mastermind.testing.EventStoreContrat


def test_importing_the_kit_loads_neither_pytest_nor_hypothesis() -> None:
    ran = run_python(
        """
        import sys
        import mastermind.testing
        from mastermind.testing import given, guessed, started
        print(sorted({name.split(".")[0] for name in sys.modules} & {"pytest", "hypothesis"}))
        """
    )
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, "[]\n", "")


@pytest.mark.parametrize(
    ("missing", "importing"),
    [
        ("pytest", "from mastermind.testing import EventStoreContract"),
        ("pytest", "import mastermind.testing; mastermind.testing.EventStoreContract"),
        ("hypothesis", "from mastermind.testing import strategies"),
        ("hypothesis", "import mastermind.testing.strategies"),
    ],
)
def test_a_missing_dependency_is_named_with_the_extra_that_brings_it(
    missing: str, importing: str
) -> None:
    ran = run_python(
        f"""
        import sys
        sys.modules[{missing!r}] = None  # as if it were not installed
        try:
            {importing}
        except ImportError as error:
            print(error.name)
            print(error)
        """
    )
    name, message = ran.stdout.splitlines()
    assert name == missing
    assert f"needs {missing}, which is not installed" in message
    assert 'pip install ".[testing]"' in message
    assert "mastermind[" not in message


def test_the_kit_works_without_pytest_for_deciders() -> None:
    ran = run_python(
        """
        import sys
        sys.modules["pytest"] = None
        from mastermind import GiveUp, GameNotStarted, decider
        from mastermind.testing import given
        given(decider).when(GiveUp("g1")).then_raises(GameNotStarted)
        print("specified")
        """
    )
    assert (ran.returncode, ran.stdout) == (0, "specified\n"), ran.stderr
