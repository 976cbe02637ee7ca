from __future__ import annotations

from mastermind import Outcome
from mastermind.service import FixedSecrets, Games, GameSummary, Statistics
from mastermind.store import InMemoryEventStore


def play(games: Games, *guesses: str, give_up: bool = False, attempts: int = 12) -> str:
    game_id = games.join(total_attempts=attempts)
    for guess in guesses:
        games.guess(game_id, guess)
    if give_up:
        games.give_up(game_id)
    return game_id


def test_statistics_of_an_empty_store_are_zero() -> None:
    statistics = Games(InMemoryEventStore()).statistics()
    assert statistics == Statistics()
    assert (statistics.in_progress, statistics.average_guesses_per_win) == (0, None)


def test_statistics_count_wins_losses_surrenders_and_guesses_per_win() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets(*["RGBY"] * 6))
    play(games, "RGBY")
    play(games, "PPPP", "PPPP", "RGBY")
    play(games, "PPPP", "RGBY")
    play(games, "PPPP", "PPPP", attempts=2)
    play(games, "PPPP", give_up=True)
    play(games, "PPPP")
    statistics = games.statistics()
    assert (statistics.games_played, statistics.won, statistics.lost) == (6, 3, 1)
    assert (statistics.given_up, statistics.in_progress) == (1, 1)
    assert statistics.guesses_per_win == {1: 1, 2: 1, 3: 1}
    assert statistics.average_guesses_per_win == 2.0


def test_statistics_catch_up_with_games_played_since_they_were_read() -> None:
    store = InMemoryEventStore()
    games = Games(store, FixedSecrets(*["RGBY"] * 2))
    play(games, "RGBY")
    assert games.statistics().won == 1
    play(Games(store, FixedSecrets("RGBY")), "PPPP", "RGBY")
    assert games.statistics().guesses_per_win == {1: 1, 2: 1}


def test_the_catalogue_lists_every_game_in_the_order_they_started() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets(*["RGBY"] * 3))
    won = play(games, "RGBY")
    given_up = play(games, "PPPP", give_up=True)
    playing = play(games, "PPPP", "PPPP")
    assert games.summaries() == [
        GameSummary(won, Outcome.WON, 1, 12, 4, 6),
        GameSummary(given_up, Outcome.LOST, 1, 12, 4, 6),
        GameSummary(playing, Outcome.IN_PROGRESS, 2, 12, 4, 6),
    ]
    assert [summary.given_up for summary in games.summaries()] == [False, True, False]
