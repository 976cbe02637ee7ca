"""The service stage plays the daily code through its own driver."""

from steps.daily_steps import *
from steps.daily_steps import DAILY_DRIVERS
from support.daily_drivers import ServiceDaily

DAILY_DRIVERS["service"] = ServiceDaily
