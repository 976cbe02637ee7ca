"""Building optimal strategy trees by search, and the files shipped with the package."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

import attrs
import numpy as np

from mastermind.domain import CLASSIC_PEGS
from mastermind.solver._optimal import UNLIMITED, UNSOLVABLE, OptimalSearch
from mastermind.solver._record import Report, SearchSettings, build_record_tree, silent
from mastermind.solver._scoring import CodeSpace, Indices
from mastermind.solver._tree import (
    Game,
    StrategyTree,
    build,
    record_tree_name,
    shipped_tree_name,
)

__all__ = ["build_optimal_tree"]

SHIPPED_GAMES = ((Game(6, 4), None), (Game(6, 4), 5))
"""The classic trees shipped with the package, each game with its most guesses
(``None``: any)."""


def build_optimal_tree(
    available_pegs: Sequence[str] = CLASSIC_PEGS,
    length: int = 4,
    most_guesses: int | None = None,
    *,
    unique: bool = False,
    black_only: bool = False,
) -> StrategyTree:
    """Search out a strategy with the fewest guesses over all secrets, as a tree.

    With ``most_guesses``, no secret may take more guesses than that. With ``unique``, no
    code holds a colour twice, the guesses included; with ``black_only``, only pegs in
    place are counted. Only the number of colours matters, not their names. The classic
    game takes about ten seconds.
    """
    space = CodeSpace(available_pegs, length, black_only=black_only)
    limit = UNLIMITED if most_guesses is None else most_guesses
    search = OptimalSearch(space, limit, unique=unique)
    everything: Indices = np.arange(len(search.table.secrets), dtype=np.intp)
    total = search.cost(everything, limit, [])
    if total >= UNSOLVABLE:
        raise ValueError(f"No strategy solves every secret within {most_guesses} guesses")
    row_of = {int(code): row for row, code in enumerate(search.table.secrets)}

    def choose(candidates: Indices, depth: int) -> int:
        rows = np.array([row_of[int(code)] for code in candidates], dtype=np.intp)
        return search.guess(rows, limit - depth)

    return StrategyTree(
        colours=space.colours,
        length=length,
        most_guesses=most_guesses,
        total=total,
        root=build(space, search.table.secrets, choose),
        unique=unique,
        black_only=black_only,
    )


def write_shipped_trees(directory: Path, report: bool = True) -> None:
    """Build every classic tree the package ships and write them into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    for game, most_guesses in SHIPPED_GAMES:
        started = time.perf_counter()
        pegs = [str(colour) for colour in range(game.colours)]
        tree = build_optimal_tree(pegs, game.length, most_guesses)
        path = directory / shipped_tree_name(game, most_guesses)
        tree.write(path)
        if report:
            seconds = time.perf_counter() - started
            secrets = game.colours**game.length
            print(
                f"{path.name}: {tree.total} guesses over {secrets} secrets"
                f" ({tree.total / secrets:.4f} each), searched in {seconds:.0f} s"
            )


@attrs.frozen
class FamilyTree:
    """A tree shipped for a member of the Mastermind family, and how it is searched out:
    by the optimal search, or by the record search's rollouts with ``settings``."""

    preset: str
    """The name of the rules it plays, among ``mastermind.domain.PRESETS``."""
    game: Game
    settings: SearchSettings | None
    """``None``: the optimal search; else the rollouts, which need not find the optimum."""
    proven: int | None
    """The proven optimum, in guesses over every secret, where one is known."""

    @property
    def secrets(self) -> int:
        """How many secrets the game has."""
        game = self.game
        return len(game_space(game).unique_codes) if game.unique else game.colours**game.length

    def build(self, report: Report = silent) -> StrategyTree:
        """Search the tree out."""
        pegs = [str(colour) for colour in range(self.game.colours)]
        options = {"unique": self.game.unique, "black_only": self.game.black_only}
        if self.settings is None:
            return build_optimal_tree(pegs, self.game.length, **options)
        return build_record_tree(pegs, self.game.length, self.settings, report, **options)

    def file_name(self, tree: StrategyTree) -> str:
        """Optimal when searched so or when it meets the proven optimum, else a record."""
        if self.settings is None or tree.total == self.proven:
            return shipped_tree_name(self.game, None)
        return record_tree_name(self.game)


def game_space(game: Game) -> CodeSpace:
    """The codes of a game, colours by number."""
    pegs = [str(colour) for colour in range(game.colours)]
    return CodeSpace(pegs, game.length, black_only=game.black_only)


FAMILY_TREES = (
    FamilyTree("unique", Game(6, 4, unique=True), None, 1446),
    FamilyTree(
        "black-peg", Game(6, 4, black_only=True), SearchSettings(16, (5, 100, 60, 20, 6, 2)), None
    ),
    FamilyTree(
        "bulls-and-cows", Game(10, 4, unique=True), SearchSettings(50, (1, 120, 80, 24, 6)), 26274
    ),
    FamilyTree("blanks", Game(7, 4), SearchSettings(50, (8, 80, 40, 10, 3)), 11228),
)
"""The trees shipped for the Mastermind family beyond the classic game and Super
Mastermind, with the proven optimum where there is one: the unique game's, by the
optimal search itself, Bulls and Cows (Tanaka, 1996) and 4 pegs of 7 colours (Ville,
2013)."""


def write_family_trees(directory: Path, report: bool = True) -> None:
    """Search out the family's trees and write them into ``directory``, each with a line
    of its total beside the proven optimum and how long the search took."""
    directory.mkdir(parents=True, exist_ok=True)
    for family in FAMILY_TREES:
        started = time.perf_counter()
        tree = family.build()
        seconds = time.perf_counter() - started
        path = directory / family.file_name(tree)
        for stale in {shipped_tree_name(family.game, None), record_tree_name(family.game)}:
            (directory / stale).unlink(missing_ok=True)
        tree.write(path)
        if report:
            proven = "" if family.proven is None else f", proven optimum {family.proven}"
            print(
                f"{family.preset}: {path.name}, {tree.total} guesses over {family.secrets}"
                f" secrets ({tree.total / family.secrets:.4f} each{proven}),"
                f" searched in {seconds:.0f} s"
            )
