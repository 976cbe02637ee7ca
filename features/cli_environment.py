"""The terminal stage: the features run through the ``mastermind`` command, on a SQLite file."""

import sys
from pathlib import Path

from mastermind.spec import require_extras

require_extras("cli")
sys.path.insert(0, str(Path(__file__).parent))

# Imported once the stage's extras are known to be there: the driver needs click.
from support.cli_driver import CliDriver  # noqa: E402
from support.hooks import make_scenario_hooks  # noqa: E402

before_scenario, after_scenario = make_scenario_hooks("cli", CliDriver)
