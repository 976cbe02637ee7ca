"""The code breaker for every member of the family: its scoring, its shipped trees
replayed over every secret with the rules' own scoring, and every strategy on each."""

from __future__ import annotations

import functools
import itertools
from importlib import resources

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind.domain import (
    PRESETS,
    Code,
    GameStarted,
    GameWon,
    GuessMade,
    JoinGame,
    Rules,
    decider,
)
from mastermind.solver import STRATEGIES, CodeBreaker, Solver, evaluate, solve
from mastermind.solver._build import FAMILY_TREES
from mastermind.solver._scoring import CodeSpace, score_block
from mastermind.solver._tree import StrategyTree
from tests.tiers import examples

TREES = {
    "classic": ("optimal_4x6.json.gz", 5625),
    "unique": ("optimal_4x6_unique.json.gz", 1446),
    "bulls-and-cows": ("record_4x10_unique.json.gz", 26_280),
    "blanks": ("optimal_4x7.json.gz", 11_228),
    "black-peg": ("record_4x6_black.json.gz", 8_859),
}
"""The tree ``best`` plays each preset from, and its total over every secret."""
PROVEN = {"classic": 5625, "unique": 1446, "bulls-and-cows": 26_274, "blanks": 11_228}
"""The proven optimum of each preset that has one: Koyama and Lai (1993), our own search,
Tanaka (1996) and Ville (2013)."""
RANDOM_CONSISTENT_BLACK_PEG = 9063


def shipped(name: str) -> StrategyTree:
    data = (resources.files("mastermind.solver") / "data" / name).read_bytes()
    return StrategyTree.read(data)


@functools.cache
def secrets_of(rules: Rules) -> tuple[Code, ...]:
    """Every secret the rules allow, judged by the rules themselves."""
    codes = itertools.product(rules.pegs, repeat=rules.length)
    return tuple(Code(pegs) for pegs in codes if rules.code_problem(pegs, "the secret") is None)


def space_of(rules: Rules) -> CodeSpace:
    return CodeSpace(rules.pegs, rules.length, black_only=not rules.answer.counts_white)


def replay(tree: StrategyTree, rules: Rules) -> dict[int, int]:
    """How many secrets the tree wins in each number of guesses, one secret at a time,
    every answer given by ``rules.score`` and every guess judged by the rules."""
    space = space_of(rules)
    won: dict[int, int] = {}
    for secret in secrets_of(rules):
        node, guesses = tree.root, 1
        while (guess := space.code(node.guess)) != secret:
            assert rules.code_problem(guess.pegs, "a guess") is None, f"{guess} breaks the rules"
            feedback = space.feedback_number(rules.score(secret, guess))
            assert feedback in node.after, f"the tree has no move after {guess} for {secret}"
            node, guesses = node.after[feedback], guesses + 1
        won[guesses] = won.get(guesses, 0) + 1
    return dict(sorted(won.items()))


@pytest.mark.parametrize("preset", [name for name in TREES if name != "classic"])
def test_each_shipped_tree_wins_every_secret_of_its_preset_in_the_total_it_claims(
    preset: str,
) -> None:
    name, total = TREES[preset]
    tree = shipped(name)
    won = replay(tree, PRESETS[preset])
    assert sum(won.values()) == len(secrets_of(PRESETS[preset]))
    assert sum(guesses * count for guesses, count in won.items()) == tree.total == total
    assert total >= PROVEN.get(preset, 0), "no tree beats a proven optimum"


@pytest.mark.parametrize("preset", list(TREES))
def test_best_plays_each_preset_from_its_tree(preset: str) -> None:
    rules = PRESETS[preset]
    solver = Solver("best", rules=rules)
    name, total = TREES[preset]
    assert solver.space.index(solver.next_guess([])) == shipped(name).root.guess
    found = evaluate("best", rules=rules)
    assert (found.secrets, found.total) == (len(secrets_of(rules)), total)
    if name.startswith("optimal_"):
        assert evaluate("optimal", rules=rules).total == total


def test_the_super_preset_is_played_from_the_record_tree() -> None:
    solver = Solver("best", rules=PRESETS["super"])
    assert solver.space.index(solver.next_guess([])) == shipped("record_5x8.json.gz").root.guess


def test_the_family_build_names_every_shipped_tree_and_searches_the_unique_one_out_again() -> None:
    assert {family.preset for family in FAMILY_TREES} == set(TREES) - {"classic"}
    for family in FAMILY_TREES:
        name = TREES[family.preset][0]
        assert family.secrets == len(secrets_of(PRESETS[family.preset]))
        assert family.proven == PROVEN.get(family.preset)
        assert family.file_name(shipped(name)) == name
    unique = next(family for family in FAMILY_TREES if family.settings is None)
    assert unique.build() == shipped(TREES[unique.preset][0])


def test_a_tree_that_meets_the_proven_optimum_is_optimal_and_the_others_are_records() -> None:
    for preset, (name, total) in TREES.items():
        assert name.startswith("optimal_") == (total == PROVEN.get(preset))


@st.composite
def codes_of_a_game(draw: st.DrawFn) -> tuple[int, list[tuple[int, ...]], list[tuple[int, ...]]]:
    colours = draw(st.integers(min_value=1, max_value=10))
    length = draw(st.integers(min_value=1, max_value=8))
    code = st.tuples(*[st.integers(min_value=0, max_value=colours - 1)] * length)
    return colours, draw(st.lists(code, min_size=1, max_size=6)), draw(st.lists(code, min_size=1))


@settings(deadline=None)
@given(codes_of_a_game())
def test_black_only_scoring_counts_the_pegs_in_place_and_nothing_else(
    game: tuple[int, list[tuple[int, ...]], list[tuple[int, ...]]],
) -> None:
    colours, guesses, secrets = game
    length = len(guesses[0])
    scores = score_block(
        np.array(guesses, dtype=np.uint8),
        np.array(secrets, dtype=np.uint8),
        colours,
        black_only=True,
    )
    for row, guess in zip(scores, guesses, strict=True):
        for number, secret in zip(row, secrets, strict=True):
            in_place = sum(1 for ours, theirs in zip(guess, secret, strict=True) if ours == theirs)
            assert divmod(int(number), length + 1) == (in_place, 0)


def test_a_black_only_game_keeps_the_codes_with_as_many_pegs_in_place() -> None:
    rules = PRESETS["black-peg"]
    secret, guess = Code.parse("RGBY"), Code.parse("RBGY")
    left = Solver("knuth", rules=rules).candidates([(guess, rules.score(secret, guess))])
    in_place = sum(1 for a, b in zip(guess.pegs, secret.pegs, strict=True) if a == b)
    every = secrets_of(rules)
    assert left == [
        code
        for code in every
        if sum(1 for a, b in zip(guess.pegs, code.pegs, strict=True) if a == b) == in_place
    ]
    with pytest.raises(ValueError, match="no white pegs"):
        Solver("knuth", rules=rules).candidates([(guess, PRESETS["classic"].score(secret, guess))])


BLACK_PEG_STRATEGIES = [name for name in STRATEGIES if not name.startswith("optimal")]


@settings(max_examples=examples(8), deadline=None)
@given(secret=st.sampled_from(secrets_of(PRESETS["black-peg"])))
def test_every_strategy_breaks_black_peg_codes(secret: Code) -> None:
    rules = PRESETS["black-peg"]
    for strategy in BLACK_PEG_STRATEGIES:
        guesses = solve(secret, strategy, rules=rules)
        assert guesses[-1] == secret
        assert secret not in guesses[:-1]


def test_best_beats_drawing_codes_that_fit_at_random_in_the_black_peg_game() -> None:
    rules = PRESETS["black-peg"]
    assert evaluate("random-consistent", rules=rules).total == RANDOM_CONSISTENT_BLACK_PEG
    assert evaluate("best", rules=rules).total < RANDOM_CONSISTENT_BLACK_PEG


@pytest.mark.parametrize("strategy", ["best", "entropy-endgame", "knuth"])
def test_bulls_and_cows_off_the_tree_never_repeats_a_digit(strategy: str) -> None:
    rules = PRESETS["bulls-and-cows"]
    solver = Solver(strategy, rules=rules)
    opening = Code(tuple("8495"))  # a person's own, which the tree would not have made
    for secret in (Code(tuple(digits)) for digits in ["0123", "9876", "5046", "7310"]):
        history = [(opening, rules.score(secret, opening))]
        while history[-1][0] != secret:
            guess = solver.next_guess(history)
            assert len(set(guess.pegs)) == 4, f"{guess} repeats a digit"
            history.append((guess, rules.score(secret, guess)))
        assert len(history) <= 8


@pytest.mark.parametrize("preset", ["bulls-and-cows", "black-peg", "blanks"])
def test_the_code_breaker_plays_each_preset_through_the_decider(preset: str) -> None:
    rules = PRESETS[preset]
    secret = secrets_of(rules)[-7]
    started = decider.decide(JoinGame("family", secret, rules), decider.initial_state)
    events = CodeBreaker("best").play_events(started)
    assert isinstance(events[0], GameStarted)
    assert isinstance(events[-1], GameWon)
    guesses = [event.guess for event in events if isinstance(event, GuessMade)]
    assert guesses[-1] == secret
