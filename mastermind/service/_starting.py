"""How ``Games.start`` turns what its caller asked for into the command that starts a game:
the setup checked, the secret read or drawn, and the request a key is remembered by."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from mastermind.domain import (
    DEFAULT_LENGTH,
    Code,
    CodeMaker,
    GameSetup,
    InvalidGameSetup,
    JoinGame,
    NotAColour,
    UnreadableCode,
)
from mastermind.service._arguments import TypedCode, check_palette, check_typed_code
from mastermind.service._errors import UnreadableGuess
from mastermind.service._secrets import SecretMaker

__all__ = ["Setup", "join_command", "read_code"]

DRAWN_LENGTH = DEFAULT_LENGTH
"""How many pegs the computer draws when neither a length nor a secret is given."""


@attrs.frozen
class Setup:
    """A game as its starter asked for it, its types checked: the rules judge the rest."""

    total_attempts: int
    available_pegs: Sequence[str]
    length: int | None
    secret: TypedCode | None
    unique: bool
    maker: CodeMaker

    @classmethod
    def checked(
        cls,
        total_attempts: int,
        available_pegs: Sequence[str],
        length: int | None,
        secret: object,
        unique: bool,
        maker: object,
    ) -> Setup:
        """Raises ``TypeError`` for a ``maker`` that is no :class:`CodeMaker`, or a
        ``secret`` that is no code, text or list of names."""
        if not isinstance(maker, CodeMaker):
            raise TypeError(f"maker must be a CodeMaker, not {type(maker).__name__}")
        given = None if secret is None else check_typed_code(secret, "secret")
        return cls(total_attempts, available_pegs, length, given, unique, maker)


def join_command(
    game_id: str, setup: Setup, secret_maker: SecretMaker
) -> tuple[JoinGame | Callable[[Any], JoinGame], str]:
    """The command that starts the game, or the function that makes it once the code
    maker has drawn a secret; and the request its idempotency key is remembered by.

    Raises:
        InvalidGameSetup: the game could not be played as asked.
    """
    if isinstance(setup.available_pegs, str):
        raise InvalidGameSetup(game_id, "the palette must list colour names, not be one string")
    palette = check_palette(setup.available_pegs)
    attempts, length, unique, maker = (
        setup.total_attempts,
        setup.length,
        setup.unique,
        setup.maker,
    )
    request = repr((attempts, palette, length, setup.secret, unique, maker))
    if setup.secret is not None:
        code = read_code(setup.secret, palette, game_id)
        if length is not None and length != len(code.pegs):
            pegs = len(code.pegs)
            raise InvalidGameSetup(
                game_id,
                GameSetup(length, attempts, palette, unique).problem()
                or f"the secret has {pegs} peg{'s' * (pegs != 1)}, not {length}",
            )
        return JoinGame(game_id, code, attempts, palette, unique, maker), request
    if maker.is_person:
        raise InvalidGameSetup(game_id, "a person who makes the code gives its secret")
    drawn = DRAWN_LENGTH if length is None else length
    problem = GameSetup(drawn, attempts, palette, unique).problem()
    if problem:
        raise InvalidGameSetup(game_id, problem)

    def join_with_a_made_secret(_: object) -> JoinGame:
        made = secret_maker(palette, drawn, unique)
        if not set(made.pegs) <= set(palette):
            # The rules would name the colours that do not fit: whoever joins must not
            # learn a secret the code maker chose, even a bad one.
            raise InvalidGameSetup(game_id, "the code maker's secret does not fit this game")
        return JoinGame(game_id, made, attempts, palette, unique, maker)

    return join_with_a_made_secret, request


def read_code(typed: TypedCode, palette: Sequence[object], game_id: str) -> Code:
    """A guess, or a secret, in the game's palette; blank text is a code of no pegs, which
    is too short.

    Raises:
        UnreadableGuess: the text is one word that is no colour and no row of initials.
    """
    if isinstance(typed, Code):
        return typed
    # Names alone are read: a palette listing anything else is the rules' to refuse, which
    # they do once the code is read, naming what is wrong with the palette.
    names = tuple(name for name in palette if isinstance(name, str))
    if not isinstance(typed, str):
        return Code.from_names(typed, names)
    try:
        return Code.parse(typed, names)
    except NotAColour as unreadable:
        raise UnreadableGuess(game_id, unreadable) from None
    except UnreadableCode:
        return Code(())
