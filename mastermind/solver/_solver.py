"""Playing the game as code breaker: the next guess, whole games, and every secret."""

from __future__ import annotations

import time
from collections.abc import Sequence

import attrs

from mastermind.domain import CLASSIC_PEGS, Code, Feedback, score
from mastermind.solver._scoring import CodeSpace
from mastermind.solver._strategies import Strategy, play_every_secret, strategy_named


class Solver:
    """Chooses guesses for one game, by one strategy.

    ``strategy`` is one of ``STRATEGIES``; ``seed`` only matters to
    ``"random-consistent"``. A solver keeps what it has worked out, so reusing one for
    many games of the same kind is faster than making a new one each time.
    """

    def __init__(
        self,
        strategy: str = "optimal",
        available_pegs: Sequence[str] = CLASSIC_PEGS,
        length: int = 4,
        *,
        seed: int = 0,
    ) -> None:
        self.strategy = strategy
        self.space = CodeSpace(available_pegs, length)
        self._strategy: Strategy = strategy_named(strategy, self.space, seed)

    def candidates(self, history: Sequence[tuple[Code, Feedback]]) -> list[Code]:
        """Every code that could still be the secret after the history."""
        return [self.space.code(int(number)) for number in self.space.consistent(history)]

    def next_guess(self, history: Sequence[tuple[Code, Feedback]]) -> Code:
        """The guess to make after ``history``, a sequence of guesses and their feedbacks.

        Raises:
            ValueError: a guess is not a code of this game, or no secret fits the
                feedbacks.
        """
        candidates = self.space.consistent(history)
        if len(candidates) == 0:
            raise ValueError("No secret gives those feedbacks: one of them must be wrong")
        numbered = [
            (self.space.index(guess), self.space.feedback_number(feedback))
            for guess, feedback in history
        ]
        return self.space.code(self._strategy.choose(candidates, numbered))


def solve(
    secret: Code,
    strategy: str = "optimal",
    available_pegs: Sequence[str] = CLASSIC_PEGS,
    length: int | None = None,
    *,
    seed: int = 0,
) -> list[Code]:
    """Play a game against ``secret``; the guesses made, the last of which is the secret."""
    solver = Solver(
        strategy, available_pegs, len(secret.pegs) if length is None else length, seed=seed
    )
    solver.space.index(secret)
    history: list[tuple[Code, Feedback]] = []
    while not history or history[-1][0] != secret:
        guess = solver.next_guess(history)
        history.append((guess, score(secret, guess)))
    return [guess for guess, _ in history]


@attrs.frozen
class Evaluation:
    """How a strategy fares over every secret of a game."""

    strategy: str
    length: int
    colours: int
    secrets: int
    total: int
    """Guesses over all secrets, the winning guesses included."""
    worst: int
    """The most guesses any secret needed."""
    histogram: tuple[tuple[int, int], ...]
    """Pairs of a number of guesses and how many secrets needed exactly that many."""
    seconds: float

    @property
    def average(self) -> float:
        """Guesses per secret."""
        return self.total / self.secrets

    def __str__(self) -> str:
        spread = ", ".join(f"{guesses}: {count}" for guesses, count in self.histogram)
        return (
            f"{self.strategy} on {self.length} pegs of {self.colours} colours:"
            f" {self.total} guesses for {self.secrets} secrets, average {self.average:.4f},"
            f" worst {self.worst} ({spread}) in {self.seconds:.2f} s"
        )


def evaluate(
    strategy: str = "optimal",
    available_pegs: Sequence[str] = CLASSIC_PEGS,
    length: int = 4,
    *,
    seed: int = 0,
) -> Evaluation:
    """Play every secret of the game with a strategy and report how many guesses it took."""
    started = time.perf_counter()
    solver = Solver(strategy, available_pegs, length, seed=seed)
    solved = play_every_secret(solver.space, solver._strategy)
    seconds = time.perf_counter() - started
    return Evaluation(
        strategy=strategy,
        length=length,
        colours=solver.space.colours,
        secrets=solver.space.size,
        total=sum(guesses * count for guesses, count in solved.items()),
        worst=max(solved),
        histogram=tuple(solved.items()),
        seconds=seconds,
    )
