"""The one place where the application is put together: a store, a code maker, ``Games``.

The terminal game and the web server both start here, so they read the same settings:

- ``MASTERMIND_STORE``: the store's URL, as ``connect`` takes it.
- ``MASTERMIND_SECRET``: one secret for every game (names or initials). It exists to
  test and to demonstrate; a real game's secret comes from the ``secrets`` module.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping, Sequence

from mastermind.domain import Code
from mastermind.service import Games, SecretMaker, random_secret
from mastermind.store import EventStore, connect

STORE_VARIABLE = "MASTERMIND_STORE"
SECRET_VARIABLE = "MASTERMIND_SECRET"

log = logging.getLogger("mastermind")


def secret_maker(fixed_secret: str | None = None) -> SecretMaker:
    """Unpredictable secrets, or ``fixed_secret`` for every game when it is given."""
    typed = (fixed_secret or "").strip()
    if not typed:
        return random_secret
    log.warning("%s is set: every game has the same secret. Use it only to test.", SECRET_VARIABLE)

    def same_secret(available_pegs: Sequence[str], length: int, unique: bool) -> Code:
        return Code.parse(typed, available_pegs)

    return same_secret


def bootstrap(store: EventStore | str, environment: Mapping[str, str] | None = None) -> Games:
    """``Games`` on ``store`` (or the store a URL names), with the code maker the
    environment asks for: ``MASTERMIND_SECRET`` fixes the secret of every game."""
    environment = os.environ if environment is None else environment
    opened = connect(store) if isinstance(store, str) else store
    return Games(opened, secret_maker(environment.get(SECRET_VARIABLE)))
