"""The commands around ``play``: list, resume, show, replay and score games, or play by script."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import platformdirs
import pytest

from mastermind.service import FixedSecrets, Games
from mastermind.store import SQLiteEventStore
from tests.cli.conftest import Mastermind, one_line_error


@pytest.fixture
def games(database: Path) -> Iterator[Games]:
    """The same SQLite file as the command's, opened through the application service."""
    store = SQLiteEventStore(database)
    names = ["abc-won", "abc-lost", "abd-given-up", "b-in-play"]
    ids = itertools.chain(names, (f"game-{number}" for number in itertools.count(5)))
    yield Games(store, FixedSecrets(*["RGBY"] * 10), new_game_id=lambda: next(ids))
    store.close()


@pytest.fixture
def four_games(games: Games) -> Games:
    """One game of each standing, started in this order."""
    games.guess(games.join(), "rybg")
    games.guess("abc-won", "rgby")
    games.guess(games.join(total_attempts=1), "pppp")
    games.give_up(games.join())
    games.guess(games.join(), "rgbo")
    return games


def test_games_lists_every_game_in_play_first_the_latest_first_with_how_it_stands(
    mastermind: Mastermind, four_games: Games
) -> None:
    result = mastermind("games")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "game      status    guesses  code               rules    started",
        "b-in-pla  in play   1 of 12  4 pegs, 6 colours  classic  elsewhere",
        "abd-give  given up  0 of 12  4 pegs, 6 colours  classic  elsewhere",
        "abc-lost  lost      1 of 1   4 pegs, 6 colours  own      elsewhere",
        "abc-won   won       2 of 12  4 pegs, 6 colours  classic  elsewhere",
    ]


def test_games_says_when_there_is_none(mastermind: Mastermind) -> None:
    assert mastermind("games").stdout == "No games yet: start one with 'mastermind play'.\n"


def test_resume_goes_on_with_the_game_where_it_was_left(
    mastermind: Mastermind, four_games: Games
) -> None:
    result = mastermind("resume", "b-in-play", input="rgby\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Game b-in-pla: 4 pegs from 6 colours, 12 attempts\n")
    assert "  1  R G B O  | ● ● ● ·\nSecret: ? ? ? ?\n" in result.stdout
    assert "\nIn play: 11 of 12 attempts left.\n" in result.stdout
    assert "Guess 2 of 12: rgby\n  2  R G B Y  | ● ● ● ●\n" in result.stdout
    assert "\nWon in 2 guesses.\nOn average, your choices" in result.stdout
    assert "\nReview the game with: mastermind review b-in-pla" in result.stdout
    assert result.stdout.endswith("Play again? [y/N] \n")


def test_resume_without_an_id_goes_on_with_the_latest_game_in_play(
    mastermind: Mastermind, games: Games
) -> None:
    games.join()
    games.join()
    result = mastermind("resume", input="give up\n")
    assert result.stdout.startswith("New game abc-lost\n")


def test_resume_says_when_no_game_is_in_play(mastermind: Mastermind, games: Games) -> None:
    games.give_up(games.join())
    result = mastermind("resume")
    assert result.exit_code == 1
    assert one_line_error(result) == (
        "Error: No game is in play: start one with 'mastermind play'."
    )


@pytest.mark.parametrize(
    ("game_id", "message"),
    [
        ("abc-won", "The game is over: you have already won it."),
        ("abc-lost", "The game is over: it has been lost."),
    ],
)
def test_resuming_a_game_that_is_over_shows_its_board_and_refuses(
    mastermind: Mastermind, four_games: Games, game_id: str, message: str
) -> None:
    result = mastermind("resume", game_id, input="rgby\n")
    assert result.exit_code == 1
    assert "Secret: R G B Y (Red Green Blue Yellow)" in result.stdout
    assert one_line_error(result) == f"Error: {message}"


def test_show_prints_the_board_with_the_secret_hidden_while_in_play(
    mastermind: Mastermind, four_games: Games
) -> None:
    result = mastermind("show", "b-in-play")
    assert result.exit_code == 0
    assert result.stdout == (
        "Game b-in-pla: 4 pegs from 6 colours, 12 attempts\n"
        "\n"
        "  1  R G B O  | ● ● ● ·\n"
        "Secret: ? ? ? ?\n"
        "\n"
        "Colours: R Red  G Green  B Blue  Y Yellow  P Purple  O Orange\n"
        "Key pegs: ● right colour, right place   ○ right colour, wrong place   · none\n"
        "\n"
        "In play: 11 of 12 attempts left.\n"
    )


def test_show_history_and_resume_name_no_game_when_there_is_none(
    mastermind: Mastermind,
) -> None:
    for command in ("show", "history"):
        result = mastermind(command)
        assert result.exit_code == 1
        assert one_line_error(result).startswith("Error: ")
        assert result.stdout == ""


def test_show_and_history_without_an_id_take_the_latest_game_even_over(
    mastermind: Mastermind, four_games: Games
) -> None:
    games = four_games
    games.give_up(games.join())
    assert mastermind("show").stdout.startswith("Game game-5: 4 pegs")
    assert mastermind("history").stdout.startswith("Events of game game-5\n")


def test_show_reveals_the_secret_of_a_game_that_is_over(
    mastermind: Mastermind, four_games: Games
) -> None:
    result = mastermind("show", "abd-given-up")
    assert "\nNo guesses yet.\nSecret: R G B Y (Red Green Blue Yellow)\n" in result.stdout
    assert result.stdout.endswith("Given up before any guess.\n")


def test_history_prints_each_event_with_its_position_and_version_secret_masked(
    mastermind: Mastermind, four_games: Games
) -> None:
    result = mastermind("history", "b-in-play")
    assert result.exit_code == 0
    assert result.stdout == (
        "Events of game b-in-pla\n"
        "position  version  event\n"
        "      10        1  GameStarted\n"
        "                     secret: ? ? ? ?\n"
        "                     rules: classic\n"
        "                     maker: the computer\n"
        "      11        2  GuessMade\n"
        "                     guess: Red Green Blue Orange\n"
        "                     feedback: ● ● ● ·\n"
        "The secret stays hidden until the game is over.\n"
    )


def test_history_shows_the_secret_once_the_game_is_over(
    mastermind: Mastermind, four_games: Games
) -> None:
    lines = mastermind("history", "abc-lost").stdout.splitlines()
    assert lines[2:4] == [
        "       5        1  GameStarted",
        "                     secret: Red Green Blue Yellow",
    ]
    assert "                     feedback: · · · ·" in lines
    assert lines[-2:] == ["       7        3  GameLost", "                     called_off: False"]


def test_stats_prints_the_tallies_and_a_histogram_of_guesses_per_win(
    mastermind: Mastermind, games: Games
) -> None:
    for guesses in [["rgby"], ["pppp", "rgby"], ["pppp", "oooo", "rgby"], ["pppp", "rgby"]]:
        game_id = games.join()
        for guess in guesses:
            games.guess(game_id, guess)
    games.give_up(games.join())
    result = mastermind("stats", "--all")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "All 5 games of this store, wherever they were played:",
        "played                     5",
        "won                        4",
        "lost                       0",
        "given up                   1",
        "in play                    0",
        "average guesses per win  2.0",
        "",
        "Guesses per win",
        f"  1 | {'#' * 20} 1",
        f"  2 | {'#' * 40} 2",
        f"  3 | {'#' * 20} 1",
    ]


def test_stats_of_no_game(mastermind: Mastermind) -> None:
    result = mastermind("stats")
    assert "average guesses per win  -" in result.stdout
    assert result.stdout.endswith("Guesses per win\nNo game won yet.\n")


def test_a_game_can_be_played_one_command_a_move(mastermind: Mastermind) -> None:
    started = mastermind("new", "--attempts", "5", env={"MASTERMIND_SECRET": "RGBY"})
    assert "Break a code of 4 pegs from 6 colours in 5 attempts." in started.stdout
    game_id = mastermind.only_game_id()
    assert started.stdout.startswith(f"New game {game_id[:8]}\n")
    assert (
        f"Guess with: mastermind guess {game_id[:8]} red green blue yellow --db" in started.stdout
    )

    guessed = mastermind("guess", game_id, "red", "yellow", "blue", "green")
    assert guessed.stdout == "  1  R Y B G  | ● ● ○ ○\nIn play: 4 of 5 attempts left.\n"

    refused = mastermind("guess", game_id, "rgb")
    assert refused.exit_code == 1
    assert one_line_error(refused) == "Error: The guess has 3 pegs, but the code has 4 pegs."

    given_up = mastermind("give-up", game_id)
    assert given_up.stdout == ("Secret: R G B Y (Red Green Blue Yellow)\nGiven up after 1 guess.\n")
    assert one_line_error(mastermind("give-up", game_id)) == (
        "Error: The game is over: it has been lost."
    )


def test_a_winning_guess_by_command_reveals_the_secret(mastermind: Mastermind) -> None:
    mastermind("new", env={"MASTERMIND_SECRET": "RGBY"})
    result = mastermind("guess", mastermind.only_game_id(), "rgby")
    assert result.stdout.endswith("Secret: R G B Y (Red Green Blue Yellow)\nWon in 1 guess.\n")


def test_an_id_may_be_shortened_to_the_start_of_one_games_id(
    mastermind: Mastermind, four_games: Games
) -> None:
    assert mastermind("show", "abd").stdout.startswith("Game abd-give: ")
    assert mastermind("show", "b").stdout.startswith("Game b-in-pla: ")
    assert mastermind("guess", "b-in", "rgby").stdout.endswith("Won in 2 guesses.\n")
    assert mastermind("history", "abc-l").stdout.startswith("Events of game abc-lost\n")


def test_a_start_shared_by_several_games_is_refused(
    mastermind: Mastermind, four_games: Games
) -> None:
    result = mastermind("show", "ab")
    assert result.exit_code == 1
    assert one_line_error(result) == (
        "Error: The id 'ab' could be any of 3 games (abc-won, abc-lost, abd-given-up): "
        "type more of it."
    )


@pytest.mark.parametrize(
    "command",
    [
        ["show", "nope"],
        ["history", "nope"],
        ["resume", "nope"],
        ["guess", "nope", "rgby"],
        ["give-up", "nope"],
        ["show", " "],
    ],
)
def test_an_unknown_game_id_is_reported_in_one_line(
    mastermind: Mastermind, four_games: Games, command: list[str]
) -> None:
    result = mastermind(*command, input="rgby\n")
    assert result.exit_code == 1
    assert one_line_error(result).startswith("Error: There is no game with id ")
    assert result.stdout == ""


def test_missing_arguments_are_usage_errors(mastermind: Mastermind) -> None:
    result = mastermind("guess", "some-game")
    assert result.exit_code == 2
    assert one_line_error(result) == (
        "Error: Missing argument 'GUESS...'. See 'mastermind guess --help'."
    )


def test_an_unknown_command_is_a_usage_error(mastermind: Mastermind) -> None:
    result = mastermind.bare("plya")
    assert result.exit_code == 2
    assert "No such command 'plya'" in one_line_error(result)


def test_the_command_alone_explains_itself(mastermind: Mastermind) -> None:
    result = mastermind.bare()
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage: mastermind [OPTIONS] [COMMAND] [ARGS]...")
    assert "Start with 'mastermind play', or 'mastermind play --maker'" in result.stdout


def test_every_command_explains_itself(mastermind: Mastermind) -> None:
    commands = ["play", "resume", "new", "guess", "give-up", "show", "history", "games", "stats"]
    listed = mastermind.bare("--help").stdout
    for command in commands:
        assert f"  {command} " in listed
        result = mastermind.bare(command, "--help")
        assert result.exit_code == 0
        assert "--db FILE" in result.stdout
    assert "--secret" not in mastermind.bare("play", "-h").stdout


def test_games_are_kept_in_the_users_data_directory_by_default(
    mastermind: Mastermind, tmp_path: Path
) -> None:
    result = mastermind("play", input="rybg\n", db=False)
    assert result.exit_code == 0, result.output
    expected = platformdirs.user_data_path("mastermind", appauthor=False) / "games.db"
    assert expected == tmp_path / "data" / "mastermind" / "games.db"
    assert expected.is_file()
    assert "Resume it with: mastermind resume " in result.stdout
    assert "--db" not in result.stdout
    assert "1 of 12" in mastermind("games", db=False).stdout


def test_the_hint_to_resume_names_the_database_wherever_it_is_run_from(
    mastermind: Mastermind, tmp_path: Path
) -> None:
    relative = Mastermind(Path("here.db"))
    result = relative("play", input="rybg\n")
    game_id = relative.only_game_id()
    short = game_id[:8]
    assert result.stdout.endswith(f"mastermind resume {short} --db {tmp_path / 'here.db'}\n")


def test_a_store_url_names_where_the_games_are_kept(mastermind: Mastermind, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'elsewhere.db'}"
    result = mastermind("play", "--store", url, input="rybg\n", db=False)
    assert result.stdout.endswith(f" --store {url}\n")
    assert (tmp_path / "elsewhere.db").is_file()
    assert "1 of 12" in mastermind("games", "--store", url, db=False).stdout


def test_a_store_url_can_come_from_the_environment(mastermind: Mastermind, tmp_path: Path) -> None:
    environment = {"MASTERMIND_STORE": f"sqlite:///{tmp_path / 'env.db'}"}
    result = mastermind("play", input="rybg\n", env=environment, db=False)
    assert "--store" not in result.stdout
    assert "1 of 12" in mastermind("games", env=environment, db=False).stdout
    assert "No games yet" in mastermind("games", env=environment).stdout


def test_a_store_in_memory_forgets_its_games_and_says_so(mastermind: Mastermind) -> None:
    result = mastermind("play", "--store", "memory://", input="rybg\n", db=False)
    assert result.stdout.endswith("Game left. It is not saved: the store keeps games in memory.\n")
    assert "No games yet" in mastermind("games", "--store", "memory://", db=False).stdout


def test_the_version_is_the_packages(mastermind: Mastermind) -> None:
    result = mastermind.bare("--version")
    assert result.stdout == "mastermind, version 0.1.0\n"
