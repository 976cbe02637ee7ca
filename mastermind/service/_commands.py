"""The commands a player sends to a game in play, declared once.

Each row of :data:`COMMANDS` names a command, its class in the domain, the role that may
send it, the request that carries it and the answer it gets. ``Games.handle`` runs any
command; the HTTP API makes a route of each row, the terminal's client of a server sends
each the same way, and the specification's drivers send them through whichever way in
they drive. A new command is a new row, and a new event in the domain: the ways in follow.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

import attrs
from msgspec import Meta

from mastermind.domain import (
    MAX_COLOUR_NAME,
    MAX_NOTE,
    CallOff,
    Command,
    DecodingBoard,
    GameNotStarted,
    GiveUp,
    LeaveNote,
    MakeGuess,
    Outcome,
)
from mastermind.service._answers import BoardAnswer
from mastermind.service._arguments import check_str, check_typed_code
from mastermind.service._starting import read_code
from mastermind.service._tokens import Role

__all__ = [
    "COMMANDS",
    "ColourName",
    "CommandKind",
    "GuessRequest",
    "NoFields",
    "NoteRequest",
    "command_kind",
]

ColourName = Annotated[
    str,
    Meta(
        title="ColourName",
        description="A colour's name: printable, with no space, comma or semicolon.",
        min_length=1,
        max_length=MAX_COLOUR_NAME,
    ),
]
"""The HTTP API's document adds the pattern of printable characters, which takes long to
write out: a terminal that never serves never waits for it."""


@attrs.frozen
class NoFields:
    """A body with no fields, which may be left out."""


@attrs.frozen
class NoteRequest:
    """A note for the code breaker, as the person who made the code writes it."""

    text: Annotated[
        str,
        Meta(
            title="NoteText",
            min_length=1,
            max_length=MAX_NOTE,
            description="Shown on the code breaker's board: printable, on one line, "
            "and not blank; the spaces around it are dropped.",
            examples=["Think of a rainbow"],
        ),
    ]


@attrs.frozen
class GuessRequest:
    """A guess, as colour names or as text a person types."""

    guess: Annotated[
        list[ColourName] | str,
        Meta(
            description='Colour names, or text as a person types it: "RGBY", '
            '"red green blue yellow".',
            examples=[["Red", "Green", "Blue", "Yellow"], "RGBY", "purple orange red red"],
        ),
    ]


def _guess(game_id: str, request: GuessRequest, board: DecodingBoard) -> Command:
    typed = check_typed_code(request.guess, "guess")
    # The board keeps the palette after the game ends, so that a retried guess reads as
    # it did the first time.
    return MakeGuess(game_id, read_code(typed, board.available_pegs, game_id))


def _plain(command: type[Any]) -> Callable[[str, Any, DecodingBoard], Command]:
    def made(game_id: str, request: Any, board: DecodingBoard) -> Command:
        fields = attrs.asdict(request, recurse=False) if attrs.has(type(request)) else {}
        made_command: Command = command(game_id, **fields)
        return made_command

    return made


@attrs.frozen
class CommandKind:
    """One command a player sends to a game in play."""

    name: str
    """The command's word in every way in: ``mastermind guess``, ``POST .../guesses``."""
    command: type[Any]
    """Its class in the domain; its first field is the game's id."""
    role: Role
    """Who may send it: the game's code breaker, or the person who made the code."""
    resource: str
    """Where the HTTP API takes it, below the game: ``/games/{id}/<resource>``."""
    summary: str
    """What it does, in one line, for the help of every way in."""
    request: type[Any] = NoFields
    """The fields it carries besides the game's id, as a client sends them."""
    answer: type[Any] = BoardAnswer
    adds: bool = False
    """Whether it adds to the game something a client may point at, as a guess its row."""
    reads: Callable[[str, Any, DecodingBoard], Command] | None = None
    """How a request becomes the command, given the board it is sent to; by default
    the command made from the game's id and the request's fields."""

    def check_request(self, request: object) -> None:
        """Refuse ``request`` unless it is a request of this command.

        Raises:
            TypeError: it is not.
        """
        if not isinstance(request, self.request):
            raise TypeError(
                f"request must be a {self.request.__name__} for {self.name!r}, "
                f"not {type(request).__name__}"
            )

    def command_for(self, game_id: str, request: Any, board: DecodingBoard) -> Command:
        """The command that ``request`` sends to the game with this board.

        Raises:
            TypeError: ``request`` is no request of this command.
            GameNotStarted: the board is of no game.
        """
        self.check_request(request)
        if board.outcome is Outcome.NOT_STARTED:  # read nothing against a game not there
            raise GameNotStarted(game_id)
        return (self.reads or _plain(self.command))(game_id, request, board)


COMMANDS: tuple[CommandKind, ...] = (
    CommandKind(
        "guess",
        MakeGuess,
        Role.BREAKER,
        "guesses",
        "Make one guess in a game",
        GuessRequest,
        adds=True,
        reads=_guess,
    ),
    CommandKind(
        "give-up",
        GiveUp,
        Role.BREAKER,
        "give-up",
        "Give a game up: it counts as lost, and its secret is shown",
    ),
    CommandKind(
        "note",
        LeaveNote,
        Role.MAKER,
        "note",
        "Leave the code breaker a note, shown on the board, as the person who made the code",
        NoteRequest,
    ),
    CommandKind(
        "call-off",
        CallOff,
        Role.MAKER,
        "end",
        "End a game as the person who made its code: it is lost, and its secret shown to all",
    ),
)
"""Every command a game in play takes; starting a game, which makes one, is ``Games.start``."""

_BY_NAME: Mapping[str, CommandKind] = {kind.name: kind for kind in COMMANDS}


def command_kind(name: object) -> CommandKind:
    """The command named ``name``.

    Raises:
        TypeError: ``name`` is not a str.
        ValueError: no command has this name.
    """
    name = check_str(name, "name")
    try:
        return _BY_NAME[name]
    except KeyError:
        known = ", ".join(_BY_NAME)
        raise ValueError(f"no command is named {name!r}: the commands are {known}") from None
