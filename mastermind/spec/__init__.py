"""The game's rules as ``behave`` runs them: the Gherkin features, their steps and drivers.

The features travel inside the package, so an installed wheel checks the rules as a
checkout does. ``python -m mastermind.spec`` runs them against the pure decider;
``--stage service``, ``--stage cli`` and ``--stage http`` run the same features through the
application service, the ``mastermind`` command and the HTTP API. Every stage needs the
``spec`` extra; the terminal's stage needs the ``cli`` extra too, and the HTTP stage the
``web`` extra.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Mapping, Sequence
from pathlib import Path

from mastermind._install import install_hint

__all__ = [
    "STAGES",
    "STAGE_EXTRAS",
    "features_directory",
    "main",
    "missing_extras",
    "require_extras",
]

_SPEC = ("behave", "numpy")
"""What the ``spec`` extra brings every stage: behave, and numpy for the code breaker."""

STAGE_EXTRAS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "decider": {"spec": _SPEC},
    "service": {"spec": _SPEC},
    "cli": {"spec": _SPEC, "cli": ("click", "platformdirs", "rich")},
    "http": {
        "spec": (*_SPEC, "httpx"),
        "web": ("limits", "msgspec", "sse_starlette", "starlette", "uvicorn"),
    },
}
"""By stage: the extras it needs, each with the modules of it that the stage imports."""

STAGES = tuple(STAGE_EXTRAS)
"""Every stage, in the order ``make spec`` runs them. ``decider`` is behave's default."""

_TITLES = {
    "decider": "decider stage",
    "service": "service stage",
    "cli": "terminal stage",
    "http": "HTTP stage",
}


def features_directory() -> Path:
    """The features and their steps: those shipped in the package, or a checkout's.

    The wheel carries them in ``mastermind/spec/features``. Where the package runs from
    its source, as in a checkout or an editable install, they are the checkout's
    ``features`` directory, two levels above this file.
    """
    packaged = Path(__file__).with_name("features")
    checkout = Path(__file__).parents[2] / "features"
    for directory in (packaged, checkout):
        if (directory / "environment.py").is_file():
            return directory
    raise FileNotFoundError(
        f"mastermind.spec finds no features, neither in {packaged} nor in {checkout}: "
        f"reinstall the package, with {install_hint('spec')}"
    )


def missing_extras(stage: str) -> tuple[str, ...]:
    """The extras that ``stage`` needs and that are not installed, in the order to name them.

    An extra counts as installed when every module of it that the stage uses imports.
    """
    return tuple(
        extra
        for extra, modules in _extras_of(stage).items()
        if not all(_imports(module) for module in modules)
    )


def require_extras(stage: str) -> None:
    """Stop the run with one line that says what to install, if ``stage`` lacks an extra.

    Each stage's environment file calls this before it imports its drivers: otherwise the
    first missing package would stop behave with an import error that names the package,
    not what brings it.
    """
    missing = missing_extras(stage)
    if missing:
        extras = f"{' and '.join(missing)} extra{'s' if len(missing) > 1 else ''}"
        hint = install_hint(",".join(missing))
        raise SystemExit(f"The specification's {_TITLES[stage]} needs the {extras}: {hint}")


def main(arguments: Sequence[str] | None = None) -> int:
    """Run the shipped features with behave, as ``python -m mastermind.spec ARGUMENTS`` does.

    ``--stage`` chooses the stage, the decider's by default; other stages leave out the
    scenarios tagged ``@decider``, as ``make spec`` does. Every other argument goes to
    behave as it is. Answer behave's exit status. A stage without its extras, or a package
    without its features, ends the run with ``SystemExit`` and one line that says why.
    """
    if arguments is not None and (
        isinstance(arguments, str)
        or not isinstance(arguments, Sequence)
        or not all(isinstance(part, str) for part in arguments)
    ):
        raise TypeError(f"arguments must be a sequence of str, not {arguments!r}")
    parser = argparse.ArgumentParser(
        prog="python -m mastermind.spec",
        description="Run the rules of the game shipped with mastermind through behave.",
        epilog="Any other argument goes to behave, such as --format progress or --tags.",
        allow_abbrev=False,
    )
    parser.add_argument(
        "--stage",
        choices=STAGES,
        default="decider",
        help="the way into the game the features run through (default: decider)",
    )
    known, rest = parser.parse_known_args(arguments)
    require_extras(known.stage)
    try:
        directory = features_directory()
    except FileNotFoundError as error:
        raise SystemExit(str(error)) from None

    from behave.__main__ import main as behave  # type: ignore[import-untyped]

    stage = [] if known.stage == "decider" else ["--stage", known.stage, "--tags", "not @decider"]
    status: int = behave([str(directory), *stage, *rest])
    return status


def _extras_of(stage: str) -> Mapping[str, tuple[str, ...]]:
    if not isinstance(stage, str):
        raise TypeError(f"stage must be a str, not {type(stage).__name__}")
    if stage not in STAGE_EXTRAS:
        raise ValueError(f"There is no stage {stage!r}: choose from {', '.join(STAGES)}")
    return STAGE_EXTRAS[stage]


def _imports(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True
