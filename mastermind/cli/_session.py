"""One game at the prompt: read a line, answer with key pegs, until the game is over or left.

The loop knows nothing of terminals: it reads through a function and writes to a rich
console, so that tests can hand it lines and read what it printed.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

import attrs
from rich.console import Console
from rich.text import Text

from mastermind.cli._board import (
    PegLook,
    board_view,
    introduction,
    outcome_text,
    row_line,
    secret_line,
)
from mastermind.cli._hinting import hint_text
from mastermind.domain import GameAlreadyLost, GameAlreadyWon, GameError
from mastermind.service import Games, HintUnavailable

ReadLine = Callable[[str], str]
"""Shows a prompt and answers the line typed, without its newline.

Raises ``EOFError`` at the end of input and ``KeyboardInterrupt`` on Ctrl-C.
"""


class Ending(enum.Enum):
    OVER = "the game was won or lost"
    LEFT = "the player left; the game is saved"
    INTERRUPTED = "the player pressed Ctrl-C; the game is saved"


@attrs.frozen
class PromptCommand:
    """A word the prompt takes instead of a guess."""

    words: tuple[str, ...]
    description: str
    run: Callable[[Session], Ending | None]
    """Do it; answer how the session ends, or ``None`` to go on playing."""


class Session:
    """Plays one game of ``games`` with a person at a prompt.

    ``resume_command`` is the command that continues a game left before its end, or
    ``None`` if the store forgets games when the program ends.
    """

    def __init__(
        self,
        games: Games,
        game_id: str,
        console: Console,
        read_line: ReadLine,
        *,
        colour: bool,
        resume_command: str | None,
    ) -> None:
        self.games = games
        self.game_id = game_id
        self.console = console
        self.read_line = read_line
        self.colour = colour
        self.resume_command = resume_command
        self.board = games.board(game_id)
        self.look = PegLook(self.board.available_pegs, colour)

    def play(self) -> Ending:
        """Take guesses and commands until the game is over or the player leaves it."""
        commands = {word: command for command in PROMPT_COMMANDS for word in command.words}
        try:
            while not self.board.is_over:
                line = self.read_line(self._prompt())
                typed = " ".join(line.casefold().split())
                if not typed:
                    continue
                command = commands.get(typed)
                ending = command.run(self) if command else self.guess(line)
                if ending is not None:
                    return ending
        except EOFError:
            self.console.print()
            return self.leave()
        except KeyboardInterrupt:
            self.console.print()
            self._say_how_to_resume()
            return Ending.INTERRUPTED
        return Ending.OVER

    def introduce(self) -> None:
        """Greet the player of a new game with what it takes to win it."""
        self.console.print(introduction(self.board, self.colour))
        self.console.print("Type ? for help.")

    def show_board(self) -> None:
        self.console.print(board_view(self.board, self.colour))

    def guess(self, typed: str) -> Ending | None:
        try:
            self.board = self.games.guess(self.game_id, typed)
        except (GameAlreadyWon, GameAlreadyLost) as error:
            return self._ended_elsewhere(error)
        except GameError as error:
            self.console.print(Text(f"{error.message} No attempt used.", style=self._warning))
            return None
        self.console.print(
            row_line(self.board.attempts_used, self.board.rows[-1], self.board, self.look)
        )
        if self.board.is_over:
            self._reveal()
            return Ending.OVER
        return None

    def give_up(self) -> Ending:
        try:
            self.board = self.games.give_up(self.game_id)
        except (GameAlreadyWon, GameAlreadyLost) as error:
            return self._ended_elsewhere(error)
        self._reveal()
        return Ending.OVER

    def hint(self) -> Ending | None:
        """Suggest a guess, worked out from the board's rows alone, never the secret."""
        try:
            suggestion = self.games.hint(self.game_id)
        except (GameAlreadyWon, GameAlreadyLost) as error:
            return self._ended_elsewhere(error)
        except HintUnavailable as error:
            self.console.print(Text(str(error), style=self._warning))
            return None
        self.console.print(hint_text(suggestion, self.look))
        return None

    def leave(self) -> Ending:
        self._say_how_to_resume()
        return Ending.LEFT

    def show_help(self) -> None:
        board, look = self.board, self.look
        example = board.available_pegs[: board.code_length]
        typed = f'"{" ".join(name.casefold() for name in example)}"'
        if look.by_initial:
            typed += f' or "{"".join(name[:1].casefold() for name in example)}"'
        self.console.print(
            f"Guess the secret: {board.code_length} pegs, each one of the colours, typed as "
            f"names or initials in any case, such as {typed}."
        )
        self.console.print(Text.assemble("Colours: ", look.colour_legend()))
        self.console.print(Text.assemble("Key pegs: ", look.key_legend()))
        self.console.print("Instead of a guess you can type:")
        for command in PROMPT_COMMANDS:
            self.console.print(f"  {command.words[0]:<9} {command.description}")

    @property
    def _warning(self) -> str:
        return "yellow" if self.colour else ""

    def _prompt(self) -> str:
        return f"Guess {self.board.attempts_used + 1} of {self.board.total_attempts}: "

    def _ended_elsewhere(self, error: GameError) -> Ending:
        """The game was finished by another player of it, in another process."""
        self.console.print(Text(error.message, style=self._warning))
        self.board = self.games.board(self.game_id)
        self._reveal()
        return Ending.OVER

    def _reveal(self) -> None:
        self.console.print(secret_line(self.board, self.look))
        self.console.print(Text(outcome_text(self.board), style="bold"))

    def _say_how_to_resume(self) -> None:
        if self.resume_command is None:
            self.console.print("Game left. It is not saved: the store keeps games in memory.")
            return
        self.console.print(
            Text.assemble("Game saved. Resume it with: ", (self.resume_command, "bold")),
            # Let the terminal wrap the command, so that it can be copied whole.
            soft_wrap=True,
        )


def ask_to_play_again(read_line: ReadLine, console: Console) -> bool:
    """Whether the player wants another game; the end of input means no."""
    try:
        answer = read_line("Play again? [y/N] ")
    except EOFError:
        console.print()
        return False
    return answer.strip().casefold() in ("y", "yes")


PROMPT_COMMANDS: tuple[PromptCommand, ...] = (
    PromptCommand(("?", "help"), "show this help", lambda session: session.show_help()),
    PromptCommand(
        ("hint",),
        "suggest a guess, and count the codes still possible",
        Session.hint,
    ),
    PromptCommand(
        ("give up", "giveup", "give-up"),
        "reveal the secret; the game counts as given up",
        Session.give_up,
    ),
    PromptCommand(("quit", "exit"), "leave the game saved, to resume it later", Session.leave),
)
"""What can be typed instead of a guess."""
