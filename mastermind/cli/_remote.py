"""Games kept by a server: the HTTP API, called with the standard library's ``urllib``, so
that the terminal plays a server's game as it plays one of its own store.

A refusal of the server, a problem document, is raised as the rules' error it names where
the terminal tells them apart, else as :class:`ServerRefused` with the server's words.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from datetime import date
from typing import Any
from urllib.parse import quote, urlsplit

import attrs

from mastermind.cli._wiring import CannotOpenGames
from mastermind.domain import (
    BoardRow,
    Code,
    CodeMaker,
    DecodingBoard,
    Feedback,
    GameAlreadyLost,
    GameAlreadyWon,
    GameError,
    HintsNotAllowed,
    MakerKind,
    Outcome,
)
from mastermind.service import GameReview, Hint, HintUnavailable, ReviewUnavailable

TIMEOUT_SECONDS = 30.0


class ServerUnreachable(CannotOpenGames):
    """No answer from the server, or no answer of this API."""


class ServerRefused(GameError):
    """The server refused the request: ``error`` is the name its problem document gives."""

    def __init__(self, game_id: str, error: str, detail: str) -> None:
        super().__init__(game_id, detail)
        self.error = error


@attrs.frozen
class _Hint:
    guess: Code
    remaining: int | None
    strategy: str
    incomplete: bool


@attrs.frozen
class RemoteDaily:
    """Today's game of a player, as the server answered it."""

    day: date
    board: DecodingBoard
    token: str
    share: str | None
    new_player: str | None
    """The player's token, when the server made a new player for this request."""


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

    def daily(self, player: str | None) -> RemoteDaily:
        """Start or resume today's game of ``player``; a new player without one."""
        headers = {"X-Player-Token": player} if player is not None else {}
        answer = self._send("POST", "/daily", headers=headers)
        board = board_of(answer)
        self._tokens[board.game_id] = answer["token"]
        return RemoteDaily(
            date.fromisoformat(answer["day"]),
            board,
            answer["token"],
            answer.get("share"),
            answer.get("player"),
        )

    def results(self, day: date | None) -> dict[str, Any]:
        """The results of ``day``; of the server's today without one."""
        query = "" if day is None else f"?day={day.isoformat()}"
        results: dict[str, Any] = self._send("GET", f"/daily/results{query}")
        return results

    def board(self, game_id: str) -> DecodingBoard:
        return board_of(self._send("GET", _path(game_id)))

    def guess(self, game_id: str, guess: str) -> DecodingBoard:
        return board_of(self._game("POST", game_id, "/guesses", {"guess": guess}))

    def give_up(self, game_id: str) -> DecodingBoard:
        return board_of(self._game("POST", game_id, "/give-up"))

    def hint(self, game_id: str) -> Hint:
        answer = self._game("GET", game_id, "/hint")
        return _Hint(
            Code(answer["guess"]), answer["remaining"], answer["strategy"], answer["incomplete"]
        )

    def review(self, game_id: str) -> GameReview:
        raise ReviewUnavailable("The server's reviews are read on its page.")

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


def board_of(answer: dict[str, Any]) -> DecodingBoard:
    """A board as the HTTP API writes it."""
    return DecodingBoard(
        answer["id"],
        Outcome(answer["status"]),
        answer["attempts"]["total"],
        answer["length"],
        tuple(answer["colours"]),
        rows=tuple(
            BoardRow(
                Code(row["guess"]), Feedback(row["feedback"]["black"], row["feedback"]["white"])
            )
            for row in answer["rows"]
        ),
        secret=None if answer["secret"] is None else Code(answer["secret"]),
        maker=CodeMaker(
            MakerKind(answer["maker"]["kind"]),
            answer["maker"]["name"],
            answer["maker"]["allows_hints"],
        ),
    )


def _path(game_id: str) -> str:
    return f"/games/{quote(game_id, safe='')}"


def _refusal(error: urllib.error.HTTPError) -> Exception:
    """The error a problem document names; the server's own words as its message."""
    try:
        problem = json.load(error)
        name, detail = str(problem["error"]), str(problem["detail"])
    except (ValueError, KeyError, TypeError, OSError):
        return ServerUnreachable(f"The server answered {error.code} without saying why.")
    game_id = str(problem.get("game_id", ""))
    if name == "GameAlreadyWon":
        return GameAlreadyWon(game_id)
    if name == "GameAlreadyLost":
        return GameAlreadyLost(game_id)
    if name == "HintsNotAllowed":
        return HintsNotAllowed(game_id)
    if name in ("HintsUnavailable", "ReviewUnavailable"):
        return HintUnavailable(detail)
    return ServerRefused(game_id, name, detail)
