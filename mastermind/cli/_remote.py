"""Games kept by a server: the HTTP API, called with the standard library's ``urllib``, so
that the terminal plays a server's game as it plays one of its own store.

A refusal of the server, a problem document, is raised as the error it names, read back
by the service's one table of refusals, else as :class:`Refused` with the server's words.
Every command is sent as the service's table of commands says.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from datetime import date
from typing import Any, TypeVar
from urllib.parse import quote, urljoin, urlsplit

import attrs

from mastermind.cli._wiring import CannotOpenGames
from mastermind.domain import DecodingBoard
from mastermind.service import (
    BoardAnswer,
    DailyResultsAnswer,
    DailyStatsAnswer,
    GameReview,
    GuessRequest,
    Hint,
    HintAnswer,
    NoFields,
    ProblemAnswer,
    Refused,
    ReviewUnavailable,
    command_kind,
    decode,
    encode,
)

__all__ = [
    "TIMEOUT_SECONDS",
    "Refused",
    "RemoteDaily",
    "RemoteGames",
    "ServerUnreachable",
    "server_url",
]

TIMEOUT_SECONDS = 30.0

A = TypeVar("A")


class ServerUnreachable(CannotOpenGames):
    """No answer from the server, or no answer of this API."""


@attrs.frozen
class RemoteDaily:
    """Today's game of a player, as the server answered it."""

    day: date
    board: DecodingBoard
    token: str
    share: str | None
    new_player: str | None
    """The player's token, when the server made a new player for this request."""
    fields: dict[str, Any] = attrs.field(factory=dict)
    """What the answer adds to the board, as ``daily_fields`` writes it, with the link
    made whole from the server's URL."""


def server_url(typed: str) -> str:
    """The server's base URL, without its last slash.

    Raises:
        ValueError: the URL is no http or https URL of a host.
    """
    parts = urlsplit(typed.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"{typed!r} is no server's URL, such as http://127.0.0.1:8000.")
    return typed.strip().rstrip("/")


class RemoteGames:
    """The games of the server at ``url``, each played with the token it was given."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._tokens: dict[str, str] = {}

    def daily(self, player: str | None, day: date | None = None) -> RemoteDaily:
        """Start or resume today's game of ``player``; a new player without one. With a
        ``day``, the player's game of that day, never another: past midnight, the game
        just played rather than a new one of the next day."""
        headers = {"X-Player-Token": player} if player is not None else {}
        body = None if day is None else {"day": day.isoformat()}
        answer = self._send("POST", "/daily", body, headers=headers)
        board = self._read(answer, BoardAnswer).board()
        self._tokens[board.game_id] = answer["token"]
        daily_part = ("day", "number", "share", "link", "secret_shown_at", "secret_notice")
        fields = {name: answer.get(name) for name in daily_part}
        if isinstance(fields["link"], str):  # relative: whole from the address used
            fields["link"] = urljoin(self.url + "/", fields["link"])
        stats = answer.get("stats")
        fields["stats"] = None if stats is None else encode(self._read(stats, DailyStatsAnswer))
        return RemoteDaily(
            date.fromisoformat(answer["day"]),
            board,
            answer["token"],
            answer.get("share"),
            answer.get("player"),
            fields,
        )

    def daily_stats(self, player: str | None) -> dict[str, Any]:
        """The record of ``player`` on the server; none played without one."""
        headers = {"X-Player-Token": player} if player is not None else {}
        stats: dict[str, Any] = encode(
            self._read(self._send("GET", "/daily/stats", headers=headers), DailyStatsAnswer)
        )
        return stats

    def results(self, day: date | None) -> dict[str, Any]:
        """The results of ``day``; of the server's today without one."""
        query = "" if day is None else f"?day={day.isoformat()}"
        results: dict[str, Any] = encode(
            self._read(self._send("GET", f"/daily/results{query}"), DailyResultsAnswer)
        )
        return results

    def board(self, game_id: str) -> DecodingBoard:
        return self._read(self._send("GET", _path(game_id)), BoardAnswer).board()

    def send(self, name: str, game_id: str, request: object = NoFields()) -> DecodingBoard:
        """Send the command ``name`` of the table, as the server's route of it takes it."""
        kind = command_kind(name)
        kind.check_request(request)
        body = encode(request) if attrs.fields(kind.request) else None
        answer = self._game("POST", game_id, f"/{kind.resource}", body)
        board: DecodingBoard = self._read(answer, kind.answer).board()
        return board

    def guess(self, game_id: str, guess: str) -> DecodingBoard:
        return self.send("guess", game_id, GuessRequest(guess))

    def give_up(self, game_id: str) -> DecodingBoard:
        return self.send("give-up", game_id)

    def hint(self, game_id: str) -> Hint:
        return self._read(self._game("GET", game_id, "/hint"), HintAnswer).suggestion()

    def review(self, game_id: str) -> GameReview:
        raise ReviewUnavailable("The server's reviews are read on its page.")

    def _read(self, document: Any, answer: type[A]) -> A:
        """The answer ``document`` writes; a server whose answer is none is no server of
        this API."""
        try:
            return decode(document, answer)
        except ValueError as error:
            raise ServerUnreachable(f"The server at {self.url} answered {error}.") from None

    def _game(self, method: str, game_id: str, suffix: str, body: Any = None) -> Any:
        token = self._tokens.get(game_id, "")
        headers = {"Authorization": f"Bearer {token}"}
        return self._send(method, _path(game_id) + suffix, body, headers=headers)

    def _send(
        self, method: str, path: str, body: Any = None, *, headers: dict[str, str] | None = None
    ) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={
                "Accept": "application/json",
                **({"Content-Type": "application/json"} if data is not None else {}),
                **(headers or {}),
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
                return json.load(response)
        except urllib.error.HTTPError as error:
            raise _refusal(error) from None
        except (urllib.error.URLError, OSError, ValueError) as error:
            reason = getattr(error, "reason", error)
            raise ServerUnreachable(f"No answer from the server at {self.url}: {reason}.") from None


def _path(game_id: str) -> str:
    return f"/games/{quote(game_id, safe='')}"


def _refusal(error: urllib.error.HTTPError) -> Exception:
    """The error a problem document names; the server's own words as its message."""
    try:
        return ProblemAnswer.from_document(json.load(error)).exception()
    except (ValueError, OSError):
        return ServerUnreachable(f"The server answered {error.code} without saying why.")
