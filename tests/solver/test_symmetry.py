import itertools

import pytest

from mastermind.solver._scoring import CodeSpace
from mastermind.solver._symmetry import Symmetries, representatives


def lowest_of_each_orbit(colours: int, length: int, history: list[int]) -> set[int]:
    """Every renaming and reordering, tried one by one on plain tuples."""
    codes = list(itertools.product(range(colours), repeat=length))
    number = {code: index for index, code in enumerate(codes)}
    keeping = []
    for renaming in itertools.permutations(range(colours)):
        for order in itertools.permutations(range(length)):
            images = {code: tuple(renaming[code[position]] for position in order) for code in codes}
            if all(images[codes[guess]] == codes[guess] for guess in history):
                keeping.append(images)
    return {min(number[images[code]] for images in keeping) for code in codes}


@pytest.mark.parametrize(
    ("colours", "length", "history"),
    [(3, 3, []), (3, 3, [5]), (4, 2, [1]), (4, 3, [6]), (4, 3, [6, 27]), (3, 4, [4, 40])],
)
def test_symmetries_keep_the_lowest_guess_of_each_class_the_history_cannot_tell_apart(
    colours: int, length: int, history: list[int]
) -> None:
    space = CodeSpace([str(colour) for colour in range(colours)], length)
    found = set(Symmetries(space).representatives(history).tolist())
    assert found == lowest_of_each_orbit(colours, length, history)


def test_the_classic_game_has_five_kinds_of_first_guess() -> None:
    space = CodeSpace([str(colour) for colour in range(6)], 4)
    assert [str(space.code(int(guess))) for guess in Symmetries(space).representatives([])] == [
        "0 0 0 0",
        "0 0 0 1",
        "0 0 1 1",
        "0 0 1 2",
        "0 1 2 3",
    ]


@pytest.mark.parametrize("history", [[], [8], [51], [8, 300], [7, 51, 1000]])
def test_the_simpler_symmetries_keep_at_least_one_guess_of_every_class(history: list[int]) -> None:
    space = CodeSpace([str(colour) for colour in range(6)], 4)
    simple = set(representatives(space, history).tolist())
    full = set(Symmetries(space).representatives(history).tolist())
    assert full <= simple


@pytest.mark.parametrize(
    ("colours", "length", "history"),
    [(3, 3, [5]), (4, 3, [6]), (4, 3, [6, 27]), (3, 4, [4, 40]), (5, 3, [7]), (5, 3, [7, 11])],
)
def test_the_symmetries_worked_out_per_history_are_every_symmetry(
    colours: int, length: int, history: list[int]
) -> None:
    space = CodeSpace([str(colour) for colour in range(colours)], length)
    found = set(representatives(space, history).tolist())
    assert found == lowest_of_each_orbit(colours, length, history)
