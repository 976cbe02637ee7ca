"""Play in the browser: an HTTP API over ``Games``, and a page that plays through it.

Needs the ``web`` extra: ``pip install "mastermind[web]"``.
"""

try:
    import starlette  # noqa: F401
    import uvicorn  # noqa: F401
except ImportError as error:  # pragma: no cover - the tests run with the extra installed
    raise ImportError('mastermind.web needs its extra: pip install "mastermind[web]"') from error

from mastermind.bootstrap import SECRET_VARIABLE
from mastermind.web._api import HintProvider
from mastermind.web._app import create_app
from mastermind.web._server import app_from_environment, serve
from mastermind.web._tokens import KEY_VARIABLE, InvalidTokenKey, PlayerTokens

__all__ = [
    "HintProvider",
    "InvalidTokenKey",
    "KEY_VARIABLE",
    "PlayerTokens",
    "SECRET_VARIABLE",
    "app_from_environment",
    "create_app",
    "serve",
]
