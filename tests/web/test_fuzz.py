"""Fuzzing: no request, however odd, gets a 500 or anything but a problem document.

Schemathesis generates requests from the OpenAPI document, valid and invalid ones, and
checks every answer against it. A Hypothesis fuzz of our own sends what no document
describes: any bytes, any content type, any path, any method, any token.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import quote

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mastermind.store import SQLiteEventStore
from mastermind.web._openapi import openapi_document
from tests.web.conftest import Player, app_over, first_consistent_code
from tests.web.servers import serving

SCHEMA = schemathesis.openapi.from_dict(openapi_document())
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None
)
FUZZ_MORE = settings(FUZZ, max_examples=200)


@pytest.fixture(scope="module")
def fuzzed_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with random secrets and hints, so that every route answers in full."""
    store = SQLiteEventStore(tmp_path_factory.mktemp("fuzz") / "games.db")
    app = app_over(store, hints=first_consistent_code)
    with serving(app) as url:
        yield url
    store.close()


@pytest.mark.parametrize("mode", list(schemathesis.GenerationMode), ids=lambda mode: mode.value)
@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda operation: operation.label)
def test_answers_conform_to_the_openapi_document(
    fuzzed_url: str, operation: schemathesis.APIOperation, mode: schemathesis.GenerationMode
) -> None:
    player = Player(httpx.Client(base_url=fuzzed_url))
    player.start(attempts=100)
    own_game: dict[str, object] = {}
    if "{id}" in operation.path and (mode.is_positive or operation.body):
        # A real game and its token, so that requests get past the 404 and the 401.
        own_game = {"path_parameters": {"id": player.game_id}, "headers": player.auth}

    @given(case=operation.as_strategy(generation_mode=mode, **own_game))
    @FUZZ
    def check(case: schemathesis.Case) -> None:
        # A well-formed guess the rules refuse is a 400, not a failure to accept it.
        case.call_and_validate(
            base_url=fuzzed_url, excluded_checks=[schemathesis.checks.positive_data_acceptance]
        )

    check()


def assert_a_problem_or_a_success(response: httpx.Response) -> None:
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
    fuzzed_url: str,
    method: str,
    route: str,
    game: str,
    token: str,
    body: bytes,
    content_type: str,
) -> None:
    with httpx.Client(base_url=fuzzed_url) as client:
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
    fuzzed_url: str, body: bytes, content_type: str
) -> None:
    headers = {"Content-Type": content_type} if content_type else {}

    response = httpx.post(f"{fuzzed_url}/games", content=body, headers=headers)

    assert_a_problem_or_a_success(response)
    if response.status_code == 201:
        assert response.json()["secret"] is None


def test_the_document_names_every_route_of_the_api() -> None:
    documented = {(operation.method.upper(), operation.path) for operation in OPERATIONS}
    assert documented == {
        ("POST", "/games"),
        ("GET", "/games/{id}"),
        ("POST", "/games/{id}/guesses"),
        ("POST", "/games/{id}/give-up"),
        ("GET", "/games/{id}/hint"),
        ("GET", "/games/{id}/review"),
    }


def test_the_served_document_is_the_one_the_fuzzing_reads(fuzzed_url: str) -> None:
    response = httpx.get(f"{fuzzed_url}/openapi.json")

    assert response.headers["content-type"] == "application/json"
    assert response.json() == openapi_document()
    assert response.json()["openapi"] == "3.1.0"
