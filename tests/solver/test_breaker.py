import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import CLASSIC_PEGS, Code, GameStarted, GameWon, GuessMade, JoinGame, decider
from mastermind.domain import Rules
from mastermind.service import Games
from mastermind.solver import CodeBreaker
from mastermind.store import InMemoryEventStore
from tests.tiers import examples

CLASSIC_CODES = st.tuples(*[st.sampled_from(CLASSIC_PEGS)] * 4).map(Code)


@settings(max_examples=examples(25), deadline=None)
@given(secret=CLASSIC_CODES)
def test_the_code_breaker_wins_every_classic_game_it_plays_through_games_within_6_guesses(
    secret: Code,
) -> None:
    games = Games(InMemoryEventStore())
    game_id = games.join(secret=secret)
    board = CodeBreaker("optimal").play(games, game_id)
    assert board.outcome == "won"
    assert board.secret == secret
    assert board.attempts_used <= 6


def test_the_code_breaker_plays_through_the_decider_from_the_events_alone() -> None:
    secret = Code.parse("YOGR")
    started = decider.decide(JoinGame("breaker", secret, Rules(attempts=5)), decider.initial_state)
    events = CodeBreaker("knuth").play_events(started)
    assert isinstance(events[0], GameStarted)
    assert isinstance(events[-1], GameWon)
    guesses = [event.guess for event in events if isinstance(event, GuessMade)]
    assert guesses[-1] == secret
    assert len(guesses) <= 5


@pytest.mark.parametrize("strategy", ["most-parts", "random-consistent"])
def test_the_code_breaker_plays_games_of_other_palettes_and_lengths(strategy: str) -> None:
    palette = ("Cyan", "Magenta", "Lime", "Navy", "Teal", "Gold", "Pink")
    games = Games(InMemoryEventStore())
    game_id = games.join(
        secret=Code.of("Navy", "Gold", "Gold", "Cyan", "Pink"), available_pegs=palette, length=5
    )
    board = CodeBreaker(strategy, seed=5).play(games, game_id)
    assert board.outcome == "won"
