"""Fuzzing: no request, however odd, gets a 500 or anything but a problem document.

Schemathesis runs on a real server as its command line would, with every check and every
phase, the stateful one included: it follows the document's links from a new game to
its routes with the game's id and token, from a hint to the guess it suggests, and
from a guess to the next hint, and so reaches the rules of a real game.
``schemathesis.toml`` and ``fuzz_hooks`` beside this file tell it what the document
cannot: which refusals are the rules' own. A Hypothesis fuzz of our own sends what no
document describes: any bytes, any content type, any path, any method, any token, to the
app in this process.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.applications import Starlette

from harness import serving
from mastermind.store import InMemoryEventStore, SQLiteEventStore
from mastermind.web._schema import openapi_document
from tests.web.conftest import Answer, Player, app_over, client_of, hints_of_any_size
from tests.web.fuzz_hooks import answers_logged

ROOT = Path(__file__).resolve().parents[2]
SCHEMATHESIS = Path(sys.executable).parent / "schemathesis"
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None
)
FUZZ_MORE = settings(FUZZ, max_examples=200)
STREAM = "getEvents"
"""A live stream lasts as long as its game: schemathesis, which reads whole answers,
leaves it to the tests of the live games."""


@pytest.fixture(scope="module")
def fuzzed_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Starlette]:
    """An app with random secrets and hints, so that every route answers in full."""
    store = SQLiteEventStore(tmp_path_factory.mktemp("fuzz") / "games.db")
    yield app_over(store, hints=hints_of_any_size)
    store.close()


@pytest.mark.parametrize(
    "phases", [("Examples", "Coverage"), ("Fuzzing",), ("Stateful",)], ids=lambda p: "+".join(p)
)
def test_schemathesis_finds_nothing_with_every_check_in_every_phase(
    tmp_path: Path, phases: tuple[str, ...]
) -> None:
    # One phase or two a case, each on a server of its own, so that they run side by side.
    answers = tmp_path / "answers"
    with serving(app_over(InMemoryEventStore(), hints=hints_of_any_size)) as url:
        run = subprocess.run(
            [
                str(SCHEMATHESIS),
                "--config-file",
                str(ROOT / "tests" / "web" / "schemathesis.toml"),
                "--no-color",
                "run",
                f"{url}/openapi.json",
                "--checks",
                "all",
                "--phases",
                ",".join(phase.lower() for phase in phases),
                "--exclude-operation-id",
                STREAM,
                "--seed",
                "15",
                "--workers",
                "1",
            ],
            env={**os.environ, "PYTHONPATH": str(ROOT), "FUZZ_ANSWERS": str(answers)},
            cwd=tmp_path,  # where it keeps its cache
            capture_output=True,
            text=True,
            timeout=300,
        )

    assert run.returncode == 0, run.stdout + run.stderr
    for phase in phases:
        assert re.search(rf"✅\s+{phase} \(in", run.stdout), phase
    if "Stateful" in phases:
        linked = re.search(r"API Links:\s+(\d+) covered / (\d+) selected", run.stdout)
        assert linked, run.stdout
        assert int(linked[1]) > 0
        answered = set(answers_logged(str(answers)))
        # Past the token, to the rules: a guess taken, or refused by the game it was sent to.
        assert {("POST /games/{id}/guesses", 201), ("POST /games/{id}/guesses", 400)} & answered


def assert_a_problem_or_a_success(response: Answer) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400 and response.request.method != "HEAD":
        assert response.headers["content-type"] == "application/problem+json"
        problem = response.json()
        assert problem["status"] == response.status_code
        assert {"type", "title", "detail", "error"} <= set(problem)
        assert "Traceback" not in response.text


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=8), children, max_size=6)
    ),
    max_leaves=20,
)
guess_fields = st.fixed_dictionaries(
    {"guess": st.text(max_size=12) | st.lists(st.text(max_size=8), max_size=8) | json_values}
)
setup_fields = st.dictionaries(
    st.sampled_from(["length", "attempts", "colours", "unique", "other"]),
    st.integers(-(10**30), 10**30) | st.lists(st.text(max_size=25), max_size=25) | json_values,
    max_size=4,
)
bodies = st.binary(max_size=64) | (json_values | guess_fields | setup_fields).map(
    lambda value: json.dumps(value).encode()
)
content_types = st.sampled_from(
    ["application/json", "application/problem+json", "text/plain", "", "application/json; x=y"]
)


@given(
    method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]),
    route=st.sampled_from(["", "/guesses", "/give-up", "/hint", "/nothing"]),
    game=st.sampled_from(["own", "other"]) | st.text(max_size=12),
    token=st.sampled_from(["own", "none"])
    | st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=50),
    body=bodies,
    content_type=content_types,
)
@FUZZ_MORE
def test_no_request_gets_a_server_error(
    fuzzed_app: Starlette,
    method: str,
    route: str,
    game: str,
    token: str,
    body: bytes,
    content_type: str,
) -> None:
    client = client_of(fuzzed_app)
    player = Player(client)
    player.start()
    game_id = {"own": player.game_id, "other": "another-game"}.get(game, game)
    headers = {"Content-Type": content_type} if content_type else {}
    if token != "none":
        headers["Authorization"] = f"Bearer {player.token if token == 'own' else token}".strip()
    segment = quote(game_id.encode("utf-8", "surrogatepass"), safe="")
    path = f"/games/{segment}{route}" if game_id else "/games"

    response = client.request(method, path, content=body, headers=headers)

    assert_a_problem_or_a_success(response)


@given(body=bodies, content_type=content_types)
@FUZZ_MORE
def test_no_new_game_request_gets_a_server_error(
    fuzzed_app: Starlette, body: bytes, content_type: str
) -> None:
    headers = {"Content-Type": content_type} if content_type else {}

    response = client_of(fuzzed_app).post("/games", content=body, headers=headers)

    assert_a_problem_or_a_success(response)
    if response.status_code == 201:
        assert response.json()["secret"] is None


def test_the_served_document_is_the_one_made_from_the_routes(fuzzed_app: Starlette) -> None:
    response = client_of(fuzzed_app).get("/openapi.json")

    served = app_over(InMemoryEventStore(), hints=hints_of_any_size)
    assert response.headers["content-type"] == "application/json"
    assert response.json() == json.loads(json.dumps(openapi_document(served.routes)))
    assert response.json()["openapi"] == "3.1.0"
