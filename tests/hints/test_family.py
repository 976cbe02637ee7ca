"""Hints and reviews for every preset of the family, read from the board's rules."""

from __future__ import annotations

import itertools

import pytest

from mastermind.domain import PRESETS, Code, DecodingBoard, GameStarted, GuessMade, Rules
from mastermind.hints import SolverHints, SolverReviews

SECRETS = {
    "classic": "Blue Orange Red Blue",
    "super": "Cyan White Red Red Blue",
    "bulls-and-cows": "7 0 3 9",
    "black-peg": "Yellow Yellow Green Purple",
    "blanks": "Red Empty Empty Orange",
    "unique": "Purple Blue Orange Red",
}


def board_of(rules: Rules, secret: Code, guesses: list[Code]) -> DecodingBoard:
    events: list[GameStarted | GuessMade] = [GameStarted("family", secret, rules)]
    events += [GuessMade("family", guess, rules.score(secret, guess)) for guess in guesses]
    return DecodingBoard.from_events(events)


def test_every_preset_has_a_secret_here() -> None:
    assert set(SECRETS) == set(PRESETS)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_hints_of_each_preset_keep_its_rules_and_fit_every_answer(preset: str) -> None:
    rules, hints = PRESETS[preset], SolverHints()
    secret = Code.parse(SECRETS[preset], rules.pegs)
    guesses: list[Code] = []
    for _ in range(3):
        board = board_of(rules, secret, guesses)
        assert hints.offers(board)
        hint = hints.hint(board)
        assert rules.code_problem(hint.guess.pegs, "a guess") is None, f"{hint.guess} on {preset}"
        assert set(hint.guess.pegs) <= set(rules.pegs)
        assert not hint.incomplete, "a shipped tree answers at once"
        guesses.append(hint.guess)
        if hint.guess == secret:
            break


def test_a_black_peg_hint_counts_the_codes_with_as_many_pegs_in_place() -> None:
    rules = PRESETS["black-peg"]
    secret = Code.parse("RGBY")
    first = SolverHints().hint(board_of(rules, secret, [])).guess
    board = board_of(rules, secret, [first])
    assert board.rows[0].feedback.white == 0

    hint = SolverHints().hint(board)

    codes = [Code(pegs) for pegs in itertools.product(rules.pegs, repeat=4)]
    alike = [code for code in codes if rules.score(code, first) == board.rows[0].feedback]
    assert hint.remaining == len(alike)


def played_by_hints(preset: str) -> DecodingBoard:
    rules, hints = PRESETS[preset], SolverHints()
    secret = Code.parse(SECRETS[preset], rules.pegs)
    guesses: list[Code] = []
    while not guesses or guesses[-1] != secret:
        guesses.append(hints.hint(board_of(rules, secret, guesses)).guess)
    return board_of(rules, secret, guesses)


def test_a_unique_game_played_by_the_hints_is_reviewed_exactly_from_its_optimal_tree() -> None:
    figures = SolverReviews().figures(played_by_hints("unique"))
    assert figures.exact
    assert figures.expected_at_start == pytest.approx(1446 / 360)
    assert figures.guesses[0].candidates_before == 360
    assert all(row.cost == pytest.approx(0.0) for row in figures.guesses)


def test_a_bulls_and_cows_review_counts_only_codes_of_four_different_digits() -> None:
    figures = SolverReviews().figures(played_by_hints("bulls-and-cows"))
    first = figures.guesses[0]
    assert first.candidates_before == 5040
    assert first.candidates_after < 5040
    assert not figures.exact, "no proven optimum is shipped to measure against"
