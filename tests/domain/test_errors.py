import pytest

from mastermind import (
    CLASSIC_PEGS,
    GameAlreadyLost,
    GameAlreadyStarted,
    GameAlreadyWon,
    GameError,
    GameNotStarted,
    GuessTooLong,
    GuessTooShort,
    InvalidGameSetup,
    InvalidPegInGuess,
)

ERRORS = [
    GameNotStarted("g"),
    GameAlreadyStarted("g"),
    GuessTooShort("g", 4, 3),
    GuessTooLong("g", 4, 5),
    InvalidPegInGuess("g", ["Pink"], CLASSIC_PEGS),
    GameAlreadyWon("g"),
    GameAlreadyLost("g"),
    InvalidGameSetup("g", "the secret is empty"),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda error: type(error).__name__)
def test_every_error_is_a_game_error_carrying_its_game(error: GameError) -> None:
    assert isinstance(error, GameError)
    assert error.game_id == "g"


@pytest.mark.parametrize("error", ERRORS, ids=lambda error: type(error).__name__)
def test_every_message_is_a_sentence_for_the_player(error: GameError) -> None:
    assert error.message == str(error)
    assert error.message[0].isupper()
    assert error.message.endswith(".")
    assert "GameError" not in error.message


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (GuessTooShort("g", 4, 3), "The guess has 3 pegs, but the code has 4 pegs."),
        (GuessTooShort("g", 2, 1), "The guess has 1 peg, but the code has 2 pegs."),
        (GuessTooLong("g", 4, 5), "The guess has 5 pegs, but the code has only 4 pegs."),
        (
            InvalidPegInGuess("g", ["Pink"], ("Red", "Blue")),
            "This game has no colour 'Pink'. Choose from Red, Blue.",
        ),
        (
            InvalidPegInGuess("g", ["Pink", "Teal"], ("Red",)),
            "This game has no colours 'Pink', 'Teal'. Choose from Red.",
        ),
        (
            InvalidGameSetup("g", "the secret is empty"),
            "The game cannot start: the secret is empty.",
        ),
    ],
)
def test_messages_say_what_is_wrong(error: GameError, message: str) -> None:
    assert error.message == message


def test_details_carry_what_the_error_knows() -> None:
    assert GuessTooShort("g", 4, 3).details == {"required_length": 4, "actual_length": 3}
    assert InvalidPegInGuess("g", ["Pink"], ("Red",)).details == {
        "invalid_pegs": ("Pink",),
        "available_pegs": ("Red",),
    }


def test_errors_are_equal_by_kind_game_and_details() -> None:
    assert GuessTooShort("g", 4, 3) == GuessTooShort("g", 4, 3)
    assert GuessTooShort("g", 4, 3) != GuessTooShort("g", 4, 2)
    assert GuessTooShort("g", 4, 3) != GuessTooLong("g", 4, 3)
    assert GameAlreadyWon("g") != GameAlreadyWon("h")


def test_repr_names_the_error_and_its_fields() -> None:
    assert repr(GuessTooShort("g", 4, 3)) == (
        "GuessTooShort(game_id='g', required_length=4, actual_length=3)"
    )


def test_equal_errors_hash_alike_so_they_can_be_collected() -> None:
    assert len({GameAlreadyWon("g"), GameAlreadyWon("g"), GameAlreadyLost("g")}) == 2
