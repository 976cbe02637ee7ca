"""What ``mastermind daily`` prints of a player's record and of a result to share: the
streaks, the time to the next code, and the link that opens the day."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from rich.text import Text

from mastermind.cli._documents import echo_json
from mastermind.cli._terminal import Terminal

__all__ = ["share_with_link", "print_stats", "streaks_line"]


def share_with_link(fields: Mapping[str, Any]) -> str:
    """The result to share, and the link that opens its day where there is one."""
    share = str(fields["share"])
    return f"{share}\n{fields['link']}" if fields.get("link") else share


def print_stats(stats: Mapping[str, Any], as_json: bool, colour: bool | None) -> None:
    """The record as ``GET /daily/stats`` answers it: in JSON, or in three lines."""
    if as_json:
        echo_json(dict(stats))
        return
    terminal = Terminal.open(colour)
    terminal.show(Text(f"Mastermind #{stats['number']}, {stats['day']}"))
    terminal.show(Text(f"Played: {stats['played']}, won: {stats['won']}."))
    terminal.show(Text(streaks_line(stats)))


def streaks_line(stats: Mapping[str, Any]) -> str:
    """The streaks, and the time to the next code by this machine's clock."""
    next_code = datetime.fromisoformat(stats["next_code_at"])
    seconds = max(0, int((next_code - datetime.now(UTC)).total_seconds()))
    hours, minutes = seconds // 3600, seconds % 3600 // 60
    return (
        f"Streak: {stats['streak']}, best streak: {stats['best_streak']}. "
        f"Next code in {hours} h {minutes:02d} min, at 00:00 UTC."
    )
