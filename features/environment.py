"""The decider stage: the features run against the pure core, events kept in memory."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from support.decider_driver import DeciderDriver
from support.hooks import make_scenario_hooks

before_scenario, after_scenario = make_scenario_hooks("decider", DeciderDriver)
