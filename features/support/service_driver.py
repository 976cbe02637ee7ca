"""Drives the application service, ``Games``, over a real store."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from mastermind import Code, CodeMaker
from mastermind.bootstrap import bootstrap
from mastermind.service import Role
from support.driver import BoardView, GameSetup, rejections, sent_by_its_role


def _asked_for(setup: GameSetup) -> dict[str, Any]:
    """What ``Games.start`` is told of the game's rules: the preset's name alone, or the
    attempts and colours of a classic game."""
    if setup.rules is not None:
        return {"rules": setup.rules}
    return {"total_attempts": setup.total_attempts, "available_pegs": setup.available_pegs}


class ServiceDriver:
    def __init__(self) -> None:
        self._directory = tempfile.TemporaryDirectory()
        self.database = Path(self._directory.name) / "games.db"
        # Hints are worked out in the asking thread, and only when a scenario asks.
        self.application = bootstrap(f"sqlite:///{self.database}", environment={})
        self.games = self.application.games
        self.game_id = ""

    def join(self, setup: GameSetup) -> None:
        secret = None if setup.secret is None else Code(setup.secret)
        with rejections():
            self.game_id = self.games.start(secret=secret, **_asked_for(setup)).game_id

    def send(self, name: str, /, *, by: Role | None = None, **fields: Any) -> BoardView:
        kind = sent_by_its_role(name, by, "the service takes a command from whoever calls it")
        with rejections():
            return BoardView.of(self.games.send(name, self.game_id, kind.request(**fields)))

    def guess_before_joining(self, setup: GameSetup, typed: str) -> None:
        raise NotImplementedError("a game in the service exists from the moment it is joined")

    def join_again(self) -> None:
        raise NotImplementedError("the service gives every join a new game")

    def board(self) -> BoardView:
        return BoardView.of(self.games.board(self.game_id))

    def make_code(self, setup: GameSetup, maker: CodeMaker) -> None:
        assert setup.secret is not None, "a person gives the secret"
        with rejections():
            board = self.games.start(secret=Code(setup.secret), maker=maker, **_asked_for(setup))
        self.game_id = board.game_id

    def maker_board(self) -> BoardView:
        return BoardView.of(self.games.maker_board(self.game_id))

    def hint(self) -> tuple[str, ...]:
        with rejections():
            return self.games.hint(self.game_id).guess.pegs

    def code_maker(self) -> tuple[str, str | None]:
        maker = self.games.board(self.game_id).maker
        return maker.kind.value, maker.name

    def close(self) -> None:
        self.application.close()
        self._directory.cleanup()
