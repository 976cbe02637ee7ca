from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CLASSIC_PEGS, Code, Feedback, KeyPeg, score
from mastermind.domain import KeyMark
from mastermind.testing.strategies import code_pairs, codes, palettes

Pair = tuple[Code, Code, tuple[str, ...]]


def count_based_score(secret: Code, guess: Code) -> Feedback:
    """An independent formulation: pegs in common by colour count, minus exact matches."""
    black = sum(s == g for s, g in zip(secret.pegs, guess.pegs, strict=True))
    secret_counts, guess_counts = Counter(secret.pegs), Counter(guess.pegs)
    common = sum(min(secret_counts[c], guess_counts[c]) for c in secret_counts)
    return Feedback(black=black, white=common - black)


@pytest.mark.parametrize(
    ("secret", "guess", "expected"),
    [
        ("GRWR", "BOYB", ""),
        ("GRWR", "GRWR", "BBBB"),
        ("GRWR", "ROYB", "W"),
        ("GRWR", "ROYG", "WW"),
        ("GRWR", "RWYG", "WWW"),
        ("GRWR", "GOYB", "B"),
        ("GRWR", "RYWG", "BWW"),
        ("GRWR", "GGGG", "B"),
        ("RBGW", "RWOY", "BW"),
    ],
)
def test_score_agrees_with_the_ruby_seed(secret: str, guess: str, expected: str) -> None:
    palette = ("Green", "Red", "White", "Blue", "Orange", "Yellow")
    result = score(Code.parse(secret, palette), Code.parse(guess, palette))
    assert result == Feedback.parse(expected)


def test_score_refuses_codes_of_different_lengths() -> None:
    with pytest.raises(ValueError, match="guess of 3 pegs against a code of 4"):
        score(Code.parse("RGBY"), Code.parse("RGB"))


@given(code_pairs())
def test_black_plus_white_never_exceeds_the_length(pair: Pair) -> None:
    secret, guess, _ = pair
    result = score(secret, guess)
    assert result.black + result.white <= len(secret)


@given(st.data(), palettes())
def test_a_code_scored_against_itself_is_all_black(
    data: st.DataObject, palette: tuple[str, ...]
) -> None:
    code = data.draw(codes(palette, data.draw(st.integers(1, 8))))
    assert score(code, code) == Feedback(black=len(code), white=0)


@given(code_pairs())
def test_score_is_symmetric(pair: Pair) -> None:
    secret, guess, _ = pair
    assert score(secret, guess) == score(guess, secret)


@given(code_pairs(), st.data())
def test_score_ignores_a_permutation_applied_to_both_codes(pair: Pair, data: st.DataObject) -> None:
    secret, guess, _ = pair
    order = data.draw(st.permutations(range(len(secret))))

    def permuted(code: Code) -> Code:
        return Code(code.pegs[i] for i in order)

    assert score(permuted(secret), permuted(guess)) == score(secret, guess)


@given(code_pairs(), st.data())
def test_score_ignores_a_renaming_of_colours(pair: Pair, data: st.DataObject) -> None:
    secret, guess, palette = pair
    shuffled = data.draw(st.permutations(palette))
    renaming = {old: f"{new}-renamed" for old, new in zip(palette, shuffled, strict=True)}

    def renamed(code: Code) -> Code:
        return Code(renaming[peg] for peg in code.pegs)

    assert score(renamed(secret), renamed(guess)) == score(secret, guess)


@given(code_pairs())
def test_score_agrees_with_a_count_based_formulation(pair: Pair) -> None:
    secret, guess, _ = pair
    assert score(secret, guess) == count_based_score(secret, guess)


@given(code_pairs())
def test_all_but_one_black_and_one_white_never_happens(pair: Pair) -> None:
    secret, guess, _ = pair
    assert score(secret, guess) != Feedback(black=len(secret) - 1, white=1)


@given(codes(CLASSIC_PEGS), codes(CLASSIC_PEGS))
def test_a_guess_peg_earns_no_more_key_pegs_than_its_colour_has_in_the_secret(
    secret: Code, guess: Code
) -> None:
    result = score(secret, guess)
    in_common = sum((Counter(secret.pegs) & Counter(guess.pegs)).values())
    assert result.black + result.white == in_common


def test_pegs_list_black_before_white() -> None:
    assert Feedback(black=1, white=2).pegs == (KeyPeg.BLACK, KeyPeg.WHITE, KeyPeg.WHITE)


@pytest.mark.parametrize(
    ("feedback", "text"),
    [
        (Feedback(2, 2), "B B W W"),
        (Feedback(0, 0), ""),
        (Feedback(0, 1), "W"),
        (Feedback(4, 0), "B B B B"),
    ],
)
def test_str_writes_the_notation_of_the_spec(feedback: Feedback, text: str) -> None:
    assert str(feedback) == text
    assert Feedback.parse(text) == feedback


def test_parse_accepts_the_compact_notation_in_any_case() -> None:
    assert Feedback.parse("bbw") == Feedback(black=2, white=1)


def test_parse_refuses_letters_other_than_b_and_w() -> None:
    with pytest.raises(ValueError, match="only B and W"):
        Feedback.parse("B X")


def test_feedback_refuses_negative_counts() -> None:
    with pytest.raises(ValueError, match="black must not be negative"):
        Feedback(black=-1, white=0)


def test_key_pegs_are_shown_in_marks_that_no_colour_initial_reads_as() -> None:
    assert Feedback(2, 1).marks(4) == "● ● ○ ·"
    assert Feedback(2, 1).marks(4, separator="") == "●●○·"
    assert Feedback(0, 0).marks() == ""
    assert {mark.value for mark in KeyMark}.isdisjoint(set(str(Feedback(2, 2))))


def test_marks_refuse_a_guess_too_short_for_its_key_pegs() -> None:
    with pytest.raises(ValueError, match="do not fit a guess of 2 pegs"):
        Feedback(2, 1).marks(2)
