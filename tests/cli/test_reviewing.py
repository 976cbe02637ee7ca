"""``mastermind review``: a finished game's guesses against the best strategy, and a verdict."""

from __future__ import annotations

from tests.cli.conftest import Mastermind, one_line_error


def test_the_latest_finished_game_is_reviewed_with_one_verdict(mastermind: Mastermind) -> None:
    mastermind.play("RRGG", "RGBY")

    result = mastermind("review")

    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Review of game ")
    assert any(line.startswith("1  R R G G") for line in lines), lines
    assert lines[-1].startswith("Solved in 2 guesses;")


def test_json_prints_the_review_as_the_http_api_answers_it(mastermind: Mastermind) -> None:
    mastermind.play("RRGG", "RGBY")
    game_id = mastermind.only_game_id()

    review = mastermind.json("review", game_id[:6])

    assert review["id"] == game_id
    assert next(guess["candidates_before"] for guess in review["guesses"]) == 1296
    assert review["guesses"][1]["key_pegs"] == "● ● ● ●"
    assert review["verdict"].startswith("Solved in 2 guesses;")


def test_a_game_in_play_is_refused_in_one_line(mastermind: Mastermind) -> None:
    mastermind.play("RRGG")
    game_id = mastermind.only_game_id()

    result = mastermind("review", game_id)

    assert result.exit_code == 1
    assert "still in play" in one_line_error(result)


def test_with_no_game_over_there_is_nothing_to_review(mastermind: Mastermind) -> None:
    result = mastermind("review")

    assert result.exit_code == 1
    assert "No game is over" in one_line_error(result)


def test_the_review_names_the_guesses_that_could_not_have_been_the_secret(
    mastermind: Mastermind,
) -> None:
    # After RRGG's one black and one white, PPPP cannot be the secret, nor can RRGG again.
    mastermind.play("RRGG", "PPPP", "RGBY", secret="RGBY")

    lines = mastermind("review").stdout.splitlines()

    assert (
        "Guess 2 could not have been the secret: the answers before it had ruled it out." in lines
    )
    assert not any(" B W" in line or "B B" in line for line in lines), "no letters for key pegs"


def test_a_game_given_up_before_any_guess_has_nothing_to_review(mastermind: Mastermind) -> None:
    mastermind.play("give up")

    result = mastermind("review")

    assert result.stdout.splitlines()[-1] == "Given up before any guess: nothing to review."
