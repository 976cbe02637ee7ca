import functools
import itertools
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from mastermind import CLASSIC_PEGS, Code, score
from mastermind.solver import build_optimal_tree, evaluate
from mastermind.solver._optimal import UNLIMITED, OptimalSearch
from mastermind.solver._scoring import CodeSpace
from mastermind.solver._tree import StrategyTree

NO_LIMIT = 99


def exhaustive_cost(colours: int, length: int, most_guesses: int) -> int:
    """Every guess at every position of every game, scored with the rules themselves."""
    pegs = [f"colour {number}" for number in range(colours)]
    codes = [Code(pegs) for pegs in itertools.product(pegs, repeat=length)]
    feedback_numbers: dict[object, int] = {}
    feedbacks = [
        [
            feedback_numbers.setdefault(score(secret, guess), len(feedback_numbers))
            for secret in codes
        ]
        for guess in codes
    ]
    win = feedback_numbers[score(codes[0], codes[0])]

    @functools.cache
    def cost(candidates: tuple[int, ...], guesses_left: int) -> int:
        if guesses_left == 0:
            return 10**9
        if len(candidates) == 1:
            return 1
        best = 10**9
        for row in feedbacks:
            parts: dict[int, list[int]] = {}
            for secret in candidates:
                parts.setdefault(row[secret], []).append(secret)
            if len(parts) > 1 or win in parts:
                rest = sum(
                    cost(tuple(part), guesses_left - 1)
                    for feedback, part in parts.items()
                    if feedback != win
                )
                best = min(best, len(candidates) + rest)
        return best

    return cost(tuple(range(len(codes))), most_guesses)


def searched_cost(colours: int, length: int, most_guesses: int) -> int:
    space = CodeSpace([str(colour) for colour in range(colours)], length)
    limit = UNLIMITED if most_guesses == NO_LIMIT else most_guesses
    return OptimalSearch(space, limit).cost(np.arange(space.size), limit, [])


@pytest.mark.parametrize(
    ("colours", "length", "most_guesses"),
    [
        (3, 3, NO_LIMIT),
        (3, 3, 3),
        (3, 3, 2),
        (4, 2, NO_LIMIT),
        (4, 2, 2),
        (5, 2, NO_LIMIT),
        (4, 3, NO_LIMIT),
    ],
)
def test_the_search_agrees_with_exhaustive_enumeration_on_small_games(
    colours: int, length: int, most_guesses: int
) -> None:
    exhaustive = exhaustive_cost(colours, length, most_guesses)
    searched = searched_cost(colours, length, most_guesses)
    assert searched == exhaustive or (searched >= 10**9 and exhaustive >= 10**9)


def shipped(name: str) -> StrategyTree:
    data = (resources.files("mastermind.solver") / "data" / name).read_bytes()
    return StrategyTree.read(data)


def replay_every_secret(tree: StrategyTree) -> list[int]:
    """Guesses per classic secret, walking the tree with the rules' own scoring."""
    space = CodeSpace(CLASSIC_PEGS, 4)
    counts = []
    for secret in map(space.code, range(space.size)):
        node, guesses = tree.root, 1
        while (guess := space.code(node.guess)) != secret:
            feedback = space.feedback_number(score(secret, guess))
            assert feedback in node.after, f"the tree has no move after {guess} for {secret}"
            node, guesses = node.after[feedback], guesses + 1
        counts.append(guesses)
    return counts


def test_the_shipped_optimal_tree_plays_every_classic_secret_in_5625_guesses() -> None:
    counts = replay_every_secret(shipped("optimal_4x6.json.gz"))
    assert (sum(counts), max(counts)) == (5625, 6)


def test_the_shipped_tree_within_5_guesses_plays_every_classic_secret_in_5626() -> None:
    counts = replay_every_secret(shipped("optimal_4x6_in5.json.gz"))
    assert (sum(counts), max(counts)) == (5626, 5)


@pytest.mark.parametrize("name", ["optimal_4x6.json.gz", "optimal_4x6_in5.json.gz"])
def test_every_guess_of_a_shipped_tree_fits_the_feedbacks_before_it_or_splits_them(
    name: str,
) -> None:
    space = CodeSpace(CLASSIC_PEGS, 4)
    tree = shipped(name)

    def check(node_candidates: np.ndarray, node: object) -> None:
        assert isinstance(node, type(tree.root))
        parts = space.partition(node.guess, node_candidates)
        assert set(node.after) == set(parts) - {space.win}
        assert len(parts) > 1 or space.win in parts
        for feedback, child in node.after.items():
            check(parts[feedback], child)

    check(np.arange(space.size), tree.root)


def test_optimal_replays_the_shipped_tree_through_the_solver() -> None:
    assert (evaluate("optimal").total, evaluate("optimal").worst) == (5625, 6)
    assert (evaluate("optimal-worst-5").total, evaluate("optimal-worst-5").worst) == (5626, 5)


def test_built_trees_match_the_search_on_a_small_game() -> None:
    tree = build_optimal_tree(["a", "b", "c", "d"], 3)
    report = evaluate("optimal", ["a", "b", "c", "d"], 3)
    assert tree.total == report.total == searched_cost(4, 3, NO_LIMIT)


@pytest.mark.parametrize("most_guesses", [None, 4])
def test_a_written_tree_reads_back_equal_and_is_written_the_same_byte_for_byte(
    tmp_path: Path, most_guesses: int | None
) -> None:
    # What `solver build-optimal` does for the classic game, whose search `make performance`
    # holds to the shipped files (benchmarks/bench_solver.py), on a game of seconds.
    tree = build_optimal_tree(["a", "b", "c"], 3, most_guesses)
    first, second = tmp_path / "first.json.gz", tmp_path / "second.json.gz"
    tree.write(first)
    read = StrategyTree.read(first.read_bytes())
    assert read == tree
    read.write(second)
    assert second.read_bytes() == first.read_bytes()
