"""Drawing a decoding board: coloured pegs on a colour terminal, letters and names elsewhere."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from rich.console import Group
from rich.text import Text

from mastermind.cli._palette import terminal_colour
from mastermind.domain import (
    BoardRow,
    Code,
    DecodingBoard,
    Feedback,
    Outcome,
    has_unique_initials,
)

_CODE_PEG = "●"
_KEY_PEGS = {True: ("●", "○", "·"), False: ("B", "W", ".")}
"""Black, white and empty key pegs, drawn in colour or not."""


@attrs.frozen
class PegLook:
    """How one game's pegs are drawn.

    In colour a code peg is a coloured ``●``. Without colour, or for a colour no terminal
    has, it is its initial when the palette's initials are distinct (as typed at the
    prompt), and its name otherwise.
    """

    palette: tuple[str, ...]
    colour: bool

    @property
    def by_initial(self) -> bool:
        return has_unique_initials(self.palette)

    def peg(self, name: str) -> Text:
        colour = terminal_colour(name) if self.colour else None
        if colour is not None:
            return Text(_CODE_PEG, style=colour)
        if self.by_initial:
            return Text(name[:1].upper(), style="bold" if self.colour else "")
        width = max((len(peg) for peg in self.palette), default=len(name))
        return Text(name.ljust(width), style="bold" if self.colour else "")

    def code(self, code: Code | Sequence[str]) -> Text:
        pegs = code.pegs if isinstance(code, Code) else code
        return Text(" ").join(self.peg(name) for name in pegs)

    def key_pegs(self, feedback: Feedback, code_length: int) -> Text:
        black, white, empty = _KEY_PEGS[self.colour]
        empties = code_length - feedback.black - feedback.white
        pegs = [Text(black, style="bold")] * feedback.black
        pegs += [Text(white, style="bold")] * feedback.white
        pegs += [Text(empty, style="dim")] * empties
        return Text(" ").join(pegs)

    def colour_legend(self) -> Text:
        """Every colour of the game, drawn as on the board beside its name."""
        if not self.colour and not self.by_initial:
            return Text(", ".join(self.palette))
        return Text("  ").join(Text.assemble(self.peg(name), " ", name) for name in self.palette)

    def key_legend(self) -> Text:
        black, white, _ = _KEY_PEGS[self.colour]
        return Text.assemble(
            (black, "bold"),
            " right colour, right place   ",
            (white, "bold"),
            " right colour, wrong place",
        )


def board_view(board: DecodingBoard, colour: bool) -> Group:
    """The whole board: the game, its colours, every guess, the secret or its shield."""
    look = PegLook(board.available_pegs, colour)
    lines: list[Text] = [
        Text.assemble(("Game ", "bold"), (board.game_id, "bold")),
        Text.assemble("Colours: ", look.colour_legend()),
        Text.assemble("Key pegs: ", look.key_legend()),
        Text(),
    ]
    lines += [row_line(number, row, board, look) for number, row in enumerate(board.rows, 1)]
    if not board.rows:
        lines.append(Text("No guesses yet.", style="dim"))
    lines += [Text(), secret_line(board, look), Text(outcome_text(board), style="bold")]
    return Group(*lines)


def introduction(board: DecodingBoard, colour: bool) -> Group:
    """A new game: what it takes to win it, and how its pegs look."""
    look = PegLook(board.available_pegs, colour)
    return Group(
        Text.assemble(("New game ", "bold"), (board.game_id, "bold")),
        f"Break a code of {board.code_length} pegs from {len(board.available_pegs)} colours "
        f"in {_attempts(board.total_attempts)}.",
        Text.assemble("Colours: ", look.colour_legend()),
        Text.assemble("Key pegs: ", look.key_legend()),
    )


def row_line(number: int, row: BoardRow, board: DecodingBoard, look: PegLook) -> Text:
    """One guess and its key pegs, numbered as on the board: ``  1  R G B Y  | B B W W``."""
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
        return Text.assemble("Secret: ", " ".join("?" * board.code_length))
    names = str(board.secret)
    if not look.colour and not look.by_initial:
        return Text.assemble("Secret: ", names)
    return Text.assemble("Secret: ", look.code(board.secret), f" ({names})")


def outcome_text(board: DecodingBoard) -> str:
    return describe_outcome(board.outcome, board.attempts_used, board.total_attempts)


def describe_outcome(outcome: Outcome, attempts_used: int, total_attempts: int) -> str:
    """How a game stands, in a few words: "won in 5 guesses", "3 of 12 attempts left"..."""
    match outcome:
        case Outcome.WON:
            return f"Won in {_guesses(attempts_used)}."
        case Outcome.LOST if attempts_used < total_attempts:
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
