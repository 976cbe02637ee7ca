"""The solver's hints, in the asking thread or in a pool of processes under a deadline,
each with every field of the port's ``Hint``; and the solver wired into ``Games`` by
hand, with or without numpy."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator

import attrs
import pytest

from mastermind._advice import solver_hints
from mastermind._hint_pool import HintPool
from mastermind.advice import SOLVER_MISSING, SolverHints, SolverReviews
from mastermind.domain import CLASSIC_PEGS, MAX_COLOURS, MAX_LENGTH, DecodingBoard, Outcome
from mastermind.service import (
    FixedSecrets,
    Games,
    Hint,
    HintAbandoned,
    HintsBusy,
    HintTimedOut,
    HintUnavailable,
    abandon_hints_when,
)
from mastermind.solver import Advisor
from mastermind.store import InMemoryEventStore
from tests.hint_sources import SLOW, SleepyHints, UncountedHints

CLASSIC = DecodingBoard("classic", Outcome.IN_PROGRESS, 12, 4, CLASSIC_PEGS)
LARGEST = DecodingBoard(
    "largest",
    Outcome.IN_PROGRESS,
    12,
    MAX_LENGTH,
    tuple(f"C{number}" for number in range(1, MAX_COLOURS + 1)),
)
"""The largest game the rules allow: 10 pegs of 20 colours, about 10^13 codes."""
LARGE = DecodingBoard("large", Outcome.IN_PROGRESS, 12, 9, CLASSIC_PEGS)
"""Nine pegs of six colours: ten million codes, more than the old advisor would play."""


def eventually(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


class Asker:
    """A hint asked in a thread of its own, abandoned when the test says so."""

    def __init__(self, pool: HintPool, board: DecodingBoard) -> None:
        self.gone = threading.Event()
        self.outcome: Hint | Exception | None = None
        self._thread = threading.Thread(target=self._ask, args=(pool, board), daemon=True)
        self._thread.start()

    def _ask(self, pool: HintPool, board: DecodingBoard) -> None:
        with abandon_hints_when(self.gone):
            try:
                self.outcome = pool.hint(board)
            except Exception as error:
                self.outcome = error

    def leave(self) -> Hint | Exception | None:
        self.gone.set()
        self._thread.join(10)
        return self.outcome


@pytest.fixture
def pool() -> Iterator[HintPool]:
    """One worker and room for one hint to wait; the solver's hints, but ``SLOW``'s,
    which take ten minutes."""
    pool = HintPool(1, queue=1, seconds=60, source=SleepyHints)
    yield pool
    pool.close()


def test_a_worker_gives_the_hint_the_solver_gives_in_process(pool: HintPool) -> None:
    expected = SolverHints().hint(CLASSIC)

    pooled = pool.hint(CLASSIC)

    assert (pooled.guess, pooled.remaining, pooled.strategy, pooled.incomplete) == (
        expected.guess,
        expected.remaining,
        expected.strategy,
        expected.incomplete,
    )
    assert pool.offers(CLASSIC)


def test_a_worker_carries_a_count_too_large_to_make_and_a_search_cut_short() -> None:
    pool = HintPool(1, seconds=60, seed=7, source=UncountedHints)
    try:
        pooled = pool.hint(CLASSIC, "entropy")
        unnamed = pool.hint(CLASSIC)
    finally:
        pool.close()

    assert (pooled.guess.pegs, pooled.remaining, pooled.incomplete) == (("Orange",) * 4, None, True)
    assert (pooled.strategy, unnamed.strategy) == ("entropy", "uncounted, seed 7")


def test_the_solver_offers_hints_for_every_game_the_rules_allow() -> None:
    hints = SolverHints()

    assert hints.offers(CLASSIC)
    assert hints.offers(LARGE)
    assert hints.offers(LARGEST)
    unique = attrs.evolve(LARGEST, unique=True)
    for board in (LARGE, LARGEST, unique):
        hint = hints.hint(board)
        assert len(hint.guess.pegs) == board.code_length
        assert set(hint.guess.pegs) <= set(board.available_pegs)
        assert hint.remaining is None or hint.remaining >= 1
        assert isinstance(hint.incomplete, bool)
    assert len(set(hints.hint(unique).guess.pegs)) == MAX_LENGTH, "no colour twice"


def test_the_pool_offers_hints_for_every_game_the_rules_allow(pool: HintPool) -> None:
    assert pool.offers(LARGEST)

    pooled = pool.hint(LARGEST)

    assert len(pooled.guess.pegs) == MAX_LENGTH
    assert pooled.remaining is None or pooled.remaining >= 1


def test_a_workers_refusals_are_raised_in_the_asking_process(pool: HintPool) -> None:
    with pytest.raises(ValueError, match="no strategy"):
        pool.hint(CLASSIC, "guesswork")
    with pytest.raises(HintUnavailable) as refused:
        pool.hint(LARGEST, "knuth")  # a strategy that cannot play a game this large

    assert not isinstance(refused.value, HintsBusy)
    assert pool.hint(CLASSIC).remaining == 1296, "a refusal leaves the worker serving"


def test_a_hint_past_its_deadline_is_stopped_and_its_process_killed() -> None:
    pool = HintPool(1, seconds=1, source=SleepyHints)
    try:
        pool.hint(CLASSIC)
        (pid,) = pool.worker_pids

        with pytest.raises(HintTimedOut) as timed_out:
            pool.hint(SLOW)

        assert timed_out.value.retry_after == 1
        assert not alive(pid)
        assert pool.hint(CLASSIC).remaining == 1296, "a new worker takes the killed one's place"
        assert pool.worker_pids != (pid,)
    finally:
        pool.close()


def test_beyond_the_workers_and_the_queue_a_hint_is_refused_at_once(pool: HintPool) -> None:
    running, waiting = Asker(pool, SLOW), Asker(pool, SLOW)
    assert eventually(lambda: pool.in_flight == 2)

    with pytest.raises(HintsBusy) as refused:
        pool.hint(CLASSIC)

    assert 1 <= refused.value.retry_after <= 60
    assert not isinstance(refused.value, HintTimedOut)
    assert isinstance(waiting.leave(), HintAbandoned)
    assert isinstance(running.leave(), HintAbandoned)


def test_an_abandoned_hint_is_dropped_from_the_queue_or_its_process_killed(
    pool: HintPool,
) -> None:
    running = Asker(pool, SLOW)
    assert eventually(lambda: len(pool.worker_pids) == 1)
    (pid,) = pool.worker_pids
    waiting = Asker(pool, CLASSIC)
    assert eventually(lambda: pool.in_flight == 2)

    assert isinstance(waiting.leave(), HintAbandoned)
    assert pool.in_flight == 1
    assert alive(pid), "the hint under way goes on"

    assert isinstance(running.leave(), HintAbandoned)
    assert pool.in_flight == 0
    assert eventually(lambda: not alive(pid))


def test_a_waiting_hint_gets_the_worker_an_abandoned_hint_freed(pool: HintPool) -> None:
    pool.hint(CLASSIC)
    (pid,) = pool.worker_pids
    running = Asker(pool, SLOW)
    assert eventually(lambda: pool.in_flight == 1)
    waiting = Asker(pool, CLASSIC)
    assert eventually(lambda: pool.in_flight == 2)

    assert isinstance(running.leave(), HintAbandoned)
    assert eventually(lambda: waiting.outcome is not None)

    assert not isinstance(waiting.outcome, Exception)
    assert not alive(pid)


def test_closing_ends_every_worker_and_refuses_hints_under_way_and_to_come() -> None:
    pool = HintPool(2, queue=1, seconds=60, source=SleepyHints)
    askers = [Asker(pool, SLOW) for _ in range(3)]
    assert eventually(lambda: len(pool.worker_pids) == 2 and pool.in_flight == 3)
    pids = pool.worker_pids

    pool.close()

    assert eventually(lambda: not any(alive(pid) for pid in pids), seconds=5)
    assert eventually(lambda: all(asker.outcome is not None for asker in askers), seconds=5)
    assert all(isinstance(asker.outcome, HintsBusy) for asker in askers)
    with pytest.raises(HintsBusy, match="stopping"):
        pool.hint(CLASSIC)


def test_a_pool_needs_a_worker_and_a_time_limit() -> None:
    with pytest.raises(ValueError, match="at least one worker"):
        HintPool(0)
    with pytest.raises(ValueError, match="time limit"):
        HintPool(1, seconds=0)


def test_without_workers_hints_are_worked_out_in_the_asking_thread() -> None:
    assert isinstance(solver_hints(workers=0), SolverHints)
    pooled = solver_hints(workers=1, queue=2, seconds=5)
    assert isinstance(pooled, HintPool)
    try:
        assert pooled.worker_pids == (), "workers start with the first hint that needs them"
    finally:
        pooled.close()


def test_the_hint_budget_known_without_numpy_is_the_solvers_own() -> None:
    from mastermind.advice import HINT_SECONDS
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
        " such as mastermind.advice.SolverHints(), or None; Advisor has no offers"
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
    """Run ``code`` in a new interpreter, where ``import numpy`` fails if ``hide_numpy``."""
    hiding = "import sys; sys.modules['numpy'] = None\n" if hide_numpy else ""
    ran = subprocess.run(
        [sys.executable, "-c", hiding + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


def test_importing_the_advice_loads_neither_numpy_nor_the_solver() -> None:
    loaded = run_python(
        """
        import json, sys
        from mastermind.advice import SolverHints, SolverReviews
        SolverHints(), SolverReviews()
        print(json.dumps(sorted(sys.modules)))
        """
    )

    modules = set(json.loads(loaded))
    assert "mastermind.advice" in modules
    assert {"numpy", "mastermind.solver"} & modules == set()


def test_without_numpy_games_wired_with_the_solver_say_to_install_the_solver_extra() -> None:
    said = run_python(
        """
        from mastermind.advice import SolverHints, SolverMissing, SolverReviews
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
