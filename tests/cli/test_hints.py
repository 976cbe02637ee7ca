"""What a hint says in the terminal when the codes left are too many to count and when
time ran out on its search, and the cache that answers a hint again in a later command."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from mastermind.cli._hinting import hint_document, hint_text
from mastermind.cli._pegs import PegLook
from mastermind.domain import CLASSIC_PEGS, Code
from mastermind.hints._cache import CACHE_FILE, CachedHints
from mastermind.service import FixedSecrets, Games
from mastermind.store import InMemoryEventStore, SQLiteEventStore
from tests.cli.conftest import Mastermind
from tests.cli.test_session import Keyboard, session
from tests.cli.test_solving import new_game, run_without_numpy
from tests.hints.sources import CountedHints, SuggestedGuess

UNCOUNTED = "More codes than can be counted could still be the secret."
RAN_OUT = (
    "Time ran out before the search finished: this is the best guess found,"
    " and it may not fit every key peg so far."
)
PLAIN = PegLook(CLASSIC_PEGS, colour=False)


def plain(text: Text) -> str:
    return text.plain


def test_a_hint_says_when_the_codes_left_are_too_many_to_count() -> None:
    hint = SuggestedGuess(Code.parse("RRGB"), None, "best")

    assert plain(hint_text(hint, PLAIN)) == f"Hint: R R G B (Red Red Green Blue)\n{UNCOUNTED}"
    assert hint_document(hint) == {
        "strategy": "best",
        "guess": ["Red", "Red", "Green", "Blue"],
        "remaining": None,
        "incomplete": False,
    }


def test_a_hint_says_when_time_ran_out_and_the_guess_is_the_best_found() -> None:
    counted = SuggestedGuess(Code.parse("RRGB"), 1, "best", incomplete=True)
    uncounted = SuggestedGuess(Code.parse("RRGB"), None, "best", incomplete=True)

    assert plain(hint_text(counted, PLAIN)).splitlines()[1:] == [
        "1 code could still be the secret.",
        RAN_OUT,
    ]
    assert plain(hint_text(uncounted, PLAIN)).splitlines()[1:] == [UNCOUNTED, RAN_OUT]
    assert hint_document(counted)["incomplete"] is True


def test_a_hint_at_the_prompt_says_so_too() -> None:
    games = Games(
        InMemoryEventStore(),
        FixedSecrets("RGBY"),
        hints=CountedHints(remaining=None, incomplete=True),
    )
    played, output = session(games, Keyboard(["hint"]))

    played.play()

    assert f"Hint: R G B Y (Red Green Blue Yellow)\n{UNCOUNTED}\n{RAN_OUT}\n" in output.getvalue()


def cache_file(tmp_path: Path) -> Path:
    """Where the ``mastermind`` fixture's commands keep their hints: the user's cache
    directory, under the ``XDG_CACHE_HOME`` it sets."""
    return tmp_path / "cache" / "mastermind-decider" / CACHE_FILE


def test_a_hint_is_kept_in_the_users_cache_directory(
    mastermind: Mastermind, tmp_path: Path
) -> None:
    game_id = new_game(mastermind, "BORB", "RRGG")

    hint = mastermind.json("hint", game_id)

    assert cache_file(tmp_path).is_file()
    assert CachedHints(CountedHints(), cache_file(tmp_path)).entries() == 1
    assert mastermind.json("hint", game_id) == hint


def test_the_hint_kept_is_answered_by_a_later_command_without_the_solver(
    mastermind: Mastermind, database: Path, tmp_path: Path
) -> None:
    game_id = new_game(mastermind, "BORB", "RRGG")
    shown = mastermind("hint", game_id, env={"NO_COLOR": "1"}).stdout
    cache = cache_file(tmp_path).parent

    without_numpy = run_without_numpy("hint", game_id, "--db", str(database), cache=cache)

    assert without_numpy.returncode == 0, without_numpy.stderr
    assert without_numpy.stdout == shown


def test_the_hint_kept_is_answered_at_the_prompt_too(
    mastermind: Mastermind, database: Path, tmp_path: Path
) -> None:
    game_id = new_game(mastermind, "BORB")
    mastermind("hint", game_id)

    played = run_without_numpy(
        "resume", game_id, "--db", str(database), input="hint\n", cache=cache_file(tmp_path).parent
    )

    assert "Guess 1 of 12: hint\nHint: R R G B (Red Red Green Blue)\n" in played.stdout


def test_a_hint_the_cache_holds_is_shown_as_kept(
    mastermind: Mastermind, database: Path, tmp_path: Path
) -> None:
    game_id = new_game(mastermind, "BORB")
    store = SQLiteEventStore(database)
    board = Games(store).board(game_id)
    store.close()
    # As the code breaker would have answered a game too large to count, in an earlier
    # command: the first colours in order, rather than the solver's R R G B.
    CachedHints(CountedHints(remaining=None), cache_file(tmp_path)).hint(board)

    shown = mastermind("hint", game_id, env={"NO_COLOR": "1"})

    assert shown.stdout == f"Hint: R G B Y (Red Green Blue Yellow)\n{UNCOUNTED}\n"
    document = mastermind.json("hint", game_id)
    assert (document["remaining"], document["incomplete"]) == (None, False)


def test_mastermind_cache_dir_moves_the_cache_and_off_keeps_none(
    mastermind: Mastermind, tmp_path: Path
) -> None:
    game_id = new_game(mastermind, "BORB")
    elsewhere = tmp_path / "elsewhere"

    mastermind("hint", game_id, env={"MASTERMIND_CACHE_DIR": str(elsewhere)})
    mastermind("hint", game_id, env={"MASTERMIND_CACHE_DIR": "off"})
    mastermind("hint", game_id, env={"MASTERMIND_CACHE_DIR": ""})

    assert (elsewhere / CACHE_FILE).is_file()
    assert not cache_file(tmp_path).exists()


def test_a_cache_that_cannot_be_written_never_fails_a_hint(
    mastermind: Mastermind, tmp_path: Path
) -> None:
    game_id = new_game(mastermind, "BORB")
    (tmp_path / "a-file").write_text("")
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    (damaged / CACHE_FILE).write_bytes(b"no database" * 1000)

    for cache in (tmp_path / "a-file", damaged):
        result = mastermind(
            "hint", game_id, env={"MASTERMIND_CACHE_DIR": str(cache), "NO_COLOR": "1"}
        )
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith("Hint: R R G B")


def test_commands_that_ask_no_hint_never_open_the_cache(
    mastermind: Mastermind, tmp_path: Path
) -> None:
    game_id = new_game(mastermind, "BORB", "RRGG")
    mastermind("show", game_id)
    mastermind.play("rgby", secret="RGBY")

    assert not (tmp_path / "cache").exists()
