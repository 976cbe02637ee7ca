"""The code breaker: strategies that find the secret, up to the proven optimum.

``Solver`` chooses guesses, ``solve`` plays one game, ``evaluate`` plays every secret.
``STRATEGIES`` names the strategies:

- ``"knuth"``: the guess whose largest feedback class is smallest (Knuth, 1977).
- ``"most-parts"``: the guess with the most feedback classes (Kooi, 2005).
- ``"expected-size"``: the smallest expected class size (Irving, 1979).
- ``"entropy"``: the most informative feedback (Neuwirth, 1982).
- ``"random-consistent"``: any code that could still be the secret, seeded.
- ``"entropy-endgame"``: entropy until at most 30 candidates are left (15 where black
  pegs alone answer), then the optimal search over every code; the best choice for games
  too large for ``"optimal"``.
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

from typing import TYPE_CHECKING

from mastermind.solver import _advisor, _breaker, _build, _review, _solver, _tree
from mastermind.solver._advisor import *  # noqa: F403
from mastermind.solver._breaker import *  # noqa: F403
from mastermind.solver._build import *  # noqa: F403
from mastermind.solver._review import *  # noqa: F403
from mastermind.solver._solver import *  # noqa: F403
from mastermind.solver._strategies import STRATEGY_NAMES
from mastermind.solver._tree import *  # noqa: F403

STRATEGIES: tuple[str, ...] = STRATEGY_NAMES
"""The names a ``Solver`` accepts, sorted."""

Hint = _solver.Suggestion
"""``Suggestion``, by the name it had in 0.1.0."""

# mypy reads an ``__all__`` of literal names only; without one, it takes every name the
# star imports bring as exported, which is what this list says at run time.
if not TYPE_CHECKING:
    __all__ = sorted(
        [
            *_advisor.__all__,
            *_breaker.__all__,
            *_build.__all__,
            *_review.__all__,
            *_solver.__all__,
            *_tree.__all__,
            "STRATEGIES",
        ]
    )
