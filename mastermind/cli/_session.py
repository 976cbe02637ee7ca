"""One game at the prompt: read a line, answer with key pegs, until the game is over or left.

The loop knows nothing of terminals: it reads through a function and tells a display the
board and the news after every move, so that tests can hand it lines and read what it drew.
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable
from typing import Protocol

import attrs
from rich.console import Console, RenderableType
from rich.text import Text

from mastermind.cli._board import outcome_message
from mastermind.cli._hinting import hint_text
from mastermind.cli._mistakes import repeat_question, repeated_row
from mastermind.cli._pegs import PegLook
from mastermind.domain import (
    DecodingBoard,
    GameAlreadyLost,
    GameAlreadyWon,
    GameError,
    HintsNotAllowed,
)
from mastermind.service import GameReview, Hint, HintUnavailable

__all__ = [
    "Display",
    "Ending",
    "PROMPT_COMMANDS",
    "PlayedGames",
    "PromptCommand",
    "ReadLine",
    "Session",
    "ask_to_play_again",
]

ReadLine = Callable[[str], str]
"""Shows a prompt and answers the line typed, without its newline.

Raises ``EOFError`` at the end of input and ``KeyboardInterrupt`` on Ctrl-C.
"""


class PlayedGames(Protocol):
    """Where the game is kept and its moves are decided: ``Games``, or a server's games."""

    def board(self, game_id: str) -> DecodingBoard: ...

    def guess(self, game_id: str, guess: str) -> DecodingBoard: ...

    def give_up(self, game_id: str) -> DecodingBoard: ...

    def hint(self, game_id: str) -> Hint: ...

    def review(self, game_id: str) -> GameReview: ...


class Display(Protocol):
    """How a game at the prompt is drawn: told the board and the news after every move."""

    @property
    def legends_shown(self) -> bool:
        """Whether the colours and key pegs stay in view, so that help need not repeat them."""

    def show(self, board: DecodingBoard, label: str, message: RenderableType | None) -> None:
        """The board after a move, with what there is to say about it, or ``None``."""

    def again(self) -> None:
        """Nothing happened, such as a blank line typed."""

    def say(self, text: Text, command: str | None = None) -> None:
        """A last word beneath everything, such as how to resume the game: ``text``
        wrapped at words, then the ``command`` it offers, kept whole to be copied."""


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

    ``label`` is the game's id as the player is shown it. ``resume_command`` is the
    command that continues a game left before its end, and ``review_command`` the one
    that replays a game at its end; each ``None`` if the store forgets games when the
    program ends.
    """

    def __init__(
        self,
        games: PlayedGames,
        game_id: str,
        display: Display,
        read_line: ReadLine,
        *,
        colour: bool,
        resume_command: str | None,
        review_command: str | None = None,
        label: str | None = None,
    ) -> None:
        self.games = games
        self.game_id = game_id
        self.display = display
        self.read_line = read_line
        self.colour = colour
        self.resume_command = resume_command
        self.review_command = review_command
        self.label = label or game_id
        self.board = games.board(game_id)
        self.look = PegLook.of(self.board.rules, colour)

    def open(self) -> None:
        """Show the board: a new game with how to guess, a game over with how it ended."""
        if self.board.is_over:
            self._tell(outcome_message(self.board, self.colour))
        else:
            start = Text.assemble(self._how_to_guess(), " Type ? for help.")
            self._tell(None if self.board.rows else start)

    def play(self) -> Ending:
        """Take guesses and commands until the game is over or the player leaves it."""
        ending = self._play()
        if ending is Ending.OVER:
            self._sum_up()
        return ending

    def _sum_up(self) -> None:
        """What the review judges of the choices made, and how to see it guess by guess.

        How the game ended was said as it ended, and is not said again; a game ended
        before any guess has nothing to review, and no review is offered.
        """
        # Without the solver, for a game too large to review, or for rules the solver
        # cannot review, there is no review: the game is over all the same.
        review = None
        with contextlib.suppress(HintUnavailable, ValueError):
            review = self.games.review(self.game_id)
        if review is None or review.judgement is None:
            return
        self.display.say(Text(review.judgement))
        if self.review_command is not None:
            self.display.say(Text("Review the game with:"), self.review_command)

    def _play(self) -> Ending:
        commands = {word: command for command in PROMPT_COMMANDS for word in command.words}
        try:
            while not self.board.is_over:
                line = self.read_line(self._prompt())
                typed = " ".join(line.casefold().split())
                if not typed:
                    self.display.again()
                    continue
                command = commands.get(typed)
                ending = command.run(self) if command else self.guess(line)
                if ending is not None:
                    return ending
        except EOFError:
            self.display.say(Text())
            return self.leave()
        except KeyboardInterrupt:
            self.display.say(Text())
            self._say_how_to_resume()
            return Ending.INTERRUPTED
        return Ending.OVER

    def guess(self, typed: str) -> Ending | None:
        """Send the guess ``typed``; one already on the board is named first, since its
        answer is known, and sent only if the player says so."""
        if not self._repeat_confirmed(typed):
            self._tell(Text("Not sent. No attempt used.", style=self._warning))
            return None
        try:
            self.board = self.games.guess(self.game_id, typed)
        except (GameAlreadyWon, GameAlreadyLost) as error:
            return self._ended_elsewhere(error)
        except GameError as error:
            self._tell(Text(f"{error.message} No attempt used.", style=self._warning))
            return None
        if self.board.is_over:
            self._tell(outcome_message(self.board, self.colour))
            return Ending.OVER
        self._tell(None)
        return None

    def _repeat_confirmed(self, typed: str) -> bool:
        """Whether to send ``typed``: yes unless it repeats a row of the board exactly and
        the player, asked, does not say yes."""
        repeated = repeated_row(self.board, typed)
        if repeated is None:
            return True
        number, code = repeated
        answer = self.read_line(repeat_question(self.look, code, number))
        return answer.strip().casefold() in ("y", "yes")

    def give_up(self) -> Ending:
        try:
            self.board = self.games.give_up(self.game_id)
        except (GameAlreadyWon, GameAlreadyLost) as error:
            return self._ended_elsewhere(error)
        self._tell(outcome_message(self.board, self.colour))
        return Ending.OVER

    def hint(self) -> Ending | None:
        """Suggest a guess, worked out from the board's rows alone, never the secret."""
        try:
            suggestion = self.games.hint(self.game_id)
        except (GameAlreadyWon, GameAlreadyLost) as error:
            return self._ended_elsewhere(error)
        except HintUnavailable as error:
            self._tell(Text(str(error), style=self._warning))
            return None
        except HintsNotAllowed as error:
            self._tell(Text(error.message, style=self._warning))
            return None
        self._tell(hint_text(suggestion, self.look))
        return None

    def leave(self) -> Ending:
        self._say_how_to_resume()
        return Ending.LEFT

    def show_help(self) -> None:
        lines = [
            self._how_to_guess(),
            Text("Instead of a guess you can type:"),
            *(
                Text(f"  {command.words[0]:<9} {command.description}")
                for command in PROMPT_COMMANDS
            ),
        ]
        if not self.display.legends_shown:
            lines[1:1] = [self.look.colour_line(), self.look.key_line()]
        self._tell(Text("\n").join(lines))

    def _how_to_guess(self) -> Text:
        rules, look = self.board.rules, self.look
        example = rules.symbols[: rules.length]
        typed = f'"{" ".join(name.casefold() for name in example)}"'
        if look.by_initial:
            typed += f' or "{"".join(name[:1].casefold() for name in example)}"'
        noun = look.noun
        each = f"each one of the {noun}s" + ("" if rules.repeats else f", no {noun} twice")
        how = "as digits" if noun == "digit" else "as names or initials in any case"
        blank = ""
        if look.blank is not None:
            name = look.blank.casefold()
            blank = f' Type "{name[:1]}" or "{name}" for a hole left blank.'
        return Text(
            f"Guess the secret: {rules.length} pegs, {each}, typed {how}, such as {typed}.{blank}"
        )

    def _tell(self, message: RenderableType | None) -> None:
        self.display.show(self.board, self.label, message)

    @property
    def _warning(self) -> str:
        return "yellow" if self.colour else ""

    def _prompt(self) -> str:
        return f"Guess {self.board.attempts_used + 1} of {self.board.total_attempts}: "

    def _ended_elsewhere(self, error: GameError) -> Ending:
        """The game was finished by another player of it, in another process."""
        self.board = self.games.board(self.game_id)
        outcome = outcome_message(self.board, self.colour)
        self._tell(Text("\n").join([Text(error.message, style=self._warning), outcome]))
        return Ending.OVER

    def _say_how_to_resume(self) -> None:
        if self.resume_command is None:
            self.display.say(Text("Game left. It is not saved: the store keeps games in memory."))
            return
        self.display.say(Text("Game saved. Resume it with:"), self.resume_command)


def ask_to_play_again(read_line: ReadLine, console: Console) -> bool:
    """Whether the player wants another game; the end of input, or Ctrl-C, means no."""
    try:
        answer = read_line("Play again? [y/N] ")
    except (EOFError, KeyboardInterrupt):
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
