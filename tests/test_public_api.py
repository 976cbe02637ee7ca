import mastermind
import mastermind.domain

EXPECTED = {
    "CLASSIC_PEGS",
    "BoardRow",
    "Code",
    "Command",
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
    "GuessMade",
    "GuessTooLong",
    "GuessTooShort",
    "InvalidGameSetup",
    "InvalidPegInGuess",
    "JoinGame",
    "KeyPeg",
    "Lost",
    "MakeGuess",
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
