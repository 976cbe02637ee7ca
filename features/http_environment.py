"""The HTTP stage: the features run against the HTTP API, served by uvicorn on loopback."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from support.hooks import make_scenario_hooks
from support.http_driver import HttpDriver, HttpServer

server = HttpServer()
before_scenario, after_scenario = make_scenario_hooks("http", lambda: HttpDriver(server))


def before_all(context):
    server.start()


def after_all(context):
    server.stop()
