from __future__ import annotations

import uuid

import pytest

from mastermind import (
    CLASSIC_PEGS,
    Code,
    Feedback,
    GameAlreadyLost,
    GameAlreadyWon,
    GameLost,
    GameStarted,
    GuessTooShort,
    InvalidGameSetup,
    InvalidPegInGuess,
    Outcome,
    Rules,
)
from mastermind.service import FixedSecrets, GameNotFound, Games
from mastermind.store import InMemoryEventStore


@pytest.fixture
def store() -> InMemoryEventStore:
    return InMemoryEventStore()


@pytest.fixture
def games(store: InMemoryEventStore) -> Games:
    return Games(store, FixedSecrets("RGBY", "Red Red Blue Blue", "OOPP"))


def test_join_answers_a_uuid4_game_id_and_records_the_start(
    games: Games, store: InMemoryEventStore
) -> None:
    game_id = games.join()
    assert uuid.UUID(game_id).version == 4
    assert store.load(game_id).events == (GameStarted(game_id, Code.parse("RGBY"), Rules()),)


def test_every_game_gets_its_own_id(games: Games) -> None:
    assert len({games.join(), games.join(), games.join()}) == 3


def test_the_default_code_maker_draws_secrets_of_the_asked_length_from_the_palette() -> None:
    store = InMemoryEventStore()
    games = Games(store)
    game_id = games.join(length=6, available_pegs=("Ash", "Oak"))
    started = store.load(game_id).events[0]
    assert isinstance(started, GameStarted)
    assert len(started.secret) == 6
    assert set(started.secret.pegs) <= {"Ash", "Oak"}


def test_unique_secrets_never_repeat_a_colour() -> None:
    store = InMemoryEventStore()
    games = Games(store)
    for _ in range(30):
        started = store.load(games.join(length=6, unique=True)).events[0]
        assert isinstance(started, GameStarted)
        assert sorted(started.secret.pegs) == sorted(CLASSIC_PEGS)


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"length": 7, "unique": True}, "needs at least 7 symbols"),
        ({"length": 0}, "at least 1 peg"),
        ({"available_pegs": ()}, "no colours"),
        ({"total_attempts": 0}, "at least 1 attempt"),
        ({"secret": "Red Red Blue Yellow", "unique": True}, "repeats Red"),
        ({"secret": "Red Pink"}, "Pink, in the secret, is not one of this game's colours"),
    ],
)
def test_a_game_that_cannot_be_played_is_refused_and_nothing_is_stored(
    store: InMemoryEventStore, options: dict[str, object], reason: str
) -> None:
    games = Games(store)
    with pytest.raises(InvalidGameSetup, match=reason):
        games.join(**options)  # type: ignore[arg-type]
    assert store.read_all() == []


def test_an_injected_secret_may_be_typed(games: Games) -> None:
    game_id = games.join(secret="ryby")
    assert games.guess(game_id, "Red Yellow Blue Yellow").outcome is Outcome.WON


def test_a_guess_answers_the_board_with_its_key_pegs(games: Games) -> None:
    game_id = games.join()
    board = games.guess(game_id, "r y b g")
    assert [(str(row.guess), str(row.feedback)) for row in board.rows] == [
        ("Red Yellow Blue Green", "B B W W")
    ]
    assert (board.attempts_left, board.secret) == (11, None)


def test_a_guess_may_be_given_as_a_code(games: Games) -> None:
    game_id = games.join()
    assert games.guess(game_id, Code.parse("RGBY")).secret == Code.parse("RGBY")


def test_guesses_are_read_in_the_games_own_palette() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets("Cedar Ash"))
    game_id = games.join(available_pegs=("Ash", "Birch", "Cedar"), length=2)
    assert games.guess(game_id, "ca").outcome is Outcome.WON


@pytest.mark.parametrize(
    ("typed", "error"),
    [
        ("", GuessTooShort),
        (" , ", GuessTooShort),
        ("RGB", GuessTooShort),
        ("RGBX", InvalidPegInGuess),
    ],
)
def test_a_refused_guess_uses_no_attempt_and_stores_nothing(
    games: Games, store: InMemoryEventStore, typed: str, error: type[Exception]
) -> None:
    game_id = games.join()
    with pytest.raises(error):
        games.guess(game_id, typed)
    assert store.load(game_id).version == 1
    assert games.board(game_id).attempts_left == 12


def test_twelve_wrong_guesses_lose_and_reveal_the_secret(games: Games) -> None:
    game_id = games.join()
    for _ in range(12):
        board = games.guess(game_id, "PPPP")
    assert (board.outcome, board.secret) == (Outcome.LOST, Code.parse("RGBY"))
    with pytest.raises(GameAlreadyLost):
        games.guess(game_id, "RGBY")


def test_giving_up_loses_and_reveals_the_secret(games: Games, store: InMemoryEventStore) -> None:
    game_id = games.join()
    games.guess(game_id, "PPPP")
    board = games.give_up(game_id)
    assert (board.outcome, board.given_up, board.secret) == (Outcome.LOST, True, Code.parse("RGBY"))
    assert store.load(game_id).events[-1] == GameLost(game_id)


def test_no_guess_after_a_win(games: Games) -> None:
    game_id = games.join()
    games.guess(game_id, "RGBY")
    with pytest.raises(GameAlreadyWon):
        games.guess(game_id, "RGBY")


def test_the_board_hides_the_secret_until_the_game_is_over(games: Games) -> None:
    game_id = games.join()
    games.guess(game_id, "RYBG")
    board = games.board(game_id)
    assert board.secret is None
    assert board.rows[0].feedback == Feedback(2, 2)


@pytest.mark.parametrize("action", ["guess", "give_up", "board"])
def test_an_unknown_game_is_not_found(games: Games, store: InMemoryEventStore, action: str) -> None:
    args = ("no-such-game", "RGBY") if action == "guess" else ("no-such-game",)
    with pytest.raises(GameNotFound, match="no game with id 'no-such-game'") as raised:
        getattr(games, action)(*args)
    assert raised.value.game_id == "no-such-game"
    assert store.read_all() == []


def test_games_share_one_store_without_sharing_state(games: Games) -> None:
    first, second = games.join(), games.join()
    games.guess(first, "RGBY")
    assert games.board(second).outcome is Outcome.IN_PROGRESS
    assert [type(r.event) for r in games.history(second)] == [GameStarted]


def test_a_second_service_on_the_same_store_sees_the_same_games(
    games: Games, store: InMemoryEventStore
) -> None:
    game_id = games.join()
    games.guess(game_id, "RYBG")
    board = Games(store).guess(game_id, "RGBY")
    assert (board.attempts_used, board.outcome) == (2, Outcome.WON)
    assert games.board(game_id) == board


def test_a_secret_the_code_maker_chose_is_never_named_when_it_does_not_fit() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets("Red Green Blue Yellow"))
    with pytest.raises(InvalidGameSetup) as raised:
        games.join(available_pegs=("Red", "Green", "Blue", "Black"))
    assert raised.value.message == (
        "The game cannot start: the code maker's secret does not fit this game."
    )


def test_a_repeated_colour_in_a_unique_game_is_refused_without_naming_the_secret() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets("Red Red Blue Yellow"))
    with pytest.raises(InvalidGameSetup, match="the code maker's secret does not fit") as raised:
        games.join(unique=True)
    assert "Red" not in raised.value.message


@pytest.mark.parametrize("length", [2.5, "4", True])
def test_the_length_must_be_a_whole_number(length: object) -> None:
    with pytest.raises(InvalidGameSetup, match="whole number"):
        Games(InMemoryEventStore()).join(length=length)  # type: ignore[arg-type]


def test_a_palette_given_as_one_string_is_refused() -> None:
    with pytest.raises(InvalidGameSetup, match="not be one string"):
        Games(InMemoryEventStore()).join(available_pegs="RGBY")


def test_a_guess_may_be_given_as_a_list_of_names(games: Games) -> None:
    game_id = games.join()
    assert games.guess(game_id, ["Red", "Green", "Blue", "Yellow"]).outcome is Outcome.WON
