"""Who sends a request: the role its bearer token holds in a game, or a problem to answer."""

from __future__ import annotations

from starlette.requests import Request

from mastermind.service import PlayerTokens, Role
from mastermind.web._problems import Problem

__all__ = ["role_required", "role_sent"]


def role_sent(request: Request, tokens: PlayerTokens, game_id: str) -> Role | None:
    """The role of the request's token in the game; ``None`` when it sends none.

    Raises:
        Problem: 403 for a token that is no token of the game.
    """
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    role = tokens.role_of(token.strip(), game_id)
    if role is None:
        raise Problem(403, "WrongToken", "This token is not the player's token of this game.")
    return role


def role_required(request: Request, tokens: PlayerTokens, game_id: str, missing: str) -> Role:
    """The role of the request's token in the game.

    Raises:
        Problem: 401 without a token, saying ``missing``; 403 for a token of no role.
    """
    role = role_sent(request, tokens, game_id)
    if role is None:
        raise Problem(
            401, "MissingToken", missing, headers={"WWW-Authenticate": 'Bearer realm="mastermind"'}
        )
    return role
