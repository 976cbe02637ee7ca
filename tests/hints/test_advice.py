"""The solver's hints and reviews behind the service's ports, in the asking thread, and
wired into ``Games`` by hand, with or without numpy; and what importing them loads."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable

import attrs
import pytest

from mastermind.domain import MAX_LENGTH
from mastermind.hints import SOLVER_MISSING, SolverHints, SolverReviews
from mastermind.service import FixedSecrets, Games
from mastermind.solver import Advisor
from mastermind.store import InMemoryEventStore
from tests.hints.boards import CLASSIC, LARGE, LARGEST
from tests.tiers import without_coverage


def test_the_solver_offers_hints_for_every_game_the_rules_allow() -> None:
    hints = SolverHints()

    assert hints.offers(CLASSIC)
    assert hints.offers(LARGE)
    assert hints.offers(LARGEST)
    unique = attrs.evolve(LARGEST, rules=attrs.evolve(LARGEST.rules, repeats=False))
    for board in (LARGE, LARGEST, unique):
        hint = hints.hint(board)
        assert len(hint.guess.pegs) == board.code_length
        assert set(hint.guess.pegs) <= set(board.available_pegs)
        assert hint.remaining is None or hint.remaining >= 1
        assert isinstance(hint.incomplete, bool)
    assert len(set(hints.hint(unique).guess.pegs)) == MAX_LENGTH, "no colour twice"


def test_the_hint_budget_known_without_numpy_is_the_solvers_own() -> None:
    from mastermind.hints import HINT_SECONDS
    from mastermind.solver._advisor import HINT_SECONDS as SOLVERS

    assert HINT_SECONDS == SOLVERS


def test_games_wired_by_hand_with_the_solver_give_its_hints_and_reviews() -> None:
    games = Games(
        InMemoryEventStore(), FixedSecrets("RGBY"), hints=SolverHints(), reviews=SolverReviews()
    )
    game_id = games.join()

    assert games.offers_hints(games.board(game_id))
    assert games.hint(game_id).remaining == 6**4
    games.guess(game_id, "RGBY")
    assert games.review(game_id).guesses[0].candidates_before == 6**4


def test_the_solvers_advisor_is_refused_as_hints_with_what_hints_must_be() -> None:
    with pytest.raises(TypeError) as refused:
        Games(InMemoryEventStore(), hints=Advisor())  # type: ignore[arg-type]

    assert str(refused.value) == (
        "hints must be a HintSource, with offers(board) and hint(board, strategy),"
        " such as mastermind.hints.SolverHints(), or None; Advisor has no offers"
    )


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: SolverHints(seed="7"), TypeError, "seed must be a whole number, not str"),
        (lambda: SolverHints(seed=True), TypeError, "seed must be a whole number, not bool"),
        (lambda: SolverHints(budget="1"), TypeError, "budget must be a number of seconds"),
        (lambda: SolverHints(budget=0), ValueError, "budget must be more than 0 seconds, not 0"),
        (lambda: SolverHints(budget=-0.5), ValueError, "more than 0 seconds, not -0.5"),
        (lambda: SolverReviews(kept=2.0), TypeError, "kept must be a whole number, not float"),
        (lambda: SolverReviews(kept=-1), ValueError, "kept must be 0 or more, not -1"),
    ],
)
def test_the_solvers_adapters_refuse_settings_of_the_wrong_type_or_value(
    make: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        make()


def run_python(code: str, *, hide_numpy: bool = False) -> str:
    """Run ``code`` in a new interpreter, where ``import numpy`` fails if ``hide_numpy``;
    one that measures no coverage, whose own modules would be counted too."""
    hiding = "import sys; sys.modules['numpy'] = None\n" if hide_numpy else ""
    ran = subprocess.run(
        [sys.executable, "-c", hiding + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=without_coverage(os.environ),
    )
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


def test_importing_the_hints_loads_neither_numpy_nor_the_solver_nor_the_pool() -> None:
    loaded = run_python(
        """
        import json, sys
        from mastermind.hints import SolverHints, SolverReviews, solver_hints, solver_reviews
        SolverHints(), SolverReviews(), solver_hints(), solver_reviews()
        print(json.dumps(sorted(sys.modules)))
        """
    )

    modules = set(json.loads(loaded))
    assert "mastermind.hints" in modules
    assert {"numpy", "mastermind.solver"} & modules == set()
    # The terminal game imports these with every command: processes are a server's.
    assert {"multiprocessing", "mastermind.hints._pool", "mastermind.hints._worker"} & modules == (
        set()
    )


def test_without_numpy_games_wired_with_the_solver_say_to_install_the_solver_extra() -> None:
    said = run_python(
        """
        from mastermind.hints import SolverHints, SolverMissing, SolverReviews
        from mastermind.service import FixedSecrets, Games, ReviewUnavailable
        from mastermind.store import InMemoryEventStore

        hints, reviews = SolverHints(), SolverReviews()
        games = Games(InMemoryEventStore(), FixedSecrets("RGBY"), hints=hints, reviews=reviews)
        game_id = games.join()
        print(games.offers_hints(games.board(game_id)))
        try:
            games.hint(game_id)
        except SolverMissing as missing:
            print(missing)
        games.guess(game_id, "RGBY")
        try:
            games.review(game_id)
        except ReviewUnavailable as unavailable:
            print(unavailable)
        """,
        hide_numpy=True,
    )

    assert said == f"False\n{SOLVER_MISSING}\n{SOLVER_MISSING}\n"
