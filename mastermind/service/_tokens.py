"""Player tokens: who may guess in a game and give it up, and who made its code.

Each game has two tokens, one for each role: the code breaker's, which guesses, gives
up and asks for hints, and the code maker's, held by a person who set the secret, which
sees it and may end the game. A token is an HMAC-SHA256 of the role and the game's id
under a key only the server knows. Nothing is
stored: any process holding the key can check a token, so several workers and several
servers sharing one store agree on every game. Without the key, a token is as hard to
guess as 256 random bits.
"""

from __future__ import annotations

import base64
import enum
import hashlib
import hmac
import os
import secrets
from collections.abc import Mapping
from pathlib import Path

__all__ = ["InvalidTokenKey", "KEY_VARIABLE", "PlayerTokens", "Role"]

KEY_VARIABLE = "MASTERMIND_WEB_SECRET"
"""The environment variable holding the server's key, shared by every server of a store."""


class Role(enum.StrEnum):
    """What a token lets its holder do in a game."""

    BREAKER = "breaker"
    MAKER = "maker"


_PURPOSES = {
    # The breaker's purpose is the one every token had before makers had one of their
    # own, so that the tokens of games already handed out keep working.
    Role.BREAKER: b"mastermind player token\x00",
    Role.MAKER: b"mastermind code maker token\x00",
}


class InvalidTokenKey(ValueError):
    """The server's key for players' tokens is unusable."""


class PlayerTokens:
    """Issues and checks the bearer token of each game."""

    def __init__(self, key: bytes | str) -> None:
        key = key.encode() if isinstance(key, str) else key
        if len(key) < 16:
            raise InvalidTokenKey(
                f"the key of players' tokens ({KEY_VARIABLE} or the key file) needs at least"
                " 16 bytes, better 32 random ones"
            )
        self._key = key

    @classmethod
    def random(cls) -> PlayerTokens:
        """Tokens that last as long as this object: for tests and single processes."""
        return cls(secrets.token_bytes(32))

    def issue(self, game_id: str, role: Role = Role.BREAKER) -> str:
        digest = hmac.digest(self._key, _PURPOSES[role] + game_id.encode(), hashlib.sha256)
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")

    def holds(self, token: str, game_id: str) -> bool:
        """Whether ``token`` is the code breaker's token of ``game_id``, in constant time."""
        return self.role_of(token, game_id) is Role.BREAKER

    def role_of(self, token: str, game_id: str) -> Role | None:
        """The role ``token`` holds in ``game_id``, if any; every role is checked, in
        constant time, so that the answer's timing tells nothing."""
        held = None
        for role in Role:
            if hmac.compare_digest(token.encode(), self.issue(game_id, role).encode()):
                held = role
        return held


def key_from_environment_or_file(key_file: Path | None, environment: Mapping[str, str]) -> str:
    """The server's key: ``MASTERMIND_WEB_SECRET``, else the key file, made on first use.

    Without either, a fresh key is made, and tokens last only as long as the server.

    Raises:
        InvalidTokenKey: the key is too short to be safe.
    """
    key = _key(key_file, environment)
    PlayerTokens(key)
    return key


def _key(key_file: Path | None, environment: Mapping[str, str]) -> str:
    key = environment.get(KEY_VARIABLE, "")
    if key:
        return key
    if key_file is None:
        return secrets.token_hex(32)
    try:
        return key_file.read_text().strip()
    except FileNotFoundError:
        pass
    fresh = secrets.token_hex(32)
    draft = key_file.with_name(f".{key_file.name}.{secrets.token_hex(4)}")
    # Readable by its owner alone from the moment it exists, whatever the umask.
    descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w") as file:
            file.write(fresh + "\n")
            file.flush()
            os.fsync(file.fileno())  # never an empty key file after a power cut
        # A link appears whole or not at all: of two servers starting at once, one key wins.
        os.link(draft, key_file)
    except FileExistsError:
        return key_file.read_text().strip()
    finally:
        draft.unlink(missing_ok=True)
    return fresh
