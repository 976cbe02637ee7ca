"""The OpenAPI document is made from the routes' own declarations, and cannot drift.

Every route the app serves is in the document and every route in the document is
served; the patterns the document gives for text admit exactly what the rules admit.
That the answers the API gives match the document's schemas, schemathesis checks in
``test_fuzz``.
"""

from __future__ import annotations

import functools
import re
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.responses import Response

from mastermind.domain import (
    Code,
    CodeMaker,
    GameStarted,
    InvalidNote,
    LeaveNote,
    Rules,
    decide,
    evolve,
    initial_state,
)
from mastermind.store import InMemoryEventStore
from mastermind.web._bodies import GAME_ID, HEADER_TEXT
from mastermind.web._schema import Reply, declared_routes, endpoint, openapi_document, routes_of
from tests.web.conftest import app_over

UNDOCUMENTED = {("GET", "/"), ("GET", "/openapi.json")}
"""The page and the document itself: no part of the API."""


@pytest.fixture(scope="module")
def app() -> Any:
    return app_over(InMemoryEventStore())


@pytest.fixture(scope="module")
def document(app: Any) -> dict[str, Any]:
    return openapi_document(app.routes)


def served(app: Any) -> set[tuple[str, str]]:
    return {
        (method, route.path)
        for route, _ in declared_routes(app.routes)
        for method in route.methods or ()
        if method != "HEAD"
    }


def test_every_route_the_app_serves_is_in_the_document_and_no_other(
    app: Any, document: dict[str, Any]
) -> None:
    documented = {
        (method.upper(), path)
        for path, operations in document["paths"].items()
        for method in operations
    }

    assert documented == served(app) - UNDOCUMENTED
    assert documented


def test_every_route_of_the_api_is_declared_next_to_its_handler(app: Any) -> None:
    undeclared = {
        (method, route.path)
        for route, declared in declared_routes(app.routes)
        for method in route.methods or ()
        if declared is None and method != "HEAD"
    }

    assert undeclared == UNDOCUMENTED


def test_a_handler_that_declares_nothing_makes_no_route() -> None:
    async def undeclared(request: object) -> Response:
        return Response()

    with pytest.raises(TypeError, match="declares no endpoint"):
        routes_of(undeclared)


def test_a_declared_route_is_served_at_its_declared_path_and_method() -> None:
    @endpoint("PUT", "/things/{id}", "putThing", "Put a thing", Reply(204, "Put"))
    async def put(request: object) -> Response:
        return Response(status_code=204)

    [route] = routes_of(put)

    assert (route.path, route.methods) == ("/things/{id}", {"PUT"})


def test_a_route_must_declare_each_parameter_of_its_path() -> None:
    @endpoint("GET", "/things/{id}", "getThing", "A thing", Reply(200, "The thing"))
    async def get(request: object) -> Response:
        return Response()

    with pytest.raises(ValueError, match="path parameters"):
        openapi_document(routes_of(get))

    declared = endpoint(
        "GET", "/things/{id}", "getThing", "A thing", Reply(200, "Thing"), parameters=(GAME_ID,)
    )(get)
    assert "/things/{id}" in openapi_document(routes_of(declared))["paths"]


def test_a_new_game_links_to_every_route_of_its_game_with_its_id_and_token(
    document: dict[str, Any],
) -> None:
    links = document["paths"]["/games"]["post"]["responses"]["201"]["links"]
    under_game = {
        operation["operationId"]
        for path, operations in document["paths"].items()
        if path.startswith("/games/{id}")
        for operation in operations.values()
    }

    assert set(links) == under_game
    for link in links.values():
        assert link["parameters"]["path.id"] == "$response.body#/id"
    assert links["makeGuess"]["parameters"]["header.Authorization"] == (
        "Bearer {$response.body#/token}"
    )


def test_a_hint_links_to_the_guess_it_suggests(document: dict[str, Any]) -> None:
    links = document["paths"]["/games/{id}/hint"]["get"]["responses"]["200"]["links"]

    assert links["makeGuess"] == {
        "operationId": "makeGuess",
        "parameters": {"path.id": "$request.path.id"},
        "requestBody": {"guess": "$response.body#/guess"},
    }


def test_the_colour_pattern_admits_exactly_the_names_the_rules_admit(
    document: dict[str, Any],
) -> None:
    pattern = re.compile(document["components"]["schemas"]["ColourName"]["pattern"])

    disagreements = [
        code
        for code in range(sys.maxunicode + 1)
        if bool(pattern.fullmatch(chr(code))) != (Rules(1, (chr(code),), 1).problem() is None)
    ]

    assert disagreements == []


@functools.cache
def maker_name() -> dict[str, Any]:
    schema = openapi_document(app_over(InMemoryEventStore()).routes)["components"]["schemas"]
    typed: dict[str, Any] = schema["NewGame"]["properties"]["maker_name"]["anyOf"][0]
    return typed


@given(name=st.text(max_size=45) | st.sampled_from(["Ada", " Ada ", "   ", "A\u200bda"]))
def test_the_maker_name_pattern_admits_exactly_the_names_the_rules_admit(name: str) -> None:
    typed = maker_name()
    allowed = (
        typed["minLength"] <= len(name) <= typed["maxLength"]
        and re.fullmatch(typed["pattern"], name) is not None
    )

    assert allowed == (CodeMaker.person(name).problem() is None)


def test_the_idempotency_key_pattern_admits_every_printable_character_a_header_carries() -> None:
    latin_1 = [chr(code) for code in range(256)]

    assert [c for c in latin_1 if re.fullmatch(HEADER_TEXT, c)] == [
        c for c in latin_1 if c.isprintable()
    ]


@functools.cache
def note_text() -> dict[str, Any]:
    schema = openapi_document(app_over(InMemoryEventStore()).routes)["components"]["schemas"]
    typed: dict[str, Any] = schema["NoteText"]
    return typed


def _note_accepted(text: str) -> bool:
    started = GameStarted("g1", Code.parse("RGBY"), Rules(), maker=CodeMaker.person("Mum"))
    try:
        decide(LeaveNote("g1", text), evolve(initial_state, started))
    except InvalidNote:
        return False
    return True


@given(
    text=st.text(max_size=150) | st.sampled_from(["Warm", " Warm ", "   ", "a\u2028b", "x" * 141])
)
def test_the_note_pattern_admits_no_note_the_rules_refuse_and_every_one_they_keep(
    text: str,
) -> None:
    typed = note_text()

    def allowed(note: str) -> bool:
        within = typed["minLength"] <= len(note) <= typed["maxLength"]
        return within and re.fullmatch(typed["pattern"], note) is not None

    if allowed(text):
        assert _note_accepted(text)
    if _note_accepted(text.strip()):
        assert allowed(text.strip())
