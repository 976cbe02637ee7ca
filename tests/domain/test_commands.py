"""Commands refuse an argument of the wrong type as they are built, naming it; what the
values mean is left to the rules, which refuse a game that cannot be played by name."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from mastermind import (
    CLASSIC_PEGS,
    COMPUTER,
    CallOff,
    Code,
    CodeMaker,
    GameStarted,
    GiveUp,
    InvalidGameSetup,
    JoinGame,
    MakeGuess,
    Rules,
    decider,
)
from mastermind.testing import given

SECRET = Code.of("Red", "Green", "Blue", "Yellow")
PALETTE = "symbols must be a sequence of symbol names, not"

WRONG_TYPES: dict[str, tuple[Callable[[], object], str]] = {
    "join-game-id-none": (
        lambda: JoinGame(None, SECRET),  # type: ignore[arg-type]
        "game_id must be a str, not NoneType",
    ),
    "join-game-id-bytes": (
        lambda: JoinGame(b"g", SECRET),  # type: ignore[arg-type]
        "game_id must be a str, not bytes",
    ),
    "join-secret-text": (
        lambda: JoinGame("g", "RGBY"),  # type: ignore[arg-type]
        "secret must be a Code, not str",
    ),
    "join-secret-names": (
        lambda: JoinGame("g", ["Red", "Green"]),  # type: ignore[arg-type]
        "secret must be a Code, not list",
    ),
    "join-palette-none": (
        lambda: JoinGame("g", SECRET, Rules(symbols=None)),  # type: ignore[arg-type]
        f"{PALETTE} NoneType",
    ),
    "join-palette-one-str": (
        lambda: JoinGame("g", SECRET, Rules(symbols="RGBY")),  # type: ignore[arg-type]
        f"{PALETTE} str",
    ),
    "join-rules-name": (
        lambda: JoinGame("g", SECRET, "classic"),  # type: ignore[arg-type]
        "rules must be Rules, not str",
    ),
    "join-palette-bytes": (
        lambda: JoinGame("g", SECRET, Rules(symbols=b"RGBY")),  # type: ignore[arg-type]
        f"{PALETTE} bytes",
    ),
    "join-maker-none": (
        lambda: JoinGame("g", SECRET, maker=None),  # type: ignore[arg-type]
        "maker must be a CodeMaker, not NoneType",
    ),
    "join-maker-kind": (
        lambda: JoinGame("g", SECRET, maker="person"),  # type: ignore[arg-type]
        "maker must be a CodeMaker, not str",
    ),
    "guess-game-id-int": (
        lambda: MakeGuess(1, SECRET),  # type: ignore[arg-type]
        "game_id must be a str, not int",
    ),
    "guess-text": (
        lambda: MakeGuess("g", "RGBY"),  # type: ignore[arg-type]
        "guess must be a Code, not str",
    ),
    "guess-none": (
        lambda: MakeGuess("g", None),  # type: ignore[arg-type]
        "guess must be a Code, not NoneType",
    ),
    "guess-evolved-to-names": (
        lambda: attrs.evolve(MakeGuess("g", SECRET), guess=["Red"]),  # type: ignore[arg-type]
        "guess must be a Code, not list",
    ),
    "give-up-none": (
        lambda: GiveUp(None),  # type: ignore[arg-type]
        "game_id must be a str, not NoneType",
    ),
    "call-off-int": (
        lambda: CallOff(7),  # type: ignore[arg-type]
        "game_id must be a str, not int",
    ),
}


@pytest.mark.parametrize(("build", "words"), WRONG_TYPES.values(), ids=WRONG_TYPES.keys())
def test_a_command_refuses_an_argument_of_the_wrong_type_by_name(
    build: Callable[[], object], words: str
) -> None:
    with pytest.raises(TypeError) as raised:
        build()
    assert str(raised.value) == words


def test_a_palette_given_as_any_collection_is_kept_as_a_tuple() -> None:
    join = JoinGame("g", SECRET, Rules(symbols=list(CLASSIC_PEGS)), maker=CodeMaker.person("Mum"))
    assert join.rules.symbols == CLASSIC_PEGS
    assert JoinGame("g", SECRET).maker is COMPUTER


@pytest.mark.parametrize(
    ("join", "reason"),
    [
        (
            JoinGame("g", SECRET, Rules(attempts="12")),  # type: ignore[arg-type]
            "the number of attempts must be a whole number, not '12'",
        ),
        (
            JoinGame("g", SECRET, Rules(repeats=1)),  # type: ignore[arg-type]
            "repeats is true or false, not 1",
        ),
        (
            JoinGame("g", Code.of("Red"), Rules(1, ("Red", None))),  # type: ignore[arg-type]
            "the palette must list colour names",
        ),
    ],
    ids=["attempts-text", "repeats-int", "palette-holding-none"],
)
def test_a_value_the_rules_judge_is_built_and_then_refused_by_the_rules(
    join: JoinGame, reason: str
) -> None:
    assert given(decider).when(join).then_raises(InvalidGameSetup).reason == reason


def test_rules_refuse_symbols_that_are_one_str() -> None:
    with pytest.raises(TypeError, match=f"^{PALETTE} str$"):
        GameStarted("g", SECRET, Rules(symbols="RGBY"))  # type: ignore[arg-type]
