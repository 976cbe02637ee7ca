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
    decider,
)
from mastermind.testing import given

SECRET = Code.of("Red", "Green", "Blue", "Yellow")
PALETTE = "available_pegs must be a sequence of colour names, not"

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
        lambda: JoinGame("g", SECRET, 12, None),  # type: ignore[arg-type]
        f"{PALETTE} NoneType",
    ),
    "join-palette-one-str": (lambda: JoinGame("g", SECRET, 12, "RGBY"), f"{PALETTE} str"),
    "join-palette-bytes": (
        lambda: JoinGame("g", SECRET, 12, b"RGBY"),  # type: ignore[arg-type]
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
    join = JoinGame("g", SECRET, 12, list(CLASSIC_PEGS), maker=CodeMaker.person("Mum"))
    assert join.available_pegs == CLASSIC_PEGS
    assert JoinGame("g", SECRET).maker is COMPUTER


@pytest.mark.parametrize(
    ("join", "reason"),
    [
        (JoinGame("g", SECRET, "12"), "the number of attempts must be a whole number, not '12'"),  # type: ignore[arg-type]
        (JoinGame("g", SECRET, unique=1), "unique is true or false, not 1"),  # type: ignore[arg-type]
        (JoinGame("g", Code.of("Red"), 12, ("Red", None)), "the palette must list colour names"),  # type: ignore[arg-type]
    ],
    ids=["attempts-text", "unique-int", "palette-holding-none"],
)
def test_a_value_the_rules_judge_is_built_and_then_refused_by_the_rules(
    join: JoinGame, reason: str
) -> None:
    assert given(decider).when(join).then_raises(InvalidGameSetup).reason == reason


def test_an_event_refuses_a_palette_that_is_one_str() -> None:
    with pytest.raises(TypeError, match=f"^{PALETTE} str$"):
        GameStarted("g", SECRET, 12, "RGBY")
