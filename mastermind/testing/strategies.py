"""Hypothesis strategies: Mastermind's colours, codes, games, commands and events, and
the events and commands of a domain of your own.

Every setup drawn is one the rules accept: palettes of at most
:data:`~mastermind.domain.MAX_COLOURS` distinct names, codes of at most
:data:`~mastermind.domain.MAX_LENGTH` pegs, at most
:data:`~mastermind.domain.MAX_ATTEMPTS` attempts. Commands drawn *for* a game are of
every kind, right and wrong, for property tests of whatever runs them::

    from hypothesis import given
    from mastermind.testing import strategies

    @given(strategies.games())
    def test_my_service_plays_any_game(game): ...

For a domain of your own, :func:`instances`, :func:`events_of` and :func:`commands_of`
draw attrs classes field by field from their annotations, values that an
``EventCodec`` keeps, and :func:`histories` the streams a decider writes from them::

    deposits = strategies.instances(Deposit, amount=st.integers(1, 100))
    events = strategies.events_of(AccountOpened, Deposited, Withdrawn)
"""

from __future__ import annotations

import string
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar, cast

from mastermind.domain import (
    BLANK,
    CLASSIC_PEGS,
    MAX_ATTEMPTS,
    MAX_COLOUR_NAME,
    MAX_COLOURS,
    MAX_LENGTH,
    MAX_MAKER_NAME,
    PRESETS,
    Answer,
    Code,
    CodeMaker,
    Command,
    Event,
    Feedback,
    GameLost,
    GameStarted,
    GameWon,
    GiveUp,
    GuessMade,
    JoinGame,
    MakeGuess,
    Rules,
)
from mastermind.testing._extra import missing_extra

try:
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
except ImportError as error:
    raise missing_extra("hypothesis", "mastermind.testing.strategies") from error

from mastermind.testing._classes import commands_of, events_of, instances, storable_text
from mastermind.testing._histories import histories

__all__ = [
    "Game",
    "code_makers",
    "code_pairs",
    "codes",
    "colour_names",
    "commands_for",
    "commands_of",
    "events",
    "events_of",
    "game_ids",
    "game_rules",
    "games",
    "games_started",
    "guesses_for",
    "guesses_made",
    "histories",
    "instances",
    "join_commands",
    "palettes",
    "small_games",
    "storable_text",
]

Game = tuple[JoinGame, list[Command]]
"""A game as :func:`games` draws it: how it starts, then what players send."""

T = TypeVar("T")


def colour_names() -> st.SearchStrategy[str]:
    """Names a palette may hold: plain words, and any printable text the rules allow."""
    return _shared(("colour_names",), _colour_names)


def _colour_names() -> st.SearchStrategy[str]:
    plain = st.text(string.ascii_lowercase, min_size=1, max_size=MAX_COLOUR_NAME)
    printable = st.text(
        st.characters(exclude_categories=("C", "Z"), exclude_characters=",;"),
        min_size=1,
        max_size=MAX_COLOUR_NAME,
    )
    return st.one_of(plain.map(str.capitalize), printable).filter(_is_colour_name)


def palettes(min_size: int = 1, max_size: int = MAX_COLOURS) -> st.SearchStrategy[tuple[str, ...]]:
    """Palettes the rules accept: names distinct even ignoring case."""
    if not 1 <= min_size <= max_size <= MAX_COLOURS:
        raise InvalidArgument(
            f"palettes have 1 to {MAX_COLOURS} colours, not {min_size} to {max_size}"
        )
    return _shared(
        ("palettes", min_size, max_size),
        lambda: st.lists(
            colour_names(), min_size=min_size, max_size=max_size, unique_by=str.casefold
        ).map(tuple),
    )


def codes(
    palette: Sequence[str] = CLASSIC_PEGS, length: int = 4, *, unique: bool = False
) -> st.SearchStrategy[Code]:
    """Codes of ``length`` pegs from ``palette``; with ``unique``, no colour twice."""
    if unique and length > len(palette):
        raise InvalidArgument(f"no code of {length} different colours from {len(palette)}")
    pegs = tuple(palette)
    return _shared(
        ("codes", pegs, length, unique),
        lambda: st.lists(
            st.sampled_from(pegs), min_size=length, max_size=length, unique=unique
        ).map(Code),
    )


def game_ids() -> st.SearchStrategy[str]:
    """Game ids of any text, 1 to 40 characters.

    PostgreSQL keeps no NUL character: filter ``"\\x00"`` out for tests that store them there.
    """
    return _shared(("game_ids",), lambda: st.text(min_size=1, max_size=40))


def game_rules(
    *,
    max_length: int = MAX_LENGTH,
    max_attempts: int = MAX_ATTEMPTS,
    max_colours: int = MAX_COLOURS,
) -> st.SearchStrategy[Rules]:
    """Rules that :meth:`Rules.problem` finds nothing wrong with, within the limits
    given, which may be tighter than the rules' but not looser: the presets, and rules
    of any size, symbols, repeats, blanks and kind of answer."""
    for name, value, most in (
        ("max_length", max_length, MAX_LENGTH),
        ("max_attempts", max_attempts, MAX_ATTEMPTS),
        ("max_colours", max_colours, MAX_COLOURS),
    ):
        if not 1 <= value <= most:
            raise InvalidArgument(f"{name} must be 1 to {most}, not {value}")
    limits = (max_length, max_attempts, max_colours)
    return _shared(("game_rules", *limits), lambda: _game_rules(*limits))


@st.composite
def _game_rules(draw: st.DrawFn, max_length: int, max_attempts: int, max_colours: int) -> Rules:
    presets = [
        rules
        for rules in PRESETS.values()
        if rules.length <= max_length
        and rules.attempts <= max_attempts
        and len(rules.pegs) <= max_colours
    ]
    if presets and draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(presets))
    blanks = max_colours > 1 and draw(st.booleans())
    palette = draw(
        palettes(max_size=max_colours - blanks).filter(
            lambda names: BLANK.casefold() not in {name.casefold() for name in names}
        )
    )
    repeats = draw(st.booleans())
    longest = max_length if repeats else min(max_length, len(palette) + blanks)
    return Rules(
        length=draw(st.integers(min_value=1, max_value=longest)),
        symbols=palette,
        attempts=draw(st.integers(min_value=1, max_value=max_attempts)),
        repeats=repeats,
        blanks=blanks,
        answer=draw(st.sampled_from(Answer)),
    )


def join_commands(
    ids: st.SearchStrategy[str] | None = None,
    *,
    rules: st.SearchStrategy[Rules] | None = None,
) -> st.SearchStrategy[JoinGame]:
    """Commands that start a game: an id from ``ids``, rules from ``rules`` (any the
    rules accept unless given) and a secret that fits them."""
    chosen = (
        game_ids() if ids is None else ids,
        game_rules() if rules is None else rules,
    )
    return _shared(("join_commands", *chosen), lambda: _join_commands(*chosen))


@st.composite
def _join_commands(
    draw: st.DrawFn, ids: st.SearchStrategy[str], rules: st.SearchStrategy[Rules]
) -> JoinGame:
    chosen = draw(rules)
    secret = draw(codes(chosen.pegs, chosen.length, unique=not chosen.repeats))
    return JoinGame(draw(ids), secret, chosen, draw(code_makers()))


def code_makers() -> st.SearchStrategy[CodeMaker]:
    """Code makers the rules accept: the computer, or a person named or not, who allows
    hints or not."""
    return _shared(("code_makers",), _code_makers)


def _code_makers() -> st.SearchStrategy[CodeMaker]:
    names = st.text(
        st.characters(exclude_categories=["C"]), min_size=1, max_size=MAX_MAKER_NAME
    ).filter(lambda name: name.isprintable() and bool(name.strip()))
    people = st.builds(CodeMaker.person, st.none() | names, allows_hints=st.booleans())
    return st.one_of(st.builds(CodeMaker.computer, allows_hints=st.booleans()), people)


def small_games() -> st.SearchStrategy[JoinGame]:
    """Games of ``"game-1"`` small enough that random guesses sometimes win."""
    return _shared(
        ("small_games",),
        lambda: join_commands(
            st.just("game-1"), rules=game_rules(max_length=3, max_attempts=6, max_colours=3)
        ),
    )


def guesses_for(join: JoinGame, *, only_valid: bool = False) -> st.SearchStrategy[MakeGuess]:
    """Guesses in the game ``join`` starts: valid ones, and unless ``only_valid``, guesses
    too short, too long, or with colours the game lacks."""
    return _shared(("guesses_for", join, only_valid), lambda: _guesses_for(join, only_valid))


def _guesses_for(join: JoinGame, only_valid: bool) -> st.SearchStrategy[MakeGuess]:
    rules = join.rules
    guesses = codes(rules.pegs, rules.length, unique=not rules.repeats)
    if not only_valid:
        foreign = colour_names().filter(lambda name: name not in rules.pegs)
        pegs = st.one_of(st.sampled_from(rules.pegs), foreign, st.just(BLANK))
        malformed = st.lists(pegs, max_size=rules.length + 2).map(Code)
        # Twice the valid ones, so that games go on long enough to be won or lost.
        guesses = st.one_of(guesses, guesses, malformed)
    return guesses.map(lambda code: MakeGuess(join.game_id, code))


def commands_for(join: JoinGame) -> st.SearchStrategy[Command]:
    """Commands for the game ``join`` starts, mostly guesses: any of them may be refused."""
    guesses = guesses_for(join)
    return _shared(
        ("commands_for", join),
        lambda: st.one_of(guesses, guesses, guesses, st.just(GiveUp(join.game_id)), st.just(join)),
    )


@st.composite
def games(draw: st.DrawFn, *, max_commands: int = 30) -> Game:
    """A whole game: a command that starts it, then up to ``max_commands`` commands for it."""
    join = draw(join_commands())
    return join, draw(st.lists(commands_for(join), max_size=max_commands))


@st.composite
def code_pairs(draw: st.DrawFn, max_length: int = 7) -> tuple[Code, Code, tuple[str, ...]]:
    """A secret and a guess of one length over one palette, and that palette."""
    palette = draw(palettes())
    length = draw(st.integers(min_value=1, max_value=max_length))
    return draw(codes(palette, length)), draw(codes(palette, length)), palette


def games_started() -> st.SearchStrategy[GameStarted]:
    """The first events of games that :func:`join_commands` starts."""
    return join_commands().map(
        lambda join: GameStarted(join.game_id, join.secret, join.rules, join.maker)
    )


@st.composite
def guesses_made(draw: st.DrawFn) -> GuessMade:
    """Scored guesses, with key pegs that add up, though not scored against any secret."""
    palette = draw(palettes())
    length = draw(st.integers(min_value=0, max_value=MAX_LENGTH))
    black = draw(st.integers(min_value=0, max_value=length))
    white = draw(st.integers(min_value=0, max_value=length - black))
    return GuessMade(draw(game_ids()), draw(codes(palette, length)), Feedback(black, white))


def events() -> st.SearchStrategy[Event]:
    """Events of every type, with any text for ids; not necessarily a playable game."""
    return st.one_of(
        games_started(),
        guesses_made(),
        game_ids().map(GameWon),
        game_ids().map(GameLost),
    )


_STRATEGIES: dict[Hashable, st.SearchStrategy[Any]] = {}
_MOST_STRATEGIES_KEPT = 4096


def _shared(key: Hashable, build: Callable[[], st.SearchStrategy[T]]) -> st.SearchStrategy[T]:
    """The strategy built for ``key`` before, or a new one.

    Hypothesis checks every strategy the first time it draws from it, and in tests that
    draw from a strategy made for each example that check costs more than the drawing.
    """
    strategy = _STRATEGIES.get(key)
    if strategy is None:
        if len(_STRATEGIES) >= _MOST_STRATEGIES_KEPT:
            _STRATEGIES.clear()
        strategy = _STRATEGIES[key] = build()
    return cast("st.SearchStrategy[T]", strategy)


def _is_colour_name(name: str) -> bool:
    return Rules(1, (name,), 1).problem() is None
