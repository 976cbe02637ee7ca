"""A person who makes the code at this keyboard: ``mastermind play --maker``.

The code maker types the secret twice, hidden from the screen, and the screen is then
cleared, scrollback too, so that the code breaker at the same keyboard finds nothing of
it. The rules judge the secret as the game would, before anything is stored.
"""

from __future__ import annotations

import getpass
import sys
import warnings
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import click
from rich.console import Console
from rich.control import Control
from rich.segment import ControlType, Segment
from rich.text import Text

from mastermind.cli import INTERRUPTED
from mastermind.cli._palette import symbol_noun
from mastermind.cli._session import ReadLine
from mastermind.cli._terminal import Terminal
from mastermind.domain import (
    MAX_MAKER_NAME,
    Code,
    CodeMaker,
    GameError,
    InvalidGameSetup,
    JoinGame,
    Rules,
    UnreadableCode,
    decide,
    initial_state,
)
from mastermind.service import Games

__all__ = [
    "MakerAtKeyboard",
    "ask_for_secret",
    "check_rules",
    "clear_for_the_breaker",
    "hidden_line_from_terminal",
    "maker_at_keyboard",
    "maker_options",
    "read_secret",
]

F = TypeVar("F", bound=Callable[..., Any])

_ERASE_SCROLLBACK = "\x1b[3J"
"""What ``clear`` sends after clearing the screen, where the terminal can (terminfo's
``E3``): the lines scrolled off the top go too. Other terminals ignore it."""


@attrs.frozen
class MakerAtKeyboard:
    """The person who sets each game's code at this keyboard.

    ``secret`` is the code given in advance, from ``MASTERMIND_SECRET`` or ``--secret``,
    as a script gives it; without it the maker types each game's secret, hidden.
    ``read_hidden`` reads one line without showing it; ``terminal`` is where the maker is
    told what to type, cleared once the secret is set where the board is redrawn in place.
    """

    maker: CodeMaker
    terminal: Terminal
    read_hidden: ReadLine | None = None
    secret: str | None = None

    def start(self, games: Games, rules: Rules) -> str:
        """Ask for the secret, start the game with it, clear the screen; answer its id.

        Ctrl-C or the end of input while the secret is typed stores nothing and ends the
        command: with status 130 after Ctrl-C, 0 after Ctrl-D.
        """
        secret: Code | str | None = self.secret
        if secret is None:
            check_rules(rules, self.maker)
            read_hidden = self.read_hidden or hidden_line_from_terminal()
            try:
                secret = ask_for_secret(rules, self.maker, read_hidden, self._say)
            except (KeyboardInterrupt, EOFError) as stopped:
                self.terminal.console.print()
                self._say(Text("No code was set, and nothing is saved."))
                status = INTERRUPTED if isinstance(stopped, KeyboardInterrupt) else 0
                raise click.exceptions.Exit(status) from None
        # A secret given in advance sets the length, as it does for the computer.
        board = games.start(secret=secret, rules=rules, maker=self.maker)
        if self.terminal.redraw:
            clear_for_the_breaker(self.terminal.console)
        return board.game_id

    def _say(self, text: Text) -> None:
        # Wrapped at words: a terminal left to wrap it would cut words anywhere.
        self.terminal.console.print(text)


def maker_options(command: F) -> F:
    """``--maker``, ``--name`` and ``--hints/--no-hints``, as ``play`` takes them."""
    for option in reversed(_MAKER_OPTIONS):
        command = option(command)
    return command


_MAKER_OPTIONS = (
    click.option(
        "--maker",
        "at_keyboard",
        is_flag=True,
        help="A person at this keyboard makes the code: the secret is typed twice, hidden, "
        "and the screen is cleared before the code breaker plays.",
    ),
    click.option(
        "--name",
        "maker_name",
        metavar="NAME",
        help=f"With --maker, the code maker's name on the board, such as Mum; at most "
        f"{MAX_MAKER_NAME} characters.",
    ),
    click.option(
        "--hints/--no-hints",
        "maker_hints",
        default=None,
        help="With --maker, whether the code breaker may ask for hints. [default: no hints]",
    ),
)


def maker_at_keyboard(
    wanted: bool, name: str | None, hints: bool | None, secret: str | None, terminal: Terminal
) -> MakerAtKeyboard | None:
    """The person making the code that ``--maker`` and its options describe; ``None``
    without ``--maker``, when the computer makes it.

    Raises:
        click.UsageError: ``--name`` or ``--hints`` without ``--maker``; a name the board
            cannot show; or no secret given and no terminal to type it hidden at.
    """
    if not wanted:
        if name is not None or hints is not None:
            raise click.UsageError("--name, --hints and --no-hints go with --maker.")
        return None
    maker = CodeMaker.person(name, allows_hints=bool(hints))
    problem = maker.problem()
    if problem:
        raise click.BadParameter(f"{problem[:1].upper()}{problem[1:]}.", param_hint="'--name'")
    if secret is not None:
        return MakerAtKeyboard(maker, terminal, secret=secret)
    return MakerAtKeyboard(maker, terminal, hidden_line_from_terminal())


def ask_for_secret(
    rules: Rules, maker: CodeMaker, read_hidden: ReadLine, say: Callable[[Text], None]
) -> Code:
    """The secret the code maker types twice, as the rules of the game take it.

    A secret the rules refuse, or a second typing that reads as another code, is told
    and asked for again; nothing is stored meanwhile.
    """
    palette = ", ".join(rules.pegs)
    noun = symbol_noun(rules.symbols)
    rule = "" if rules.repeats else f", no {noun} twice"
    typed = "digits" if noun == "digit" else "names or initials"
    say(
        Text(
            f"Code maker, type a secret of {rules.length} pegs from {palette}{rule}, as "
            f"{typed}. Nothing shows as you type; type it twice, to be sure of it."
        )
    )
    while True:
        code, problem = read_secret(read_hidden("Secret: "), rules, maker)
        if code is None:
            say(Text(f"{problem} Type the secret again.", style="yellow"))
            continue
        again, _ = read_secret(read_hidden("The same secret again: "), rules, maker)
        if again == code:
            return code
        say(Text("The two differ, so no code is set. Type the secret again.", style="yellow"))


def read_secret(typed: str, rules: Rules, maker: CodeMaker) -> tuple[Code, None] | tuple[None, str]:
    """The code typed, if the rules would start a game with it; else why not.

    The judge is the rules' own: the game the secret would start is decided, and no
    more, so nothing is stored.
    """
    try:
        code = Code.parse(typed, rules.pegs)
    except UnreadableCode as error:
        return None, f"{error.reason[:1].upper()}{error.reason[1:]}."
    if len(code.pegs) != rules.length:
        return None, f"The secret has {_pegs(len(code.pegs))}, not {rules.length}."
    join = JoinGame("secret", code, rules, maker)
    try:
        decide(join, initial_state)
    except GameError as error:
        return None, error.message
    return code, None


def check_rules(rules: Rules, maker: CodeMaker) -> None:
    """Refuse rules or a maker no secret could start a game of, before asking for one.

    Raises:
        InvalidGameSetup: the game cannot be played as asked, whatever the secret.
    """
    problem = rules.problem() or maker.problem()
    if problem:
        raise InvalidGameSetup("", problem)


def clear_for_the_breaker(console: Console) -> None:
    """Clear the screen and its scrollback, on a terminal that can: nothing of what the
    code maker did stays in view."""
    if not console.is_terminal or console.is_dumb_terminal:
        return
    console.clear()
    erase = Control()
    erase.segment = Segment(_ERASE_SCROLLBACK, None, [(ControlType.CLEAR,)])
    console.control(erase, Control.home())


def hidden_line_from_terminal() -> ReadLine:
    """Lines typed at the terminal and never shown, nor kept in the line editor's history.

    Raises:
        click.UsageError: standard input is no terminal, so nothing typed could be hidden.
    """
    if not sys.stdin.isatty():
        raise click.UsageError(
            "--maker asks for the secret at a terminal, hidden as it is typed, and standard "
            "input is no terminal: from a script, give the secret in MASTERMIND_SECRET."
        )

    def read_hidden(prompt: str) -> str:
        with warnings.catch_warnings():
            # Where it cannot hide the typing, getpass warns, then reads it shown: refuse.
            warnings.simplefilter("error", getpass.GetPassWarning)
            try:
                return getpass.getpass(prompt)
            except getpass.GetPassWarning:
                raise click.ClickException(
                    "This terminal cannot hide what is typed, so the secret cannot be asked "
                    "for: give it in MASTERMIND_SECRET."
                ) from None

    return read_hidden


def _pegs(count: int) -> str:
    return "1 peg" if count == 1 else f"{count} pegs"
