"""The hint cache's contract: a finished hint is answered again from one SQLite file, by
this process and later ones, under everything it depends on; the file stays within its
bounds; and a file that is damaged, or cannot be written, never fails a hint."""

from __future__ import annotations

import hashlib
import importlib.metadata
import itertools
import multiprocessing
import sqlite3
from pathlib import Path

import attrs
import pytest

from mastermind.domain import (
    CLASSIC_PEGS,
    Answer,
    BoardRow,
    Code,
    DecodingBoard,
    Feedback,
    Outcome,
    Rules,
)
from mastermind.hints._cache import CACHE_FILE, CachedHints
from mastermind.hints._version import hints_version
from mastermind.service import HintUnavailable
from tests.hints.sources import CountedHints

OPENING = DecodingBoard("opening", Outcome.IN_PROGRESS, Rules())
ROW = BoardRow(Code.parse("RRGG"), Feedback(1, 1))
LATER = attrs.evolve(OPENING, rows=(ROW,))
TREES = ("Ash", "Birch", "Cedar", "Damson", "Elm", "Fir")


def board(game_id: str, *guesses: tuple[str, Feedback], **fields: object) -> DecodingBoard:
    rows = tuple(BoardRow(Code.parse(guess), feedback) for guess, feedback in guesses)
    return attrs.evolve(OPENING, game_id=game_id, rows=rows, **fields)  # type: ignore[misc]


@pytest.fixture
def source() -> CountedHints:
    return CountedHints()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "cache" / CACHE_FILE


def cached(source: CountedHints, path: Path, **options: object) -> CachedHints:
    options.setdefault("version", "1.0")
    return CachedHints(source, path, **options)  # type: ignore[arg-type]


def test_a_hint_asked_again_is_answered_from_the_file_without_the_code_breaker(
    source: CountedHints, path: Path
) -> None:
    first = cached(source, path).hint(LATER)
    again = cached(source, path).hint(LATER)  # as a later process would

    assert len(source.asked) == 1
    assert (again.guess, again.remaining, again.strategy, again.incomplete) == (
        first.guess,
        first.remaining,
        first.strategy,
        False,
    )


def test_a_hint_of_another_question_is_worked_out(source: CountedHints, path: Path) -> None:
    cache = cached(source, path)
    unique = attrs.evolve(OPENING, rules=Rules(repeats=False))
    longer = attrs.evolve(OPENING, rules=Rules(5))
    fewer_colours = attrs.evolve(OPENING, rules=Rules(symbols=CLASSIC_PEGS[:5]))
    other_keys = attrs.evolve(LATER, rows=(BoardRow(ROW.guess, Feedback(2, 0)),))
    black_only = attrs.evolve(other_keys, rules=Rules(answer=Answer.BLACK_ONLY))
    questions = [
        (OPENING, None),
        (OPENING, "knuth"),
        (LATER, None),
        (other_keys, None),
        (unique, None),
        (longer, None),
        (fewer_colours, None),
        (black_only, None),
    ]

    for question in questions:
        cache.hint(*question)

    assert source.asked == questions
    for question in questions:
        cache.hint(*question)
    assert len(source.asked) == len(questions), "each was kept apart from the others"


def test_a_hint_depends_on_the_board_not_on_the_game(source: CountedHints, path: Path) -> None:
    cache = cached(source, path)

    cache.hint(board("one", ("RRGG", Feedback(1, 1))))
    again = cache.hint(board("two", ("RRGG", Feedback(1, 1)), rules=Rules(attempts=10)))

    assert len(source.asked) == 1
    assert again.guess == Code.parse("GBYP")


def test_renamed_colours_share_a_hint_answered_in_their_own_names(
    source: CountedHints, path: Path
) -> None:
    cache = cached(source, path)
    cache.hint(LATER)
    trees = attrs.evolve(
        LATER,
        rules=Rules(symbols=TREES),
        rows=(BoardRow(Code(("Ash", "Ash", "Birch", "Birch")), Feedback(1, 1)),),
    )

    answered = cache.hint(trees)

    assert len(source.asked) == 1
    assert answered.guess == Code(("Birch", "Cedar", "Damson", "Elm"))


def test_a_hint_whose_time_ran_out_is_never_kept(path: Path) -> None:
    source = CountedHints(incomplete=True)
    cache = cached(source, path)

    assert cache.hint(OPENING).incomplete
    assert cache.hint(OPENING).incomplete

    assert len(source.asked) == 2
    assert cache.entries() == 0


def test_a_count_too_large_to_make_is_kept_as_none(path: Path) -> None:
    cached(CountedHints(remaining=None), path).hint(OPENING)

    assert cached(CountedHints(), path).hint(OPENING).remaining is None


def test_a_refusal_passes_through_and_nothing_is_kept(source: CountedHints, path: Path) -> None:
    cache = cached(source, path)
    one_peg = attrs.evolve(OPENING, rules=Rules(1))

    with pytest.raises(HintUnavailable, match="one peg"):
        cache.hint(one_peg)

    assert cache.entries() == 0
    assert not cache.offers(one_peg)
    assert cache.offers(OPENING)


def test_another_version_never_answers_the_hints_of_this_one(
    source: CountedHints, path: Path
) -> None:
    cached(source, path, version="1.0").hint(OPENING)
    cached(source, path, version="1.1").hint(OPENING)
    cached(source, path, version="1.0").hint(OPENING)

    assert len(source.asked) == 2


def test_the_version_is_the_distributions_and_the_solvers_files() -> None:
    distribution = importlib.metadata.version("mastermind-decider")

    version, plus, fingerprint = hints_version().partition("+")

    assert (version, plus) == (distribution, "+")
    assert len(fingerprint) == 16
    assert fingerprint != hashlib.sha256(b"").hexdigest()[:16], "of files found, not of none"
    assert hints_version() == hints_version()


def test_at_most_so_many_hints_are_kept_the_least_recently_used_leaving_first(
    source: CountedHints, path: Path
) -> None:
    cache = cached(source, path, max_entries=3)
    boards = [attrs.evolve(OPENING, rules=Rules(length)) for length in (2, 3, 4, 5)]
    for kept in boards[:3]:
        cache.hint(kept)
    cache.hint(boards[0])  # used again: now the last to leave

    cache.hint(boards[3])

    assert cache.entries() == 3
    asked = len(source.asked)
    for kept in (boards[0], boards[2], boards[3]):
        cache.hint(kept)
    assert len(source.asked) == asked, "the three used last are kept"
    cache.hint(boards[1])
    assert len(source.asked) == asked + 1, "the one used least recently was evicted"


def test_the_file_stays_within_its_size(source: CountedHints, path: Path) -> None:
    cache = cached(source, path, max_bytes=64 * 1024)
    boards = [
        attrs.evolve(OPENING, rows=(BoardRow(Code(pegs), Feedback(0, 0)),))
        for pegs in itertools.product(CLASSIC_PEGS, repeat=4)
    ]

    for each in boards:
        cache.hint(each)

    assert path.stat().st_size <= 64 * 1024
    assert 0 < cache.entries() < len(boards)
    asked = len(source.asked)
    cache.hint(boards[-1])
    assert len(source.asked) == asked, "the hints written last are kept"


def test_a_damaged_file_is_made_again(source: CountedHints, path: Path) -> None:
    path.parent.mkdir()
    path.write_bytes(b"this is no SQLite database, nor ever was" * 100)

    first = cached(source, path).hint(OPENING)
    again = cached(source, path).hint(OPENING)

    assert first.guess == again.guess
    assert len(source.asked) == 1, "the file was made again, and kept the hint"


def test_a_file_damaged_between_hints_is_made_again(source: CountedHints, path: Path) -> None:
    cache = cached(source, path)
    cache.hint(OPENING)
    cache.close()
    path.write_bytes(b"\0" * 512 + path.read_bytes()[512:])

    cache.hint(OPENING)
    cache.hint(OPENING)

    assert len(source.asked) == 2


def test_a_row_the_cache_cannot_read_is_a_miss_written_over(
    source: CountedHints, path: Path
) -> None:
    cache = cached(source, path)
    cache.hint(OPENING)
    cache.close()
    with sqlite3.connect(path) as database:
        database.execute("UPDATE hints SET guess = '0,1,99,2'")
    database.close()

    answered = cache.hint(OPENING)
    cache.hint(OPENING)

    assert answered.guess == Code.parse("RGBY")
    assert len(source.asked) == 2


def test_a_file_of_another_layout_is_laid_out_again(source: CountedHints, path: Path) -> None:
    path.parent.mkdir()
    with sqlite3.connect(path) as database:
        database.execute("CREATE TABLE hints (question TEXT, answer TEXT)")
        database.execute("PRAGMA user_version = 99")
    database.close()

    cached(source, path).hint(OPENING)
    cached(source, path).hint(OPENING)

    assert len(source.asked) == 1


@pytest.mark.parametrize("where", ["under a file", "a directory"])
def test_a_cache_that_cannot_be_written_is_passed_by(
    source: CountedHints, tmp_path: Path, where: str
) -> None:
    (tmp_path / "a-file").write_text("")
    (tmp_path / "a-directory").mkdir()
    path = {"under a file": tmp_path / "a-file" / CACHE_FILE, "a directory": tmp_path}[where]
    cache = cached(source, path)

    hints = [cache.hint(OPENING) for _ in range(2)]

    assert hints[0].guess == hints[1].guess == Code.parse("RGBY")
    assert len(source.asked) == 2
    assert cache.entries() == 0


def test_a_file_another_process_holds_delays_a_hint_briefly_and_never_fails_it(
    source: CountedHints, path: Path
) -> None:
    cached(source, path).hint(OPENING)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # as another process in the middle of its write
    try:
        cache = cached(source, path, wait=0.1)

        assert cache.hint(OPENING).guess == Code.parse("RGBY"), "read while the other writes"
        assert cache.hint(LATER).guess == Code.parse("GBYP"), "worked out, its write dropped"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert len(source.asked) == 2
    assert cache.entries() == 1


def test_the_file_is_opened_on_the_first_hint_only(source: CountedHints, path: Path) -> None:
    cache = cached(source, path)

    cache.offers(OPENING)
    assert not path.exists()

    cache.hint(OPENING)
    assert path.exists()


def write_hints(path: str, start: int, count: int) -> None:
    """Ask ``count`` hints of boards no other writer asks, twice each, through a cache of
    its own, and check every answer."""
    cache = CachedHints(CountedHints(), Path(path), version="1.0", max_entries=150)
    codes = list(itertools.product(CLASSIC_PEGS, repeat=4))
    for number in range(start, start + count):
        row = BoardRow(Code(codes[number]), Feedback(0, 0))
        for _ in range(2):
            assert cache.hint(attrs.evolve(OPENING, rows=(row,))).guess == Code.parse("GBYP")
    cache.close()


def test_processes_writing_at_once_share_the_file_safely(path: Path) -> None:
    path.parent.mkdir()
    context = multiprocessing.get_context("spawn")
    writers = [
        context.Process(target=write_hints, args=(str(path), start * 100, 100))
        for start in range(4)
    ]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(60)

    assert [writer.exitcode for writer in writers] == [0, 0, 0, 0]
    with sqlite3.connect(path) as database:
        (count,) = database.execute("SELECT count(*) FROM hints").fetchone()
        (check,) = database.execute("PRAGMA integrity_check").fetchone()
    database.close()
    assert (count, check) == (150, "ok")
