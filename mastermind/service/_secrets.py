"""The code maker: secrets drawn from the operating system's randomness."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Protocol

from mastermind.domain import Code

__all__ = ["FixedSecrets", "SecretMaker", "random_secret"]


class SecretMaker(Protocol):
    """Chooses a secret of ``length`` pegs from ``available_pegs``."""

    def __call__(self, available_pegs: Sequence[str], length: int, unique: bool) -> Code: ...


def random_secret(available_pegs: Sequence[str], length: int, unique: bool) -> Code:
    """A secret no player can predict; with ``unique``, no colour appears twice."""
    if unique:
        return Code(secrets.SystemRandom().sample(list(available_pegs), length))
    return Code(secrets.choice(available_pegs) for _ in range(length))


class FixedSecrets:
    """Hands out the given secrets in turn, for tests and demonstrations."""

    def __init__(self, *secrets_in_order: Code | str) -> None:
        self._pending = list(secrets_in_order)

    def __call__(self, available_pegs: Sequence[str], length: int, unique: bool) -> Code:
        if not self._pending:
            raise LookupError("FixedSecrets has handed out every secret it was given")
        secret = self._pending.pop(0)
        return Code.parse(secret, available_pegs) if isinstance(secret, str) else secret
