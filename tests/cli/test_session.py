"""The prompt loop on its own: lines handed in, output read back, no terminal needed."""

from __future__ import annotations

import io
from collections.abc import Iterable

import pytest
from rich.console import Console

from mastermind import Outcome
from mastermind.cli._session import PROMPT_COMMANDS, Ending, Session, ask_to_play_again
from mastermind.service import FixedSecrets, Games
from mastermind.store import InMemoryEventStore


class Keyboard:
    """Types the given lines, then Ctrl-C (``KeyboardInterrupt``) or Ctrl-D (``EOFError``)."""

    def __init__(self, lines: Iterable[str], then: type[BaseException] = EOFError) -> None:
        self.lines = list(lines)
        self.then = then
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise self.then()
        return self.lines.pop(0)


@pytest.fixture
def games() -> Games:
    return Games(InMemoryEventStore(), FixedSecrets("RGBY"))


def session(games: Games, keyboard: Keyboard) -> tuple[Session, io.StringIO]:
    output = io.StringIO()
    console = Console(file=output, color_system=None, width=100)
    game_id = games.join()
    played = Session(
        games, game_id, console, keyboard, colour=False, resume_command=f"resume {game_id}"
    )
    return played, output


def test_a_won_game_ends_the_session(games: Games) -> None:
    played, output = session(games, Keyboard(["rgby"]))
    assert played.play() is Ending.OVER
    assert output.getvalue().endswith("Won in 1 guess.\n")


def test_ctrl_c_at_the_prompt_leaves_the_game_saved_and_says_how_to_resume(
    games: Games,
) -> None:
    played, output = session(games, Keyboard(["rybg"], then=KeyboardInterrupt))
    assert played.play() is Ending.INTERRUPTED
    assert output.getvalue().endswith(f"\nGame saved. Resume it with: resume {played.game_id}\n")
    board = games.board(played.game_id)
    assert (board.outcome, board.attempts_used) == (Outcome.IN_PROGRESS, 1)


def test_the_end_of_input_leaves_the_game_saved(games: Games) -> None:
    played, output = session(games, Keyboard([]))
    assert played.play() is Ending.LEFT
    assert "Game saved." in output.getvalue()


def test_the_prompt_counts_only_the_guesses_the_game_took(games: Games) -> None:
    keyboard = Keyboard(["rybg", "rgb", "red pink blue yellow", "?", "rgby"])
    played, _ = session(games, keyboard)
    played.play()
    assert keyboard.prompts == ["Guess 1 of 12: "] + ["Guess 2 of 12: "] * 4


def test_commands_are_read_in_any_case_and_spacing(games: Games) -> None:
    played, _ = session(games, Keyboard(["  Give   UP "]))
    assert played.play() is Ending.OVER
    assert games.board(played.game_id).gave_up


def test_no_prompt_command_can_be_mistaken_for_another() -> None:
    words = [word for command in PROMPT_COMMANDS for word in command.words]
    assert len(words) == len(set(words))
    assert all(word == " ".join(word.casefold().split()) for word in words)


@pytest.mark.parametrize(("answer", "again"), [("y", True), (" YES ", True), ("", False)])
def test_another_game_is_played_only_when_the_player_says_yes(answer: str, again: bool) -> None:
    console = Console(file=io.StringIO())
    assert ask_to_play_again(Keyboard([answer]), console) is again


def test_the_end_of_input_means_no_more_games() -> None:
    output = io.StringIO()
    assert not ask_to_play_again(Keyboard([]), Console(file=output))
    assert output.getvalue() == "\n"


class OtherPlayer(Keyboard):
    """Wins the game from elsewhere, as a second process would, before typing a line."""

    def __init__(self, games: Games, lines: Iterable[str]) -> None:
        super().__init__(lines)
        self.games = games
        self.game_id = ""

    def __call__(self, prompt: str) -> str:
        if not self.prompts:
            self.games.guess(self.game_id, "rgby")
        return super().__call__(prompt)


@pytest.mark.parametrize("typed", ["rybg", "give up"])
def test_a_game_won_elsewhere_ends_the_session_and_shows_the_secret(
    games: Games, typed: str
) -> None:
    elsewhere = OtherPlayer(games, [typed, "rybg", "rybg"])
    played, output = session(games, elsewhere)
    elsewhere.game_id = played.game_id
    assert played.play() is Ending.OVER
    assert "you have already won it" in output.getvalue()
    assert output.getvalue().endswith("Won in 1 guess.\n")
    assert len(elsewhere.prompts) == 1
