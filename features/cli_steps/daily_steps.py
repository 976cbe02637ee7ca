"""The cli stage plays the daily code through its own driver."""

from steps.daily_steps import *
from steps.daily_steps import DAILY_DRIVERS
from support.cli_driver import CliDaily

DAILY_DRIVERS["cli"] = CliDaily
