"""How the API document could be made: four ways measured on one route, no verdicts.

    .venv/bin/python benchmarks/bench_openapi_choice.py [--requests 2000] [--rounds 5]

Each way serves the same route, ``POST /games/{id}/guesses``: it reads a body
``{"guess": "RGBY"}`` or ``{"guess": ["Red", ...]}`` into a declared request type, and
answers 201 with a declared board of ten rows; and it serves the OpenAPI document that
its declarations make at ``/openapi.json``. The ways:

- ``starlette + attrs`` (what the project does): attrs classes, the document made from
  them by ``msgspec.json.schema_components``, the answer encoded by msgspec;
- ``starlette + spectree``: pydantic models, checked and documented by spectree;
- ``starlette + apispec``: marshmallow schemas, documented by apispec's plugin;
- ``litestar``: attrs classes read and documented by Litestar itself.

Each way is installed from PyPI in a virtual environment of its own under
``benchmarks/.peers/`` (on the first run; later runs reuse it), and runs in a process of
its own on uvicorn, on a free port of 127.0.0.1. For each way the benchmark reports:

- the packages its environment holds beyond pip (its dependencies, uvicorn's included,
  which every way shares), and the size of its ``site-packages``;
- the time a fresh process takes to import the way and make its app and document
  (median of ``--starts``);
- requests per second from one ``httpx`` client with keep-alive, ``--requests`` requests
  a round, the median of ``--rounds`` rounds, the ways taking turns.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from statistics import median

import httpx

HERE = Path(__file__).resolve().parent

_ROWS = """
ROWS = [
    {"guess": ["Red", "Green", "Blue", "Yellow"], "black": 1, "white": 2} for _ in range(10)
]
"""

_ATTRS_BODIES = (
    """\
Colour = Annotated[str, msgspec.Meta(min_length=1, max_length=20, pattern="^[^\\\\s,;]+$")]

@attrs.frozen
class Guess:
    guess: str | list[Colour]

@attrs.frozen
class Row:
    guess: list[str]
    black: int
    white: int

@attrs.frozen
class Board:
    id: str
    rows: list[Row]
"""
    + _ROWS
)
"""The request and answer bodies as attrs classes, which msgspec and Litestar both read."""

OURS = (
    """
from __future__ import annotations
from typing import Annotated
import attrs, msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

"""
    + _ATTRS_BODIES
    + """
def _document():
    (guess, board), components = msgspec.json.schema_components(
        [Guess, Board], ref_template="#/components/schemas/{name}")
    return {"openapi": "3.1.0", "info": {"title": "bench", "version": "1"}, "paths": {
        "/games/{id}/guesses": {"post": {
            "parameters": [{"name": "id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "requestBody": {"content": {"application/json": {"schema": guess}}},
            "responses": {"201": {"description": "The board",
                                  "content": {"application/json": {"schema": board}}}}}}},
        "components": {"schemas": components}}

DOCUMENT = msgspec.json.encode(_document())

async def guess(request: Request) -> Response:
    body = await request.json()
    typed = Guess(body["guess"])
    board = Board(request.path_params["id"], [Row(**row) for row in ROWS])
    return Response(msgspec.json.encode(board), 201, media_type="application/json")

async def openapi(request: Request) -> Response:
    return Response(DOCUMENT, media_type="application/json")

app = Starlette(routes=[Route("/games/{id}/guesses", guess, methods=["POST"]),
                        Route("/openapi.json", openapi)])
"""
)

SPECTREE = (
    """
from __future__ import annotations
from typing import Annotated
from pydantic import BaseModel, Field
from spectree import Response as Answers, SpecTree
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

Colour = Annotated[str, Field(min_length=1, max_length=20, pattern="^[^\\\\s,;]+$")]

class Guess(BaseModel):
    guess: str | list[Colour]

class Row(BaseModel):
    guess: list[str]
    black: int
    white: int

class Board(BaseModel):
    id: str
    rows: list[Row]
"""
    + _ROWS
    + """
spec = SpecTree("starlette", path="docs", annotations=True)

@spec.validate(json=Guess, resp=Answers(HTTP_201=Board))
async def guess(request: Request) -> JSONResponse:
    typed = request.context.json
    board = Board(id=request.path_params["id"], rows=[Row(**row) for row in ROWS])
    return JSONResponse(board.model_dump(), 201)

async def openapi(request: Request) -> JSONResponse:
    return JSONResponse(spec.spec)

app = Starlette(routes=[Route("/games/{id}/guesses", guess, methods=["POST"]),
                        Route("/openapi.json", openapi)])
spec.register(app)
DOCUMENT = spec.spec
"""
)

APISPEC = (
    """
from __future__ import annotations
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import Schema, fields, validate
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

class Guess(Schema):
    guess = fields.Raw(required=True)

class Row(Schema):
    guess = fields.List(fields.String(validate=validate.Length(1, 20)), required=True)
    black = fields.Integer(required=True)
    white = fields.Integer(required=True)

class Board(Schema):
    id = fields.String(required=True)
    rows = fields.List(fields.Nested(Row), required=True)
"""
    + _ROWS
    + """
GUESS, BOARD = Guess(), Board()

async def guess(request: Request) -> JSONResponse:
    typed = GUESS.load(await request.json())
    board = {"id": request.path_params["id"], "rows": ROWS}
    return JSONResponse(BOARD.dump(board), 201)

spec = APISpec("bench", "1", "3.1.0", plugins=[MarshmallowPlugin()])
spec.components.schema("Guess", schema=Guess)
spec.components.schema("Board", schema=Board)
spec.path("/games/{id}/guesses", operations={"post": {
    "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
    "requestBody": {"content": {"application/json": {"schema": "Guess"}}},
    "responses": {"201": {"description": "The board",
                          "content": {"application/json": {"schema": "Board"}}}}}})
DOCUMENT = spec.to_dict()

async def openapi(request: Request) -> JSONResponse:
    return JSONResponse(DOCUMENT)

app = Starlette(routes=[Route("/games/{id}/guesses", guess, methods=["POST"]),
                        Route("/openapi.json", openapi)])
"""
)

LITESTAR = (
    """
from __future__ import annotations
from typing import Annotated
import attrs, msgspec
from litestar import Litestar, post
from litestar.openapi.config import OpenAPIConfig
from litestar.plugins.attrs import AttrsSchemaPlugin

"""
    + _ATTRS_BODIES
    + """
@post("/games/{game_id:str}/guesses", status_code=201)
async def guess(game_id: str, data: Guess) -> Board:
    return Board(game_id, [Row(**row) for row in ROWS])

app = Litestar(
    [guess],
    openapi_config=OpenAPIConfig("bench", "1", path="/schema"),
    plugins=[AttrsSchemaPlugin()],
)
DOCUMENT = app.openapi_schema.to_schema()
"""
)
"""Litestar serves its document at /schema/openapi.json: the client asks there."""


@dataclass
class Way:
    name: str
    packages: tuple[str, ...]
    source: str
    document_path: str = "/openapi.json"


WAYS = [
    Way("starlette + attrs", ("attrs", "msgspec", "starlette", "uvicorn"), OURS),
    Way("starlette + spectree", ("spectree", "pydantic", "starlette", "uvicorn"), SPECTREE),
    Way("starlette + apispec", ("apispec", "marshmallow", "starlette", "uvicorn"), APISPEC),
    Way("litestar", ("litestar", "attrs", "uvicorn"), LITESTAR, "/schema/openapi.json"),
]

SERVE = """
import socket, sys, uvicorn
sys.path.insert(0, sys.argv[1])
from way import app
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
listener.bind(("127.0.0.1", 0))
print(listener.getsockname()[1], flush=True)
uvicorn.Server(uvicorn.Config(app, lifespan="off", access_log=False, log_level="warning")).run(
    sockets=[listener]
)
"""

START = """
import sys, time
started = time.perf_counter()
sys.path.insert(0, sys.argv[1])
import way
print(time.perf_counter() - started)
"""


def environment(way: Way, folder: Path) -> Path:
    """The way's virtual environment, made and installed on the first run."""
    venv = folder / ("openapi-" + way.name.split()[-1])
    python = venv / "bin" / "python"
    marker = venv / ".installed"
    wanted = " ".join(way.packages)
    if marker.exists() and marker.read_text() == wanted:
        return python
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
    subprocess.run([*install, *way.packages], check=True)
    marker.write_text(wanted)
    return python


def installed(python: Path) -> tuple[list[str], int]:
    """The distributions of an environment, and the bytes of its site-packages."""
    listing = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "list", "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    names = sorted(item["name"] for item in json.loads(listing.stdout) if item["name"] != "pip")
    site = next((python.parent.parent / "lib").glob("python*/site-packages"))
    size = sum(path.stat().st_size for path in site.rglob("*") if path.is_file())
    return names, size


@dataclass
class Figures:
    way: Way
    packages: list[str]
    size: int
    start: float = 0.0
    rounds: list[float] | None = None


def measure(arguments: argparse.Namespace) -> list[Figures]:
    figures = []
    folder = Path(arguments.work)
    for way in WAYS:
        python = environment(way, arguments.peers)
        code = folder / way.name.replace(" + ", "-")
        code.mkdir(parents=True, exist_ok=True)
        (code / "way.py").write_text(way.source)
        packages, size = installed(python)
        starts = [
            float(
                subprocess.run(
                    [str(python), "-c", START, str(code)],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
            )
            for _ in range(arguments.starts)
        ]
        figures.append(Figures(way, packages, size, median(starts), []))
    servers = [start_server(figure, folder) for figure in figures]
    try:
        for round_number in range(arguments.rounds):
            order = list(zip(figures, servers, strict=True))
            if round_number % 2:
                order.reverse()
            for figure, (_, url) in order:
                assert figure.rounds is not None
                figure.rounds.append(throughput(figure.way, url, arguments.requests))
    finally:
        for process, _ in servers:
            process.terminate()
            process.wait(timeout=10)
    return figures


def start_server(figure: Figures, folder: Path) -> tuple[subprocess.Popen[str], str]:
    python = environment(figure.way, HERE / ".peers")
    code = folder / figure.way.name.replace(" + ", "-")
    process = subprocess.Popen(
        [str(python), "-c", SERVE, str(code)], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    url = f"http://127.0.0.1:{int(process.stdout.readline())}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(url + figure.way.document_path, timeout=1).raise_for_status()
            break
        except httpx.TransportError:
            time.sleep(0.05)
    return process, url


def throughput(way: Way, url: str, requests: int) -> float:
    with httpx.Client(base_url=url) as client:
        warm = client.post("/games/g1/guesses", json={"guess": "RGBY"})
        assert warm.status_code == 201, (way.name, warm.text)
        assert len(warm.json()["rows"]) == 10
        started = time.perf_counter()
        for number in range(requests):
            guess = "RGBY" if number % 2 else ["Red", "Green", "Blue", "Yellow"]
            client.post(f"/games/g{number}/guesses", json={"guess": guess})
        return requests / (time.perf_counter() - started)


def report(figures: list[Figures], arguments: argparse.Namespace) -> str:
    lines = [
        f"{arguments.requests} requests a round, median of {arguments.rounds} rounds; "
        f"start: median of {arguments.starts} fresh processes",
        "",
        "| way | packages | site-packages | import, app and document | requests/s |",
        "|---|---:|---:|---:|---:|",
    ]
    for figure in figures:
        assert figure.rounds is not None
        lines.append(
            f"| {figure.way.name} | {len(figure.packages)} | "
            f"{figure.size / 2**20:.1f} MiB | {figure.start * 1000:.0f} ms | "
            f"{median(figure.rounds):,.0f} |"
        )
    lines.append("")
    for figure in figures:
        lines.append(f"- {figure.way.name}: {', '.join(figure.packages)}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--peers", type=Path, default=HERE / ".peers")
    parser.add_argument("--work", type=Path, default=HERE / ".peers" / "openapi-ways")
    arguments = parser.parse_args()
    print(report(measure(arguments), arguments))


if __name__ == "__main__":
    main()
