"""Draw the pictures of the terminal game in docs/images: terminal-*.svg.

Each game is played by the very code of ``mastermind play``, the prompt's loop and its
displays, with typed lines handed in and the terminal recorded by rich, so the pictures
show what a player sees:

- terminal-board.svg: a colour terminal, three guesses in, after ``hint``;
- terminal-refused.svg: the same game after a word that is no colour;
- terminal-won.svg: the last board of the game, with the lines to review it and to play
  again;
- terminal-plain.svg: the same game written line after line, as with ``--plain``,
  ``NO_COLOR``, ``TERM=dumb``, a pipe or a screen reader.

Needs the cli and solver extras (the dev extra has both)::

    python tools/terminal_screenshots.py [FOLDER]
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from rich.console import Console
from rich.text import Text

from mastermind.bootstrap import bootstrap
from mastermind.cli._session import Session, ask_to_play_again
from mastermind.cli._terminal import LineDisplay, ScreenDisplay, Terminal
from mastermind.service import FixedSecrets

OUTPUT = Path(__file__).parent.parent / "docs" / "images"
SECRET = "Orange Purple Yellow Orange"
GAME_ID = "1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d"
LABEL = GAME_ID[:8]
PROGRAM = ".venv/bin/mastermind"
TYPED = ["rgby", "oopp", "yopo", "hint", "clear", "oppo", "opyo", "n"]
"""What the player types, line after line, to the end of the game and after it."""
SHOTS = {"terminal-board": 5, "terminal-refused": 6, "terminal-won": 8}
"""Each colour picture, taken at the prompt that reads this line of ``TYPED``, 1 first."""
WIDTH, HEIGHT = 90, 26


class RecordedScreen(Console):
    """A colour terminal whose recording starts again each time the screen is cleared, so
    that it holds what the screen shows."""

    def clear(self, home: bool = True) -> None:
        self.export_text(clear=True)
        super().clear(home)


def play(terminal: Terminal, shots: dict[int, str], shoot: Callable[[str], None]) -> None:
    """Play the game, taking a picture of the screen at the prompts ``shots`` name."""
    application = bootstrap(
        "memory://",
        secret_maker=FixedSecrets(SECRET),
        new_game_id=lambda: GAME_ID,
        environment={},
    )
    console = terminal.console
    lines: Iterator[str] = iter(TYPED)
    read = 0

    def read_line(prompt: str) -> str:
        nonlocal read
        read += 1
        console.print(prompt, end="")
        if read in shots:
            shoot(shots[read])
        typed = next(lines)
        console.print(typed)
        return typed

    games = application.games
    game_id = games.join(12, ("Red", "Green", "Blue", "Yellow", "Purple", "Orange"), 4, None)
    display = ScreenDisplay(terminal) if terminal.redraw else LineDisplay(terminal)
    session = Session(
        games,
        game_id,
        display,
        read_line,
        colour=terminal.colour,
        resume_command=f"{PROGRAM} resume {LABEL}",
        review_command=f"{PROGRAM} review {LABEL}",
        label=LABEL,
    )
    session.open()
    session.play()
    ask_to_play_again(read_line, console)
    application.close()


def main(output: Path) -> None:
    output.mkdir(parents=True, exist_ok=True)

    def saved(console: Console, name: str) -> None:
        console.save_svg(str(output / f"{name}.svg"), title="mastermind play", clear=False)
        print(f"wrote {output / name}.svg")

    screen = _console(RecordedScreen, colour=True)
    terminal = Terminal(screen, colour=True, redraw=True)
    play(terminal, _by_line(SHOTS), lambda name: saved(screen, name))

    # Plain text is written past the recording, as it is to a pipe: it is drawn afresh.
    plain = _console(Console, colour=False)

    def plain_shot(name: str) -> None:
        drawn = _console(Console, colour=False)
        drawn.print(Text(plain.file.getvalue()), end="")  # type: ignore[attr-defined]
        saved(drawn, name)

    play(Terminal(plain, colour=False), {len(TYPED): "terminal-plain"}, plain_shot)


def _console(kind: type[Console], *, colour: bool) -> Console:
    """A recording console set up as ``Terminal.open`` sets one up, writing to a string."""
    return kind(
        file=io.StringIO(),
        record=True,
        width=WIDTH,
        height=HEIGHT,
        force_terminal=colour,
        color_system="truecolor" if colour else None,
        no_color=not colour,
        highlight=False,
        markup=False,
        emoji=False,
    )


def _by_line(shots: dict[str, int]) -> dict[int, str]:
    return {line: name for name, line in shots.items()}


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUTPUT)
