"""Drives the application service, ``Games``, over a real store."""

from __future__ import annotations

import tempfile
from pathlib import Path

from mastermind import Code, CodeMaker, DecodingBoard, GameError
from mastermind.bootstrap import bootstrap
from support.driver import BoardView, GameSetup, Rejected


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
        length = 4 if secret is None else len(secret)
        self.game_id = self._call(
            self.games.join, setup.total_attempts, setup.available_pegs, length, secret
        )

    def guess(self, typed: str) -> str:
        board: DecodingBoard = self._call(self.games.guess, self.game_id, typed)
        return str(board.rows[-1].feedback)

    def guess_before_joining(self, setup: GameSetup, typed: str) -> None:
        raise NotImplementedError("a game in the service exists from the moment it is joined")

    def join_again(self) -> None:
        raise NotImplementedError("the service gives every join a new game")

    def give_up(self) -> None:
        self._call(self.games.give_up, self.game_id)

    def board(self) -> BoardView:
        return BoardView.of(self.games.board(self.game_id))

    def make_code(self, setup: GameSetup, maker: CodeMaker) -> None:
        assert setup.secret is not None, "a person gives the secret"
        board: DecodingBoard = self._call(
            self.games.start,
            setup.total_attempts,
            setup.available_pegs,
            None,
            Code(setup.secret),
            maker=maker,
        )
        self.game_id = board.game_id

    def maker_board(self) -> BoardView:
        return BoardView.of(self.games.maker_board(self.game_id))

    def maker_guess(self, typed: str) -> None:
        raise NotImplementedError("the service takes a guess from whoever calls it")

    def maker_ends(self) -> None:
        self._call(self.games.call_off, self.game_id)

    def breaker_ends(self) -> None:
        raise NotImplementedError("the service ends a game for whoever calls it")

    def hint(self) -> tuple[str, ...]:
        pegs: tuple[str, ...] = self._call(self.games.hint, self.game_id).guess.pegs
        return pegs

    def code_maker(self) -> tuple[str, str | None]:
        maker = self.games.board(self.game_id).maker
        return maker.kind.value, maker.name

    def close(self) -> None:
        self.application.close()
        self._directory.cleanup()

    @staticmethod
    def _call(action, *args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            return action(*args, **kwargs)
        except GameError as error:
            raise Rejected(type(error).__name__, error.message) from error
