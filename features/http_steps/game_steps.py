"""The HTTP stage runs the same steps as every other stage."""

from steps.game_steps import *
