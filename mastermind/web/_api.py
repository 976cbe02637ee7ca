"""The routes of the HTTP API: a thin adapter that turns requests into calls on ``Games``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from mastermind.domain import (
    CLASSIC_PEGS,
    Code,
    DecodingBoard,
    GameAlreadyLost,
    GameAlreadyWon,
    GameError,
    InvalidGameSetup,
    Outcome,
    UnreadableCode,
)
from mastermind.service import Games
from mastermind.store import VersionConflict
from mastermind.web._board import board_json
from mastermind.web._problems import Problem, json_response
from mastermind.web._requests import (
    boolean,
    integer,
    only_fields,
    read_body,
    read_json,
    strings,
)
from mastermind.web._tokens import PlayerTokens


class HintProvider(Protocol):
    """Suggests the next guess for the board of a game in play, or ``None`` for none.

    A provider may also have ``offers(board) -> bool``, which boards then show as
    ``"hints"``; without it, every game in play is taken to have hints.
    """

    def __call__(self, board: DecodingBoard, /) -> Code | None: ...


MAX_LENGTH = 10
MAX_ATTEMPTS = 100
MAX_COLOURS = 20
MAX_COLOUR_NAME = 20
MAX_GAME_ID = 100
_SEPARATORS = frozenset(" ,;")

T = TypeVar("T")


class GameApi:
    """The handlers of ``/games`` and below, over one ``Games`` service."""

    def __init__(
        self, games: Games, tokens: PlayerTokens, hint_provider: HintProvider | None
    ) -> None:
        self.games = games
        self.tokens = tokens
        self.hint_provider = hint_provider

    def routes(self) -> list[Route]:
        return [
            Route("/games", self.create, methods=["POST"]),
            Route("/games/{id}", self.show, methods=["GET"]),
            Route("/games/{id}/guesses", self.guess, methods=["POST"]),
            Route("/games/{id}/give-up", self.give_up, methods=["POST"]),
            Route("/games/{id}/hint", self.hint, methods=["GET"]),
        ]

    async def create(self, request: Request) -> Response:
        document = await read_json(request, required=False) or {}
        only_fields(document, ("length", "attempts", "colours", "unique"))
        length = integer(document, "length", 4)
        attempts = integer(document, "attempts", 12)
        colours = strings(document.get("colours", list(CLASSIC_PEGS)), "colours")
        unique = boolean(document, "unique", False)
        _check_limits(length, attempts, colours)
        game_id = await self._call(self.games.join, attempts, colours, length, unique=unique)
        board = await self._call(self.games.board, game_id)
        body = {**self._board(board), "token": self.tokens.issue(game_id)}
        return json_response(body, 201, headers={"Location": _location(request, game_id)})

    async def show(self, request: Request) -> Response:
        board = await self._call(self.games.board, _game_id(request))
        return json_response(self._board(board))

    async def guess(self, request: Request) -> Response:
        game_id = self._authorize(request)
        document = await read_json(request, required=True) or {}
        only_fields(document, ("guess",))
        if "guess" not in document:
            raise Problem(
                422,
                "MissingField",
                'Send the guess as {"guess": ["Red", "Green", ...]} or {"guess": "RGBY"}.',
                field="guess",
            )
        typed = document["guess"]
        if isinstance(typed, str):
            board = await self._call(self.games.guess, game_id, typed)
        else:
            pegs = strings(typed, "guess")
            palette = (await self._call(self.games.board, game_id)).available_pegs
            code = Code(_read_peg(peg, palette) for peg in pegs)
            board = await self._call(self.games.guess, game_id, code)
        return json_response(
            self._board(board), 201, headers={"Location": _location(request, game_id)}
        )

    async def give_up(self, request: Request) -> Response:
        game_id = self._authorize(request)
        await read_body(request)
        board = await self._call(self.games.give_up, game_id)
        return json_response(self._board(board))

    async def hint(self, request: Request) -> Response:
        game_id = self._authorize(request)
        board = await self._call(self.games.board, game_id)
        if self.hint_provider is None:
            raise Problem(
                404,
                "HintsUnavailable",
                'This server gives no hints: install the solver, "mastermind[solver]".',
            )
        if board.outcome is Outcome.WON:
            raise Problem.from_game_error(GameAlreadyWon(game_id))
        if board.outcome is Outcome.LOST:
            raise Problem.from_game_error(GameAlreadyLost(game_id))
        suggestion = await run_in_threadpool(self.hint_provider, board)
        if suggestion is None:
            raise Problem(404, "HintsUnavailable", "There are no hints for a game this large.")
        return json_response({"guess": list(suggestion.pegs), "initials": suggestion.initials()})

    def _board(self, board: DecodingBoard) -> dict[str, Any]:
        provider = self.hint_provider
        offers = getattr(provider, "offers", None)
        hints = provider is not None and (offers is None or bool(offers(board)))
        return board_json(board, hints=hints)

    def _authorize(self, request: Request) -> str:
        """The game's id, once the request holds the game's player token."""
        game_id = _game_id(request)
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Problem(
                401,
                "MissingToken",
                "Only the game's player may do this: send the token given when the game "
                "was created, as Authorization: Bearer <token>.",
                headers={"WWW-Authenticate": 'Bearer realm="mastermind"'},
            )
        if not self.tokens.holds(token.strip(), game_id):
            raise Problem(403, "WrongToken", "This token is not the player's token of this game.")
        return game_id

    async def _call(self, action: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a blocking call on ``Games`` in a worker thread; its refusals become problems."""
        try:
            return await run_in_threadpool(action, *args, **kwargs)
        except GameError as error:
            raise Problem.from_game_error(error) from None
        except UnreadableCode as error:
            raise Problem(400, "UnreadableCode", str(error)) from None
        except VersionConflict:
            raise Problem(
                409,
                "Conflict",
                "Other moves on this game kept arriving at the same moment: try again.",
            ) from None


def _game_id(request: Request) -> str:
    game_id: str = request.path_params["id"]
    if not (0 < len(game_id) <= MAX_GAME_ID and game_id.isprintable()):
        raise Problem(404, "GameNotFound", "There is no game with this id.")
    return game_id


def _location(request: Request, game_id: str) -> str:
    root = request.scope.get("root_path", "")
    return f"{root}/games/{quote(game_id, safe='')}"


def _read_peg(typed: str, palette: tuple[str, ...]) -> str:
    """A colour named or abbreviated as the game reads text; anything else as sent."""
    try:
        pegs = Code.parse(typed, palette).pegs
    except UnreadableCode:
        return typed
    return pegs[0] if len(pegs) == 1 else typed


def _check_limits(length: int, attempts: int, colours: list[str]) -> None:
    """Limits of a game worth playing; the rules themselves judge the rest."""
    reason = None
    if length > MAX_LENGTH:
        reason = f"a code has at most {MAX_LENGTH} pegs here"
    elif attempts > MAX_ATTEMPTS:
        reason = f"a game has at most {MAX_ATTEMPTS} attempts here"
    elif len(colours) > MAX_COLOURS:
        reason = f"a game has at most {MAX_COLOURS} colours here"
    else:
        for name in colours:
            if len(name) > MAX_COLOUR_NAME or not name.isprintable():
                reason = f"a colour's name has at most {MAX_COLOUR_NAME} printable characters"
            elif _SEPARATORS & set(name):
                reason = f"a colour's name holds no spaces, commas or semicolons: {name!r}"
            if reason:
                break
    if reason:
        raise Problem.from_game_error(InvalidGameSetup("", reason))
