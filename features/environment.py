"""The decider stage: the features run against the pure core, events kept in memory."""

import sys
from pathlib import Path

from mastermind.spec import require_extras

require_extras("decider")
sys.path.insert(0, str(Path(__file__).parent))

# Imported once the stage's extras are known to be there, so that a missing one is named.
from support.decider_driver import DeciderDriver  # noqa: E402
from support.hooks import make_scenario_hooks  # noqa: E402

before_scenario, after_scenario = make_scenario_hooks("decider", DeciderDriver)
