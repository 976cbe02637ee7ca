"""The terminal stage: the features run through the ``mastermind`` command, on a SQLite file."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from support.cli_driver import CliDriver
from support.hooks import make_scenario_hooks

before_scenario, after_scenario = make_scenario_hooks("cli", CliDriver)
