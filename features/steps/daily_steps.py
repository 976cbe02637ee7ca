"""Steps of the daily code, shared by every stage that has one.

Each stage's own ``daily_steps`` registers its driver in ``DAILY_DRIVERS``. The bare
decider has no daily code: the feature is tagged ``@service``, and its stage skips it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from behave import given, then, when

from mastermind import CLASSIC_PEGS, Code
from support.daily_drivers import DailyDriver

DAILY_DRIVERS: dict[str, Callable[[], DailyDriver]] = {}
"""By stage: the players of the daily code, as the stage drives them."""


def _daily(context: Any) -> DailyDriver:
    """The scenario's players, made on its first daily step and closed at its end."""
    if not hasattr(context, "daily"):
        context.daily = DAILY_DRIVERS[context.stage]()
        context.add_cleanup(context.daily.close)
        context.daily_games, context.revealed = {}, {}
    driver: DailyDriver = context.daily
    return driver


def _not_the_secret(context: Any, player: str) -> str:
    secret = _daily(context).secret(player)
    return next(code for code in ("RRRR", "GGGG") if Code.parse(code) != secret)


@given("{player} plays the daily code")
@when("{player} plays the daily code")
@when("{player} plays the daily code again")
def play(context: Any, player: str) -> None:
    context.stored_before = _daily(context).games_started()
    context.daily_games.setdefault(player, []).append(context.daily.play(player))


@given("{player} makes a guess that is not the secret")
def guess_wrong(context: Any, player: str) -> None:
    _daily(context).send(player, "guess", guess=_not_the_secret(context, player))


@given("{player} gives up the daily game")
@when("{player} gives up the daily game")
def give_up(context: Any, player: str) -> None:
    secret = _daily(context).send(player, "give-up").secret
    assert secret is None, "giving up shows no secret before the day is over"
    context.revealed.setdefault(player, []).append(context.daily_games[player][-1])


def _shown(context: Any, player: str) -> list[Code | None]:
    """The secrets shown now by the boards of the games the player gave up."""
    return [context.daily.shown_secret(player, game) for game in context.revealed[player]]


@then("neither {one} nor {other} is shown the secret before the day is over")
def nobody_is_shown(context: Any, one: str, other: str) -> None:
    assert _shown(context, one) + _shown(context, other) == [None, None]


@when("{player} breaks the daily code in {guesses:d} guesses")
def break_the_code(context: Any, player: str, guesses: int) -> None:
    play(context, player)
    for _ in range(guesses - 1):
        context.daily.send(player, "guess", guess=_not_the_secret(context, player))
    context.daily.send(player, "guess", guess=context.daily.secret(player).initials())


@when("the next day comes")
def next_day(context: Any) -> None:
    try:
        _daily(context).next_day()
    except NotImplementedError as reason:
        context.scenario.skip(f"the {context.stage} stage cannot turn the day: {reason}")


@then("{one} and {other} play games of their own")
def games_of_their_own(context: Any, one: str, other: str) -> None:
    assert context.daily_games[one][-1] != context.daily_games[other][-1]


@then("the secret shown to {one} and to {other} is the same")
def same_secret(context: Any, one: str, other: str) -> None:
    shown = _shown(context, one)[-1]
    assert shown is not None, "the day is over: the secret shows"
    assert shown == _shown(context, other)[-1], shown


@then("{player} plays a new game")
def new_game(context: Any, player: str) -> None:
    before, now = context.daily_games[player][-2:]
    assert now != before, now


@then("the secret shown to {player} differs from the day before's")
def another_secret(context: Any, player: str) -> None:
    day_before, today = _shown(context, player)[-2:]
    assert None not in (day_before, today), "both days are over: their secrets show"
    assert today != day_before, today


@then("{player} is back in the same game, with {guesses:d} guess made")
def same_game(context: Any, player: str, guesses: int) -> None:
    before, now = context.daily_games[player][-2:]
    assert now == before, (before, now)
    assert context.daily.guesses_made(player) == guesses
    assert context.daily.share(player) is None  # in play: nothing to share yet


@then("no game was started by asking again")
def nothing_started(context: Any) -> None:
    assert context.daily.games_started() == context.stored_before


@then("the day's results show {players:d} players, {wins:d} wins and {losses:d} loss")
def results(context: Any, players: int, wins: int, losses: int) -> None:
    counted = _daily(context).results()
    assert (counted["players"], counted["wins"], counted["losses"]) == (players, wins, losses)


@then("the day's wins took:")
def histogram(context: Any) -> None:
    expected = {row["guesses"]: int(row["wins"]) for row in context.table}
    assert _daily(context).results()["histogram"] == expected


@then("{player}'s result to share says the code was broken in {used:d} of {total:d} guesses")
def share_header(context: Any, player: str, used: int, total: int) -> None:
    share = _daily(context).share(player)
    assert share is not None
    context.share = share
    header = share.splitlines()[0]
    assert header.startswith("Mastermind #"), header
    assert header.endswith(f" {used}/{total}"), header
    context.share_lines = used


@then('it has a line of marks for each guess, the last one "{last}"')
def share_lines(context: Any, last: str) -> None:
    lines = context.share.splitlines()[1:]
    assert len(lines) == context.share_lines, lines
    assert lines[-1] == last, lines
    assert all(len(line) == 4 and set(line) <= {"●", "○", "·"} for line in lines), lines


@then("it names no colour")
def no_colour(context: Any) -> None:
    for colour in CLASSIC_PEGS:
        assert colour.casefold() not in context.share.casefold(), colour
