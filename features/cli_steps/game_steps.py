"""The terminal stage runs the same steps as every other stage."""

from steps.code_breaker_steps import *
from steps.game_steps import *
from steps.rules_steps import *
