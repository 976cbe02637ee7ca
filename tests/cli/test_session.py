"""The prompt loop on its own: lines handed in, output read back, no terminal needed."""

from __future__ import annotations

import io
from collections.abc import Iterable

import pytest
from rich.console import Console

from mastermind import Outcome
from mastermind.cli._session import PROMPT_COMMANDS, Ending, Session, ask_to_play_again
from mastermind.cli._terminal import LineDisplay, ScreenDisplay, Terminal
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


def session(
    games: Games, keyboard: Keyboard, *, screen: bool = False
) -> tuple[Session, io.StringIO]:
    """A new game at the prompt, drawn in lines, or on a screen of 40 lines redrawn in place."""
    output = io.StringIO()
    console = Console(
        file=output, width=200, height=40, force_terminal=screen, color_system=None, no_color=True
    )
    terminal = Terminal(console, colour=screen, redraw=screen)
    display = ScreenDisplay(terminal) if screen else LineDisplay(terminal)
    game_id = games.join()
    played = Session(
        games,
        game_id,
        display,
        keyboard,
        colour=screen,
        resume_command=f"resume {game_id[:8]}",
        label=game_id[:8],
    )
    played.open()
    return played, output


CLEAR = "\x1b[2J\x1b[H"


def test_a_won_game_ends_the_session(games: Games) -> None:
    played, output = session(games, Keyboard(["rgby"]))
    assert played.play() is Ending.OVER
    assert output.getvalue().endswith("Won in 1 guess.\n")


def test_ctrl_c_at_the_prompt_leaves_the_game_saved_and_says_how_to_resume(
    games: Games,
) -> None:
    played, output = session(games, Keyboard(["rybg"], then=KeyboardInterrupt))
    assert played.play() is Ending.INTERRUPTED
    assert output.getvalue().endswith(f"\nGame saved. Resume it with: resume {played.label}\n")
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
    assert games.board(played.game_id).given_up


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


def test_a_word_that_is_no_colour_is_refused_by_name_and_uses_no_attempt(games: Games) -> None:
    keyboard = Keyboard(["xyzw", "clear", "🙂", "rgby"])
    played, output = session(games, keyboard)
    assert played.play() is Ending.OVER
    for word in ("xyzw", "clear", "🙂"):
        assert (
            f"'{word}' is neither a colour nor colour initials; choose from Red, Green, Blue, "
            "Yellow, Purple, Orange. No attempt used.\n"
        ) in output.getvalue()
    assert keyboard.prompts == ["Guess 1 of 12: "] * 4
    assert games.board(played.game_id).attempts_used == 1


def frames(output: io.StringIO) -> list[str]:
    """What each redraw left on the screen, oldest first."""
    return output.getvalue().split(CLEAR)[1:]


def test_on_a_screen_every_move_redraws_the_whole_board_in_place(games: Games) -> None:
    played, output = session(games, Keyboard(["rybg", "", "pppp", "rgby"]), screen=True)
    assert played.play() is Ending.OVER
    drawn = frames(output)
    assert len(drawn) == 1 + 4
    assert all(frame.startswith(f"Game {played.label}: 4 pegs") for frame in drawn)
    last = drawn[-1]
    for row in ("  1   R   Y   B   G   │ ● ● ○ ○", "  2   P   P   P   P   │ · · · ·"):
        assert row in last
    assert "  3   R   G   B   Y   │ ● ● ● ●" in last
    assert "Secret:  R   G   B   Y  (Red Green Blue Yellow)" in last
    assert last.rstrip().endswith("Won in 3 guesses.")


def test_on_a_screen_one_message_replaces_the_last(games: Games) -> None:
    played, output = session(games, Keyboard(["rgb", "?", "rybg"]), screen=True)
    played.play()
    refused, helped, guessed = frames(output)[1:]
    assert "The guess has 3 pegs, but the code has 4 pegs. No attempt used." in refused
    assert "No attempt used." not in helped
    assert "  give up   reveal the secret" in helped
    assert "Colours:" in helped
    assert helped.count("Key pegs:") == 1
    assert "give up" not in guessed
    assert "No attempt used." not in guessed


def test_a_new_game_says_how_to_guess(games: Games) -> None:
    _, output = session(games, Keyboard([]), screen=True)
    assert 'such as "red green blue yellow" or "rgby". Type ? for help.' in output.getvalue()
