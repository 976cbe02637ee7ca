"""The code breaker as a player: it reads the board and issues the game's own commands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from mastermind.domain import Code, DecodingBoard, Event, GameStarted, MakeGuess, decider
from mastermind.solver._solver import GameKind, Solver, kind_of

__all__ = ["CodeBreaker", "GameTable"]


class GameTable(Protocol):
    """Where games are played, such as ``mastermind.service.Games``."""

    def board(self, game_id: str) -> DecodingBoard: ...

    def guess(self, game_id: str, guess: Code) -> DecodingBoard: ...


class CodeBreaker:
    """Plays Mastermind against any code maker, by one strategy of ``STRATEGIES``.

    It sees only what a player sees, the board, never the secret. One breaker can play
    any number of games, by any rules.
    """

    def __init__(self, strategy: str = "optimal", *, seed: int = 0) -> None:
        self.strategy = strategy
        self.seed = seed
        self._solvers: dict[GameKind, Solver] = {}

    def next_guess(self, board: DecodingBoard) -> Code:
        """The guess to place on a board in play, by the board's rules."""
        key = kind_of(board.rules)
        solver = self._solvers.get(key)
        if solver is None:
            solver = Solver(self.strategy, seed=self.seed, rules=board.rules)
            self._solvers[key] = solver
        return solver.next_guess([(row.guess, row.feedback) for row in board.rows])

    def play(self, games: GameTable, game_id: str) -> DecodingBoard:
        """Guess until the game is over; the final board, which shows the secret."""
        board = games.board(game_id)
        while not board.is_over:
            board = games.guess(game_id, self.next_guess(board))
        return board

    def play_events(self, events: Sequence[Event]) -> tuple[Event, ...]:
        """Play on from a started game's events with the decider; every event, old and new."""
        started = next(event for event in events if isinstance(event, GameStarted))
        history = tuple(events)
        state = decider.fold(history)
        while not decider.is_terminal(state):
            board = DecodingBoard.from_events(history, started.game_id)
            command = MakeGuess(started.game_id, self.next_guess(board))
            new_events = decider.decide(command, state)
            history += new_events
            for event in new_events:
                state = decider.evolve(state, event)
        return history
