"""The list of games, a game's event stream and the statistics, drawn for a terminal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from mastermind.domain import Answer, CodeMaker, Feedback, GameStarted, Outcome, Rules
from mastermind.service import GameSummary, RecordedEvent, Statistics

__all__ = ["games_table", "histogram", "history_table", "statistics_view", "status_word"]

_HISTOGRAM_WIDTH = 40
CLASSIC = Rules()


def games_table(
    summaries: Sequence[GameSummary],
    colour: bool,
    labels: Mapping[str, str] | None = None,
    ages: Mapping[str, str] | None = None,
) -> RenderableType:
    """Every game with how it stands, each named by its label, by default its whole id;
    given the ``ages`` of the games started here, when each was, and the others as
    started elsewhere."""
    if not summaries:
        return Text("No games yet: start one with 'mastermind play'.")
    headers = ["game", "status", "guesses", "code", "rules"]
    table = _table(colour, *headers, *([] if ages is None else ["started"]))
    for summary in summaries:
        row: list[RenderableType] = [
            (labels or {}).get(summary.game_id, summary.game_id),
            Text(status_word(summary), style=_STATUS_STYLES[summary.outcome] if colour else ""),
            f"{summary.attempts_used} of {summary.total_attempts}",
            f"{summary.code_length} pegs, {summary.colours} colours",
            summary.rules or "own",
        ]
        if ages is not None:
            row.append(ages.get(summary.game_id, "elsewhere"))
        table.add_row(*row)
    return table


def status_word(summary: GameSummary) -> str:
    if summary.given_up:
        return "given up"
    if summary.called_off:
        return "called off"
    return "in play" if summary.outcome is Outcome.IN_PROGRESS else summary.outcome.value


_STATUS_STYLES = {
    Outcome.IN_PROGRESS: "bold cyan",
    Outcome.WON: "green",
    Outcome.LOST: "red",
    Outcome.NOT_STARTED: "",
}


def history_table(
    label: str,
    records: Sequence[RecordedEvent],
    reveal_secret: bool,
    colour: bool,
    rules: Rules = CLASSIC,
) -> RenderableType:
    """Every event of a game as the store keeps it: the event sourcing made visible.

    Each event is listed with its position in the feed of every game and its version in
    this game's stream, and its fields beneath it, each answer in the words of the
    game's ``rules``.
    """
    table = _table(colour, "position", "version", "event")
    table.columns[0].justify = table.columns[1].justify = "right"
    for record in records:
        fields = [
            f"  {name}: {value}" for name, value in _event_fields(record, reveal_secret, rules)
        ]
        table.add_row(
            str(record.position),
            str(record.version),
            Text("\n").join(
                [
                    Text(type(record.event).__name__, style="bold" if colour else ""),
                    *map(Text, fields),
                ]
            ),
        )
    lines: list[RenderableType] = [Text(f"Events of game {label}"), table]
    if not reveal_secret:
        lines.append(Text("The secret stays hidden until the game is over.", style="dim"))
    return Group(*lines)


def _event_fields(
    record: RecordedEvent, reveal_secret: bool, rules: Rules
) -> list[tuple[str, str]]:
    """The event's fields besides its game id, which is its stream's; the secret masked."""
    event = record.event
    fields = []
    for field in attrs.fields(type(event)):
        value = getattr(event, field.name)
        if field.name == "game_id":
            continue
        if isinstance(event, GameStarted) and field.name == "secret" and not reveal_secret:
            fields.append((field.name, " ".join("?" * event.code_length)))
        else:
            fields.append((field.name, _text(value, rules)))
    return fields


def _text(value: object, rules: Rules) -> str:
    if isinstance(value, tuple):
        return ", ".join(map(str, value))
    if isinstance(value, Rules):
        return _rules(value)
    if isinstance(value, Feedback):
        if rules.answer is not Answer.BLACK_AND_WHITE:
            return rules.describe(value)
        return value.marks(rules.length)
    if isinstance(value, CodeMaker):
        return _maker(value)
    return str(value)


def _rules(rules: Rules) -> str:
    """``classic``, or ``bulls-and-cows``: the preset the rules are, else what they are."""
    if rules.name is not None:
        return rules.name
    described = [
        f"{rules.length} pegs",
        f"{rules.attempts} attempts",
        ", ".join(rules.symbols),
        *([] if rules.repeats else ["no repeats"]),
        *(["blanks"] if rules.blanks else []),
        f"answered {rules.answer.value}",
    ]
    return "; ".join(described)


def _maker(maker: CodeMaker) -> str:
    """``the computer``, or ``Mum, a person who allows no hints``."""
    if not maker.is_person:
        return "the computer"
    leave = "allows hints" if maker.allows_hints else "allows no hints"
    return f"{maker.name}, a person who {leave}" if maker.name else f"a person who {leave}"


def statistics_view(statistics: Statistics, colour: bool) -> RenderableType:
    """The tallies of every game, and a histogram of the guesses each win took."""
    average = statistics.average_guesses_per_win
    table = Table("", "", box=None, show_header=False, pad_edge=False)
    table.columns[1].justify = "right"
    for label, value in [
        ("played", statistics.games_played),
        ("won", statistics.won),
        ("lost", statistics.lost),
        ("given up", statistics.given_up),
        *([("called off by the maker", statistics.called_off)] if statistics.called_off else []),
        ("in play", statistics.in_progress),
        ("average guesses per win", "-" if average is None else f"{average:.1f}"),
    ]:
        table.add_row(label, str(value))
    return Group(
        table, Text(), Text("Guesses per win", style="bold"), histogram(statistics, colour)
    )


def histogram(statistics: Statistics, colour: bool) -> Text:
    """One bar for each number of guesses from the fewest to the most a win took."""
    wins = statistics.guesses_per_win
    if not wins:
        return Text("No game won yet.")
    most = max(wins.values())
    bar = "█" if colour else "#"
    lines = []
    for guesses in range(min(wins), max(wins) + 1):
        count = wins.get(guesses, 0)
        length = round(count * _HISTOGRAM_WIDTH / most)
        lines.append(
            Text.assemble(
                f"{guesses:>3} | ", (bar * length, "green" if colour else ""), f" {count}"
            )
        )
    return Text("\n").join(lines)


def _table(colour: bool, *headers: str) -> Table:
    """A table ruled in colour, and in plain columns that tools like ``awk`` can split."""
    return Table(
        *headers,
        box=box.SIMPLE_HEAD if colour else None,
        header_style="bold" if colour else "",
        pad_edge=False,
    )
