"""Drives the pure decider directly, keeping the game's events in a list."""

from __future__ import annotations

import uuid
from typing import Any

from mastermind import (
    Code,
    CodeMaker,
    Command,
    DecodingBoard,
    Event,
    JoinGame,
    MakeGuess,
    board_view,
    decider,
)
from mastermind.service import Role, random_secret
from support.driver import BoardView, GameSetup, rejections, sent_by_its_role


class DeciderDriver:
    def __init__(self) -> None:
        self.game_id = str(uuid.uuid4())
        self.events: list[Event] = []
        self.last_join: JoinGame | None = None

    def join(self, setup: GameSetup) -> None:
        """``JoinGame`` with the rules asked for, and the secret given or drawn by them."""
        rules = setup.game_rules()
        secret = (
            random_secret(rules.pegs, rules.length, not rules.repeats)
            if setup.secret is None
            else Code(setup.secret)
        )
        self.last_join = JoinGame(self.game_id, secret, rules)
        self._execute(self.last_join)

    def send(self, name: str, /, *, by: Role | None = None, **fields: Any) -> BoardView:
        """The command made as the service makes it, a typed guess read in the game's
        colours, then decided on the events."""
        kind = sent_by_its_role(name, by, "the decider takes a command from whoever sends it")
        board = DecodingBoard.from_events(self.events)
        with rejections():
            command = kind.command_for(self.game_id, kind.request(**fields), board)
        self._execute(command)
        return self.board()

    def guess_before_joining(self, setup: GameSetup, typed: str) -> None:
        self._execute(MakeGuess(self.game_id, Code.parse(typed, setup.game_rules().pegs)))

    def join_again(self) -> None:
        assert self.last_join is not None, "join before joining again"
        self._execute(self.last_join)

    def board(self) -> BoardView:
        return BoardView.of(DecodingBoard.from_events(self.events))

    def make_code(self, setup: GameSetup, maker: CodeMaker) -> None:
        assert setup.secret is not None, "a person gives the secret"
        self.last_join = JoinGame(self.game_id, Code(setup.secret), setup.game_rules(), maker)
        self._execute(self.last_join)

    def maker_board(self) -> BoardView:
        """The pure core's own view: the board folded beside the secret it keeps."""
        folded = decider.with_view(board_view).fold(self.events)[1]
        return BoardView.of(folded.board.with_secret(folded.secret))

    def hint(self) -> tuple[str, ...]:
        """The rules' leave first, then the solver's guess, as an application would ask."""
        with rejections():
            board = DecodingBoard.from_events(self.events).in_play().hints_allowed()
        from mastermind.solver import Solver

        history = [(row.guess, row.feedback) for row in board.rows]
        solver = Solver("best", rules=board.rules)
        return solver.next_guess(history).pegs

    def code_maker(self) -> tuple[str, str | None]:
        maker = DecodingBoard.from_events(self.events).maker
        return maker.kind.value, maker.name

    def close(self) -> None:
        pass

    def _execute(self, command: Command) -> None:
        state = decider.fold(self.events)
        with rejections():
            self.events.extend(decider.decide(command, state))
