"""The OpenAPI document, made from what each route declares next to its handler.

A handler declares its method and path, the attrs classes of its request and answer
bodies, the problems it may answer and whose token it needs, with ``@endpoint(...)``.
``routes()`` makes Starlette's routes from those declarations, and ``openapi_document()``
makes the document from the routes an app serves, so that no route is served that the
document does not show, and none is shown that is not served. ``msgspec`` turns the
attrs classes into JSON Schema; ``read_as`` reads a request's JSON into one, field by
field, with the problems of ``_requests``.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs
import msgspec
from starlette.routing import BaseRoute, Route

from mastermind.domain import SEPARATOR_CHARACTERS
from mastermind.web._patterns import printable

__all__ = [
    "Endpoint",
    "HEADERS",
    "INFO",
    "Link",
    "PROBLEMS",
    "Parameter",
    "ProblemDetails",
    "Reply",
    "UNSET",
    "UnsetType",
    "declaration",
    "declared_routes",
    "endpoint",
    "openapi_document",
    "routes_of",
]

UNSET = msgspec.UNSET
UnsetType = msgspec.UnsetType
"""The value of an optional field that a request left out."""

INFO = {
    "title": "mastermind",
    "version": "1",
    "description": "Play Mastermind over HTTP. The secret never shows to the code breaker "
    "before the game is over; only the holders of a game's tokens may play it.",
}

_DECLARATION = "__endpoint__"
_REF = "#/components/schemas/{name}"

H = TypeVar("H", bound=Callable[..., Any])

_PATTERNS: Mapping[str, Callable[[], str]] = {
    "ColourName": lambda: f"^[{printable(SEPARATOR_CHARACTERS)}]+$",
    "NoteText": lambda: f"^ *[{printable(' ')}][{printable()}]*$",
}
"""The patterns of the texts the service names, written out here and not where each is
declared: a pattern of printable characters takes long to make, and only the document
needs it."""

PROBLEMS = {
    400: "The rules refuse: a guess too short or too long, an unknown colour, a game over.",
    401: "No token was sent.",
    403: "The token is not this game's, or is the other player's.",
    404: "There is no such game.",
    409: "Other moves on the game kept getting there first; try again. For a review: "
    "the game is still in play.",
    413: "The body is larger than 16 KiB.",
    415: "The body is not JSON.",
    422: "The body is not valid JSON, or does not have the fields asked for.",
    429: "This address made too many such requests lately; wait as Retry-After says.",
    503: "The store, the hint workers or the Redis that counts the limits cannot answer now;"
    " try again as Retry-After says.",
}
"""What each problem status means, for every route that may answer it."""
HEADERS = {
    "Location": {"description": "The game's board", "schema": {"type": "string"}},
    "Retry-After": {
        "description": "Seconds to wait before trying again.",
        "schema": {"type": "integer", "minimum": 1},
    },
}


@attrs.frozen
class Parameter:
    """A parameter of the path, the query or the headers."""

    name: str
    location: str
    description: str
    schema: Mapping[str, Any] = attrs.field(factory=lambda: {"type": "string"})
    required: bool = False

    def document(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "in": self.location,
            "required": self.required or self.location == "path",
            "description": self.description,
            "schema": dict(self.schema),
        }


@attrs.frozen
class Link:
    """A route that an answer leads to, with the same path parameters as the request,
    and a body drawn from the answer: ``{"guess": "$response.body#/guess"}``."""

    operation_id: str
    body: Mapping[str, Any] | None = None


@attrs.frozen
class Reply:
    """A successful answer: its status, the attrs class of its JSON body, and the routes
    it leads to."""

    status: int
    description: str
    body: type | None = None
    headers: tuple[str, ...] = ()
    media_type: str = "application/json"
    links: tuple[Link, ...] = ()


@attrs.frozen
class Endpoint:
    """What a route declares: everything the document says of it."""

    method: str
    path: str
    operation_id: str
    summary: str
    answers: tuple[Reply, ...]
    problems: tuple[int, ...] = ()
    body: type | None = None
    body_required: bool = False
    parameters: tuple[Parameter, ...] = ()
    token: str | None = None
    """Whose token the route needs, as a phrase: "the code breaker's"; None for none."""
    token_optional: bool = False
    creates: str | None = None
    """The path under which the resource that the route creates lives: its answer links
    to every route there, with the path's parameters and the token from its body."""


def endpoint(
    method: str,
    path: str,
    operation_id: str,
    summary: str,
    *answers: Reply,
    **details: Any,
) -> Callable[[H], H]:
    """Declare the handler below as the route ``method path``; ``details`` are the other
    fields of ``Endpoint``."""
    declared = Endpoint(method, path, operation_id, summary, answers, **details)

    def declare(handler: H) -> H:
        setattr(handler, _DECLARATION, declared)
        return handler

    return declare


def declaration(handler: object) -> Endpoint | None:
    declared = getattr(handler, _DECLARATION, None)
    return declared if isinstance(declared, Endpoint) else None


def routes_of(*handlers: Callable[..., Any]) -> list[Route]:
    """Starlette's routes of declared handlers, at the paths and methods they declare."""
    made = []
    for handler in handlers:
        declared = declaration(handler)
        if declared is None:
            raise TypeError(f"{handler!r} declares no endpoint: decorate it with @endpoint")
        made.append(Route(declared.path, handler, methods=[declared.method]))
    return made


def declared_routes(served: Iterable[BaseRoute]) -> list[tuple[Route, Endpoint | None]]:
    """The plain routes an app serves, each with its declaration, if it has one."""
    return [(route, declaration(route.endpoint)) for route in served if type(route) is Route]


def openapi_document(served: Iterable[BaseRoute], info: Mapping[str, Any] = INFO) -> dict[str, Any]:
    """The OpenAPI 3.1 document of the declared routes among ``served``."""
    endpoints = [declared for _, declared in declared_routes(served) if declared]
    bodies = {
        kind: None
        for declared in endpoints
        for kind in (declared.body, *(answer.body for answer in declared.answers))
        if kind is not None
    }
    schemas, components = msgspec.json.schema_components(
        [*bodies, ProblemDetails], ref_template=_REF
    )
    references = dict(zip([*bodies, ProblemDetails], schemas, strict=True))
    extra = {kind.__name__: getattr(kind, "json_schema", {}) for kind in bodies}
    for name, schema in list(components.items()):
        schema |= extra.get(name, {})
        components[name] = _shared(_closed(schema, name != "Problem"), components)
    for name, pattern in _PATTERNS.items():
        if name in components:
            components[name]["pattern"] = pattern()
    paths: dict[str, dict[str, Any]] = {}
    for declared in endpoints:
        operation = _operation(declared, references)
        for answer in declared.answers:
            links = _links(declared.creates, endpoints) if declared.creates else {}
            links |= {link.operation_id: _link(link, declared) for link in answer.links}
            if links:
                operation["responses"][str(answer.status)]["links"] = links
        paths.setdefault(declared.path, {})[declared.method.lower()] = operation
    return {
        "openapi": "3.1.0",
        "info": dict(info),
        "paths": paths,
        "components": {
            "schemas": dict(sorted(components.items())),
            "securitySchemes": {
                "player": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A token answered when the game was created.",
                }
            },
        },
    }


@attrs.frozen
class ProblemDetails:
    """RFC 9457 problem details. Extra members give the error's details."""

    type: str
    title: str
    status: int
    detail: typing.Annotated[str, msgspec.Meta(description="What went wrong, for people.")]
    error: typing.Annotated[str, msgspec.Meta(description="What went wrong, for programs.")]


ProblemDetails.__name__ = "Problem"


def _operation(declared: Endpoint, references: Mapping[type, Any]) -> dict[str, Any]:
    in_path = re.findall(r"{(\w+)}", declared.path)
    parameters = [parameter.document() for parameter in declared.parameters]
    named = [parameter.name for parameter in declared.parameters if parameter.location == "path"]
    if sorted(named) != sorted(in_path):
        raise ValueError(f"{declared.path} declares the path parameters {named}")
    responses: dict[str, Any] = {}
    for answer in declared.answers:
        response: dict[str, Any] = {"description": answer.description}
        if answer.body is not None:
            response["content"] = {answer.media_type: {"schema": references[answer.body]}}
        elif answer.media_type != "application/json":
            response["content"] = {answer.media_type: {"schema": {"type": "string"}}}
        if answer.headers:
            response["headers"] = {name: HEADERS[name] for name in answer.headers}
        responses[str(answer.status)] = response
    for status in (*declared.problems, 503):
        responses[str(status)] = _problem(status, references[ProblemDetails])
    operation: dict[str, Any] = {
        "operationId": declared.operation_id,
        "summary": declared.summary,
        "responses": responses,
    }
    if parameters:
        operation["parameters"] = parameters
    if declared.token:
        operation["security"] = (
            [{}, {"player": []}] if declared.token_optional else [{"player": []}]
        )
        operation["description"] = f"Send {declared.token} token as Authorization: Bearer."
    if declared.body is not None:
        operation["requestBody"] = {
            "required": declared.body_required,
            "content": {"application/json": {"schema": references[declared.body]}},
        }
    return operation


def _problem(status: int, schema: Any) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": PROBLEMS[status],
        "content": {"application/problem+json": {"schema": schema}},
    }
    if status in (429, 503):
        response["headers"] = {"Retry-After": HEADERS["Retry-After"]}
    return response


def _links(prefix: str, endpoints: Iterable[Endpoint]) -> dict[str, Any]:
    """Links from a created resource to every route under ``prefix``: the path's
    parameters from the answer's fields of the same names, and its token."""
    links = {}
    for target in endpoints:
        if not target.path.startswith(prefix):
            continue
        parameters = {
            f"path.{name}": f"$response.body#/{name}" for name in re.findall(r"{(\w+)}", prefix)
        }
        if target.token:
            parameters["header.Authorization"] = "Bearer {$response.body#/token}"
        links[target.operation_id] = {
            "operationId": target.operation_id,
            "parameters": parameters,
        }
    return links


def _link(link: Link, source: Endpoint) -> dict[str, Any]:
    made: dict[str, Any] = {
        "operationId": link.operation_id,
        "parameters": {
            f"path.{name}": f"$request.path.{name}" for name in re.findall(r"{(\w+)}", source.path)
        },
    }
    if link.body is not None:
        made["requestBody"] = dict(link.body)
    return made


def _closed(schema: dict[str, Any], closed: bool) -> dict[str, Any]:
    """An object's schema that says no other fields belong there; a problem's has more."""
    if schema.get("type") == "object":
        schema["additionalProperties"] = not closed
    if "description" in schema:
        schema["description"] = " ".join(schema["description"].split())
    return schema


def _shared(schema: Any, components: dict[str, Any]) -> Any:
    """``schema`` with each inline schema that has a title made a component of that name,
    referred to wherever it appears: a colour's name is described once."""
    if isinstance(schema, list):
        return [_shared(item, components) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if isinstance(schema.get("title"), str) and "properties" not in schema:
        title = schema.pop("title")
        components[title] = schema
        return {"$ref": _REF.format(name=title)}
    return {key: _shared(value, components) for key, value in schema.items()}
