"""Strategy trees: a guess per position of the game, saved as gzip-compressed JSON.

A node is ``[guess, {"black,white": node, ...}]`` with codes by number (see
``CodeSpace``); a feedback that wins, or that no secret can earn, has no child. The file
also names the game, so that a tree is never played on a game it was not made for: its
colours and pegs, and, when they hold, ``"unique": true`` (no code holds a colour twice,
guesses included) and ``"black_only": true`` (only pegs in place are counted).
"""

from __future__ import annotations

import functools
import gzip
import json
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from mastermind.solver._scoring import CodeSpace, Indices

__all__ = ["StrategyTree"]

FORMAT = "mastermind-strategy-tree/1"


@attrs.frozen
class Node:
    """A guess, and what to play next after each feedback it can earn."""

    guess: int
    after: dict[int, Node] = attrs.field(factory=dict, hash=False)


def build(space: CodeSpace, candidates: Indices, choose: Callable[[Indices, int], int]) -> Node:
    """Grow the tree that ``choose(candidates, depth)`` plays from the given candidates."""

    def grow(candidates: Indices, depth: int) -> Node:
        guess = choose(candidates, depth)
        parts = space.partition(guess, candidates)
        return Node(
            guess,
            {
                feedback: grow(part, depth + 1)
                for feedback, part in parts.items()
                if feedback != space.win
            },
        )

    return grow(candidates, 0)


def _to_json(space: CodeSpace, node: Node) -> list[Any]:
    children = {}
    for feedback, child in node.after.items():
        key = space.feedback(feedback)
        children[f"{key.black},{key.white}"] = _to_json(space, child)
    return [node.guess, children] if children else [node.guess]


def _from_json(space: CodeSpace, data: list[Any]) -> Node:
    children = data[1] if len(data) > 1 else {}
    after = {}
    for key, child in children.items():
        black, white = (int(part) for part in key.split(","))
        after[black * (space.length + 1) + white] = _from_json(space, child)
    return Node(int(data[0]), after)


@attrs.frozen
class StrategyTree:
    """A whole strategy for one game, with its score over every secret."""

    colours: int
    length: int
    most_guesses: int | None
    total: int
    root: Node
    unique: bool = False
    """Whether no code of the game, secret or guess, holds a colour twice."""
    black_only: bool = False
    """Whether only pegs in place are counted."""

    @property
    def space(self) -> CodeSpace:
        """The game's codes, colours by number."""
        pegs = [str(colour) for colour in range(self.colours)]
        return CodeSpace(pegs, self.length, black_only=self.black_only)

    def write(self, path: Path) -> None:
        """Save the tree, compressed."""
        document: dict[str, Any] = {
            "format": FORMAT,
            "colours": self.colours,
            "length": self.length,
            "most_guesses": self.most_guesses,
            "total": self.total,
        }
        # written only where they hold, so that the classic game's files stay as they were
        if self.unique:
            document["unique"] = True
        if self.black_only:
            document["black_only"] = True
        document["tree"] = _to_json(self.space, self.root)
        text = json.dumps(document, separators=(",", ":"))
        path.write_bytes(gzip.compress(text.encode(), mtime=0))

    @classmethod
    def read(cls, data: bytes) -> StrategyTree:
        """Load a tree saved by ``write``."""
        document = json.loads(gzip.decompress(data))
        if document.get("format") != FORMAT:
            raise ValueError(f"Not a strategy tree: format {document.get('format')!r}")
        space = CodeSpace(
            [str(colour) for colour in range(document["colours"])], document["length"]
        )
        return cls(
            colours=document["colours"],
            length=document["length"],
            most_guesses=document["most_guesses"],
            total=document["total"],
            root=_from_json(space, document["tree"]),
            unique=document.get("unique", False),
            black_only=document.get("black_only", False),
        )

    def follow(self, history: list[tuple[int, int]]) -> Node | None:
        """The node reached by a history, or ``None`` once it strays from the tree."""
        node = self.root
        for guess, feedback in history:
            if guess != node.guess or feedback not in node.after:
                return None
            node = node.after[feedback]
        return node

    def nodes(self) -> Iterator[Node]:
        """Every node, parents before children."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(node.after.values())


@attrs.frozen
class Game:
    """What a tree is made for: how many colours and pegs, whether no code holds a colour
    twice, and whether only pegs in place are counted."""

    colours: int
    length: int
    unique: bool = False
    black_only: bool = False

    @property
    def suffix(self) -> str:
        """What the names of the game's files say beyond its colours and pegs."""
        return "_unique" * self.unique + "_black" * self.black_only

    def plays(self, tree: StrategyTree) -> bool:
        """Whether the tree was made for this game."""
        return Game(tree.colours, tree.length, tree.unique, tree.black_only) == self


def shipped_tree_name(game: Game, most_guesses: int | None) -> str:
    """The file name of an optimal tree shipped with the package."""
    limit = "" if most_guesses is None else f"_in{most_guesses}"
    return f"optimal_{game.length}x{game.colours}{game.suffix}{limit}.json.gz"


def record_tree_name(game: Game) -> str:
    """The file name of the best tree known to us for a game with no proven optimum."""
    return f"record_{game.length}x{game.colours}{game.suffix}.json.gz"


@functools.cache
def _packaged(name: str) -> StrategyTree | None:
    resource = resources.files("mastermind.solver") / "data" / name
    if not resource.is_file():
        return None
    return StrategyTree.read(resource.read_bytes())


def shipped_tree(game: Game, most_guesses: int | None) -> StrategyTree | None:
    """The optimal tree shipped with the package for this game, if there is one; read once."""
    return _packaged(shipped_tree_name(game, most_guesses))


def best_tree(game: Game) -> StrategyTree | None:
    """The strongest tree shipped for this game: the optimal one, else the record one."""
    return shipped_tree(game, None) or _packaged(record_tree_name(game))
