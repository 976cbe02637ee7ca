"""The HTTP stage: the features run against the HTTP API, served by uvicorn on loopback."""

import sys
from pathlib import Path

from mastermind.spec import require_extras

require_extras("http")
sys.path.insert(0, str(Path(__file__).parent))

# Imported once the stage's extras are known to be there: the driver needs uvicorn and httpx.
from support.hooks import make_scenario_hooks  # noqa: E402
from support.http_driver import HttpDriver, HttpServer  # noqa: E402

server = HttpServer()
before_scenario, after_scenario = make_scenario_hooks("http", lambda: HttpDriver(server))


def before_all(context):
    server.start()


def after_all(context):
    server.stop()
