import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import CLASSIC_PEGS, Code, Feedback, score
from mastermind.solver import STRATEGIES, Solver, evaluate, solve
from tests.tiers import examples

CLASSIC_CODES = st.tuples(*[st.sampled_from(CLASSIC_PEGS)] * 4).map(Code)


def test_strategies_are_named_in_sorted_order() -> None:
    assert tuple(sorted(STRATEGIES)) == STRATEGIES
    assert {"knuth", "most-parts", "expected-size", "entropy", "random-consistent", "optimal"} <= (
        set(STRATEGIES)
    )


@settings(max_examples=examples(60), deadline=None)
@given(secret=CLASSIC_CODES, strategy=st.sampled_from(STRATEGIES))
def test_solve_always_ends_with_the_secret(secret: Code, strategy: str) -> None:
    guesses = solve(secret, strategy)
    assert guesses[-1] == secret
    assert secret not in guesses[:-1]


@settings(max_examples=examples(30), deadline=None)
@given(
    colours=st.integers(min_value=1, max_value=7),
    length=st.integers(min_value=1, max_value=4),
    strategy=st.sampled_from(
        ["knuth", "most-parts", "expected-size", "entropy", "random-consistent", "entropy-endgame"]
    ),
    data=st.data(),
)
def test_heuristics_solve_games_of_any_palette_and_length(
    colours: int, length: int, strategy: str, data: st.DataObject
) -> None:
    pegs = [f"colour {number}" for number in range(colours)]
    secret = Code(data.draw(st.tuples(*[st.sampled_from(pegs)] * length)))
    guesses = solve(secret, strategy, pegs)
    assert guesses[-1] == secret
    assert len(guesses) <= colours**length


@settings(max_examples=examples(40), deadline=None)
@given(secret=CLASSIC_CODES, strategy=st.sampled_from(STRATEGIES))
def test_every_guess_but_random_fits_no_worse_than_the_tree_or_heuristic_promises(
    secret: Code, strategy: str
) -> None:
    worst = {"knuth": 5, "optimal": 6, "optimal-worst-5": 5}.get(strategy, 7)
    assert len(solve(secret, strategy)) <= worst


def test_consistent_strategies_only_guess_codes_that_could_be_the_secret() -> None:
    secret = Code.parse("OBYR")
    solver = Solver("random-consistent", seed=3)
    history: list[tuple[Code, Feedback]] = []
    while not history or history[-1][0] != secret:
        guess = solver.next_guess(history)
        assert guess in solver.candidates(history)
        history.append((guess, score(secret, guess)))


def test_optimal_plays_on_after_guesses_off_its_tree() -> None:
    secret = Code.parse("GOPY")
    solver = Solver("optimal")
    history = [(guess, score(secret, guess)) for guess in (Code.parse("PPPP"), Code.parse("GGOO"))]
    while history[-1][0] != secret:
        guess = solver.next_guess(history)
        history.append((guess, score(secret, guess)))
    assert len(history) <= 8


def test_feedbacks_no_secret_could_give_are_reported() -> None:
    history = [(Code.parse("RRRR"), Feedback.parse("")), (Code.parse("GGGG"), Feedback.parse("B"))]
    history.append((Code.parse("RGBY"), Feedback.parse("B B B B")))
    with pytest.raises(ValueError, match="No secret"):
        Solver("knuth").next_guess(history)


def test_unknown_strategies_and_foreign_codes_are_refused() -> None:
    with pytest.raises(ValueError, match="Unknown strategy"):
        Solver("psychic")
    with pytest.raises(ValueError, match="not a colour"):
        solve(Code.of("Red", "Green", "Blue", "Black"), "knuth")


def test_optimal_is_refused_for_a_large_game_with_no_tree() -> None:
    with pytest.raises(ValueError, match="No optimal strategy"):
        Solver("optimal", [f"colour {number}" for number in range(8)], 5)


def test_optimal_searches_small_games_on_the_spot() -> None:
    report = evaluate("optimal", ["a", "b", "c"], 3)
    assert (report.total, report.worst) == (73, 4)


def test_heuristics_play_super_mastermind_without_a_full_table() -> None:
    pegs = [f"colour {number}" for number in range(8)]
    secret = Code.of(*(pegs[number] for number in (7, 3, 3, 0, 5)))
    guesses = solve(secret, "most-parts", pegs)
    assert guesses[-1] == secret
    assert len(guesses) <= 8


def test_the_solver_package_exports_a_small_sorted_public_face() -> None:
    import mastermind.solver

    assert mastermind.solver.__all__ == sorted(mastermind.solver.__all__)
    assert {"Solver", "solve", "evaluate", "Evaluation", "STRATEGIES", "CodeBreaker"} <= set(
        mastermind.solver.__all__
    )
    assert all(hasattr(mastermind.solver, name) for name in mastermind.solver.__all__)


TWENTY = [f"colour {number}" for number in range(20)]


def test_best_plays_the_classic_game_by_its_optimal_tree() -> None:
    assert evaluate("best").total == evaluate("optimal").total == 5625


def test_best_searches_small_games_on_the_spot_as_optimal_does() -> None:
    assert evaluate("best", ["a", "b", "c"], 3).total == 73


def test_best_beats_a_random_code_that_fits_where_no_tree_is_shipped() -> None:
    pegs = [f"colour {number}" for number in range(7)]
    best = evaluate("best", pegs, 4)
    assert best.total < evaluate("random-consistent", pegs, 4).total
    assert best.worst <= 8


def test_best_guesses_only_codes_that_fit_past_the_opening_of_the_largest_game() -> None:
    secret = Code(TWENTY[(7 * n + 3) % 20] for n in range(10))
    solver = Solver("best", TWENTY, 10, budget=0.8)
    history: list[tuple[Code, Feedback]] = []
    for _ in range(4):
        hint = solver.advise(history)
        assert not hint.incomplete
        assert hint.remaining is None or hint.remaining >= 1
        assert all(score(hint.guess, guess) == feedback for guess, feedback in history)
        history.append((hint.guess, score(secret, hint.guess)))


def test_random_consistent_plays_the_largest_game_with_codes_that_fit() -> None:
    secret = Code(TWENTY[(3 * n + 1) % 20] for n in range(10))
    solver = Solver("random-consistent", TWENTY, 10, seed=2)
    history: list[tuple[Code, Feedback]] = []
    for _ in range(3):
        guess = solver.next_guess(history)
        assert all(score(guess, earlier) == feedback for earlier, feedback in history)
        history.append((guess, score(secret, guess)))


def test_codes_of_the_largest_game_are_not_listed_while_too_many_fit() -> None:
    with pytest.raises(ValueError, match="too many to list"):
        Solver("best", TWENTY, 10).candidates([])


def test_a_strategy_that_lists_every_code_refuses_a_game_too_large_to_list() -> None:
    with pytest.raises(ValueError, match="choose best or random-consistent"):
        Solver("entropy", TWENTY, 10)


@pytest.mark.parametrize("strategy", ["best", "random-consistent"])
def test_a_unique_game_is_played_without_repeating_a_colour(strategy: str) -> None:
    secret = Code.parse("OBYR")
    solver = Solver(strategy, unique=True)
    assert len(solver.candidates([])) == 360
    history: list[tuple[Code, Feedback]] = []
    while not history or history[-1][0] != secret:
        guess = solver.next_guess(history)
        assert len(set(guess.pegs)) == 4
        history.append((guess, score(secret, guess)))


def test_a_heuristic_out_of_time_answers_the_best_candidate_ranked_and_says_so() -> None:
    pegs = [f"colour {number}" for number in range(8)]
    secret = Code.of(*(pegs[number] for number in (7, 3, 3, 0, 5, 1)))
    solver = Solver("entropy", pegs, 6, budget=0.0)
    history = [(Code.of(*pegs[:6]), score(secret, Code.of(*pegs[:6])))]
    hint = solver.advise(history)
    assert hint.incomplete
    assert hint.guess in solver.candidates(history)


def test_with_time_to_spare_a_hint_is_complete_and_the_same_as_without_a_limit() -> None:
    history = [(Code.parse("RRGB"), Feedback.parse("B W"))]
    limited = Solver("entropy", budget=30.0).advise(history)
    assert not limited.incomplete
    assert limited.guess == Solver("entropy").next_guess(history)


@pytest.mark.parametrize("strategy", ["knuth", "entropy"])
def test_a_one_step_heuristic_in_a_unique_game_never_repeats_a_colour(strategy: str) -> None:
    secret = Code.parse("PGYB")
    guesses = []
    solver = Solver(strategy, unique=True)
    history: list[tuple[Code, Feedback]] = []
    while not history or history[-1][0] != secret:
        guess = solver.next_guess(history)
        guesses.append(guess)
        history.append((guess, score(secret, guess)))
    assert all(len(set(guess.pegs)) == 4 for guess in guesses)


@pytest.mark.parametrize("strategy", ["optimal", "optimal-worst-5", "entropy-endgame"])
def test_the_searches_play_a_unique_game_guessing_only_codes_without_a_colour_twice(
    strategy: str,
) -> None:
    solver = Solver(strategy, unique=True)
    for secret in map(Code.parse, ["OBYR", "RGBY", "PGYB"]):
        history: list[tuple[Code, Feedback]] = []
        while not history or history[-1][0] != secret:
            guess = solver.next_guess(history)
            assert len(set(guess.pegs)) == 4, f"{guess} repeats a colour"
            history.append((guess, score(secret, guess)))
        assert len(history) <= 5


def test_the_optimum_of_the_unique_classic_game_is_1446_guesses_over_its_360_secrets() -> None:
    found = evaluate("optimal", unique=True)
    assert (found.secrets, found.total, found.worst) == (360, 1446, 5)


@pytest.mark.parametrize("strategy", ["optimal", "entropy-endgame"])
def test_a_search_out_of_time_answers_its_heuristic_guess_and_says_so(strategy: str) -> None:
    pegs = ["a", "b", "c", "d", "e"]
    history = [
        (Code.parse("a b c d", pegs), Feedback.parse("W W W")),
        (Code.parse("c c d d", pegs), Feedback.parse("W")),
    ]
    limited = Solver(strategy, pegs, 4, budget=0.0).advise(history)
    assert limited.incomplete
    assert limited.guess in {
        Solver(name, pegs, 4).next_guess(history) for name in ("most-parts", "entropy")
    }
