import attrs

from mastermind import (
    CLASSIC_PEGS,
    BoardRow,
    Code,
    DecodingBoard,
    Feedback,
    GameLost,
    GameStarted,
    GameWon,
    GuessMade,
    Outcome,
    Rules,
)

SECRET = Code.of("Red", "Green", "Blue", "Yellow")
GUESS = Code.of("Red", "Yellow", "Blue", "Green")
STARTED = GameStarted("g", SECRET, Rules())
MADE = GuessMade("g", GUESS, Feedback(2, 2))


def test_a_board_without_events_shows_a_game_not_started() -> None:
    board = DecodingBoard.from_events([], game_id="g")
    assert (board.game_id, board.outcome, board.rows, board.secret) == (
        "g",
        Outcome.NOT_STARTED,
        (),
        None,
    )


def test_a_started_board_is_empty_and_shows_every_attempt_left() -> None:
    board = DecodingBoard.from_events([STARTED])
    assert board.outcome is Outcome.IN_PROGRESS
    assert (board.attempts_used, board.attempts_left, board.code_length) == (0, 12, 4)
    assert board.available_pegs == CLASSIC_PEGS


def test_the_board_lists_guesses_with_their_key_pegs() -> None:
    board = DecodingBoard.from_events([STARTED, MADE, MADE])
    assert board.rows == (BoardRow(GUESS, Feedback(2, 2)),) * 2
    assert (board.attempts_used, board.attempts_left) == (2, 10)


def test_the_secret_stays_hidden_while_the_game_is_in_play() -> None:
    elsewhere = Code.of("Purple", "Purple", "Orange", "Orange")
    board = DecodingBoard.from_events([STARTED, GuessMade("g", elsewhere, Feedback(0, 0))])
    assert board.secret is None
    assert not board.is_over
    shown_colours = repr(attrs.evolve(board, rules=Rules(symbols=())))
    assert not any(colour in shown_colours for colour in SECRET.pegs)


def test_winning_reveals_the_secret() -> None:
    board = DecodingBoard.from_events([STARTED, MADE, GameWon("g")])
    assert (board.outcome, board.secret, board.is_over) == (Outcome.WON, SECRET, True)


def test_losing_reveals_the_secret() -> None:
    board = DecodingBoard.from_events([STARTED, GameLost("g")])
    assert (board.outcome, board.secret) == (Outcome.LOST, SECRET)


def test_a_loss_with_attempts_to_spare_was_given_up() -> None:
    assert DecodingBoard.from_events([STARTED, MADE, GameLost("g")]).given_up
    one_attempt = GameStarted("g", SECRET, Rules(attempts=1))
    assert not DecodingBoard.from_events([one_attempt, MADE, GameLost("g")]).given_up
    assert not DecodingBoard.from_events([STARTED, MADE, GameWon("g")]).given_up
