"""The shipped Super Mastermind tree, replayed over every secret, and the search behind it."""

from __future__ import annotations

from importlib import resources

import numpy as np
import pytest

from mastermind.solver import evaluate
from mastermind.solver._record import SearchSettings, build_record_tree, guesses_per_secret
from mastermind.solver._scoring import CodeSpace, Indices, score_block
from mastermind.solver._strategies import ENDGAME_CANDIDATES
from mastermind.solver._tree import Node, StrategyTree

BEST_PUBLISHED = 179_274
"""The fewest guesses in all over Super Mastermind's 32,768 secrets published so far."""
ENTROPY_ENDGAME = 179_703


def replay_every_secret(tree: StrategyTree) -> dict[int, int]:
    """How many secrets the tree wins in each number of guesses, by the scoring alone.

    Every secret is played at once: each node scores its guess against the secrets that
    reach it and hands each feedback's secrets on to that feedback's child.
    """
    space = CodeSpace([str(colour) for colour in range(tree.colours)], tree.length)
    won: dict[int, int] = {}
    stack: list[tuple[Node, Indices, int]] = [(tree.root, np.arange(space.size, dtype=np.intp), 1)]
    while stack:
        node, secrets, guesses = stack.pop()
        guess = space.digits[[node.guess]]
        row = score_block(guess, space.digits[secrets], space.colours)[0]
        for feedback in np.unique(row):
            reaching = secrets[row == feedback]
            if feedback == space.win:
                won[guesses] = won.get(guesses, 0) + len(reaching)
            else:
                # a feedback the tree has no answer for fails the lookup, and the test
                stack.append((node.after[int(feedback)], reaching, guesses + 1))
    return dict(sorted(won.items()))


@pytest.fixture(scope="module")
def shipped() -> StrategyTree:
    data = resources.files("mastermind.solver") / "data" / "record_5x8.json.gz"
    return StrategyTree.read(data.read_bytes())


@pytest.fixture(scope="module")
def won(shipped: StrategyTree) -> dict[int, int]:
    return replay_every_secret(shipped)


def test_the_shipped_tree_is_for_super_mastermind(shipped: StrategyTree) -> None:
    assert (shipped.colours, shipped.length, shipped.most_guesses) == (8, 5, None)


def test_every_secret_is_won_within_eight_guesses(won: dict[int, int]) -> None:
    assert sum(won.values()) == 8**5
    assert max(won) <= 8


def test_the_file_states_the_total_its_replay_makes(
    shipped: StrategyTree, won: dict[int, int]
) -> None:
    assert shipped.total == sum(guesses * count for guesses, count in won.items())


def test_the_tree_beats_the_best_published_total(shipped: StrategyTree) -> None:
    assert shipped.total <= BEST_PUBLISHED < ENTROPY_ENDGAME


@pytest.mark.parametrize(("colours", "length"), [(4, 3), (5, 3), (4, 4)])
def test_a_small_search_wins_every_secret_and_is_no_worse_than_entropy_endgame(
    colours: int, length: int
) -> None:
    pegs = [str(colour) for colour in range(colours)]
    # the same base as entropy-endgame, so the rollouts can only do better
    tree = build_record_tree(pegs, length, SearchSettings(ENDGAME_CANDIDATES, widths=(3, 3, 2)))
    won = replay_every_secret(tree)
    assert sum(won.values()) == colours**length
    assert tree.total == sum(guesses * count for guesses, count in won.items())
    assert guesses_per_secret(tree) == won
    assert tree.total <= evaluate("entropy-endgame", pegs, length).total


def test_a_small_search_finds_the_same_tree_twice() -> None:
    pegs = [str(colour) for colour in range(5)]
    first = build_record_tree(pegs, 3, SearchSettings(endgame=6, widths=(3, 3)))
    again = build_record_tree(pegs, 3, SearchSettings(endgame=6, widths=(3, 3)))
    assert first == again
