"""Steps of the computer as code breaker: it plays through the stage's driver, as a person.

The loop is the one ``mastermind.solver.CodeBreaker`` runs: read the board's rows, ask
the solver for the next guess, make it. Every stage's driver answers, so the code
breaker is checked against the decider, the service, the terminal and the HTTP API.
"""

from __future__ import annotations

from typing import Any

from behave import then, when

from mastermind import Code, Feedback
from mastermind.solver import Solver
from steps.game_steps import _ensure_joined


@when('the computer breaks the code by the "{strategy}" strategy')
def computer_breaks_the_code(context: Any, strategy: str) -> None:
    _ensure_joined(context)
    board = context.driver.board()
    solver = Solver(strategy, context.setup.available_pegs, board.code_length)
    while board.outcome == "in progress":
        history = [(Code(row.guess), Feedback.parse(row.feedback)) for row in board.rows]
        guess = solver.next_guess(history)
        answered = context.driver.send("guess", guess=" ".join(guess.pegs))
        board = context.driver.board()
        assert board.rows[-1].guess == guess.pegs, board
        assert board.rows[-1] == answered.rows[-1], board


@then("the code breaker should win within {most:d} guesses")
def won_within(context: Any, most: int) -> None:
    board = context.driver.board()
    assert board.outcome == "won", board
    assert len(board.rows) <= most, board
    assert board.rows[-1].guess == board.secret, board
