"""``mastermind review``: a finished game, guess by guess, against the best strategy.

The figures and the verdict are the service's (``Games.review``); this draws them.
"""

from __future__ import annotations

from pathlib import Path

import click
from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from mastermind.cli._boundary import reported_as_json
from mastermind.cli._documents import echo_json
from mastermind.cli._options import (
    colour_option,
    json_option,
    plain_option,
    rules_option,
    store_choice,
    store_options,
)
from mastermind.cli._pegs import PegLook
from mastermind.cli._terminal import Terminal
from mastermind.cli._wiring import opened_games, reason, short_id
from mastermind.domain import Answer, Outcome
from mastermind.service import GameReview, Games, review_document

__all__ = [
    "ESTIMATE_MARK",
    "chosen_review",
    "review",
    "review_view",
    "ruled_out_line",
    "show_review",
]

ESTIMATE_MARK = "~"
"""Marks a figure that is an estimate rather than exact."""


def chosen_review(games: Games, game_id: str | None, preset: str | None = None) -> GameReview:
    """The review of the game an id, or the start of one, names; with none, of the latest
    game that is over, or the latest played by the rules of ``preset``.

    Raises:
        click.UsageError: both a game and rules are named; a game keeps its own rules.
        click.ClickException: no game played by the rules of ``preset`` is over.
    """
    if game_id is not None:
        if preset is not None:
            raise click.UsageError("Give GAME_ID or --rules, not both: a game keeps its rules.")
        return games.review(game_id)
    if preset is None:
        return games.review(games.latest_over())
    over = (Outcome.WON, Outcome.LOST)
    for summary in reversed(games.summaries()):
        if summary.outcome in over and games.board(summary.game_id).rules.name == preset:
            return games.review(summary.game_id)
    raise click.ClickException(f"No game played by the {preset} rules is over yet.")


def review_view(review: GameReview, colour: bool, label: str) -> RenderableType:
    """The table of the guesses, in the words of the game's rules, and the verdict."""
    look = PegLook.of(review.rules, colour)
    answers = "answer" if review.rules.answer is Answer.BULLS_AND_COWS else "key pegs"
    table = Table(
        "#",
        "guess",
        answers,
        "could be secret",
        "codes left",
        "expected: best / this guess",
        "cost",
        box=box.SIMPLE_HEAD if colour else None,
        header_style="bold" if colour else "",
        pad_edge=False,
    )
    for column in (0, 4, 5, 6):
        table.columns[column].justify = "right"
    for guess in review.guesses:
        mark = "" if guess.exact else ESTIMATE_MARK
        table.add_row(
            str(guess.number),
            look.code(guess.guess),
            look.key_pegs(guess.feedback, len(guess.guess)),
            "yes" if guess.could_be_secret else Text("no", style="bold yellow" if colour else ""),
            f"{guess.candidates_before:,} -> {guess.candidates_after:,}",
            f"{mark}{guess.expected_before:.2f} / {guess.expected_with_guess:.2f}",
            f"{mark}{guess.cost:+.2f}" if guess.cost else "0",
        )
    heading = f"Review of game {label}, against the {review.strategy} strategy"
    lines: list[RenderableType] = [Text(heading, style="bold" if colour else "")]
    if review.guesses:
        lines.append(table)
    ruled_out = [guess.number for guess in review.guesses if not guess.could_be_secret]
    if ruled_out:
        lines.append(Text(ruled_out_line(ruled_out), style="yellow" if colour else ""))
    lines.append(look.key_line())
    if not review.exact:
        lines.append(Text(f"{ESTIMATE_MARK} marks an estimate.", style="dim" if colour else ""))
    lines.append(Text(review.verdict, style="bold" if colour else ""))
    return Group(*lines)


def ruled_out_line(numbers: list[int]) -> str:
    """The guesses that could not have been the secret, named: a guess that could have
    been might also have won."""
    if len(numbers) == 1:
        return (
            f"Guess {numbers[0]} could not have been the secret: the answers before it "
            "had ruled it out."
        )
    listed = ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
    return (
        f"Guesses {listed} could not have been the secret: the answers before them "
        "had ruled them out."
    )


def show_review(
    games: Games, game_id: str | None, terminal: Terminal, preset: str | None = None
) -> GameReview:
    """Show the review of a finished game (``None``: the latest, of the rules of ``preset``
    where given) on ``terminal``.

    Raises:
        GameNotFound, AmbiguousGameId, NoGameOver: no game, or several, is meant.
        GameNotOver: the game is still in play.
        ReviewUnavailable: the solver is not installed, or the game is too large.
    """
    review = chosen_review(games, game_id, preset)
    label = short_id(games, review.game_id)
    terminal.show(review_view(review, terminal.colour, label))
    return review


@click.command()
@click.argument("game_id", required=False)
@rules_option
@store_options
@colour_option
@plain_option
@json_option
def review(
    game_id: str | None,
    preset: str | None,
    database: Path | None,
    store_url: str | None,
    colour: bool | None,
    plain: bool,
    as_json: bool,
) -> None:
    """Review a finished game: GAME_ID's, or else the latest finished game's, of the rules
    --rules names where given.

    For each guess: how many codes could be the secret before and after it, whether it
    could itself have been the secret, and the guesses the best strategy expects to
    need from there, against what the guess achieved. Then a verdict on the game.
    Needs the solver extra.
    """
    with reported_as_json(as_json), opened_games(store_choice(database, store_url)) as games:
        try:
            if as_json:
                echo_json(review_document(chosen_review(games, game_id, preset)))
                return
            show_review(games, game_id, Terminal.open(colour, plain), preset)
        except ValueError as error:
            # The code breaker found no secret that fits the game's answers: it cannot
            # judge a game of these rules, which is its failing, not the player's.
            raise click.ClickException(f"The game cannot be reviewed: {reason(error)}") from None
