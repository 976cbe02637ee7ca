"""The code maker: the computer, or a person who may go by a name and allow hints."""

from __future__ import annotations

import pytest
from hypothesis import given

from mastermind import (
    COMPUTER,
    MAX_MAKER_NAME,
    CallOff,
    Code,
    CodeMaker,
    DecodingBoard,
    GameAlreadyLost,
    GameLost,
    GameNotStarted,
    GameStarted,
    HintsNotAllowed,
    InvalidGameSetup,
    JoinGame,
    MakerKind,
    Outcome,
    decide,
    evolve,
    initial_state,
)
from mastermind.testing.strategies import code_makers

SECRET = Code.parse("RGBY")


def test_a_game_nobody_set_a_secret_for_is_made_by_the_computer() -> None:
    (started,) = decide(JoinGame("g1", SECRET), initial_state)
    assert isinstance(started, GameStarted)
    assert started.maker == COMPUTER == CodeMaker.computer()
    assert started.maker.kind is MakerKind.COMPUTER


def test_a_person_who_sets_the_secret_is_recorded_by_the_name_they_chose() -> None:
    maker = CodeMaker.person("Mum")
    (started,) = decide(JoinGame("g1", SECRET, maker=maker), initial_state)
    assert isinstance(started, GameStarted)
    assert (started.maker.kind, started.maker.name) == (MakerKind.PERSON, "Mum")


def test_a_person_allows_no_hints_unless_they_say_so() -> None:
    assert not CodeMaker.person().allows_hints
    assert CodeMaker.person(allows_hints=True).allows_hints
    assert COMPUTER.allows_hints


@pytest.mark.parametrize(
    ("maker", "reason"),
    [
        (CodeMaker.person("   "), "the code maker's name is blank"),
        (CodeMaker.person("x" * (MAX_MAKER_NAME + 1)), f"longer than {MAX_MAKER_NAME}"),
        (CodeMaker.person("Mum\x1b[2J"), "characters that cannot be shown"),
        (CodeMaker(MakerKind.COMPUTER, "HAL"), "only a person code maker goes by a name"),
    ],
    ids=["blank", "too long", "control characters", "named computer"],
)
def test_a_name_that_cannot_be_shown_is_refused_and_nothing_starts(
    maker: CodeMaker, reason: str
) -> None:
    with pytest.raises(InvalidGameSetup, match=reason):
        decide(JoinGame("g1", SECRET, maker=maker), initial_state)


@given(code_makers())
def test_every_maker_the_strategy_draws_can_start_a_game(maker: CodeMaker) -> None:
    (started,) = decide(JoinGame("g1", SECRET, maker=maker), initial_state)
    assert isinstance(started, GameStarted)
    assert started.maker == maker


@given(code_makers())
def test_a_makers_repr_builds_the_same_maker(maker: CodeMaker) -> None:
    assert eval(repr(maker), {"CodeMaker": CodeMaker}) == maker


def test_the_board_names_its_maker_and_keeps_the_secret_behind_the_shield() -> None:
    maker = CodeMaker.person("Dad")
    board = DecodingBoard.from_events(decide(JoinGame("g1", SECRET, maker=maker), initial_state))
    assert board.maker == maker
    assert board.secret is None
    assert board.with_secret(SECRET).secret == SECRET


def test_hints_are_refused_on_the_board_of_a_maker_who_allows_none() -> None:
    events = decide(JoinGame("g1", SECRET, maker=CodeMaker.person()), initial_state)
    with pytest.raises(HintsNotAllowed, match="does not allow hints"):
        DecodingBoard.from_events(events).hints_allowed()


def test_hints_are_allowed_on_the_board_of_a_maker_who_allows_them() -> None:
    join = JoinGame("g1", SECRET, maker=CodeMaker.person(allows_hints=True))
    board = DecodingBoard.from_events(decide(join, initial_state))
    assert board.hints_allowed() is board


def test_the_code_maker_calls_a_game_off_and_it_ends_lost_but_not_given_up() -> None:
    join = JoinGame("g1", SECRET, maker=CodeMaker.person("Mum"))
    state = evolve(initial_state, *decide(join, initial_state))
    (lost,) = decide(CallOff("g1"), state)
    assert lost == GameLost("g1", called_off=True)
    board = DecodingBoard.from_events([*decide(join, initial_state), lost])
    assert (board.outcome, board.called_off, board.given_up, board.secret) == (
        Outcome.LOST,
        True,
        False,
        SECRET,
    )


def test_a_game_not_in_play_cannot_be_called_off() -> None:
    with pytest.raises(GameNotStarted):
        decide(CallOff("g1"), initial_state)
    state = evolve(initial_state, *decide(JoinGame("g1", SECRET), initial_state))
    state = evolve(state, GameLost("g1"))
    with pytest.raises(GameAlreadyLost):
        decide(CallOff("g1"), state)
