"""The service plays every member of the family by name, and its answers speak each
one's words: a black-peg game never sends a white count."""

from __future__ import annotations

import pytest

from mastermind.domain import PRESETS, GuessAgainstRules, Rules
from mastermind.service import BoardAnswer, Games, LiveMessage, encode
from mastermind.service._runner import IdempotencyKeyReused
from mastermind.service._secrets import FixedSecrets
from mastermind.store import InMemoryEventStore

SECRETS = {
    "classic": "RGBY",
    "super": "RGBYC",
    "bulls-and-cows": "1234",
    "black-peg": "RGBY",
    "blanks": "RGEY",
    "unique": "RGBY",
}


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_is_started_by_name_and_its_board_says_so(name: str) -> None:
    games = Games(InMemoryEventStore(), FixedSecrets(SECRETS[name]))
    board = games.start(rules=name)
    assert board.rules == PRESETS[name]
    document = encode(BoardAnswer.of(board, hints=False))
    assert document["rules"]["name"] == name
    assert document["length"] == PRESETS[name].length


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_is_won_by_guessing_its_secret(name: str) -> None:
    games = Games(InMemoryEventStore(), FixedSecrets(SECRETS[name]))
    board = games.guess(games.join(rules=name), SECRETS[name])
    assert board.outcome.value == "won"


def test_values_given_beside_a_preset_change_it_into_rules_of_ones_own() -> None:
    board = Games(InMemoryEventStore()).start(rules="bulls-and-cows", total_attempts=7)
    assert board.rules == Rules(
        symbols=PRESETS["bulls-and-cows"].symbols,
        attempts=7,
        repeats=False,
        answer=PRESETS["bulls-and-cows"].answer,
    )
    assert board.rules.name is None


def test_rules_given_as_a_value_are_played() -> None:
    rules = Rules(length=3, symbols=("Ash", "Birch", "Cedar"), attempts=5, blanks=True)
    games = Games(InMemoryEventStore(), FixedSecrets("Ash Empty Cedar"))
    board = games.guess(games.join(rules=rules), "Ash Empty Birch")
    assert (board.rules, board.rows[-1].feedback.black) == (rules, 2)


def test_a_black_peg_board_and_its_live_messages_send_no_white_count() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets("RGBY"))
    board = games.guess(games.join(rules="black-peg"), "YBGR")
    row = encode(BoardAnswer.of(board, hints=False))["rows"][0]
    assert row["feedback"] == {"black": 0}
    assert (row["key_pegs"], row["said"]) == ("· · · ·", "0 black")
    message = encode(LiveMessage.of(2, object(), board, hints=False, reveal=False))
    assert all("white" not in row["feedback"] for row in message["board"]["rows"])


def test_a_bulls_and_cows_board_answers_in_bulls_and_cows() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets("1234"))
    board = games.guess(games.join(rules="bulls-and-cows"), "1 2 4 3")
    row = encode(BoardAnswer.of(board, hints=False))["rows"][0]
    assert (row["feedback"], row["said"]) == ({"black": 2, "white": 2}, "2 bulls, 2 cows")


def test_a_repeated_digit_is_refused_and_uses_no_attempt() -> None:
    games = Games(InMemoryEventStore(), FixedSecrets("1234"))
    game_id = games.join(rules="bulls-and-cows")
    with pytest.raises(GuessAgainstRules, match="repeats 1"):
        games.guess(game_id, "1123")
    assert games.board(game_id).attempts_used == 0


def test_an_idempotency_key_does_not_start_a_game_of_other_rules() -> None:
    games = Games(InMemoryEventStore())
    games.start(rules="classic", idempotency_key="k")
    with pytest.raises(IdempotencyKeyReused):
        games.start(rules="bulls-and-cows", idempotency_key="k")


@pytest.mark.parametrize(
    ("rules", "guess", "key_pegs"),
    [
        ("classic", "RGYB", "● ● ○ ○"),
        ("black-peg", "RGYB", "● ● · ·"),
        ("bulls-and-cows", "0132", "2 bulls, 2 cows"),
    ],
)
def test_each_row_shows_its_key_pegs_in_marks_or_in_the_rules_words(
    rules: str, guess: str, key_pegs: str
) -> None:
    secret = "0123" if rules == "bulls-and-cows" else "RGBY"
    games = Games(InMemoryEventStore(), FixedSecrets(secret))
    board = games.guess(games.join(rules=rules), guess)
    assert encode(BoardAnswer.of(board, hints=False))["rows"][0]["key_pegs"] == key_pegs
