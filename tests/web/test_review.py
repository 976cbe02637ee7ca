"""GET /games/{id}/review: a finished game, guess by guess, for its player."""

from __future__ import annotations

from tests.web.conftest import SECRET, Player, assert_problem


def finish(player: Player) -> None:
    player.start()
    player.guess("RRGG")
    player.guess(SECRET.split())


def test_a_finished_games_review_shows_every_guess_and_one_verdict(player: Player) -> None:
    finish(player)

    response = player.client.get(f"/games/{player.game_id}/review", headers=player.auth)

    assert response.status_code == 200, response.text
    review = response.json()
    assert (review["id"], review["status"], review["given_up"]) == (player.game_id, "won", False)
    assert review["strategy"] == "optimal"
    assert review["expected_at_start"] == 5625 / 1296
    first, second = review["guesses"]
    assert first["guess"] == ["Red", "Red", "Green", "Green"]
    assert first["candidates_before"] == 1296
    assert first["candidates_after"] == second["candidates_before"]
    assert second["key_pegs"] == "● ● ● ●"
    assert second["expected_after"] == 0.0
    assert review["verdict"].startswith("Solved in 2 guesses;")


def test_a_game_in_play_has_no_review_yet(player: Player) -> None:
    player.start()
    player.guess("RRGG")

    response = player.client.get(f"/games/{player.game_id}/review", headers=player.auth)

    problem = assert_problem(response, 409, "GameNotOver")
    assert problem["game_id"] == player.game_id


def test_only_the_games_player_may_see_its_review(player: Player) -> None:
    finish(player)

    response = player.client.get(f"/games/{player.game_id}/review")

    assert_problem(response, 401, "MissingToken")
