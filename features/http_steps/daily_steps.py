"""The http stage plays the daily code through its own driver."""

from steps.daily_steps import *
from steps.daily_steps import DAILY_DRIVERS
from support.daily_drivers import HttpDaily

DAILY_DRIVERS["http"] = HttpDaily
