"""What the strategies draw is what the rules accept, and of every kind they promise."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from hypothesis import find, given
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from mastermind import (
    Code,
    Event,
    GameError,
    GameLost,
    GameStarted,
    GameWon,
    GiveUp,
    GuessMade,
    JoinGame,
    MakeGuess,
    NotStarted,
    Started,
    decide,
    decider,
    evolve,
    initial_state,
)
from mastermind.domain import MAX_ATTEMPTS, MAX_COLOURS, MAX_LENGTH, PRESETS, Answer, Rules
from mastermind.testing import strategies
from mastermind.testing.strategies import Game

CLASSIC_JOIN = JoinGame("g1", Code.parse("RGBY"))


@given(strategies.colour_names())
def test_every_colour_name_is_one_the_rules_accept(name: str) -> None:
    assert Rules(1, (name,), 1).problem() is None


@given(strategies.palettes())
def test_every_palette_is_one_the_rules_accept(palette: tuple[str, ...]) -> None:
    assert 1 <= len(palette) <= MAX_COLOURS
    assert Rules(1, palette, 1).problem() is None


@given(strategies.palettes(MAX_COLOURS, MAX_COLOURS))
def test_the_largest_palettes_are_ones_the_rules_accept(palette: tuple[str, ...]) -> None:
    assert len(palette) == MAX_COLOURS
    assert Rules(1, palette, 1).problem() is None


def test_palettes_draw_names_beyond_plain_ascii() -> None:
    find(strategies.palettes(), lambda palette: any(not name.isascii() for name in palette))


@pytest.mark.parametrize(("least", "most"), [(0, 3), (3, 2), (1, MAX_COLOURS + 1)])
def test_palettes_beyond_the_rules_are_refused(least: int, most: int) -> None:
    with pytest.raises(InvalidArgument, match="palettes have 1 to 20 colours"):
        strategies.palettes(least, most)


@given(st.data(), strategies.palettes(), st.integers(0, MAX_LENGTH))
def test_codes_have_the_length_asked_for_from_the_palette_given(
    data: st.DataObject, palette: tuple[str, ...], length: int
) -> None:
    code = data.draw(strategies.codes(palette, length))
    assert len(code) == length
    assert set(code.pegs) <= set(palette)


@given(strategies.codes(length=6, unique=True))
def test_unique_codes_hold_no_colour_twice(code: Code) -> None:
    assert len(set(code.pegs)) == len(code) == 6


def test_a_unique_code_longer_than_its_palette_is_refused() -> None:
    with pytest.raises(InvalidArgument, match="no code of 7 different colours from 6"):
        strategies.codes(length=7, unique=True)


@given(strategies.game_rules())
def test_every_drawn_rules_can_be_played(rules: Rules) -> None:
    assert rules.problem() is None


@pytest.mark.parametrize(
    "limits",
    [
        {"max_length": 0},
        {"max_length": MAX_LENGTH + 1},
        {"max_attempts": MAX_ATTEMPTS + 1},
        {"max_colours": MAX_COLOURS + 1},
    ],
)
def test_rules_beyond_the_limits_are_refused(limits: dict[str, int]) -> None:
    with pytest.raises(InvalidArgument, match=next(iter(limits))):
        strategies.game_rules(**limits)


@pytest.mark.parametrize(
    "kind",
    [
        lambda rules: not rules.repeats,
        lambda rules: rules.repeats,
        lambda rules: rules.blanks,
        lambda rules: rules.length == MAX_LENGTH,
        lambda rules: rules.attempts == MAX_ATTEMPTS,
        lambda rules: rules.answer is Answer.BLACK_ONLY,
        lambda rules: rules.answer is Answer.BULLS_AND_COWS,
        lambda rules: rules == PRESETS["bulls-and-cows"],
        lambda rules: rules.name is None,
    ],
    ids=[
        "no-repeats",
        "repeating",
        "blanks",
        "longest",
        "most-attempts",
        "black-only",
        "bulls-and-cows",
        "a-preset",
        "own-rules",
    ],
)
def test_rules_of_every_kind_are_drawn(kind: Callable[[Rules], bool]) -> None:
    find(strategies.game_rules(), kind)


@given(strategies.join_commands())
def test_every_join_command_starts_a_game(join: JoinGame) -> None:
    assert decide(join, initial_state) == (
        GameStarted(join.game_id, join.secret, join.rules, join.maker),
    )


@given(strategies.join_commands(st.just("mine")))
def test_join_commands_take_their_ids_from_the_strategy_given(join: JoinGame) -> None:
    assert join.game_id == "mine"


@given(strategies.small_games())
def test_small_games_are_small_and_start(join: JoinGame) -> None:
    assert join.game_id == "game-1"
    assert len(join.secret) <= 3
    assert join.rules.attempts <= 6
    assert len(join.rules.pegs) <= 3
    assert isinstance(decider.fold(decide(join, initial_state)), Started)


@given(st.data(), strategies.join_commands())
def test_valid_guesses_are_all_accepted(data: st.DataObject, join: JoinGame) -> None:
    guess = data.draw(strategies.guesses_for(join, only_valid=True))
    assert guess.game_id == join.game_id
    decided = decide(guess, decider.fold(decide(join, initial_state)))
    assert isinstance(decided[0], GuessMade)


@pytest.mark.parametrize(
    "kind",
    [
        lambda guess: len(guess.guess) < 4,
        lambda guess: len(guess.guess) > 4,
        lambda guess: not set(guess.guess.pegs) <= set(CLASSIC_JOIN.rules.pegs),
        lambda guess: guess.guess == CLASSIC_JOIN.secret,
    ],
    ids=["too-short", "too-long", "unknown-colours", "right"],
)
def test_guesses_of_every_kind_are_drawn(kind: Callable[[MakeGuess], bool]) -> None:
    find(strategies.guesses_for(CLASSIC_JOIN), kind)


@given(strategies.join_commands(), st.data())
def test_commands_for_a_game_are_all_for_that_game(join: JoinGame, data: st.DataObject) -> None:
    command = data.draw(strategies.commands_for(join))
    assert command.game_id == join.game_id
    assert isinstance(command, JoinGame | MakeGuess | GiveUp)


@given(strategies.games())
def test_a_whole_game_plays_to_a_stream_the_rules_could_write(game: Game) -> None:
    join, commands = game
    events: list[Event] = list(decide(join, initial_state))
    refusals: list[GameError] = []
    for command in commands:
        try:
            events.extend(decide(command, decider.fold(events)))
        except GameError as refusal:
            refusals.append(refusal)
    assert all(refusal.game_id == join.game_id for refusal in refusals)
    endings = [event for event in events if isinstance(event, GameWon | GameLost)]
    assert len(endings) <= 1
    assert not endings or events[-1] is endings[0]
    assert sum(isinstance(event, GuessMade) for event in events) <= join.rules.attempts


def ending(game: Game) -> type[Event] | None:
    """How a game drawn ends when its commands are decided in turn; None if it goes on."""
    join, commands = game
    events: list[Event] = list(decide(join, initial_state))
    for command in commands:
        with contextlib.suppress(GameError):
            events.extend(decide(command, decider.fold(events)))
    return type(events[-1]) if isinstance(events[-1], GameWon | GameLost) else None


@pytest.mark.parametrize("outcome", [GameWon, GameLost, None], ids=["won", "lost", "going-on"])
def test_games_are_drawn_won_lost_and_unfinished(outcome: type[Event] | None) -> None:
    find(strategies.games(), lambda game: ending(game) is outcome)


@given(strategies.code_pairs())
def test_code_pairs_are_of_one_length_over_their_palette(
    pair: tuple[Code, Code, tuple[str, ...]],
) -> None:
    secret, guess, palette = pair
    assert len(secret) == len(guess) >= 1
    assert set(secret.pegs) | set(guess.pegs) <= set(palette)


@given(strategies.events())
def test_events_are_of_every_type_with_key_pegs_that_add_up(event: Event) -> None:
    assert isinstance(event, GameStarted | GuessMade | GameWon | GameLost)
    assert event.game_id
    if isinstance(event, GuessMade):
        assert event.feedback.black + event.feedback.white <= len(event.guess)
    if isinstance(event, GameStarted):
        assert isinstance(evolve(NotStarted(), event), Started)


@pytest.mark.parametrize("kind", [GameStarted, GuessMade, GameWon, GameLost])
def test_events_of_each_type_are_drawn(kind: type) -> None:
    find(strategies.events(), lambda event: isinstance(event, kind))
