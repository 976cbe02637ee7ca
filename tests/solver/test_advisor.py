from __future__ import annotations

import threading

import pytest

from mastermind import CLASSIC_PEGS, Code, DecodingBoard, GameStarted, GuessMade, score
from mastermind.solver import MAX_CODES, Advisor, GameTooLarge

SEVEN = (*CLASSIC_PEGS, "Cyan")


def board_of(secret: Code, *guesses: str, palette: tuple[str, ...] = CLASSIC_PEGS) -> DecodingBoard:
    events: list[GameStarted | GuessMade] = [GameStarted("g", secret, 12, palette)]
    for typed in guesses:
        guess = Code.parse(typed, palette)
        events.append(GuessMade("g", guess, score(secret, guess)))
    return DecodingBoard.from_events(events)


def test_a_hint_fits_every_row_of_the_board_and_counts_the_codes_left() -> None:
    board = board_of(Code.parse("RGBY"), "RRGG", "BBYY")
    hint = Advisor().hint(board)
    candidates = (
        Advisor()
        .solver(CLASSIC_PEGS, 4)
        .candidates([(row.guess, row.feedback) for row in board.rows])
    )
    assert hint.remaining == len(candidates)
    assert Code.parse("RGBY") in candidates
    assert hint.strategy == "optimal"


def test_a_hint_depends_on_the_board_alone_never_on_the_secret() -> None:
    first = board_of(Code.parse("RGBY"), "PPPP")
    second = board_of(Code.parse("YBGR"), "PPPP")
    assert [row.feedback for row in first.rows] == [row.feedback for row in second.rows]
    assert Advisor().hint(first) == Advisor().hint(second)


def test_a_game_without_an_optimal_tree_gets_the_fallback_strategy() -> None:
    hint = Advisor().hint(board_of(Code.parse("RGBYC", SEVEN), palette=SEVEN))
    assert hint.strategy == "entropy-endgame"
    assert hint.remaining == 7**5


def test_a_chosen_strategy_is_used() -> None:
    assert Advisor("knuth").hint(board_of(Code.parse("RGBY"))).guess == Code.parse("RRGG")


def test_games_larger_than_the_limit_are_refused() -> None:
    palette = tuple(f"Colour{n}" for n in range(9))
    assert not Advisor.plays(palette, 5)
    assert Advisor.plays(palette[:8], 5)
    with pytest.raises(GameTooLarge, match="59,049") as raised:
        Advisor().solver(palette, 5)
    assert raised.value.codes == 9**5 > MAX_CODES


def test_solvers_are_kept_for_the_next_question_up_to_a_limit() -> None:
    advisor = Advisor(kept=1)
    classic = advisor.solver(CLASSIC_PEGS, 4)
    assert advisor.solver(CLASSIC_PEGS, 4) is classic
    advisor.solver(CLASSIC_PEGS, 3)
    assert advisor.solver(CLASSIC_PEGS, 4) is not classic


def test_threads_sharing_an_advisor_get_the_same_hints() -> None:
    advisor = Advisor()
    boards = [board_of(Code.parse(secret), "RRGB") for secret in ("RGBY", "OPRG", "BBBB", "YORP")]
    expected = [Advisor().hint(board) for board in boards]
    answers: dict[int, list[object]] = {}

    def ask(worker: int) -> None:
        answers[worker] = [advisor.hint(board) for board in boards]

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(answer == expected for answer in answers.values())
