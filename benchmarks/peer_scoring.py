"""Time one Mastermind scorer on given pairs of codes, in the environment that runs this file.

    python peer_scoring.py SCORER PAIRS.json [--rounds 7] [--seconds 0.3]

``benchmarks/report.py`` runs it once per scorer: the peers' in virtual environments of
their own, this project's in the project's. It needs nothing but the standard library
until it imports the scorer. ``PAIRS.json`` holds ``{"colours": 6, "pairs": [[secret,
guess], ...]}``, each code a list of colours numbered from 0. Each scorer gets the pairs
in the form it takes (letters, numbers from 1, its own code objects) before the clock
starts, and is called once per pair.

Rounds alternate between the scorer and the naive baseline below, in this one process, so
the ratio of the two is measured side by side. It prints one JSON object: the scorer, its
package and version, scores per second round by round for both, and the feedback
``[black, white]`` the scorer gave for every pair, for the caller to check.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable, Sequence
from importlib import metadata
from typing import Any

Pair = tuple[Sequence[int], Sequence[int]]
Call = Callable[..., Any]


class Scorer:
    """One scorer made ready: a function, its arguments for every pair, and how to read it."""

    def __init__(
        self,
        package: str | None,
        call: Call,
        arguments: list[tuple[Any, ...]],
        feedback: Callable[[Any], tuple[int, int]],
        scores_per_call: int = 1,
        answers: list[tuple[int, int]] | None = None,
    ) -> None:
        self.package = package
        self.call = call
        self.arguments = arguments
        self.feedback = feedback
        self.scores_per_call = scores_per_call
        self._answers = answers

    def answers(self) -> list[tuple[int, int]]:
        """The feedback for every pair, as ``(black, white)``."""
        if self._answers is not None:
            return self._answers
        return [self.feedback(self.call(*each)) for each in self.arguments]


def naive_score(secret: Sequence[int], guess: Sequence[int]) -> tuple[int, int]:
    """The rules as a beginner writes them: the baseline every scorer is compared with."""
    black = sum(s == g for s, g in zip(secret, guess, strict=True))
    left = list(secret)
    common = 0
    for peg in guess:
        if peg in left:
            left.remove(peg)
            common += 1
    return black, common - black


def naive(pairs: list[Pair], colours: int) -> Scorer:
    return Scorer(None, naive_score, [(tuple(s), tuple(g)) for s, g in pairs], tuple)


def mastermind_scalar(pairs: list[Pair], colours: int) -> Scorer:
    from mastermind import CLASSIC_PEGS, Code, score
    from mastermind._install import DISTRIBUTION

    def code(digits: Sequence[int]) -> Code:
        return Code(CLASSIC_PEGS[digit] for digit in digits)

    return Scorer(
        DISTRIBUTION,
        score,
        [(code(s), code(g)) for s, g in pairs],
        lambda feedback: (feedback.black, feedback.white),
    )


def mastermind_batch(pairs: list[Pair], colours: int) -> Scorer:
    """The solver's numpy scorer, as the solver uses it: every guess against every secret.

    One call scores the whole table of the game's codes, the given pairs among them.
    """
    from mastermind import CLASSIC_PEGS
    from mastermind._install import DISTRIBUTION
    from mastermind.solver._scoring import CodeSpace, score_block

    space = CodeSpace(CLASSIC_PEGS[:colours], len(pairs[0][0]))
    table = score_block(space.digits, space.digits, colours)

    def number(digits: Sequence[int]) -> int:
        value = 0
        for digit in digits:
            value = value * colours + digit
        return value

    black_white = [divmod(int(table[number(g), number(s)]), space.length + 1) for s, g in pairs]
    return Scorer(
        DISTRIBUTION,
        score_block,
        [(space.digits, space.digits, colours)],
        lambda _: (0, 0),
        scores_per_call=space.size * space.size,
        answers=black_white,
    )


def textual_mastermind(pairs: list[Pair], colours: int) -> Scorer:
    """``Game.check_code``: the game holds the secret, colours are numbered from 1.

    A game is made without running ``Game.__init__``, which reads the app's settings to
    draw a secret; each holds one pair's secret.
    """
    from textual_mastermind.game import Game

    def game(secret: Sequence[int]) -> Any:
        made = Game.__new__(Game)
        made.maker_code = [digit + 1 for digit in secret]
        return made

    return Scorer(
        "textual-mastermind",
        Game.check_code,
        [(game(s), [digit + 1 for digit in g]) for s, g in pairs],
        tuple,
    )


def mastermindpy(pairs: list[Pair], colours: int) -> Scorer:
    """``compare(guess, target)`` on strings of colour letters; it answers clue letters."""
    from mastermind import COLOURS, CORRECT_COLOUR, CORRECT_PLACE, compare

    def letters(digits: Sequence[int]) -> str:
        return "".join(COLOURS[digit] for digit in digits)

    def feedback(answer: tuple[list[str], bool]) -> tuple[int, int]:
        clue, _ = answer
        return clue.count(CORRECT_PLACE), clue.count(CORRECT_COLOUR)

    return Scorer("mastermindpy", compare, [(letters(g), letters(s)) for s, g in pairs], feedback)


def pymastermind(pairs: list[Pair], colours: int) -> Scorer:
    """``Code.compare`` between two of its ``Code`` lists of colour letters."""
    from pymastermind import Code

    def code(digits: Sequence[int]) -> Any:
        return Code("abcdefghij"[digit] for digit in digits)

    return Scorer("pymastermind", Code.compare, [(code(s), code(g)) for s, g in pairs], tuple)


def mastermind_ai(pairs: list[Pair], colours: int) -> Scorer:
    """``generate_feedback(guess, secret, number_of_colors)``, colours numbered from 1."""
    from mastermind.utils.get_feedback import generate_feedback

    def code(digits: Sequence[int]) -> tuple[int, ...]:
        return tuple(digit + 1 for digit in digits)

    return Scorer(
        "mastermind-ai",
        generate_feedback,
        [(code(g), code(s), colours) for s, g in pairs],
        tuple,
    )


SCORERS: dict[str, Callable[[list[Pair], int], Scorer]] = {
    "naive": naive,
    "mastermind": mastermind_scalar,
    "mastermind-batch": mastermind_batch,
    "textual-mastermind": textual_mastermind,
    "mastermindpy": mastermindpy,
    "pymastermind": pymastermind,
    "mastermind-ai": mastermind_ai,
}


def rate(scorer: Scorer, seconds: float) -> float:
    """Scores per second: every pair, over and over until ``seconds`` have passed."""
    call, arguments = scorer.call, scorer.arguments
    done, started = 0, time.perf_counter()
    while True:
        for each in arguments:
            call(*each)
        done += len(arguments) * scorer.scores_per_call
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return done / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scorer", choices=sorted(SCORERS))
    parser.add_argument("pairs", help="a JSON file of pairs of codes")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.3, help="the least time per round")
    args = parser.parse_args()
    with open(args.pairs) as file:
        given = json.load(file)
    pairs, colours = given["pairs"], given["colours"]
    scorer = SCORERS[args.scorer](pairs, colours)
    baseline = naive(pairs, colours)
    feedback = [list(answer) for answer in scorer.answers()]
    rate(scorer, args.seconds / 4)  # warm up
    rate(baseline, args.seconds / 4)
    rates, baseline_rates = [], []
    for _ in range(args.rounds):
        rates.append(rate(scorer, args.seconds))
        baseline_rates.append(rate(baseline, args.seconds))
    json.dump(
        {
            "scorer": args.scorer,
            "package": scorer.package,
            "version": metadata.version(scorer.package) if scorer.package else None,
            "python": platform.python_version(),
            "executable": sys.executable,
            "rates": rates,
            "baseline_rates": baseline_rates,
            "feedback": feedback,
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
