"""The routes of the HTTP API: a thin adapter that turns requests into calls on ``Games``."""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar
from urllib.parse import quote

import anyio
import attrs
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from mastermind.config import public_url as checked_public_url
from mastermind.domain import COMPUTER, CodeMaker, DecodingBoard
from mastermind.service import (
    COMMANDS,
    BoardAnswer,
    CommandKind,
    Games,
    HintAnswer,
    PlayerTokens,
    PresetsAnswer,
    ReviewAnswer,
    Role,
    abandon_hints_when,
    encode,
)
from mastermind.web._bearer import role_required, role_sent
from mastermind.web._board_json import BoardTexts
from mastermind.web._bodies import GAME_ID, IDEMPOTENCY_KEY, NewBoard, NewGame, RulesRequest
from mastermind.web._problems import Problem, json_response, json_text_response, refused_as_problems
from mastermind.web._requests import (
    game_id_of,
    idempotency_key_of,
    read_as,
    read_body,
    read_json,
)
from mastermind.web._schema import UNSET, Link, Reply, UnsetType, endpoint, routes_of

__all__ = ["BREAKER", "GameApi", "MAKER"]

_PRESETS = encode(PresetsAnswer.of())
_TOKENS = {Role.BREAKER: "the code breaker's", Role.MAKER: "the code maker's"}
BREAKER = {"token": _TOKENS[Role.BREAKER], "parameters": (GAME_ID,)}
MAKER = {"token": _TOKENS[Role.MAKER], "parameters": (GAME_ID,)}

T = TypeVar("T")


class GameApi:
    """The handlers of ``/games`` and below, over one ``Games`` service.

    Invites are built on ``public_url`` where it is given, else relative to the page:
    never on the ``Host`` a request names, which its sender chooses.

    Raises:
        TypeError, ValueError: ``public_url`` is no http or https address.
    """

    def __init__(
        self, games: Games, tokens: PlayerTokens, *, public_url: str | None = None
    ) -> None:
        self.games = games
        self._texts = BoardTexts()
        self.tokens = tokens
        self.public_url = checked_public_url(public_url)

    def routes(self) -> list[Route]:
        return routes_of(
            self.presets,
            self.create,
            self.show,
            *map(self._command, COMMANDS),
            self.hint,
            self.review,
        )

    @endpoint(
        "GET",
        "/rules",
        "getPresets",
        "The rules a game may be started by name with, the classic game first",
        Reply(200, "The presets", PresetsAnswer),
    )
    async def presets(self, request: Request) -> Response:
        return json_response(_PRESETS)

    def _command(self, kind: CommandKind) -> Callable[[Request], Awaitable[Response]]:
        """The route of one command of the table: ``POST /games/{id}/<resource>`` with the
        token of the role that may send it, its request as the body, the board as the
        answer."""
        with_fields = bool(attrs.fields(kind.request))

        async def send(request: Request) -> Response:
            game_id = self._authorize(request, kind.role)
            if with_fields:
                body = read_as(kind.request, await read_json(request, required=True) or {})
            else:
                await read_body(request)
                body = kind.request()
            board = await self._call(
                self.games.send,
                kind.name,
                game_id,
                body,
                idempotency_key=idempotency_key_of(request),
            )
            if kind.role is Role.MAKER:  # who made the code sees it, as GET shows it them
                board = await self._as_maker(board)
            answer = self._board_text(board, maker=kind.role is Role.MAKER)
            if kind.adds:
                location = {"Location": _location(request, game_id)}
                return json_text_response(answer, 201, headers=location)
            return json_text_response(answer)

        name = kind.command.__name__
        return endpoint(
            "POST",
            f"/games/{{id}}/{kind.resource}",
            name[:1].lower() + name[1:],
            kind.summary,
            Reply(
                201 if kind.adds else 200,
                "The board after it",
                BoardAnswer,
                headers=("Location",) if kind.adds else (),
                links=(Link("getHint"), Link("getReview")) if kind.adds else (),
            ),
            problems=(400, 401, 403, 404, 409, 413, *((415, 422) if with_fields else (422,))),
            body=kind.request if with_fields else None,
            body_required=with_fields,
            token=_TOKENS[kind.role],
            parameters=(GAME_ID, IDEMPOTENCY_KEY),
        )(send)

    @endpoint(
        "POST",
        "/games",
        "createGame",
        "Start a game",
        Reply(201, "The game, and its player's token", NewBoard, headers=("Location",)),
        problems=(400, 413, 415, 422, 429),
        body=NewGame,
        parameters=(IDEMPOTENCY_KEY,),
        creates="/games/{id}",
    )
    async def create(self, request: Request) -> Response:
        setup = read_as(NewGame, await read_json(request, required=False) or {})
        secret, maker = _secret_and_maker(setup)
        board = await self._call(
            self.games.start,
            _given(setup.attempts),
            _given(setup.colours),
            _given(setup.length),
            secret,
            rules=setup.rules.rules()
            if isinstance(setup.rules, RulesRequest)
            else _given(setup.rules),
            unique=_given(setup.unique),
            maker=maker,
            idempotency_key=idempotency_key_of(request),
        )
        location = _location(request, board.game_id)
        if not maker.is_person:
            body = {**self._board(board), "role": Role.BREAKER, "token": self._token(board)}
            return json_response(body, 201, headers={"Location": location})
        breaker_token = self.tokens.issue(board.game_id, Role.BREAKER)
        page = self.public_url or request.scope.get("root_path", "")
        invite = f"{page}/#game={quote(board.game_id, safe='')}&token={breaker_token}"
        body = {
            **self._board(await self._as_maker(board), maker=True),
            "role": Role.MAKER,
            "token": self.tokens.issue(board.game_id, Role.MAKER),
            "invite": {"url": invite, "token": breaker_token},
        }
        return json_response(body, 201, headers={"Location": location})

    @endpoint(
        "GET",
        "/games/{id}",
        "getBoard",
        "The decoding board; with the code maker's token, the secret shows in play",
        Reply(200, "The board", BoardAnswer),
        problems=(403, 404),
        token_optional=True,
        **MAKER,
    )
    async def show(self, request: Request) -> Response:
        game_id = game_id_of(request)
        board = await self._call(self.games.board, game_id)  # an unknown game is 404 first
        if role_sent(request, self.tokens, game_id) is Role.MAKER:
            board = await self._call(self.games.maker_board, game_id)
            return json_text_response(self._board_text(board, maker=True))
        return json_text_response(self._board_text(board))

    @endpoint(
        "GET",
        "/games/{id}/hint",
        "getHint",
        "A suggested next guess, where the solver is installed and the code maker allows",
        Reply(
            200,
            "A guess worth trying",
            HintAnswer,
            links=(Link("makeGuess", {"guess": "$response.body#/guess"}),),
        ),
        problems=(400, 401, 403, 404, 429),
        **BREAKER,
    )
    async def hint(self, request: Request) -> Response:
        game_id = self._authorize(request)
        hint = await self._call_while_connected(request, self.games.hint, game_id)
        return json_response(encode(HintAnswer.of(hint)))

    @endpoint(
        "GET",
        "/games/{id}/review",
        "getReview",
        "The review of a finished game, where the solver is installed",
        Reply(200, "Every guess, against the best strategy", ReviewAnswer),
        problems=(401, 403, 404, 409, 429),
        **BREAKER,
    )
    async def review(self, request: Request) -> Response:
        game_id = self._authorize(request)
        review = await self._call(self.games.review, game_id)
        return json_response(encode(ReviewAnswer.of(review)))

    def _board(self, board: DecodingBoard, *, maker: bool = False) -> dict[str, Any]:
        """The board as a player sees it: the maker's shows the secret, and no hints,
        which only the breaker may ask for."""
        if maker:
            return encode(BoardAnswer.of(board, hints=False, reveal=True))  # type: ignore[no-any-return]
        return encode(BoardAnswer.of(board, hints=self.games.offers_hints(board)))  # type: ignore[no-any-return]

    def _board_text(self, board: DecodingBoard, *, maker: bool = False) -> str:
        """``_board`` as JSON, the rows of the boards answered last written once each."""
        if maker:
            return self._texts.text(board, hints=False, reveal=True)
        return self._texts.text(board, hints=self.games.offers_hints(board))

    async def _as_maker(self, board: DecodingBoard) -> DecodingBoard:
        """``board`` as its code maker sees it, with the secret: the board a command left,
        not the game's board now, so that a replayed request answers what it did first."""
        maker = await self._call(self.games.maker_board, board.game_id)
        return board.with_secret(maker.secret)

    def _token(self, board: DecodingBoard) -> str:
        return self.tokens.issue(board.game_id, Role.BREAKER)

    def _authorize(self, request: Request, role: Role = Role.BREAKER) -> str:
        """The game's id, once the request holds the game's token of ``role``."""
        game_id = game_id_of(request)
        missing = (
            "Only the game's player may do this: send the token given when the game "
            "was created, as Authorization: Bearer <token>."
        )
        if role_required(request, self.tokens, game_id, missing) is not role:
            raise Problem(403, "WrongRole", _ONLY[role])
        return game_id

    async def _call_while_connected(
        self, request: Request, action: Callable[..., T], *args: Any
    ) -> T:
        """``_call``, with the hints it asks for abandoned once the client has gone, or
        once this request is cancelled, as when the server stops."""
        gone = threading.Event()
        async with anyio.create_task_group() as watching:
            watching.start_soon(_notice_departure, request, gone)
            try:
                with abandon_hints_when(gone):
                    return await self._call(action, *args)
            except Exception as error:  # raised below, outside the group, which would wrap it
                failure = error
            finally:
                watching.cancel_scope.cancel()
        raise failure

    async def _call(self, action: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a blocking call on ``Games`` in a worker thread; its refusals become problems."""
        return await refused_as_problems(action, *args, **kwargs)


_ONLY = {
    Role.BREAKER: "Only the code breaker may do this: the code maker's token sees the game "
    "and may end it, but cannot play it.",
    Role.MAKER: "Only the person who made the code may do this; the code breaker may give up.",
}


def _secret_and_maker(setup: NewGame) -> tuple[list[str] | str | None, CodeMaker]:
    """The secret a person typed, and the person; the computer when no secret is given."""
    if setup.secret is UNSET:
        if setup.maker_name is not UNSET or setup.hints is not UNSET:
            raise Problem(
                422,
                "MissingField",
                "A code maker's name and leave for hints go with the secret they set.",
                field="secret",
            )
        return None, COMPUTER
    name = None if setup.maker_name is UNSET else setup.maker_name
    return setup.secret, CodeMaker.person(name, allows_hints=setup.hints is True)


def _given(value: T | UnsetType) -> T | None:
    """A field of the request, or ``None`` where it was left out, as ``Games`` takes it."""
    return None if value is UNSET else value


async def _notice_departure(request: Request, gone: threading.Event) -> None:
    """Set ``gone`` when the client disconnects, or when this watch is cancelled."""
    try:
        while (await request.receive())["type"] != "http.disconnect":
            pass
    finally:
        gone.set()


def _location(request: Request, game_id: str) -> str:
    root = request.scope.get("root_path", "")
    return f"{root}/games/{quote(game_id, safe='')}"
