"""The code breaker for the application: the solver's hints and reviews behind the
service's ports, and the few ways an entry point plays the solver itself.

``Games(store, hints=SolverHints(), reviews=SolverReviews())`` gives hints and reviews
without the bootstrap; ``solver_hints`` and ``solver_reviews`` are what the bootstrap
wires. ``code_breaker`` plays whole games, and ``build_shipped_trees`` searches out the
solver's optimal trees again. Importing this package loads neither numpy nor the
solver: each is imported with the first hint, review or game that needs it, and where
numpy is missing, that one says what to install.

A server's pool of hint processes (``mastermind.hints._pool``) and the terminal game's
cache of finished hints (``mastermind.hints._cache``) are imported by the bootstrap
only where it uses them.
"""

from __future__ import annotations

from mastermind.hints import _adapters, _advice, _breaking
from mastermind.hints._adapters import *  # noqa: F403
from mastermind.hints._advice import *  # noqa: F403
from mastermind.hints._breaking import *  # noqa: F403

__all__: list[str] = []
__all__ += _adapters.__all__
__all__ += _advice.__all__
__all__ += _breaking.__all__
