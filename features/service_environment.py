"""The service stage: the features run through ``Games`` on a SQLite file."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from support.hooks import make_scenario_hooks
from support.service_driver import ServiceDriver

before_scenario, after_scenario = make_scenario_hooks("service", ServiceDriver)
