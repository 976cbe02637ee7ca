"""``mastermind solve``, ``hint``, ``hint`` at the prompt and ``solver build-optimal``."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mastermind import CLASSIC_PEGS, Code, Feedback, score
from mastermind.hints import SOLVER_MISSING
from mastermind.solver import STRATEGIES
from tests.cli.conftest import Mastermind, one_line_error

BORB = ("Blue", "Orange", "Red", "Blue")
TWENTY = (
    *("Amber", "Beige", "Coral", "Denim", "Ebony", "Fern", "Gold", "Hazel", "Indigo", "Jade"),
    *("Khaki", "Lilac", "Mauve", "Navy", "Olive", "Pearl", "Quartz", "Rust", "Sand", "Teal"),
)
"""As many colours as a game may have, each with an initial of its own."""


def solve(mastermind: Mastermind, *arguments: str) -> Any:
    return mastermind.json("solve", *arguments, db=False)


def new_game(mastermind: Mastermind, secret: str, *guesses: str) -> str:
    game_id = str(mastermind.json("new", "--secret", secret)["id"])
    for guess in guesses:
        assert mastermind("guess", game_id, guess).exit_code == 0
    return game_id


def possible_secrets(rows: list[dict[str, Any]]) -> list[Code]:
    """Every classic code that gives each row's guess the key pegs it got, by ``score``."""
    codes = [Code(pegs) for pegs in itertools.product(CLASSIC_PEGS, repeat=4)]
    return [
        code
        for code in codes
        if all(score(code, Code(row["guess"])) == Feedback(**row["feedback"]) for row in rows)
    ]


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_solve_breaks_a_given_secret_with_every_strategy_within_the_attempts(
    mastermind: Mastermind, strategy: str
) -> None:
    game = solve(mastermind, "--strategy", strategy, "blue", "orange", "red", "blue")
    assert (game["strategy"], game["status"], game["secret"]) == (strategy, "won", list(BORB))
    assert game["rows"][-1] == {
        "guess": list(BORB),
        "feedback": {"black": 4, "white": 0},
        "key_pegs": "● ● ● ●",
        "said": "4 black, 0 white",
    }
    assert game["attempts"]["used"] <= 7
    assert all(row["guess"] != list(BORB) for row in game["rows"][:-1])


def test_solve_shows_each_guess_with_its_key_pegs_then_the_secret_and_the_count(
    mastermind: Mastermind,
) -> None:
    result = mastermind("solve", "--strategy", "knuth", "borb", db=False)
    assert result.exit_code == 0, result.output
    rows = solve(mastermind, "--strategy", "knuth", "borb")["rows"]
    lines = result.stdout.splitlines()
    assert lines[0] == "The code breaker plays by the knuth strategy."
    assert len(lines) == len(rows) + 3
    for number, (line, row) in enumerate(zip(lines[1:], rows, strict=False), 1):
        initials = " ".join(name[0] for name in row["guess"])
        # Without colour too, the key pegs are the marks of every answer.
        assert line == f"{number:>3}  {initials}  | {row['key_pegs']}"
    assert lines[-2:] == [
        "Secret: B O R B (Blue Orange Red Blue)",
        f"Solved in {len(rows)} guesses.",
    ]


def test_solve_plays_the_best_strategy_by_default_in_at_most_six_guesses(
    mastermind: Mastermind,
) -> None:
    for secret in ("RGBY", "OOOO", "PYPY", "GBRR"):
        game = solve(mastermind, secret)
        assert (game["strategy"], game["status"]) == ("best", "won")
        assert game["attempts"]["used"] <= 6


def test_solve_without_a_secret_breaks_a_random_one(mastermind: Mastermind) -> None:
    secrets = set()
    for _ in range(5):
        game = solve(mastermind)
        assert game["status"] == "won"
        assert game["rows"][-1]["guess"] == game["secret"]
        secrets.add(tuple(game["secret"]))
    assert len(secrets) > 1


def test_solve_takes_the_length_and_colours_of_play(mastermind: Mastermind) -> None:
    options = ("--length", "5", "--colours", "7", "--strategy", "most-parts")
    game = solve(mastermind, *options)
    assert (game["length"], len(game["colours"]), game["status"]) == (5, 7, "won")
    named = solve(mastermind, "--colours", "Ash Birch Cedar", "--length", "3")
    assert named["status"] == "won"
    assert set(named["secret"]) <= {"Ash", "Birch", "Cedar"}
    given = solve(mastermind, "--length", "4", "rgb")  # a given secret's length wins
    assert (given["length"], given["secret"]) == (3, ["Red", "Green", "Blue"])


@pytest.mark.parametrize(
    "game",
    [
        ("--colours", "7", "CCCC"),
        ("--length", "5", "--colours", "8"),
        ("--length", "7", "--colours", "8"),
    ],
)
def test_a_game_too_large_to_play_optimally_is_played_and_won_by_the_best_strategy(
    mastermind: Mastermind, game: tuple[str, ...]
) -> None:
    played = solve(mastermind, *game)
    assert (played["strategy"], played["status"]) == ("best", "won")


def test_a_strategy_that_cannot_play_the_game_is_a_usage_error(mastermind: Mastermind) -> None:
    result = mastermind("solve", "--strategy", "optimal", "--colours", "8", db=False)
    assert result.exit_code == 2
    assert "No optimal strategy is shipped for 4 pegs of 8 colours" in one_line_error(result)


def test_a_strategy_asked_for_a_game_too_large_for_it_is_a_usage_error(
    mastermind: Mastermind,
) -> None:
    result = mastermind("solve", "--strategy", "knuth", "--length", "9", "--colours", "8", db=False)
    assert result.exit_code == 2
    assert "134,217,728" in one_line_error(result), "the codes of 9 pegs of 8 colours"


def test_a_secret_the_palette_lacks_is_refused_in_one_line(mastermind: Mastermind) -> None:
    result = mastermind("solve", "rgbx", db=False)
    assert result.exit_code == 2
    assert "X, in the secret, is not one of this game's colours, which are Red" in one_line_error(
        result
    )


def test_the_random_consistent_strategy_plays_the_same_game_for_the_same_seed(
    mastermind: Mastermind,
) -> None:
    options = ("--strategy", "random-consistent", "POGY")
    first, again = (solve(mastermind, *options, "--seed", "7") for _ in range(2))
    assert first["rows"] == again["rows"]


def test_hint_suggests_a_guess_and_counts_the_codes_still_possible(
    mastermind: Mastermind,
) -> None:
    game_id = new_game(mastermind, "BORB")
    result = mastermind("hint", game_id[:8])
    assert result.exit_code == 0, result.output
    expected = "Hint: R R G B (Red Red Green Blue)\n1,296 codes could still be the secret.\n"
    assert result.stdout == expected


@pytest.mark.parametrize(
    "guesses", [("RRGG",), ("RRGG", "BBYY"), ("PPPP", "RGBY", "GOBB"), ("RRGB", "RYRP")]
)
def test_a_hint_counts_exactly_the_codes_that_fit_every_row_and_uses_no_attempt(
    mastermind: Mastermind, guesses: tuple[str, ...]
) -> None:
    game_id = new_game(mastermind, "BORB", *guesses)
    rows = mastermind.json("show", game_id)["rows"]
    fitting = possible_secrets(rows)
    assert mastermind.json("hint", game_id)["remaining"] == len(fitting) > 0
    consistent = mastermind.json("hint", game_id, "--strategy", "random-consistent")
    assert Code(consistent["guess"]) in fitting
    assert mastermind.json("show", game_id)["attempts"]["used"] == len(guesses)


def test_a_hint_follows_the_chosen_strategy(mastermind: Mastermind) -> None:
    hint = mastermind.json("hint", new_game(mastermind, "BORB"), "--strategy", "knuth")
    assert (Code(hint["guess"]), hint["strategy"]) == (Code.parse("RRGG"), "knuth")


def test_a_hint_depends_on_the_board_alone_never_on_the_secret(mastermind: Mastermind) -> None:
    # RGBY and RGYB answer these guesses alike, so their boards look the same.
    hints = []
    for secret in ("RGBY", "RGYB"):
        game_id = new_game(mastermind, secret, "PPPP", "RRGG")
        hint = mastermind.json("hint", game_id)
        hints.append((hint["guess"], hint["remaining"]))
        assert mastermind.json("show", game_id)["secret"] is None
    assert hints[0] == hints[1]


@pytest.mark.parametrize(
    ("ending", "message"),
    [
        (("guess", "RGBY"), "The game is over: you have already won it."),
        (("give-up",), "The game is over: it has been lost."),
    ],
)
def test_hint_refuses_a_game_that_is_over(
    mastermind: Mastermind, ending: tuple[str, ...], message: str
) -> None:
    game_id = new_game(mastermind, "RGBY")
    mastermind(ending[0], game_id, *ending[1:])
    result = mastermind("hint", game_id)
    assert result.exit_code == 1
    assert one_line_error(result) == f"Error: {message}"
    assert result.stdout == ""
    assert mastermind.json("hint", game_id)["detail"] == message


def test_hint_refuses_a_game_that_does_not_exist(mastermind: Mastermind) -> None:
    result = mastermind("hint", "f00")
    assert result.exit_code == 1
    assert one_line_error(result) == "Error: There is no game with id 'f00'."


@pytest.mark.parametrize("unique", [False, True])
def test_hint_plays_every_game_the_rules_allow_up_to_the_largest(
    mastermind: Mastermind, unique: bool
) -> None:
    setup = ("--length", "10", "--colours", " ".join(TWENTY), *(("--unique",) if unique else ()))
    game_id = str(mastermind.json("new", *setup)["id"])
    assert mastermind("guess", game_id, " ".join(TWENTY[:10])).exit_code == 0

    hint = mastermind.json("hint", game_id)

    assert set(hint) == {"game_id", "strategy", "guess", "remaining", "incomplete"}
    assert len(hint["guess"]) == 10
    assert set(hint["guess"]) <= set(TWENTY)
    assert hint["remaining"] is None or hint["remaining"] >= 1
    assert isinstance(hint["incomplete"], bool)
    if unique:
        assert len(set(hint["guess"])) == 10, "no colour twice in a unique game"
    shown = mastermind("hint", game_id)
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.startswith("Hint: ")


def test_hint_at_the_prompt_suggests_a_guess_and_uses_no_attempt(mastermind: Mastermind) -> None:
    result = mastermind.play("hint", "rrgg", "hint", "rgby", secret="RGBY")
    assert result.exit_code == 0, result.output
    assert (
        "Guess 1 of 12: hint\nHint: R R G B (Red Red Green Blue)\n"
        "1,296 codes could still be the secret.\nGuess 1 of 12: rrgg\n"
    ) in result.stdout
    assert "Guess 2 of 12: hint\nHint: " in result.stdout
    assert "Won in 2 guesses." in result.stdout
    helped = mastermind.play("?")
    assert "  hint      suggest a guess, and count the codes still possible\n" in helped.stdout


def test_hint_at_the_prompt_of_a_large_game_suggests_a_guess(mastermind: Mastermind) -> None:
    result = mastermind.play("hint", secret="RGBYPOGRGB")
    assert re.search(r"Guess 1 of 12: hint\nHint: (\w ){10}\(", result.stdout), result.stdout


def run_without_numpy(
    *arguments: str, input: str = "", cache: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """The command in a process where numpy cannot be imported, its hints kept in ``cache``."""
    hide_numpy = (
        "import sys; sys.modules['numpy'] = None; from mastermind.main import main;"
        f" main({list(arguments)!r})"
    )
    return subprocess.run(
        [sys.executable, "-c", hide_numpy],
        capture_output=True,
        text=True,
        input=input,
        timeout=60,
        env={
            "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
            "MASTERMIND_CACHE_DIR": str(cache) if cache else "off",
        },
    )


@pytest.mark.parametrize("command", [("solve", "rgby"), ("solver", "build-optimal", "trees")])
def test_without_numpy_solve_and_build_optimal_say_which_extra_to_install(
    command: tuple[str, ...],
) -> None:
    result = run_without_numpy(*command)
    assert result.returncode == 1
    assert result.stderr == f"Error: {SOLVER_MISSING}\n"
    assert SOLVER_MISSING == (
        "The code breaker needs the solver extra: "
        'pip install "mastermind-decider[solver]", or pip install ".[solver]" from a checkout'
    )


def test_without_numpy_hint_says_which_extra_to_install(
    mastermind: Mastermind, database: Path
) -> None:
    game_id = new_game(mastermind, "RGBY")
    hinted = run_without_numpy("hint", game_id, "--db", str(database))
    assert hinted.returncode == 1
    assert hinted.stderr == f"Error: {SOLVER_MISSING}\n"
    played = run_without_numpy("resume", game_id, "--db", str(database), input="hint\n")
    assert f"Guess 1 of 12: hint\n{SOLVER_MISSING}\nGuess 1 of 12: \n" in played.stdout


def test_build_optimal_refuses_a_directory_it_cannot_make(
    mastermind: Mastermind, tmp_path: Path
) -> None:
    (tmp_path / "a-file").write_text("")
    result = mastermind.bare("solver", "build-optimal", str(tmp_path / "a-file" / "trees"))
    assert result.exit_code == 1
    assert one_line_error(result).startswith(f"Error: Cannot write the trees into {tmp_path}")
