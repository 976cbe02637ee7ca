"""The cli stage plays two players through its own driver's methods."""

from steps.two_player_steps import *
