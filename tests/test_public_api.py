"""The package's public face, and what importing each part loads."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import mastermind
import mastermind.domain

EXPECTED = {
    "BoardSoFar",
    "CommandForAnotherGame",
    "GameSetup",
    "MAX_ATTEMPTS",
    "MAX_COLOURS",
    "MAX_COLOUR_NAME",
    "MAX_LENGTH",
    "SEPARATOR_CHARACTERS",
    "View",
    "board_view",
    "has_unique_initials",
    "split_names",
    "CLASSIC_PEGS",
    "COMPUTER",
    "MAX_MAKER_NAME",
    "BoardRow",
    "Code",
    "CodeMaker",
    "Command",
    "HintsNotAllowed",
    "MakerKind",
    "Decider",
    "DecodingBoard",
    "Event",
    "Feedback",
    "GameAlreadyLost",
    "GameAlreadyStarted",
    "GameAlreadyWon",
    "GameError",
    "GameLost",
    "GameNotStarted",
    "GameStarted",
    "GameWon",
    "GiveUp",
    "CallOff",
    "GuessMade",
    "GuessTooLong",
    "GuessTooShort",
    "InvalidGameSetup",
    "InvalidPegInGuess",
    "JoinGame",
    "KeyPeg",
    "Lost",
    "MakeGuess",
    "NotAColour",
    "NotStarted",
    "Outcome",
    "Started",
    "State",
    "UnreadableCode",
    "Won",
    "decide",
    "decider",
    "evolve",
    "initial_state",
    "is_terminal",
    "score",
    "GameNotFound",
    "GameNotOver",
    "Games",
    "connect",
}


def test_all_is_sorted() -> None:
    assert mastermind.__all__ == sorted(mastermind.__all__)


def test_all_lists_exactly_the_public_names() -> None:
    assert set(mastermind.__all__) == EXPECTED


def test_every_public_name_is_importable() -> None:
    missing = [name for name in mastermind.__all__ if not hasattr(mastermind, name)]
    assert missing == []


def test_the_package_exports_everything_the_domain_exports() -> None:
    for name in mastermind.domain.__all__:
        assert getattr(mastermind, name) is getattr(mastermind.domain, name)


def test_classic_pegs_are_the_six_colours_of_the_board_game() -> None:
    assert mastermind.CLASSIC_PEGS == ("Red", "Green", "Blue", "Yellow", "Purple", "Orange")


IMPURE = ("sqlite3", "cattrs", "numpy", "psycopg", "mastermind.store", "mastermind.service")


def loaded_after(statement: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``statement``."""
    script = f"import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return set(json.loads(result.stdout))


@pytest.mark.parametrize(
    "statement",
    [
        "import mastermind.domain",
        "import mastermind",
        "from mastermind import Code, DecodingBoard, decider, score",
    ],
)
def test_the_pure_core_imports_alone(statement: str) -> None:
    loaded = loaded_after(statement)
    assert sorted(name for name in IMPURE if name in loaded) == []


def test_the_domain_loads_nothing_of_the_package_beyond_itself() -> None:
    ours = {
        name for name in loaded_after("import mastermind.domain") if name.startswith("mastermind")
    }
    assert all(name == "mastermind" or name.startswith("mastermind.domain") for name in ours), ours


def test_importing_the_package_loads_none_of_it_until_a_name_is_used() -> None:
    loaded = loaded_after("import mastermind")
    assert sorted(name for name in loaded if name.startswith(("mastermind.", "attr"))) == []
    assert "mastermind.domain" in loaded_after("import mastermind; mastermind.Code")


def test_games_and_connect_load_the_service_and_stores_on_first_use() -> None:
    loaded = loaded_after("import mastermind; mastermind.Games; mastermind.connect")
    assert {"mastermind.service", "mastermind.store", "sqlite3"} <= loaded


def test_the_solver_imports_the_domain_not_the_service_or_the_stores() -> None:
    loaded = loaded_after("import mastermind.solver")
    assert "numpy" in loaded
    assert sorted(name for name in IMPURE if name in loaded and name != "numpy") == []


def test_the_services_refusals_of_a_game_are_named_at_the_root_too() -> None:
    import mastermind.service

    assert mastermind.GameNotOver is mastermind.service.GameNotOver
    assert issubclass(mastermind.GameNotOver, mastermind.GameError)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Gmaes'"):
        mastermind.Gmaes  # noqa: B018
