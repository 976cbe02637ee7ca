"""Hints through the service: the code breaker's answer, every field of it, for the
board of a game in play, the question whether it offers hints for a game, and what
``Games`` says when no code breaker is wired into it."""

from __future__ import annotations

import re

import pytest

from mastermind import CLASSIC_PEGS, Code, GameAlreadyWon
from mastermind.service import FixedSecrets, Games, HintUnavailable, ReviewUnavailable
from mastermind.store import InMemoryEventStore
from tests.hints.sources import CountedHints


class HintsWithoutOffers:
    """A code breaker that answers hints but never says which games it plays."""

    def hint(self, board: object, strategy: str | None = None) -> object:
        return None


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


def test_without_a_code_breaker_no_hint_is_offered_and_asking_says_how_to_wire_one() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets("RGBY"))
    game_id = games.join()

    assert not games.offers_hints(games.board(game_id))
    with pytest.raises(HintUnavailable, match=re.escape("wire one in with Games(store, hints=")):
        games.hint(game_id)


def test_without_a_code_breaker_a_review_says_how_to_wire_one() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets("RGBY"))
    game_id = games.join()
    games.guess(game_id, "RGBY")

    with pytest.raises(
        ReviewUnavailable, match=re.escape("wire one in with Games(store, reviews=")
    ):
        games.review(game_id)


@pytest.mark.parametrize(
    ("wiring", "message"),
    [
        (
            {"hints": HintsWithoutOffers()},
            "hints must be a HintSource.*HintsWithoutOffers has no offers$",
        ),
        ({"hints": "solver"}, "hints must be a HintSource.*str has no offers and no hint$"),
        (
            {"reviews": CountedHints()},
            "reviews must be a ReviewSource.*CountedHints has no figures$",
        ),
        ({"reviews": True}, "reviews must be a ReviewSource.*bool has no figures$"),
    ],
)
def test_a_code_breaker_without_the_ports_methods_is_refused_as_the_games_are_made(
    wiring: dict[str, object], message: str
) -> None:
    with pytest.raises(TypeError, match=message):
        Games(InMemoryEventStore(), **wiring)  # type: ignore[arg-type]
