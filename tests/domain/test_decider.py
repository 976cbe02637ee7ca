"""The decider, specified as: given these events, when this command, then these events or error."""

from __future__ import annotations

import pytest

from mastermind import (
    CLASSIC_PEGS,
    Code,
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
    Started,
    Won,
    decide,
    decider,
    evolve,
    initial_state,
    is_terminal,
)

GAME = "game-1"
SECRET = Code.of("Red", "Green", "Blue", "Yellow")
WRONG = Code.of("Purple", "Purple", "Purple", "Purple")
STARTED = GameStarted(GAME, SECRET, 12, CLASSIC_PEGS)


def when(command: JoinGame | MakeGuess | GiveUp, *given: Event) -> tuple[Event, ...]:
    return decide(command, decider.fold(given))


def wrong_guesses(count: int) -> tuple[Event, ...]:
    return tuple(GuessMade(GAME, WRONG, Feedback(0, 0)) for _ in range(count))


# JoinGame


def test_joining_starts_the_game_with_the_secret_and_setup() -> None:
    assert when(JoinGame(GAME, SECRET)) == (STARTED,)


def test_joining_keeps_a_custom_palette_and_attempt_count() -> None:
    command = JoinGame(GAME, Code.of("Ash", "Ash"), 3, ("Ash", "Birch"))
    assert when(command) == (GameStarted(GAME, Code.of("Ash", "Ash"), 3, ("Ash", "Birch")),)


@pytest.mark.parametrize("given", [(STARTED,), (STARTED, GameWon(GAME)), (STARTED, GameLost(GAME))])
def test_joining_a_started_game_is_refused(given: tuple[Event, ...]) -> None:
    with pytest.raises(GameAlreadyStarted):
        when(JoinGame(GAME, SECRET), *given)


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (JoinGame(GAME, Code(()), 12), "the secret is empty"),
        (JoinGame(GAME, Code.of("Red", "Pink")), "the secret uses Pink, which the palette lacks"),
        (JoinGame(GAME, SECRET, 0), "a game needs at least 1 attempt, not 0"),
        (JoinGame(GAME, SECRET, -1), "a game needs at least 1 attempt, not -1"),
        (JoinGame(GAME, SECRET, 12, ()), "the palette has no colours"),
        (JoinGame(GAME, Code.of("Red"), 12, ("Red", " ")), "a colour in the palette has no name"),
        (JoinGame(GAME, Code.of("Red"), 12, ("Red", "Red")), "the palette names a colour twice"),
        (JoinGame(GAME, Code.of("Red"), 12, ("Red", "rED")), "the palette names a colour twice"),
    ],
)
def test_joining_with_a_setup_that_cannot_be_played_is_refused(
    command: JoinGame, reason: str
) -> None:
    with pytest.raises(InvalidGameSetup) as raised:
        when(command)
    assert raised.value.reason.startswith(reason)
    assert raised.value.game_id == GAME


# MakeGuess


def test_a_guess_earns_key_pegs() -> None:
    guess = Code.of("Red", "Yellow", "Blue", "Green")
    assert when(MakeGuess(GAME, guess), STARTED) == (GuessMade(GAME, guess, Feedback(2, 2)),)


def test_the_right_guess_wins_in_the_same_decision() -> None:
    assert when(MakeGuess(GAME, SECRET), STARTED) == (
        GuessMade(GAME, SECRET, Feedback(4, 0)),
        GameWon(GAME),
    )


def test_the_right_guess_on_the_last_attempt_wins() -> None:
    assert when(MakeGuess(GAME, SECRET), STARTED, *wrong_guesses(11)) == (
        GuessMade(GAME, SECRET, Feedback(4, 0)),
        GameWon(GAME),
    )


def test_the_last_wrong_guess_loses_in_the_same_decision() -> None:
    assert when(MakeGuess(GAME, WRONG), STARTED, *wrong_guesses(11)) == (
        GuessMade(GAME, WRONG, Feedback(0, 0)),
        GameLost(GAME),
    )


def test_a_wrong_guess_before_the_last_attempt_does_not_end_the_game() -> None:
    assert when(MakeGuess(GAME, WRONG), STARTED, *wrong_guesses(10)) == (
        GuessMade(GAME, WRONG, Feedback(0, 0)),
    )


def test_a_guess_before_joining_is_refused() -> None:
    with pytest.raises(GameNotStarted):
        when(MakeGuess(GAME, SECRET))


def test_a_guess_after_winning_is_refused() -> None:
    with pytest.raises(GameAlreadyWon):
        when(MakeGuess(GAME, SECRET), STARTED, GameWon(GAME))


def test_a_guess_after_losing_is_refused() -> None:
    with pytest.raises(GameAlreadyLost):
        when(MakeGuess(GAME, SECRET), STARTED, GameLost(GAME))


def test_a_short_guess_is_refused_with_the_required_length() -> None:
    with pytest.raises(GuessTooShort) as raised:
        when(MakeGuess(GAME, Code.of("Red")), STARTED)
    assert (raised.value.required_length, raised.value.actual_length) == (4, 1)


def test_a_long_guess_is_refused_with_the_required_length() -> None:
    with pytest.raises(GuessTooLong) as raised:
        when(MakeGuess(GAME, Code.of(*["Red", "Red", "Red", "Red", "Red"])), STARTED)
    assert (raised.value.required_length, raised.value.actual_length) == (4, 5)


def test_a_guess_with_unknown_colours_is_refused_naming_them_and_the_palette() -> None:
    with pytest.raises(InvalidPegInGuess) as raised:
        when(MakeGuess(GAME, Code.of("Pink", "Red", "Teal", "Pink")), STARTED)
    assert raised.value.invalid_pegs == ("Pink", "Teal")
    assert raised.value.available_pegs == CLASSIC_PEGS


@pytest.mark.parametrize(
    ("given", "guess", "error"),
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
    given: tuple[Event, ...], guess: Code, error: type[GameError]
) -> None:
    with pytest.raises(error):
        when(MakeGuess(GAME, guess), *given)


# GiveUp


def test_giving_up_loses_the_game() -> None:
    assert when(GiveUp(GAME), STARTED, *wrong_guesses(3)) == (GameLost(GAME),)


@pytest.mark.parametrize(
    ("given", "error"),
    [
        ((), GameNotStarted),
        ((STARTED, GameWon(GAME)), GameAlreadyWon),
        ((STARTED, GameLost(GAME)), GameAlreadyLost),
    ],
)
def test_giving_up_a_game_not_in_play_is_refused(
    given: tuple[Event, ...], error: type[GameError]
) -> None:
    with pytest.raises(error):
        when(GiveUp(GAME), *given)


# evolve, initial_state, is_terminal


def test_the_initial_state_is_not_started_and_not_terminal() -> None:
    assert initial_state == NotStarted()
    assert not is_terminal(initial_state)


def test_evolve_counts_the_attempts_used() -> None:
    state = decider.fold((STARTED, *wrong_guesses(3)))
    assert state == Started(GAME, SECRET, 12, CLASSIC_PEGS, attempts_used=3)
    assert isinstance(state, Started)
    assert state.attempts_left == 9
    assert not is_terminal(state)


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
        (Lost(GAME), GameStarted(GAME, SECRET, 12, CLASSIC_PEGS)),
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


@pytest.mark.parametrize("attempts", [2.5, True, "12"])
def test_the_number_of_attempts_must_be_a_whole_number(attempts: object) -> None:
    with pytest.raises(InvalidGameSetup, match="whole number"):
        when(JoinGame(GAME, SECRET, attempts))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["Dark Blue", "Red,", "Teal;"])
def test_a_colour_name_cannot_hold_a_separator_that_parsing_would_split(name: str) -> None:
    with pytest.raises(InvalidGameSetup, match="cannot hold spaces, commas or semicolons"):
        when(JoinGame(GAME, Code.of("Red"), 12, ("Red", name)))


def test_a_value_that_is_no_command_is_refused_as_a_type_error() -> None:
    with pytest.raises(TypeError, match="str is not a command"):
        decide("boom", decider.initial_state)  # type: ignore[arg-type]
