from __future__ import annotations

import threading

import pytest

from mastermind import CLASSIC_PEGS, Code, DecodingBoard, GameStarted, GuessMade, score
from mastermind.domain import Rules
from mastermind.solver import Advisor, GameTooLarge, Solver

SEVEN = (*CLASSIC_PEGS, "Cyan")


def board_of(secret: Code, *guesses: str, palette: tuple[str, ...] = CLASSIC_PEGS) -> DecodingBoard:
    rules = Rules(len(secret.pegs), palette)
    events: list[GameStarted | GuessMade] = [GameStarted("g", secret, rules)]
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
    assert hint.strategy == "best"
    assert not hint.incomplete
    history = [(row.guess, row.feedback) for row in board.rows]
    assert hint.guess == Solver("optimal").next_guess(history)


def test_a_hint_depends_on_the_board_alone_never_on_the_secret() -> None:
    first = board_of(Code.parse("RGBY"), "PPPP")
    second = board_of(Code.parse("YBGR"), "PPPP")
    assert [row.feedback for row in first.rows] == [row.feedback for row in second.rows]
    assert Advisor().hint(first) == Advisor().hint(second)


def test_a_game_without_a_tree_gets_the_best_strategy_and_a_count_of_every_code() -> None:
    hint = Advisor().hint(board_of(Code.parse("RGBYC", SEVEN), palette=SEVEN))
    assert hint.strategy == "best"
    assert hint.remaining == 7**5


def test_a_chosen_strategy_is_used() -> None:
    assert Advisor("knuth").hint(board_of(Code.parse("RGBY"))).guess == Code.parse("RRGG")


def test_the_largest_game_the_rules_allow_gets_a_hint_that_fits_every_row() -> None:
    palette = tuple(f"Colour{n}" for n in range(20))
    secret = Code(palette[(7 * n + 3) % 20] for n in range(10))
    board = board_of(
        secret,
        *(" ".join(palette[(n + shift) % 20] for n in range(10)) for shift in range(3)),
        palette=palette,
    )
    assert Advisor.plays(palette, 10)
    hint = Advisor().hint(board)
    assert hint.remaining is None
    assert not hint.incomplete
    assert all(score(hint.guess, row.guess) == row.feedback for row in board.rows)


def test_a_unique_game_gets_hints_that_never_repeat_a_colour() -> None:
    secret = Code.parse("RGBY")
    events: list[GameStarted | GuessMade] = [GameStarted("g", secret, Rules(repeats=False))]
    board = DecodingBoard.from_events(events)
    advisor = Advisor()
    while not board.is_over:
        hint = advisor.hint(board)
        assert len(set(hint.guess.pegs)) == 4
        events.append(GuessMade("g", hint.guess, score(secret, hint.guess)))
        board = DecodingBoard.from_events(events)
        if hint.guess == secret:
            break
    assert board.rows[-1].guess == secret


def test_a_named_strategy_refuses_a_game_too_large_to_list_and_names_the_one_that_plays_it() -> (
    None
):
    palette = tuple(f"Colour{n}" for n in range(20))
    with pytest.raises(GameTooLarge, match="best") as raised:
        Advisor("knuth").solver(palette, 10)
    assert raised.value.codes == 20**10


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
