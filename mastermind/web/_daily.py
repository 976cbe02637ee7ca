"""The routes of the daily code: a thin adapter over ``DailyGames``.

``POST /daily`` starts or resumes today's game of the player who asks, and answers it as
``POST /games`` answers a game, with its day and, once it is over, its result to share.
The player is known by a player token: a page keeps it in a cookie, ``HttpOnly``, that
the server sets on the first visit; any other client sends it as ``X-Player-Token``, as
the first answer gave it. The guesses go to ``/games/{id}/guesses``, with the game's
token, as every game's do. The daily code is a contest: its games give no hints.

``GET /daily/results`` answers the day's results: players, wins, losses and guesses
per win, today's unless ``?day=YYYY-MM-DD`` names another day, and its secret once that
day is over. ``GET /daily/stats`` answers the player's record: played, won, streak and
best streak, and when the next code comes.

The link to share is relative, the page's own with ``?daily=YYYY-MM-DD``: it is never
made of the request's ``Host``, which a client chooses; each client makes it whole
from the address it already uses.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any, TypeVar

from msgspec import UnsetType
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from mastermind.service import (
    BoardAnswer,
    DailyCodeUnavailable,
    DailyGame,
    DailyGames,
    DailyResultsAnswer,
    DailyStats,
    DailyStatsAnswer,
    InvalidPlayerToken,
    PlayerTokens,
    Role,
    daily_fields,
    encode,
)
from mastermind.web._bodies import DAY, PLAYER_TOKEN, DailyBoard, DailyRequest
from mastermind.web._problems import Problem, json_response, refused_as_problems
from mastermind.web._requests import read_as, read_json
from mastermind.web._schema import Reply, endpoint, routes_of

__all__ = ["COOKIE_SECONDS", "PLAYER_COOKIE", "PLAYER_HEADER", "DailyApi", "daily_link"]

PLAYER_COOKIE = "mastermind_player"
"""The cookie that keeps a page's player token; the page's scripts cannot read it."""
PLAYER_HEADER = "X-Player-Token"
"""How a client other than the page names its player: the token ``POST /daily`` gave."""
COOKIE_SECONDS = 400 * 24 * 60 * 60
"""How long a browser keeps the player: 400 days, the most browsers allow."""

T = TypeVar("T")


class DailyApi:
    """The handlers of ``/daily`` and below, over the daily code and the games' tokens."""

    def __init__(self, daily: Callable[[], DailyGames], tokens: PlayerTokens) -> None:
        self._daily = daily
        self.tokens = tokens

    @property
    def daily(self) -> DailyGames:
        """The daily code, chosen on the first request that asks for it.

        Raises:
            Problem: 404 where the server's key would not outlive it.
        """
        try:
            return self._daily()
        except DailyCodeUnavailable as error:
            raise Problem(404, "DailyCodeUnavailable", str(error)) from None

    def routes(self) -> list[Route]:
        return routes_of(self.play, self.results, self.stats)

    @endpoint(
        "POST",
        "/daily",
        "playDaily",
        "Start or resume today's game of the daily code",
        Reply(200, "Today's game of the player, and its token", DailyBoard),
        problems=(400, 403, 404, 409, 413, 415, 422, 429),
        body=DailyRequest,
        parameters=(PLAYER_TOKEN,),
        creates="/games/{id}",
    )
    async def play(self, request: Request) -> Response:
        """Today's game of the player: ``player`` in the answer when it is a new player."""
        asked = read_as(DailyRequest, await read_json(request, required=False) or {})
        day = None if isinstance(asked.day, UnsetType) else _day(asked.day)
        sent = request.headers.get(PLAYER_HEADER)
        from_cookie = sent is None and PLAYER_COOKIE in request.cookies
        player = sent if sent is not None else request.cookies.get(PLAYER_COOKIE)
        minted = player is None
        if player is None:
            player = self.daily.new_player()
        try:
            game = await _call(self.daily.play, player, day)
        except InvalidPlayerToken as error:
            refusal = Problem(403, "InvalidPlayerToken", error.message).response()
            if from_cookie:  # a page's next visit starts afresh, as a new player
                refusal.delete_cookie(PLAYER_COOKIE, path=_cookie_path(request))
            return refusal
        stats = await _call(self.daily.stats, player)
        response = json_response(
            self._game(game, stats, player if minted else None, _cookie_path(request))
        )
        if minted or from_cookie:
            response.set_cookie(
                PLAYER_COOKIE,
                player,
                max_age=COOKIE_SECONDS,
                path=_cookie_path(request),
                secure=request.url.scheme == "https",
                httponly=True,
                samesite="lax",
            )
        return response

    @endpoint(
        "GET",
        "/daily/results",
        "getDailyResults",
        "A day's results: players, wins and guesses per win",
        Reply(200, "The day's results", DailyResultsAnswer),
        problems=(400, 404),
        parameters=(DAY,),
    )
    async def results(self, request: Request) -> Response:
        day = _day(request.query_params.get("day"))
        return json_response(encode(DailyResultsAnswer.of(await _call(self.daily.results, day))))

    @endpoint(
        "GET",
        "/daily/stats",
        "getDailyStats",
        "The player's daily record: played, won, streak, best streak, next code",
        Reply(
            200, "The player's record; a client with no player has played none", DailyStatsAnswer
        ),
        problems=(403, 404),
        parameters=(PLAYER_TOKEN,),
    )
    async def stats(self, request: Request) -> Response:
        sent = request.headers.get(PLAYER_HEADER)
        player = sent if sent is not None else request.cookies.get(PLAYER_COOKIE)
        try:
            stats = await _call(self.daily.stats, player)
        except InvalidPlayerToken as error:
            return Problem(403, "InvalidPlayerToken", error.message).response()
        return json_response(encode(DailyStatsAnswer.of(stats)))

    def _game(
        self, game: DailyGame, stats: DailyStats, new_player: str | None, root: str
    ) -> dict[str, Any]:
        board = game.board
        answer = {
            **encode(BoardAnswer.of(board, hints=False)),
            "role": Role.BREAKER,
            "token": self.tokens.issue(board.game_id),
            **daily_fields(game, stats, daily_link(root, game.day)),
        }
        if new_player is not None:
            answer["player"] = new_player
        return answer


def daily_link(root: str, day: date) -> str:
    """The page of ``day``, relative to the server: its root path, never its host."""
    return f"{root.rstrip('/')}/?daily={day.isoformat()}"


def _day(typed: str | None) -> date | None:
    if typed is None:
        return None
    try:
        # fromisoformat takes week dates too, such as 2026-W01-1: only YYYY-MM-DD is a day.
        if re.fullmatch("[0-9]{4}-[0-9]{2}-[0-9]{2}", typed):
            return date.fromisoformat(typed)
    except ValueError:
        pass
    raise Problem(400, "InvalidDay", "Name the day as YYYY-MM-DD, such as 2026-11-23.")


def _cookie_path(request: Request) -> str:
    return str(request.scope.get("root_path") or "") or "/"


async def _call(action: Callable[..., T], *args: Any) -> T:
    """Run a blocking call in a worker thread; the rules' refusals become problems."""
    return await refused_as_problems(action, *args, passing=(InvalidPlayerToken,))
