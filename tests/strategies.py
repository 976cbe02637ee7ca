"""Hypothesis strategies shared by the test modules."""

from __future__ import annotations

from hypothesis import strategies as st

from mastermind import (
    CLASSIC_PEGS,
    Code,
    Event,
    Feedback,
    GameLost,
    GameStarted,
    GameWon,
    GiveUp,
    GuessMade,
    JoinGame,
    MakeGuess,
)

colour_names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8).map(
    str.capitalize
)


@st.composite
def palettes(draw: st.DrawFn, min_size: int = 1, max_size: int = 8) -> tuple[str, ...]:
    """Palettes of distinct colour names, unique even ignoring case."""
    names = draw(
        st.lists(colour_names, min_size=min_size, max_size=max_size, unique_by=str.casefold)
    )
    return tuple(names)


def codes(palette: tuple[str, ...] = CLASSIC_PEGS, length: int = 4) -> st.SearchStrategy[Code]:
    return st.lists(st.sampled_from(palette), min_size=length, max_size=length).map(Code)


@st.composite
def code_pairs(draw: st.DrawFn, max_length: int = 7) -> tuple[Code, Code, tuple[str, ...]]:
    """A secret and a guess of one length over one palette, and that palette."""
    palette = draw(palettes())
    length = draw(st.integers(min_value=1, max_value=max_length))
    return draw(codes(palette, length)), draw(codes(palette, length)), palette


@st.composite
def small_games(draw: st.DrawFn) -> JoinGame:
    """Valid setups small enough that random guesses sometimes win."""
    palette = draw(palettes(max_size=3))
    length = draw(st.integers(min_value=1, max_value=3))
    return JoinGame(
        game_id="game-1",
        secret=draw(codes(palette, length)),
        total_attempts=draw(st.integers(min_value=1, max_value=6)),
        available_pegs=palette,
    )


def guesses_for(game: JoinGame) -> st.SearchStrategy[MakeGuess]:
    """Guesses of every kind: valid, too short, too long, or with unknown colours."""
    length = len(game.secret.pegs)
    valid = codes(game.available_pegs, length)
    malformed = st.lists(
        st.sampled_from((*game.available_pegs, "Pink", "Teal")), min_size=0, max_size=length + 2
    ).map(Code)
    return st.one_of(valid, valid, malformed).map(lambda code: MakeGuess(game.game_id, code))


def commands_for(game: JoinGame) -> st.SearchStrategy[JoinGame | MakeGuess | GiveUp]:
    return st.one_of(
        guesses_for(game),
        guesses_for(game),
        guesses_for(game),
        st.just(GiveUp(game.game_id)),
        st.just(game),
    )


game_ids = st.text(min_size=1, max_size=40)


@st.composite
def games_started(draw: st.DrawFn) -> GameStarted:
    palette = draw(palettes())
    length = draw(st.integers(min_value=1, max_value=8))
    attempts = draw(st.integers(min_value=1, max_value=100))
    return GameStarted(draw(game_ids), draw(codes(palette, length)), attempts, palette)


@st.composite
def guesses_made(draw: st.DrawFn) -> GuessMade:
    palette = draw(palettes())
    length = draw(st.integers(min_value=0, max_value=8))
    black = draw(st.integers(min_value=0, max_value=length))
    white = draw(st.integers(min_value=0, max_value=length - black))
    return GuessMade(draw(game_ids), draw(codes(palette, length)), Feedback(black, white))


def events() -> st.SearchStrategy[Event]:
    """Events of every type, with any text for ids; not necessarily a playable game."""
    return st.one_of(
        games_started(),
        guesses_made(),
        game_ids.map(GameWon),
        game_ids.map(GameLost),
    )
