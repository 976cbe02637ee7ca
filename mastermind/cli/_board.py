"""Drawing a decoding board: code pegs that carry their letter, key pegs that no colour can be
taken for, and the whole board as a player's screen shows it."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from rich.color import Color
from rich.console import Group, RenderableType
from rich.text import Text

from mastermind.cli._palette import terminal_colour
from mastermind.domain import (
    BoardRow,
    Code,
    DecodingBoard,
    Feedback,
    Outcome,
    has_unique_initials,
    is_given_up,
)

__all__ = [
    "PegLook",
    "board_view",
    "describe_outcome",
    "introduction",
    "maker_line",
    "outcome_message",
    "outcome_text",
    "row_line",
    "secret_line",
    "title",
]

_KEY_SYMBOLS = {
    True: (("●", "◆"), ("○", "◇"), ("·", "∙")),
    False: (("+", "*", "#"), ("-", "~", "="), (".", "_", ":")),
}
"""Candidates for the key pegs, drawn in colour or not: right colour in the right place,
right colour in the wrong place, and an empty hole. The first that no code peg of the game
shows is used, so that no symbol means two things on one screen."""

# Fixed colours of the 256, not the 16 a terminal's theme may redefine: a label must stand
# out from its cell whatever the theme.
_HOLE = "on grey27"
_SHIELD = "bold grey100 on grey42"
_BOARD_LINES = 7
"""The lines of the screen besides the rows: the title, the secret, the legends and the
blank lines between them."""


@attrs.frozen
class PegLook:
    """How one game's pegs are drawn.

    In colour a code peg is a cell of its colour with its initial on it, so that it reads
    without the colour too; where two colours share an initial, its number in the palette.
    Without colour it is its initial, as typed at the prompt, or its name where two
    colours share an initial.
    """

    palette: tuple[str, ...]
    colour: bool

    @property
    def by_initial(self) -> bool:
        return has_unique_initials(self.palette)

    def label(self, name: str) -> str:
        """What a peg of this colour shows: its initial, its number, or its name."""
        if self.by_initial:
            return name[:1].upper()
        if not self.colour:
            return name
        folded = [peg.casefold() for peg in self.palette]
        return str(folded.index(name.casefold()) + 1) if name.casefold() in folded else name

    def peg(self, name: str) -> Text:
        label = self.label(name)
        if not self.colour:
            return Text(label.ljust(self._label_width))
        return Text(f" {label.rjust(self._label_width)} ", style=_cell_style(name))

    def code(self, code: Code | Sequence[str]) -> Text:
        pegs = code.pegs if isinstance(code, Code) else code
        return Text(" ").join(self.peg(name) for name in pegs)

    def holes(self, length: int, style: str = _HOLE, mark: str = " ") -> Text:
        """A row of empty cells, as the holes of the board, or the shield's ``?``."""
        cell = Text(f" {mark.rjust(self._label_width)} ", style=style)
        return Text(" ").join([cell] * length)

    @property
    def key_symbols(self) -> tuple[str, str, str]:
        taken = {self.label(name) for name in self.palette}
        right, wrong, empty = (
            next((symbol for symbol in candidates if symbol not in taken), candidates[0])
            for candidates in _KEY_SYMBOLS[self.colour]
        )
        return right, wrong, empty

    def key_pegs(self, feedback: Feedback, code_length: int) -> Text:
        """The key pegs in a cell of one width for every row: one symbol a hole."""
        right, wrong, empty = self.key_symbols
        empties = code_length - feedback.black - feedback.white
        pegs = [Text(right, style="bold")] * feedback.black
        pegs += [Text(wrong, style="bold")] * feedback.white
        pegs += [Text(empty, style="dim")] * empties
        return Text(" ").join(pegs)

    def colour_legend(self) -> Text:
        """Every colour of the game, drawn as on the board beside its name."""
        if not self.colour and not self.by_initial:
            return Text(", ".join(self.palette))
        return Text("  ").join(Text.assemble(self.peg(name), " ", name) for name in self.palette)

    def key_legend(self) -> Text:
        right, wrong, empty = self.key_symbols
        return Text.assemble(
            (right, "bold"),
            " right colour, right place   ",
            (wrong, "bold"),
            " right colour, wrong place   ",
            (empty, "dim"),
            " none",
        )

    @property
    def _label_width(self) -> int:
        return max((len(self.label(name)) for name in self.palette), default=1)


def _cell_style(name: str) -> str:
    """A colour as a cell's background, under its label in black or white, whichever
    stands out more; a colour no terminal has is a reversed cell."""
    colour = terminal_colour(name)
    if colour is None:
        return "bold reverse"
    red, green, blue = (_linear(channel / 255) for channel in Color.parse(colour).get_truecolor())
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    # Contrast with black is (L + 0.05) / 0.05 and with white 1.05 / (L + 0.05).
    text = "grey0" if (luminance + 0.05) ** 2 > 0.0525 else "grey100"
    return f"bold {text} on {colour}"


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def title(board: DecodingBoard, label: str | None = None) -> Text:
    """``Game 1a2b3c4d: 4 pegs from 6 colours, 12 attempts``."""
    setup = (
        f": {board.code_length} pegs from {len(board.available_pegs)} colours, "
        f"{_attempts(board.total_attempts)}{', no colour twice' if board.unique else ''}"
    )
    return Text.assemble(("Game ", "bold"), (label or board.game_id, "bold"), setup)


def board_view(
    board: DecodingBoard,
    colour: bool,
    *,
    label: str | None = None,
    message: RenderableType | None = None,
    room: int | None = None,
) -> Group:
    """The whole board: its title, every guess, the secret or its shield, the legends,
    and a message beneath, by default how the game stands.

    Given the ``room`` it has on a screen, in lines, the attempts left are drawn as empty
    rows where they fit, and only the latest guesses where even they do not.
    """
    look = PegLook(board.available_pegs, colour)
    rows = [row_line(number, row, board, look) for number, row in enumerate(board.rows, 1)]
    heading = [title(board, label), *_maker_lines(board)]
    if room is not None:
        rows = _fitted(rows, board, look, room - _BOARD_LINES - len(heading) + 1)
    elif not rows:
        rows = [Text("No guesses yet.", style="dim")]
    shown = message if message is not None else outcome_message(board, colour)
    return Group(
        *heading,
        Text(),
        *rows,
        secret_line(board, look),
        Text(),
        Text.assemble("Colours: ", look.colour_legend()),
        Text.assemble("Key pegs: ", look.key_legend()),
        Text(),
        shown,
    )


def _fitted(rows: list[Text], board: DecodingBoard, look: PegLook, room: int) -> list[Text]:
    """The rows of a screen: the empty ones too where they fit, the latest where not all do."""
    left = board.attempts_left
    if len(rows) + left <= room:
        holes = look.holes(board.code_length)
        first = len(rows) + 1
        return rows + [
            Text.assemble(f"{number:>3}  ", holes) for number in range(first, first + left)
        ]
    tail = [Text(f"     {_attempts(left)} left", style="dim")] if left else []
    fitting = max(room - len(tail) - 1, 1)
    if len(rows) <= fitting + 1:
        return rows + tail
    hidden = len(rows) - fitting
    earlier = Text(f"     {_guesses(hidden)} above, shown by 'mastermind show'", style="dim")
    return [earlier, *rows[-fitting:], *tail]


def introduction(board: DecodingBoard, colour: bool, label: str | None = None) -> Group:
    """A new game: what it takes to win it, and how its pegs look."""
    look = PegLook(board.available_pegs, colour)
    return Group(
        Text.assemble(("New game ", "bold"), (label or board.game_id, "bold")),
        *_maker_lines(board),
        f"Break a code of {board.code_length} pegs from {len(board.available_pegs)} colours "
        f"in {_attempts(board.total_attempts)}.",
        Text.assemble("Colours: ", look.colour_legend()),
        Text.assemble("Key pegs: ", look.key_legend()),
    )


def maker_line(board: DecodingBoard) -> Text | None:
    """Who set the code, where a person did, and whether they allow hints: ``Mum set this
    code, and allows no hints.``; ``None`` for the computer's code."""
    maker = board.maker
    if not maker.is_person:
        return None
    who = maker.name or "A person"
    leave = "allows hints" if maker.allows_hints else "allows no hints"
    return Text.assemble((who, "bold"), f" set this code, and {leave}.")


def _maker_lines(board: DecodingBoard) -> list[Text]:
    """Who set the code, and the last note they left the code breaker."""
    line = maker_line(board)
    note = None if board.note is None else Text.assemble("Note: ", (board.note, "italic"))
    return [line for line in (line, note) if line is not None]


def row_line(number: int, row: BoardRow, board: DecodingBoard, look: PegLook) -> Text:
    """One guess and its key pegs, numbered as on the board: ``  1  R G B Y  | + + - -``."""
    separator = "  │ " if look.colour else "  | "
    return Text.assemble(
        f"{number:>3}  ",
        look.code(row.guess),
        separator,
        look.key_pegs(row.feedback, board.code_length),
    )


def secret_line(board: DecodingBoard, look: PegLook) -> Text:
    """The secret once the game is over; until then the shield, one ``?`` a peg."""
    if board.secret is None:
        if look.colour:
            return Text.assemble("Secret: ", look.holes(board.code_length, _SHIELD, "?"))
        return Text.assemble("Secret: ", " ".join("?" * board.code_length))
    names = str(board.secret)
    if not look.colour and not look.by_initial:
        return Text.assemble("Secret: ", names)
    return Text.assemble("Secret: ", look.code(board.secret), f" ({names})")


def outcome_text(board: DecodingBoard) -> str:
    return describe_outcome(
        board.outcome, board.attempts_used, board.total_attempts, called_off=board.called_off
    )


def outcome_message(board: DecodingBoard, colour: bool) -> Text:
    """How the game stands, in bold; in colour, green for a win and red for a loss."""
    style = "bold"
    if colour and board.is_over:
        style += " green" if board.outcome is Outcome.WON else " red"
    return Text(outcome_text(board), style=style)


def describe_outcome(
    outcome: Outcome, attempts_used: int, total_attempts: int, *, called_off: bool = False
) -> str:
    """How a game stands, in a few words: "won in 5 guesses", "3 of 12 attempts left"..."""
    match outcome:
        case Outcome.WON:
            return f"Won in {_guesses(attempts_used)}."
        case Outcome.LOST if called_off:
            return f"Ended by the code maker after {_guesses(attempts_used)}."
        case Outcome.LOST if is_given_up(
            outcome, attempts_used, total_attempts, called_off=called_off
        ):
            return f"Given up after {_guesses(attempts_used)}."
        case Outcome.LOST:
            return f"Lost: all {_attempts(total_attempts)} used."
        case _:
            left = total_attempts - attempts_used
            return f"In play: {left} of {_attempts(total_attempts)} left."


def _guesses(count: int) -> str:
    return "1 guess" if count == 1 else f"{count} guesses"


def _attempts(count: int) -> str:
    return "1 attempt" if count == 1 else f"{count} attempts"
