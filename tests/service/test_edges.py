"""The edges of ``Games``: an argument of the wrong type or value is refused by name, with
the same answer from every store, and nothing is stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mastermind import GuessTooShort, InvalidGameSetup, InvalidPegInGuess
from mastermind.service import (
    MAX_IDEMPOTENCY_KEY,
    FixedSecrets,
    GameNotFound,
    Games,
    UnreadableGuess,
)
from mastermind.store import EventStore
from tests.service.edges import KEY_VALUES, STORES, Case, assert_refused, new_store

GAME = "game-1"


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    yield from new_store(request.param, tmp_path)


@pytest.fixture
def games(store: EventStore) -> Games:
    games = Games(store, FixedSecrets("RGBY"))
    games.start(game_id=GAME)
    return games


GUESS_TYPES = "guess must be a Code, a str or a sequence of colour names, not"
SECRET_TYPES = "secret must be a Code, a str or a sequence of colour names, not"

START: dict[str, Case] = {
    "secret-of-nones": (
        lambda g: g.start(secret=[None] * 4),
        TypeError,
        f"{SECRET_TYPES} list holding NoneType",
    ),
    "secret-int": (lambda g: g.start(secret=123), TypeError, f"{SECRET_TYPES} int"),
    "secret-bytes": (lambda g: g.start(secret=b"RGBY"), TypeError, f"{SECRET_TYPES} bytes"),
    "maker-none": (
        lambda g: g.start(maker=None),
        TypeError,
        "maker must be a CodeMaker, not NoneType",
    ),
    "maker-str": (
        lambda g: g.start(maker="person", secret="RGBY"),
        TypeError,
        "maker must be a CodeMaker, not str",
    ),
    "key-int": (
        lambda g: g.start(idempotency_key=5),
        TypeError,
        "idempotency_key must be a str or None, not int",
    ),
    "key-empty": (lambda g: g.start(idempotency_key=""), ValueError, KEY_VALUES),
    "key-nul": (lambda g: g.start(idempotency_key="a\0b"), ValueError, KEY_VALUES),
    "key-line-break": (lambda g: g.start(idempotency_key="a\nb"), ValueError, KEY_VALUES),
    "key-too-long": (
        lambda g: g.start(idempotency_key="k" * (MAX_IDEMPOTENCY_KEY + 1)),
        ValueError,
        KEY_VALUES,
    ),
    "game-id-int": (lambda g: g.start(game_id=7), TypeError, "game_id must be a str or None"),
    "game-id-empty": (lambda g: g.start(game_id=""), ValueError, "game_id must be printable"),
    "game-id-nul": (lambda g: g.start(game_id="g\0"), ValueError, "game_id must be printable"),
    "rules-number": (
        lambda g: g.start(rules=4),
        TypeError,
        "rules must be a preset's name or Rules, not int",
    ),
    "rules-unknown": (
        lambda g: g.start(rules="chess"),
        ValueError,
        "No rules are called 'chess'; choose from classic, super, bulls-and-cows",
    ),
    "palette-number": (
        lambda g: g.start(available_pegs=6),
        TypeError,
        "available_pegs must be a sequence of colour names, not int",
    ),
    "palette-bytes": (
        lambda g: g.start(available_pegs=b"RGBY", secret="RGBY"),
        TypeError,
        "available_pegs must be a sequence of colour names, not bytes",
    ),
    "palette-one-string": (
        lambda g: g.start(available_pegs="RGBY"),
        InvalidGameSetup,
        "the palette must list colour names, not be one string",
    ),
    "palette-of-numbers-with-a-secret": (
        lambda g: g.start(available_pegs=("Red", 3), secret="Red"),
        InvalidGameSetup,
        "the palette must list colour names",
    ),
    "attempts-text": (
        lambda g: g.start(total_attempts="12"),
        InvalidGameSetup,
        "the number of attempts must be a whole number, not '12'",
    ),
    "attempts-bool": (
        lambda g: g.start(total_attempts=True, secret="RGBY"),
        InvalidGameSetup,
        "the number of attempts must be a whole number, not True",
    ),
    "length-text-with-a-secret": (
        lambda g: g.start(length="4", secret="RGBY"),
        InvalidGameSetup,
        "the number of pegs must be a whole number, not '4'",
    ),
    "unique-text": (
        lambda g: g.start(unique="yes"),
        InvalidGameSetup,
        "unique is true or false, not 'yes'",
    ),
    "secret-empty": (lambda g: g.start(secret=""), InvalidGameSetup, "the secret is empty"),
    "join-secret-int": (lambda g: g.join(secret=123), TypeError, f"{SECRET_TYPES} int"),
}

GUESS: dict[str, Case] = {
    "none": (lambda g: g.guess(GAME, None), TypeError, f"{GUESS_TYPES} NoneType"),
    "bytes": (lambda g: g.guess(GAME, b"RGBY"), TypeError, f"{GUESS_TYPES} bytes"),
    "numbers": (
        lambda g: g.guess(GAME, [1, 2, 3, 4]),
        TypeError,
        f"{GUESS_TYPES} list holding int",
    ),
    "int": (lambda g: g.guess(GAME, 1234), TypeError, f"{GUESS_TYPES} int"),
    "game-id-none": (
        lambda g: g.guess(None, "RGBY"),
        TypeError,
        "game_id must be a str, not NoneType",
    ),
    "game-id-bytes": (
        lambda g: g.guess(GAME.encode(), "RGBY"),
        TypeError,
        "game_id must be a str, not bytes",
    ),
    "game-id-empty": (lambda g: g.guess("", "RGBY"), GameNotFound, "There is no game"),
    "game-id-nul": (lambda g: g.guess("game\0", "RGBY"), GameNotFound, "There is no game"),
    "key-bool": (
        lambda g: g.guess(GAME, "RGBY", idempotency_key=True),
        TypeError,
        "idempotency_key must be a str or None, not bool",
    ),
    "key-empty": (lambda g: g.guess(GAME, "RGBY", idempotency_key=""), ValueError, KEY_VALUES),
    "too-short": (lambda g: g.guess(GAME, "RGB"), GuessTooShort, "The guess has 3 pegs"),
    "no-such-colour": (lambda g: g.guess(GAME, "RGBX"), InvalidPegInGuess, "no colour 'X'"),
    "no-colour-at-all": (lambda g: g.guess(GAME, "xyzw"), UnreadableGuess, "'xyzw' is neither"),
}


def by_game_id(name: str, *more: object) -> dict[str, Case]:
    """The cases every entry taking a game's id shares, for the entry ``name``."""
    return {
        f"{name}-none": (
            lambda g: getattr(g, name)(None, *more),
            TypeError,
            "game_id must be a str, not NoneType",
        ),
        f"{name}-int": (
            lambda g: getattr(g, name)(1, *more),
            TypeError,
            "game_id must be a str, not int",
        ),
        f"{name}-empty": (lambda g: getattr(g, name)("", *more), GameNotFound, "no game"),
        f"{name}-unprintable": (
            lambda g: getattr(g, name)("game-1\x07", *more),
            GameNotFound,
            "no game",
        ),
    }


OTHER_ENTRIES: dict[str, Case] = {
    **by_game_id("give_up"),
    **by_game_id("call_off"),
    **by_game_id("board"),
    **by_game_id("maker_board"),
    **by_game_id("history"),
    **by_game_id("hint"),
    "hint-strategy-int": (
        lambda g: g.hint(GAME, 5),
        TypeError,
        "strategy must be a str or None, not int",
    ),
    "review-none": (lambda g: g.review(None), TypeError, "game_id must be a str, not NoneType"),
    "review-blank": (lambda g: g.review("  "), GameNotFound, "no game"),
    "find-none": (lambda g: g.find(None), TypeError, "typed must be a str, not NoneType"),
    "find-bytes": (lambda g: g.find(b"game"), TypeError, "typed must be a str, not bytes"),
    "find-blank": (lambda g: g.find(" "), GameNotFound, "no game"),
    "find-nul": (lambda g: g.find("game\0"), GameNotFound, "no game"),
    "offers-hints-none": (
        lambda g: g.offers_hints(None),
        TypeError,
        "board must be a DecodingBoard, not NoneType",
    ),
    "offers-hints-id": (
        lambda g: g.offers_hints(GAME),
        TypeError,
        "board must be a DecodingBoard, not str",
    ),
    "subscribe-text": (
        lambda g: g.subscribe("0"),
        TypeError,
        "after_position must be an int or None, not str",
    ),
    "subscribe-bool": (
        lambda g: g.subscribe(True),
        TypeError,
        "after_position must be an int or None, not bool",
    ),
    "subscribe-negative": (
        lambda g: g.subscribe(-1),
        ValueError,
        "after_position must be a position of at least 0",
    ),
}


@pytest.mark.parametrize("case", START.values(), ids=START.keys())
def test_start_refuses_a_wrong_argument_by_name_and_stores_nothing(
    games: Games, store: EventStore, case: Case
) -> None:
    assert_refused(games, store, case)


@pytest.mark.parametrize("case", GUESS.values(), ids=GUESS.keys())
def test_guess_refuses_a_wrong_argument_by_name_and_stores_nothing(
    games: Games, store: EventStore, case: Case
) -> None:
    assert_refused(games, store, case)


@pytest.mark.parametrize("case", OTHER_ENTRIES.values(), ids=OTHER_ENTRIES.keys())
def test_every_other_entry_refuses_a_wrong_argument_by_name_and_stores_nothing(
    games: Games, store: EventStore, case: Case
) -> None:
    assert_refused(games, store, case)


def test_a_guess_given_as_a_generator_of_names_is_read_once(games: Games) -> None:
    names = (name for name in ("Red", "G", "blue", "y"))
    board = games.guess(GAME, names)  # type: ignore[arg-type]
    assert board.rows[0].feedback.black == 4


def test_a_key_of_the_longest_length_allowed_is_taken(games: Games) -> None:
    key = "k" * MAX_IDEMPOTENCY_KEY
    first = games.start(secret="RGBY", idempotency_key=key)
    assert games.start(secret="RGBY", idempotency_key=key) == first


def test_games_refuses_a_store_that_is_none() -> None:
    with pytest.raises(TypeError, match="store must be an event store"):
        Games(None)  # type: ignore[arg-type]
