"""The routes of the HTTP API: a thin adapter that turns requests into calls on ``Games``."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import quote

import anyio
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from mastermind.domain import (
    COMPUTER,
    CodeMaker,
    DecodingBoard,
    GameError,
    UnreadableCode,
)
from mastermind.service import (
    Games,
    HintAbandoned,
    HintsBusy,
    HintUnavailable,
    IdempotencyKeyReused,
    PlayerTokens,
    ReviewUnavailable,
    Role,
    VersionConflict,
    abandon_hints_when,
    review_document,
)
from mastermind.web._bearer import role_required, role_sent
from mastermind.web._board import board_json
from mastermind.web._bodies import (
    GAME_ID,
    IDEMPOTENCY_KEY,
    Board,
    Guess,
    Hint,
    NewBoard,
    NewGame,
    Review,
)
from mastermind.web._problems import Problem, json_response
from mastermind.web._requests import (
    game_id_of,
    idempotency_key_of,
    read_as,
    read_body,
    read_json,
)
from mastermind.web._schema import UNSET, Answer, Link, endpoint, routes_of

BREAKER = {"token": "the code breaker's", "parameters": (GAME_ID,)}
MAKER = {"token": "the code maker's", "parameters": (GAME_ID,)}

T = TypeVar("T")


class GameApi:
    """The handlers of ``/games`` and below, over one ``Games`` service."""

    def __init__(self, games: Games, tokens: PlayerTokens) -> None:
        self.games = games
        self.tokens = tokens

    def routes(self) -> list[Route]:
        return routes_of(
            self.create, self.show, self.guess, self.give_up, self.hint, self.review, self.end
        )

    @endpoint(
        "POST",
        "/games",
        "createGame",
        "Start a game",
        Answer(201, "The game, and its player's token", NewBoard, headers=("Location",)),
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
            setup.attempts,
            setup.colours,
            None if setup.length is UNSET else setup.length,
            secret,
            unique=setup.unique,
            maker=maker,
            idempotency_key=idempotency_key_of(request),
        )
        location = _location(request, board.game_id)
        if not maker.is_person:
            body = {**self._board(board), "role": Role.BREAKER, "token": self._token(board)}
            return json_response(body, 201, headers={"Location": location})
        breaker_token = self.tokens.issue(board.game_id, Role.BREAKER)
        invite = f"{request.base_url}#game={quote(board.game_id, safe='')}&token={breaker_token}"
        body = {
            **self._board(await self._call(self.games.maker_board, board.game_id), maker=True),
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
        Answer(200, "The board", Board),
        problems=(403, 404),
        token_optional=True,
        **MAKER,
    )
    async def show(self, request: Request) -> Response:
        game_id = game_id_of(request)
        board = await self._call(self.games.board, game_id)  # an unknown game is 404 first
        if role_sent(request, self.tokens, game_id) is Role.MAKER:
            board = await self._call(self.games.maker_board, game_id)
            return json_response(self._board(board, maker=True))
        return json_response(self._board(board))

    @endpoint(
        "POST",
        "/games/{id}/end",
        "endGame",
        "End the game: it is lost, and the secret shown to all",
        Answer(200, "The board, secret revealed", Board),
        problems=(400, 401, 403, 404, 409, 413),
        **MAKER,
    )
    async def end(self, request: Request) -> Response:
        """The code maker calls the game off: it is lost, and the secret shown to all."""
        game_id = self._authorize(request, Role.MAKER)
        await read_body(request)
        board = await self._call(self.games.call_off, game_id)
        return json_response(self._board(board))

    @endpoint(
        "POST",
        "/games/{id}/guesses",
        "makeGuess",
        "Make a guess",
        Answer(
            201,
            "The board, with the guess and its key pegs",
            Board,
            headers=("Location",),
            links=(Link("getHint"), Link("getReview")),
        ),
        problems=(400, 401, 403, 404, 409, 413, 415, 422),
        body=Guess,
        body_required=True,
        token="the code breaker's",
        parameters=(GAME_ID, IDEMPOTENCY_KEY),
    )
    async def guess(self, request: Request) -> Response:
        game_id = self._authorize(request)
        guess = read_as(Guess, await read_json(request, required=True) or {}).guess
        board = await self._call(
            self.games.guess, game_id, guess, idempotency_key=idempotency_key_of(request)
        )
        return json_response(
            self._board(board), 201, headers={"Location": _location(request, game_id)}
        )

    @endpoint(
        "POST",
        "/games/{id}/give-up",
        "giveUp",
        "Give up: the game is lost and the secret shown",
        Answer(200, "The board, secret revealed", Board),
        problems=(400, 401, 403, 404, 409, 413),
        **BREAKER,
    )
    async def give_up(self, request: Request) -> Response:
        game_id = self._authorize(request)
        await read_body(request)
        board = await self._call(self.games.give_up, game_id)
        return json_response(self._board(board))

    @endpoint(
        "GET",
        "/games/{id}/hint",
        "getHint",
        "A suggested next guess, where the solver is installed and the code maker allows",
        Answer(
            200,
            "A guess worth trying",
            Hint,
            links=(Link("makeGuess", {"guess": "$response.body#/guess"}),),
        ),
        problems=(400, 401, 403, 404, 429),
        **BREAKER,
    )
    async def hint(self, request: Request) -> Response:
        game_id = self._authorize(request)
        try:
            hint = await self._call_while_connected(request, self.games.hint, game_id)
        except HintsBusy as error:
            raise Problem(
                503,
                type(error).__name__,
                str(error),
                headers={"Retry-After": str(error.retry_after)},
            ) from None
        except HintAbandoned as error:  # answered to nobody: its client has gone
            raise Problem(503, "HintAbandoned", str(error)) from None
        except HintUnavailable as error:
            raise Problem(404, "HintsUnavailable", str(error)) from None
        return json_response(
            {
                "guess": list(hint.guess.pegs),
                "initials": hint.guess.initials(),
                "remaining": None if hint.remaining is None else int(hint.remaining),
                "incomplete": bool(hint.incomplete),
                "strategy": hint.strategy,
            }
        )

    @endpoint(
        "GET",
        "/games/{id}/review",
        "getReview",
        "The review of a finished game, where the solver is installed",
        Answer(200, "Every guess, against the best strategy", Review),
        problems=(401, 403, 404, 409, 429),
        **BREAKER,
    )
    async def review(self, request: Request) -> Response:
        game_id = self._authorize(request)
        try:
            review = await self._call(self.games.review, game_id)
        except ReviewUnavailable as error:
            raise Problem(404, "ReviewUnavailable", str(error)) from None
        return json_response(review_document(review))

    def _board(self, board: DecodingBoard, *, maker: bool = False) -> dict[str, Any]:
        """The board as a player sees it: the maker's shows the secret, and no hints,
        which only the breaker may ask for."""
        if maker:
            return board_json(board, hints=False, reveal=True)
        return board_json(board, hints=self.games.offers_hints(board))

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
        try:
            return await run_in_threadpool(action, *args, **kwargs)
        except GameError as error:
            raise Problem.from_game_error(error) from None
        except UnreadableCode as error:
            raise Problem(400, "UnreadableCode", str(error)) from None
        except IdempotencyKeyReused as error:
            raise Problem(422, "IdempotencyKeyReused", str(error)) from None
        except VersionConflict:
            raise Problem.conflict() from None


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
