"""Hints through the service: the code breaker's answer, every field of it, for the
board of a game in play, and the question whether it offers hints for a game."""

from __future__ import annotations

import pytest

from mastermind import CLASSIC_PEGS, Code, GameAlreadyWon
from mastermind.service import FixedSecrets, Games, HintUnavailable
from mastermind.store import InMemoryEventStore
from tests.hint_sources import CountedHints


def test_a_hint_is_the_code_breakers_answer_with_every_field() -> None:
    source = CountedHints(remaining=None, incomplete=True)
    games = Games(InMemoryEventStore(), FixedSecrets("RGBY"), hints=source)
    game_id = games.join()
    games.guess(game_id, "RRGG")

    hint = games.hint(game_id, "knuth")

    assert (hint.guess, hint.remaining, hint.strategy, hint.incomplete) == (
        Code.parse("GBYP"),
        None,
        "knuth",
        True,
    )
    ((board, strategy),) = source.asked
    assert (board.game_id, len(board.rows), board.secret, strategy) == (game_id, 1, None, "knuth")


def test_hints_are_offered_where_the_code_breaker_plays_and_while_the_game_is_in_play() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets("RGBY", "R"), hints=CountedHints())
    in_play = games.join()
    one_peg = games.join(12, CLASSIC_PEGS, 1)

    assert games.offers_hints(games.board(in_play))
    assert not games.offers_hints(games.board(one_peg))
    with pytest.raises(HintUnavailable, match="one peg"):
        games.hint(one_peg)
    games.guess(in_play, "RGBY")
    assert not games.offers_hints(games.board(in_play))
    with pytest.raises(GameAlreadyWon):
        games.hint(in_play)


def test_without_a_code_breaker_no_hint_is_offered_or_given() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets("RGBY"))
    game_id = games.join()

    assert not games.offers_hints(games.board(game_id))
    with pytest.raises(HintUnavailable, match="solver"):
        games.hint(game_id)
