"""The terminal game's commands as ``mastermind --help`` lists them: each one's name, its
one line of help, and where it is, so that listing them imports none of them.

Each command's module is imported when the command runs or shows its own help: the
daily code's alone takes a fifth of a second to import, and the store, the service and
rich come with the others. Only click is imported to list them. A test checks that each
line here is the one click would take from the command's own help.
"""

from __future__ import annotations

__all__ = ["COMMANDS"]

COMMANDS: dict[str, tuple[str, str]] = {
    "play": (
        "mastermind.cli._playing:play",
        "Play against the computer, or against a person at this keyboard with --maker, one "
        "game after another, by the rules of any member of the family (--rules).",
    ),
    "resume": (
        "mastermind.cli._playing:resume",
        "Go on playing a game: the one GAME_ID names, or else the latest one in play.",
    ),
    "new": (
        "mastermind.cli._playing:new",
        "Start a game to play with 'mastermind guess', one command a guess.",
    ),
    "guess": (
        "mastermind.cli._sending:sending_command",
        "Make one guess in a game, such as: mastermind guess GAME_ID red green blue yellow.",
    ),
    "give-up": (
        "mastermind.cli._sending:sending_command",
        "Give a game up: it counts as lost, and its secret is shown.",
    ),
    "note": (
        "mastermind.cli._sending:sending_command",
        "Leave the code breaker a note, shown on the board, as the person who made the code.",
    ),
    "call-off": (
        "mastermind.cli._sending:sending_command",
        "End a game as the person who made its code: it is lost, and its secret shown to all.",
    ),
    "daily": (
        "mastermind.cli._daily:daily",
        "Break today's daily code: the same secret for every player on a day (UTC).",
    ),
    "show": (
        "mastermind.cli._viewing:show",
        "Print a game's board: GAME_ID's, or else the latest game's.",
    ),
    "history": (
        "mastermind.cli._viewing:history",
        "Print the events a game is made of, as the store keeps them: GAME_ID's, or else the "
        "latest game's.",
    ),
    "games": (
        "mastermind.cli._viewing:list_games",
        "List every game, those in play first, the latest first, with how each stands and "
        "when it was started here.",
    ),
    "stats": (
        "mastermind.cli._viewing:stats",
        "Print how your games went, those started in this terminal, with a histogram of the "
        "guesses each win took; with --all, how every game of the store went.",
    ),
    "review": (
        "mastermind.cli._reviewing:review",
        "Review a finished game: GAME_ID's, or else the latest finished game's, of the rules "
        "--rules names where given.",
    ),
    "solve": (
        "mastermind.cli._solving:solve",
        "Watch the code breaker play a game, guess by guess, by the rules of any member of "
        "the family (--rules).",
    ),
    "hint": (
        "mastermind.cli._solving:hint",
        "Suggest a next guess for a game in play, and count the codes still possible.",
    ),
    "solver": ("mastermind.cli._solving:solver_group", "The code breaker's tools."),
}
"""By name, in the order of the table: where the command is, as ``module:attribute``, and
its line of help. An attribute that is no command makes it: it is called with the name."""
