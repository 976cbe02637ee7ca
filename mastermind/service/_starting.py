"""How ``Games.start`` turns what its caller asked for into the command that starts a game:
the setup checked, the secret read or drawn, and the request a key is remembered by."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from mastermind.domain import (
    COMPUTER,
    PRESETS,
    Code,
    CodeMaker,
    InvalidGameSetup,
    JoinGame,
    NotAColour,
    Rules,
    UnreadableCode,
    rules_named,
)
from mastermind.service._arguments import TypedCode, check_palette, check_typed_code
from mastermind.service._errors import UnreadableGuess
from mastermind.service._secrets import SecretMaker

__all__ = ["Setup", "join_command", "read_code", "rules_of"]


@attrs.frozen
class Setup:
    """A game as its starter asked for it, its types checked: the rules judge the rest."""

    rules: Rules
    length_given: bool
    secret: TypedCode | None
    maker: CodeMaker
    refusal: str | None = None
    """Why the game cannot start, found before it had an id."""

    @classmethod
    def checked(
        cls,
        rules: object,
        *,
        total_attempts: object = None,
        available_pegs: object = None,
        length: object = None,
        secret: object = None,
        unique: object = None,
        maker: object = COMPUTER,
    ) -> Setup:
        """The rules asked for: a preset by name, or a :class:`Rules`, the classic game
        unless given, changed by whichever of the other values are given.

        Raises:
            TypeError: ``rules`` is no str or Rules, the ``maker`` no
                :class:`CodeMaker`, or the ``secret`` no code, text or list of names.
            ValueError: no preset has the name given.
        """
        if not isinstance(maker, CodeMaker):
            raise TypeError(f"maker must be a CodeMaker, not {type(maker).__name__}")
        given = None if secret is None else check_typed_code(secret, "secret")
        base, length_given = rules_of(rules), length is not None
        if isinstance(available_pegs, str):
            refusal = "the palette must list colour names, not be one string"
            return cls(base, length_given, given, maker, refusal)
        if unique is not None and not isinstance(unique, bool):
            refusal = f"unique is true or false, not {unique!r}"
            return cls(base, length_given, given, maker, refusal)
        changed = base.changed(
            length=length,  # type: ignore[arg-type]
            symbols=None if available_pegs is None else check_palette(available_pegs),
            attempts=total_attempts,  # type: ignore[arg-type]
            repeats=None if unique is None else not unique,
        )
        return cls(changed, length_given, given, maker)


def rules_of(value: object) -> Rules:
    """The rules ``value`` names: a preset's name, or rules; ``None`` for the classic game.

    Raises:
        TypeError: ``value`` is neither.
        ValueError: no preset has the name.
    """
    if value is None:
        return PRESETS["classic"]
    if isinstance(value, str):
        return rules_named(value)
    if not isinstance(value, Rules):
        raise TypeError(f"rules must be a preset's name or Rules, not {type(value).__name__}")
    return value


def join_command(
    game_id: str, setup: Setup, secret_maker: SecretMaker
) -> tuple[JoinGame | Callable[[Any], JoinGame], str]:
    """The command that starts the game, or the function that makes it once the code
    maker has drawn a secret; and the request its idempotency key is remembered by.

    A secret given sets the length of the game's codes, unless a length was given too.

    Raises:
        InvalidGameSetup: the game could not be played as asked.
    """
    rules, maker = setup.rules, setup.maker
    if setup.refusal:
        raise InvalidGameSetup(game_id, setup.refusal)
    request = repr((rules, setup.length_given, setup.secret, maker))
    if setup.secret is not None:
        code = read_code(setup.secret, rules.pegs, game_id)
        if not setup.length_given:
            rules = rules.sized(len(code.pegs))
        return JoinGame(game_id, code, rules, maker), request
    if maker.is_person:
        raise InvalidGameSetup(game_id, "a person who makes the code gives its secret")
    problem = rules.problem()
    if problem:
        raise InvalidGameSetup(game_id, problem)

    def join_with_a_made_secret(_: object) -> JoinGame:
        made = secret_maker(rules.pegs, rules.length, not rules.repeats)
        if not set(made.pegs) <= set(rules.pegs) or rules.code_problem(made.pegs, "the secret"):
            # The rules would name the colours that do not fit: whoever joins must not
            # learn a secret the code maker chose, even a bad one.
            raise InvalidGameSetup(game_id, "the code maker's secret does not fit this game")
        return JoinGame(game_id, made, rules, maker)

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
