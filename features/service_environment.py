"""The service stage: the features run through ``Games`` on a SQLite file."""

import sys
from pathlib import Path

from mastermind.spec import require_extras

require_extras("service")
sys.path.insert(0, str(Path(__file__).parent))

# Imported once the stage's extras are known to be there, so that a missing one is named.
from support.hooks import make_scenario_hooks  # noqa: E402
from support.service_driver import ServiceDriver  # noqa: E402

before_scenario, after_scenario = make_scenario_hooks("service", ServiceDriver)
