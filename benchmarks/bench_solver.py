"""Speed of the solver: scoring, each strategy over every classic secret, the search.

Run with ``python benchmarks/bench_solver.py``; ``--quick`` leaves out the optimal
search and Super Mastermind, which take minutes. Every ratio compares against a
baseline measured in the same run, so the numbers travel between machines.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np

from mastermind import CLASSIC_PEGS, Code, Feedback, score
from mastermind.solver import STRATEGIES, Evaluation, build_optimal_tree, evaluate
from mastermind.solver._scoring import CodeSpace, score_block

SUPER_PEGS = ("Red", "Green", "Blue", "Yellow", "Purple", "Orange", "White", "Black")


def naive_score(secret: Code, guess: Code) -> Feedback:
    """The rules as a beginner writes them: the baseline for scalar scoring."""
    black = sum(s == g for s, g in zip(secret.pegs, guess.pegs, strict=True))
    left = list(secret.pegs)
    common = 0
    for peg in guess.pegs:
        if peg in left:
            left.remove(peg)
            common += 1
    return Feedback(black=black, white=common - black)


def rate(work: Callable[[], int], seconds: float = 1.0) -> float:
    """Units of work per second, repeating ``work`` (which returns its units) a while."""
    done, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        done += work()
    return done / elapsed


def bench_scoring() -> None:
    space = CodeSpace(CLASSIC_PEGS, 4)
    digits = space.digits
    pairs = [
        (space.code(random.randrange(1296)), space.code(random.randrange(1296)))
        for _ in range(10_000)
    ]

    def scalar(scorer: Callable[[Code, Code], Feedback]) -> Callable[[], int]:
        def work() -> int:
            for secret, guess in pairs:
                scorer(secret, guess)
            return len(pairs)

        return work

    def batch() -> int:
        return score_block(digits, digits, 6).size

    naive = rate(scalar(naive_score))
    scalar_rate = rate(scalar(score))
    batch_rate = rate(batch)
    super_space = CodeSpace(SUPER_PEGS, 5)
    super_block = super_space.digits[:2000]
    super_rate = rate(lambda: score_block(super_space.digits, super_block, 8).size)
    print("| scoring | scores per second | against the naive scorer |")
    print("|---|---:|---:|")
    print(f"| naive pure Python (baseline) | {naive:,.0f} | 1.0 |")
    print(f"| `score()` | {scalar_rate:,.0f} | {scalar_rate / naive:.1f} |")
    print(f"| batch, classic 1296 x 1296 | {batch_rate:,.0f} | {batch_rate / naive:.0f} |")
    print(f"| batch, Super 32768 x 2000 | {super_rate:,.0f} | {super_rate / naive:.0f} |")
    print()


def bench_strategies(baseline: float) -> list[Evaluation]:
    print("| strategy | total | average | worst | histogram | seconds | against naive play |")
    print("|---|---:|---:|---:|---|---:|---:|")
    reports = []
    for strategy in STRATEGIES:
        evaluate(strategy)  # the first run loads tables and trees
        report = min((evaluate(strategy) for _ in range(3)), key=lambda found: found.seconds)
        spread = " ".join(f"{guesses}:{count}" for guesses, count in report.histogram)
        print(
            f"| {strategy} | {report.total} | {report.average:.4f} | {report.worst} | {spread}"
            f" | {report.seconds:.3f} | {baseline / report.seconds:.0f}x |"
        )
        reports.append(report)
    print()
    return reports


def histogram_svg(reports: list[Evaluation]) -> str:
    """Secrets solved per number of guesses, one bar per strategy, as an SVG chart."""
    width, height, margin = 760, 360, 50
    most_guesses = max(report.worst for report in reports)
    tallest = max(count for report in reports for _, count in report.histogram)
    group = (width - 2 * margin) / most_guesses
    bar = group * 0.8 / len(reports)
    colours = [
        "#4e79a7",
        "#f28e2b",
        "#e15759",
        "#76b7b2",
        "#59a14f",
        "#edc948",
        "#b07aa1",
        "#ff9da7",
        "#9c755f",
    ]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 40}"'
        ' font-family="sans-serif" font-size="12">',
        f'<line x1="{margin}" y1="{height - margin}" x2="{width - margin}"'
        f' y2="{height - margin}" stroke="black"/>',
    ]
    for guesses in range(1, most_guesses + 1):
        centre = margin + group * (guesses - 0.5)
        parts.append(
            f'<text x="{centre:.0f}" y="{height - margin + 16}" text-anchor="middle">'
            f"{guesses}</text>"
        )
    parts.append(
        f'<text x="{width / 2:.0f}" y="{height - margin + 34}" text-anchor="middle">'
        "guesses needed (classic game, all 1296 secrets)</text>"
    )
    for index, report in enumerate(reports):
        colour = colours[index % len(colours)]
        for guesses, count in report.histogram:
            bar_height = (height - 2 * margin) * count / tallest
            left = margin + group * (guesses - 1) + group * 0.1 + bar * index
            parts.append(
                f'<rect x="{left:.1f}" y="{height - margin - bar_height:.1f}" width="{bar:.1f}"'
                f' height="{bar_height:.1f}" fill="{colour}"><title>{report.strategy}:'
                f" {count} secrets in {guesses}</title></rect>"
            )
        parts.append(
            f'<rect x="{margin + 10}" y="{12 + 16 * index}" width="10" height="10"'
            f' fill="{colour}"/>'
            f'<text x="{margin + 26}" y="{21 + 16 * index}">{report.strategy}'
            f" ({report.average:.3f})</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def naive_knuth_seconds() -> float:
    """Knuth's strategy over every secret, one game at a time with ``naive_score``.

    Only the first two games are played and the time scaled: the baseline for play.
    """
    codes = [Code(pegs) for pegs in __import__("itertools").product(CLASSIC_PEGS, repeat=4)]
    started, games = time.perf_counter(), 2
    for secret in codes[:games]:
        candidates = list(codes)
        guess = Code.parse("RRGG")
        while guess != secret:
            feedback = naive_score(secret, guess)
            candidates = [code for code in candidates if naive_score(code, guess) == feedback]
            if len(candidates) == 1:
                guess = candidates[0]
                continue

            def worst(option: Code, candidates: list[Code] = candidates) -> tuple[int, bool]:
                parts = Counter(naive_score(code, option) for code in candidates)
                return max(parts.values()), option not in candidates

            guess = min(codes, key=worst)
    return (time.perf_counter() - started) * len(codes) / games


def bench_search() -> None:
    print("| optimal search, classic game | total | seconds |")
    print("|---|---:|---:|")
    for most_guesses in (None, 5):
        started = time.perf_counter()
        tree = build_optimal_tree(CLASSIC_PEGS, 4, most_guesses)
        seconds = time.perf_counter() - started
        limit = "any number of guesses" if most_guesses is None else f"at most {most_guesses}"
        print(f"| {limit} | {tree.total} | {seconds:.0f} |")
    print()


def bench_super_mastermind() -> None:
    print("| Super Mastermind (5 pegs, 8 colours) | total | average | worst | seconds |")
    print("|---|---:|---:|---:|---:|")
    for strategy in ("most-parts", "entropy", "entropy-endgame"):
        report = evaluate(strategy, SUPER_PEGS, 5)
        print(
            f"| {strategy} | {report.total} | {report.average:.4f} | {report.worst}"
            f" | {report.seconds:.0f} |"
        )
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="skip the minutes-long runs")
    parser.add_argument("--histogram", type=Path, help="also draw the histograms as an SVG file")
    arguments = parser.parse_args()
    random.seed(1)
    print(f"numpy {np.__version__}\n")
    bench_scoring()
    baseline = naive_knuth_seconds()
    print(
        f"Baseline: Knuth's strategy game by game with the naive scorer, {baseline:.0f} s"
        " for all 1296 secrets (estimated from two games).\n"
    )
    reports = bench_strategies(baseline)
    if arguments.histogram:
        arguments.histogram.write_text(histogram_svg(reports))
    if not arguments.quick:
        bench_search()
        bench_super_mastermind()


if __name__ == "__main__":
    main()
