"""A person makes the code: the breaker plays, the maker watches, each with a token."""

from __future__ import annotations

import pytest

from mastermind import (
    Code,
    CodeMaker,
    GameAlreadyStarted,
    HintsNotAllowed,
    InvalidGameSetup,
    MakerKind,
    Outcome,
)
from mastermind.service import Games, PlayerTokens, Role
from mastermind.store import InMemoryEventStore
from tests.hints.sources import CountedHints

MUM = CodeMaker.person("Mum")


@pytest.fixture
def store() -> InMemoryEventStore:
    return InMemoryEventStore()


@pytest.fixture
def games(store: InMemoryEventStore) -> Games:
    return Games(store, hints=CountedHints())


def test_a_person_sets_the_secret_and_the_breaker_plays_against_it(games: Games) -> None:
    game_id = games.start(secret="RGBY", maker=MUM).game_id
    board = games.guess(game_id, "RGBY")
    assert board.outcome is Outcome.WON
    assert (board.maker.kind, board.maker.name) == (MakerKind.PERSON, "Mum")


def test_a_person_who_gives_no_secret_is_refused_and_nothing_is_stored(
    games: Games, store: InMemoryEventStore
) -> None:
    with pytest.raises(InvalidGameSetup, match="gives its secret"):
        games.start(maker=MUM)
    assert store.read_all() == []


def test_the_breakers_board_hides_the_secret_the_makers_board_shows_it(games: Games) -> None:
    game_id = games.start(secret="RGBY", maker=MUM).game_id
    games.guess(game_id, "RRGG")
    assert games.board(game_id).secret is None
    maker_view = games.maker_board(game_id)
    assert maker_view.secret == Code.parse("RGBY")
    assert maker_view.rows == games.board(game_id).rows


def test_hints_are_refused_unless_the_maker_allows_them(games: Games) -> None:
    strict = games.start(secret="RGBY", maker=MUM)
    with pytest.raises(HintsNotAllowed):
        games.hint(strict.game_id)
    assert not games.offers_hints(strict)
    kind = games.start(secret="RGBY", maker=CodeMaker.person("Dad", allows_hints=True))
    assert games.offers_hints(kind)
    assert games.hint(kind.game_id).guess.pegs


def test_a_game_may_be_started_under_an_id_of_the_callers_choosing(games: Games) -> None:
    assert games.start(secret="RGBY", game_id="daily-1").game_id == "daily-1"
    with pytest.raises(GameAlreadyStarted):
        games.start(secret="OOPP", game_id="daily-1")
    assert games.maker_board("daily-1").secret == Code.parse("RGBY")


def test_each_role_has_its_own_token_and_neither_is_the_others() -> None:
    tokens = PlayerTokens.random()
    breaker, maker = tokens.issue("g1"), tokens.issue("g1", Role.MAKER)
    assert breaker != maker
    assert tokens.role_of(breaker, "g1") is Role.BREAKER
    assert tokens.role_of(maker, "g1") is Role.MAKER
    assert tokens.role_of(maker, "g2") is None
    assert tokens.role_of("forged", "g1") is None


def test_the_breakers_token_is_the_player_token_games_had_before_makers() -> None:
    tokens = PlayerTokens(b"k" * 32)
    assert tokens.holds(tokens.issue("g1"), "g1")
    assert not tokens.holds(tokens.issue("g1", Role.MAKER), "g1")
    # The token every game was handed before codes had makers, under this key.
    assert tokens.issue("g1") == "Dwfv6y1ZKA5htmsEoY_0Z52cW-SXABPKi-E2-Mh2RQI"


def test_a_keyed_start_keeps_no_copy_of_the_secret_beside_its_events(
    games: Games, store: InMemoryEventStore
) -> None:
    games.start(secret="Orange Purple Yellow Orange", maker=MUM, idempotency_key="k1")
    (record,) = store.read_all()
    assert "Orange" not in repr(record.metadata)
    again = games.start(secret="Orange Purple Yellow Orange", maker=MUM, idempotency_key="k1")
    assert again.game_id == record.stream_id
    assert len(store.read_all()) == 1


def test_a_game_the_maker_called_off_is_counted_apart_from_those_given_up(games: Games) -> None:
    called_off = games.start(secret="RGBY", maker=MUM).game_id
    given_up = games.start(secret="RGBY", maker=MUM).game_id
    games.guess(called_off, "RRGG")
    board = games.call_off(called_off)
    games.give_up(given_up)
    assert (board.called_off, board.given_up, board.secret) == (True, False, Code.parse("RGBY"))
    statistics = games.statistics()
    assert (statistics.called_off, statistics.given_up, statistics.in_progress) == (1, 1, 0)
    summaries = {summary.game_id: summary for summary in games.summaries()}
    assert summaries[called_off].called_off
    assert not summaries[called_off].given_up
