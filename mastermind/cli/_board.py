"""Drawing a decoding board: the whole board as a player's screen shows it, its title in the
rules' words, its rows, the secret or its shield, and how the game stands."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from mastermind.cli._palette import symbol_noun
from mastermind.cli._pegs import PegLook
from mastermind.domain import BoardRow, DecodingBoard, Outcome, Rules, is_given_up

__all__ = [
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

# A fixed colour of the 256, as the holes are: the shield stands out whatever the theme.
_SHIELD = "bold grey100 on grey42"
_BOARD_LINES = 7
"""The lines of the screen besides the rows: the title, the secret, the legends and the
blank lines between them."""


def title(board: DecodingBoard, label: str | None = None) -> Text:
    """``Game 1a2b3c4d: 4 pegs from 6 colours, 12 attempts``, with the rules' name and what
    sets them apart, for a game of another member of the family."""
    rules = board.rules
    setup = f": {_code(rules)}, {_attempts(rules.attempts)}{_set_apart(rules)}"
    return Text.assemble(("Game ", "bold"), (label or board.game_id, "bold"), _named(rules), setup)


def _named(rules: Rules) -> str:
    """The preset the rules are, but for the classic game: `` (bulls-and-cows)``."""
    return "" if rules.name in (None, "classic") else f" ({rules.name})"


def _code(rules: Rules) -> str:
    """``4 pegs from 6 colours``, ``... and the blank`` where a hole may stay blank."""
    noun = symbol_noun(rules.symbols)
    blank = " and the blank" if rules.blanks else ""
    return f"{_count(rules.length, 'peg')} from {_count(len(rules.symbols), noun)}{blank}"


def _set_apart(rules: Rules) -> str:
    """``, no colour twice``, ``, black pegs only``: what the board shows of the rules."""
    noun = symbol_noun(rules.symbols)
    unique = "" if rules.repeats else f", no {noun} twice"
    return unique + ("" if rules.answer.counts_white else ", black pegs only")


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
    look = PegLook.of(board.rules, colour)
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
        look.colour_line(),
        look.key_line(),
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
    rules = board.rules
    look = PegLook.of(rules, colour)
    return Group(
        Text.assemble(("New game ", "bold"), (label or board.game_id, "bold"), _named(rules)),
        *_maker_lines(board),
        f"Break a code of {_code(rules)} in {_attempts(rules.attempts)}{_set_apart(rules)}.",
        look.colour_line(),
        look.key_line(),
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
    if look.names_shown:
        return Text.assemble("Secret: ", look.code(board.secret))
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
            if not attempts_used:
                return "Given up before any guess."
            return f"Given up after {_guesses(attempts_used)}."
        case Outcome.LOST:
            return f"Lost: all {_attempts(total_attempts)} used."
        case _:
            left = total_attempts - attempts_used
            return f"In play: {left} of {_attempts(total_attempts)} left."


def _guesses(count: int) -> str:
    return "1 guess" if count == 1 else f"{count} guesses"


def _attempts(count: int) -> str:
    return _count(count, "attempt")


def _count(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
