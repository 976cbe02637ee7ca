"""The code breaker: strategies that find the secret, up to the proven optimum.

``Solver`` chooses guesses, ``solve`` plays one game, ``evaluate`` plays every secret.
``STRATEGIES`` names the strategies:

- ``"knuth"``: the guess whose largest feedback class is smallest (Knuth, 1977).
- ``"most-parts"``: the guess with the most feedback classes (Kooi, 2005).
- ``"expected-size"``: the smallest expected class size (Irving, 1979).
- ``"entropy"``: the most informative feedback (Neuwirth, 1982).
- ``"random-consistent"``: any code that could still be the secret, seeded.
- ``"entropy-endgame"``: entropy until at most 30 candidates are left, then the
  optimal search over every code; the best choice for games too large for ``"optimal"``.
- ``"optimal"``: the fewest guesses over all secrets (Koyama and Lai, 1993).
- ``"optimal-worst-5"``: the same, with no secret taking more than five guesses.

``review_game`` values each guess of a game against the best strategy: how many codes it
left, and how many guesses its choice gave away, exactly where the optimal tree or the
exact search applies and by a labelled estimate elsewhere.

Heuristics consider every code as a guess and break ties as Knuth did: a code that could
still be the secret first, then the lowest, colours numbered in palette order.
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401
except ImportError:  # pragma: no cover - depends on the installation
    from mastermind._install import install_hint

    raise ImportError(f"mastermind.solver needs numpy: {install_hint('solver')}") from None

from mastermind.solver._advisor import MAX_CODES, Advisor, GameTooLarge
from mastermind.solver._breaker import CodeBreaker, GameTable
from mastermind.solver._build import build_optimal_tree
from mastermind.solver._review import GuessFigures, ReviewFigures, review_game
from mastermind.solver._solver import Evaluation, Hint, Solver, evaluate, solve
from mastermind.solver._strategies import STRATEGY_NAMES
from mastermind.solver._tree import StrategyTree

STRATEGIES: tuple[str, ...] = STRATEGY_NAMES
"""The names a ``Solver`` accepts, sorted."""

__all__ = [
    "Advisor",
    "CodeBreaker",
    "Evaluation",
    "GameTable",
    "GameTooLarge",
    "GuessFigures",
    "Hint",
    "MAX_CODES",
    "ReviewFigures",
    "STRATEGIES",
    "Solver",
    "StrategyTree",
    "build_optimal_tree",
    "evaluate",
    "review_game",
    "solve",
]
