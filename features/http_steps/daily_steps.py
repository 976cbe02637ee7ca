"""The http stage plays the daily code through its own driver."""

from steps.daily_steps import *
from steps.daily_steps import DAILY_DRIVERS
from support.http_driver import HttpDaily

DAILY_DRIVERS["http"] = HttpDaily
