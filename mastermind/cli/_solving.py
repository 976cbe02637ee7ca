"""The code breaker in the terminal: ``solve`` shows it play a game, ``hint`` suggests a
guess, and ``solver build-optimal`` searches out its shipped strategy trees again.

They need the ``solver`` extra (numpy); without it they say what to install.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from mastermind.bootstrap import bootstrap
from mastermind.cli._board import describe_outcome, row_line, secret_line
from mastermind.cli._boundary import reported_as_json
from mastermind.cli._documents import board_document, echo_json
from mastermind.cli._hinting import STRATEGY_HELP, hint_document, hint_text
from mastermind.cli._options import (
    attempts_option,
    chosen_rules,
    colour_option,
    colours_option,
    game_id_argument,
    json_option,
    length_option,
    rules_option,
    store_choice,
    store_options,
)
from mastermind.cli._pegs import PegLook
from mastermind.cli._terminal import Terminal
from mastermind.cli._wiring import opened_games, reason
from mastermind.domain import Code, DecodingBoard, Outcome, Rules
from mastermind.hints import (
    SHIPPED_TREES,
    STRATEGIES,
    SolverMissing,
    build_shipped_trees,
    code_breaker,
    every_secret,
)
from mastermind.service import Games, HintUnavailable

__all__ = ["build_optimal", "hint", "solve", "solver_group", "strategy_option"]

strategy_option = click.option(
    "--strategy",
    type=click.Choice(STRATEGIES),
    metavar="NAME",
    help=f"{STRATEGY_HELP} [default: best]",
)


@click.command()
@click.argument("secret", nargs=-1)
@strategy_option
@click.option(
    "--seed", type=int, default=0, show_default=True, help="The random-consistent strategy's seed."
)
@click.option(
    "--every-secret",
    is_flag=True,
    help="Play every secret the rules allow, and report the guesses in all, the worst game "
    "and how many secrets took each number of guesses.",
)
@rules_option
@length_option
@attempts_option
@colours_option
@colour_option
@json_option
def solve(
    secret: tuple[str, ...],
    strategy: str | None,
    seed: int,
    every_secret: bool,
    preset: str | None,
    length: int | None,
    attempts: int | None,
    colours: str | None,
    colour: bool | None,
    as_json: bool,
) -> None:
    """Watch the code breaker play a game, guess by guess, by the rules of any member of
    the family (--rules).

    It breaks SECRET, typed as colour names or initials ("blue orange red blue",
    "borb") or as digits ("0123"), or else a secret drawn at random. A SECRET's length
    overrides --length. The game is played in memory, and is not kept.
    """
    rules = chosen_rules(preset, length, attempts, colours)
    if every_secret:
        _play_every_secret(strategy, seed, rules, secret, as_json)
        return
    games = bootstrap("memory://", hints=None, environment={}).games
    with reported_as_json(as_json):
        # A secret's length overrides --length.
        board = games.start(secret=" ".join(secret) or None, rules=rules)
    game_id = board.game_id
    try:
        breaker = code_breaker(strategy, seed=seed, rules=board.rules)
    except SolverMissing as error:
        raise click.ClickException(str(error)) from None
    except HintUnavailable as error:
        raise click.UsageError(str(error)) from None
    except ValueError as error:
        raise click.BadParameter(reason(error), param_hint="'--strategy'") from None
    chosen = breaker.strategy
    terminal = None if as_json else Terminal.open(colour)
    if terminal is not None:
        terminal.show(f"The code breaker plays by the {chosen} strategy.")
    look = PegLook.of(board.rules, terminal is not None and terminal.colour)

    def show_row(board: DecodingBoard) -> None:
        if terminal is not None:
            terminal.show(row_line(board.attempts_used, board.rows[-1], board, look))

    try:
        board = breaker.play(_Watched(games, show_row), game_id)
    except ValueError as error:
        message = f"The code breaker cannot play this game: {reason(error)}"
        raise click.ClickException(message) from None
    if terminal is None:
        document = {"strategy": chosen, **board_document(board)}
        del document["id"]  # of a game that was never kept
        echo_json(document)
        return
    terminal.show(secret_line(board, look))
    if board.outcome is Outcome.WON:
        guesses = "1 guess" if board.attempts_used == 1 else f"{board.attempts_used} guesses"
        terminal.show(f"Solved in {guesses}.")
    else:
        terminal.show(describe_outcome(board.outcome, board.attempts_used, board.total_attempts))


def _play_every_secret(
    strategy: str | None, seed: int, rules: Rules, secret: tuple[str, ...], as_json: bool
) -> None:
    if secret:
        raise click.UsageError("--every-secret plays every secret: give no SECRET.")
    problem = rules.problem()
    if problem:
        raise click.UsageError(f"No game can be played so: {problem}.")
    try:
        evaluation = every_secret(strategy, rules, seed=seed)
    except SolverMissing as error:
        raise click.ClickException(str(error)) from None
    except ValueError as error:
        raise click.UsageError(reason(error)) from None
    if as_json:
        echo_json(
            {
                "strategy": evaluation.strategy,
                "rules": rules.name,
                "secrets": evaluation.secrets,
                "total": evaluation.total,
                "average": round(evaluation.average, 4),
                "worst": evaluation.worst,
                "histogram": {str(guesses): count for guesses, count in evaluation.histogram},
            }
        )
        return
    spread = ", ".join(f"{count:,} in {guesses}" for guesses, count in evaluation.histogram)
    click.echo(
        f"The {evaluation.strategy} strategy breaks all {evaluation.secrets:,} secrets of "
        f"{rules.name or 'these rules'} in {evaluation.total:,} guesses, "
        f"{evaluation.average:.4f} a secret, never more than {evaluation.worst}: {spread}."
    )


class _Watched:
    """Games that report every board a guess leaves, for ``solve`` to show as it plays."""

    def __init__(self, games: Games, on_guess: Callable[[DecodingBoard], None]) -> None:
        self.games = games
        self.on_guess = on_guess

    def board(self, game_id: str) -> DecodingBoard:
        return self.games.board(game_id)

    def guess(self, game_id: str, guess: Code) -> DecodingBoard:
        board = self.games.guess(game_id, guess)
        self.on_guess(board)
        return board


@click.command()
@game_id_argument
@strategy_option
@store_options
@colour_option
@json_option
def hint(
    game_id: str,
    strategy: str | None,
    database: Path | None,
    store_url: str | None,
    colour: bool | None,
    as_json: bool,
) -> None:
    """Suggest a next guess for a game in play, and count the codes still possible.

    The code breaker works it out from the board's guesses and key pegs alone, as a
    player would: it never looks at the secret. It gives hints for games of every size,
    in about a second at most; a hint worked out once is kept in the cache directory
    (MASTERMIND_CACHE_DIR; off keeps none) and answered at once the next time.
    """
    with reported_as_json(as_json), opened_games(store_choice(database, store_url)) as games:
        game_id = games.find(game_id)
        try:
            suggestion = games.hint(game_id, strategy)
        except HintUnavailable as error:
            raise click.ClickException(str(error)) from None
        except ValueError as error:
            raise click.BadParameter(reason(error), param_hint="'--strategy'") from None
        board = games.board(game_id)
    if as_json:
        echo_json({"game_id": game_id, **hint_document(suggestion)})
        return
    terminal = Terminal.open(colour)
    terminal.show(hint_text(suggestion, PegLook.of(board.rules, terminal.colour)))


@click.group("solver")
def solver_group() -> None:
    """The code breaker's tools."""


@solver_group.command("build-optimal")
@click.argument("directory", required=False, type=click.Path(file_okay=False, path_type=Path))
def build_optimal(directory: Path | None) -> None:
    """Search out the optimal strategy trees that the package ships, and write them.

    They go into DIRECTORY, or else replace the package's own. The search takes
    about twenty seconds for the two trees of the classic game.
    """
    directory = directory or SHIPPED_TREES
    try:
        build_shipped_trees(directory)
    except SolverMissing as error:
        raise click.ClickException(str(error)) from None
    except OSError as error:
        message = f"Cannot write the trees into {directory}: {reason(error)}"
        raise click.ClickException(message) from None
