"""Play in the browser: an HTTP API over ``Games``, and a page that plays through it.

Needs the ``web`` extra: ``pip install "mastermind-decider[web]"``.
"""

from mastermind._install import install_hint

try:
    import sse_starlette  # noqa: F401
    import starlette  # noqa: F401
    import uvicorn  # noqa: F401
except ImportError as error:  # pragma: no cover - the tests run with the extra installed
    raise ImportError(f"mastermind.web needs its extra: {install_hint('web')}") from error

from mastermind.config import SECRET_VARIABLE, Limits
from mastermind.service import KEY_VARIABLE, InvalidTokenKey, PlayerTokens
from mastermind.web._app import create_app
from mastermind.web._server import app_from_environment, serve

__all__ = [
    "InvalidTokenKey",
    "KEY_VARIABLE",
    "Limits",
    "PlayerTokens",
    "SECRET_VARIABLE",
    "app_from_environment",
    "create_app",
    "serve",
]
