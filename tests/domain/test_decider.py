"""The decider, specified as: given these events, when this command, then these events or error."""

from __future__ import annotations

import pytest

from mastermind import (
    CLASSIC_PEGS,
    Code,
    Command,
    CommandForAnotherGame,
    Event,
    Feedback,
    GameAlreadyLost,
    GameAlreadyStarted,
    GameAlreadyWon,
    GameError,
    GameLost,
    GameNotStarted,
    GameStarted,
    GameWon,
    GiveUp,
    GuessMade,
    GuessTooLong,
    GuessTooShort,
    InvalidGameSetup,
    InvalidPegInGuess,
    JoinGame,
    Lost,
    MakeGuess,
    NotStarted,
    Rules,
    Started,
    Won,
    decide,
    decider,
    evolve,
    initial_state,
    is_terminal,
)
from mastermind.testing import given

GAME = "game-1"
OTHER_GAME = "game-2"
SECRET = Code.of("Red", "Green", "Blue", "Yellow")
WRONG = Code.of("Purple", "Purple", "Purple", "Purple")
STARTED = GameStarted(GAME, SECRET, Rules())


def wrong_guesses(count: int) -> tuple[Event, ...]:
    return tuple(GuessMade(GAME, WRONG, Feedback(0, 0)) for _ in range(count))


# JoinGame


def test_joining_starts_the_game_with_the_secret_and_setup() -> None:
    given(decider).when(JoinGame(GAME, SECRET)).then(STARTED)


def test_joining_keeps_a_custom_palette_and_attempt_count() -> None:
    rules = Rules(2, ("Ash", "Birch"), 3)
    command = JoinGame(GAME, Code.of("Ash", "Ash"), rules)
    given(decider).when(command).then(GameStarted(GAME, Code.of("Ash", "Ash"), rules))


def test_joining_with_unique_colours_records_that_no_colour_repeats() -> None:
    command = JoinGame(GAME, SECRET, Rules(repeats=False))
    given(decider).when(command).then(GameStarted(GAME, SECRET, Rules(repeats=False)))


@pytest.mark.parametrize(
    "history", [(STARTED,), (STARTED, GameWon(GAME)), (STARTED, GameLost(GAME))]
)
def test_joining_a_started_game_is_refused(history: tuple[Event, ...]) -> None:
    given(decider, *history).when(JoinGame(GAME, SECRET)).then_raises(GameAlreadyStarted)


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (JoinGame(GAME, Code(())), "the secret is empty"),
        (
            JoinGame(GAME, Code.of("Red", "Pink")),
            "Pink, in the secret, is not one of this game's colours, "
            "which are Red, Green, Blue, Yellow, Purple, Orange",
        ),
        (JoinGame(GAME, SECRET, Rules(attempts=0)), "a game needs at least 1 attempt, not 0"),
        (JoinGame(GAME, SECRET, Rules(attempts=-1)), "a game needs at least 1 attempt, not -1"),
        (JoinGame(GAME, SECRET, Rules(symbols=())), "the palette has no colours"),
        (
            JoinGame(GAME, Code.of("Red"), Rules(1, ("Red", " "))),
            "a colour in the palette has no name",
        ),
        (
            JoinGame(GAME, Code.of("Red"), Rules(1, ("Red", "Red"))),
            "the palette names a colour twice",
        ),
        (
            JoinGame(GAME, Code.of("Red"), Rules(1, ("Red", "rED"))),
            "the palette names a colour twice",
        ),
    ],
)
def test_joining_with_a_setup_that_cannot_be_played_is_refused(
    command: JoinGame, reason: str
) -> None:
    refusal = given(decider).when(command).then_raises(InvalidGameSetup)
    assert refusal.reason.startswith(reason)
    assert refusal.game_id == GAME


# MakeGuess


def test_a_guess_earns_key_pegs() -> None:
    guess = Code.of("Red", "Yellow", "Blue", "Green")
    given(decider, STARTED).when(MakeGuess(GAME, guess)).then(
        GuessMade(GAME, guess, Feedback(2, 2))
    )


def test_the_right_guess_wins_in_the_same_decision() -> None:
    given(decider, STARTED).when(MakeGuess(GAME, SECRET)).then(
        GuessMade(GAME, SECRET, Feedback(4, 0)), GameWon(GAME)
    )


def test_the_right_guess_on_the_last_attempt_wins() -> None:
    given(decider, STARTED, *wrong_guesses(11)).when(MakeGuess(GAME, SECRET)).then(
        GuessMade(GAME, SECRET, Feedback(4, 0)), GameWon(GAME)
    )


def test_the_last_wrong_guess_loses_in_the_same_decision() -> None:
    given(decider, STARTED, *wrong_guesses(11)).when(MakeGuess(GAME, WRONG)).then(
        GuessMade(GAME, WRONG, Feedback(0, 0)), GameLost(GAME)
    )


def test_a_wrong_guess_before_the_last_attempt_does_not_end_the_game() -> None:
    given(decider, STARTED, *wrong_guesses(10)).when(MakeGuess(GAME, WRONG)).then(
        GuessMade(GAME, WRONG, Feedback(0, 0))
    )


def test_a_guess_uses_one_attempt() -> None:
    given(decider, STARTED, *wrong_guesses(2)).when(MakeGuess(GAME, WRONG)).then_state(
        Started(GAME, SECRET, Rules(), attempts_used=3)
    )


def test_a_guess_before_joining_is_refused() -> None:
    given(decider).when(MakeGuess(GAME, SECRET)).then_raises(GameNotStarted)


def test_a_guess_after_winning_is_refused() -> None:
    given(decider, STARTED, GameWon(GAME)).when(MakeGuess(GAME, SECRET)).then_raises(GameAlreadyWon)


def test_a_guess_after_losing_is_refused() -> None:
    given(decider, STARTED, GameLost(GAME)).when(MakeGuess(GAME, SECRET)).then_raises(
        GameAlreadyLost
    )


def test_a_short_guess_is_refused_with_the_required_length() -> None:
    refusal = (
        given(decider, STARTED).when(MakeGuess(GAME, Code.of("Red"))).then_raises(GuessTooShort)
    )
    assert (refusal.required_length, refusal.actual_length) == (4, 1)


def test_a_long_guess_is_refused_with_the_required_length() -> None:
    guess = Code.of(*["Red", "Red", "Red", "Red", "Red"])
    refusal = given(decider, STARTED).when(MakeGuess(GAME, guess)).then_raises(GuessTooLong)
    assert (refusal.required_length, refusal.actual_length) == (4, 5)


def test_a_guess_with_unknown_colours_is_refused_naming_them_and_the_palette() -> None:
    guess = Code.of("Pink", "Red", "Teal", "Pink")
    refusal = given(decider, STARTED).when(MakeGuess(GAME, guess)).then_raises(InvalidPegInGuess)
    assert refusal.invalid_pegs == ("Pink", "Teal")
    assert refusal.available_pegs == CLASSIC_PEGS


@pytest.mark.parametrize(
    ("history", "guess", "error"),
    [
        ((), Code.of("Pink"), GameNotStarted),
        ((STARTED, GameWon(GAME)), Code.of("Pink"), GameAlreadyWon),
        ((STARTED, GameLost(GAME)), Code.of("Pink"), GameAlreadyLost),
        ((STARTED,), Code.of("Pink"), GuessTooShort),
        ((STARTED,), Code.of(*["Pink"] * 5), GuessTooLong),
        ((STARTED,), Code.of(*["Pink"] * 4), InvalidPegInGuess),
    ],
)
def test_guesses_are_checked_in_the_specified_order(
    history: tuple[Event, ...], guess: Code, error: type[GameError]
) -> None:
    refusal = given(decider, *history).when(MakeGuess(GAME, guess)).then_raises(GameError)
    assert type(refusal) is error


# GiveUp


def test_giving_up_loses_the_game() -> None:
    given(decider, STARTED, *wrong_guesses(3)).when(GiveUp(GAME)).then(GameLost(GAME))


@pytest.mark.parametrize(
    ("history", "error"),
    [
        ((), GameNotStarted),
        ((STARTED, GameWon(GAME)), GameAlreadyWon),
        ((STARTED, GameLost(GAME)), GameAlreadyLost),
    ],
)
def test_giving_up_a_game_not_in_play_is_refused(
    history: tuple[Event, ...], error: type[GameError]
) -> None:
    given(decider, *history).when(GiveUp(GAME)).then_raises(error)


# Commands for another game


@pytest.mark.parametrize(
    "command",
    [JoinGame(OTHER_GAME, SECRET), MakeGuess(OTHER_GAME, SECRET), GiveUp(OTHER_GAME)],
    ids=["join", "guess", "give-up"],
)
@pytest.mark.parametrize(
    "history",
    [(STARTED,), (STARTED, *wrong_guesses(2)), (STARTED, GameWon(GAME)), (STARTED, GameLost(GAME))],
    ids=["started", "in-play", "won", "lost"],
)
def test_a_command_for_another_game_is_refused_before_any_rule_is_checked(
    history: tuple[Event, ...], command: Command
) -> None:
    refusal = given(decider, *history).when(command).then_raises(CommandForAnotherGame)
    assert (refusal.game_id, refusal.command_game_id) == (GAME, OTHER_GAME)
    assert refusal.message == (
        "This is game 'game-1': a command for game 'game-2' cannot change it."
    )


def test_a_command_for_another_game_is_a_game_error() -> None:
    assert issubclass(CommandForAnotherGame, GameError)


def test_a_game_not_started_takes_its_id_from_the_command_that_starts_it() -> None:
    given(decider).when(JoinGame(OTHER_GAME, SECRET)).then(GameStarted(OTHER_GAME, SECRET, Rules()))


# evolve, initial_state, is_terminal


def test_the_initial_state_is_not_started_and_not_terminal() -> None:
    assert initial_state == NotStarted()
    assert not is_terminal(initial_state)


def test_evolve_counts_the_attempts_used() -> None:
    state = decider.fold((STARTED, *wrong_guesses(3)))
    assert state == Started(GAME, SECRET, Rules(), attempts_used=3)
    assert isinstance(state, Started)
    assert state.attempts_left == 9
    assert not is_terminal(state)


def test_evolve_keeps_whether_the_game_is_unique() -> None:
    state = decider.fold((GameStarted(GAME, SECRET, Rules(repeats=False)),))
    assert state == Started(GAME, SECRET, Rules(repeats=False))


def test_winning_and_losing_are_terminal() -> None:
    assert decider.fold((STARTED, GameWon(GAME))) == Won(GAME)
    assert decider.fold((STARTED, GameLost(GAME))) == Lost(GAME)
    assert is_terminal(Won(GAME))
    assert is_terminal(Lost(GAME))


@pytest.mark.parametrize(
    ("state", "event"),
    [
        (NotStarted(), GameWon(GAME)),
        (NotStarted(), GuessMade(GAME, SECRET, Feedback(4, 0))),
        (Won(GAME), GuessMade(GAME, SECRET, Feedback(4, 0))),
        (Lost(GAME), GameStarted(GAME, SECRET, Rules())),
    ],
)
def test_evolve_refuses_an_event_that_cannot_follow_the_state(state: object, event: Event) -> None:
    with pytest.raises(ValueError, match="cannot follow"):
        evolve(state, event)  # type: ignore[arg-type]


def test_the_decider_value_bundles_the_four_functions() -> None:
    assert (decider.decide, decider.evolve, decider.initial_state, decider.is_terminal) == (
        decide,
        evolve,
        initial_state,
        is_terminal,
    )


def test_a_value_that_is_no_command_is_refused_as_a_type_error() -> None:
    with pytest.raises(TypeError, match="str is not a command"):
        decide("boom", decider.initial_state)  # type: ignore[arg-type]
