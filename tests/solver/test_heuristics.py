import statistics

import pytest

from mastermind import Code
from mastermind.solver import Solver, evaluate


def test_knuth_plays_every_classic_secret_in_5801_guesses_none_taking_more_than_5() -> None:
    report = evaluate("knuth")
    assert (report.secrets, report.total, report.worst) == (1296, 5801, 5)
    assert round(report.average, 3) == 4.476


def test_most_parts_plays_every_classic_secret_in_5668_guesses() -> None:
    report = evaluate("most-parts")
    assert report.total == 5668
    assert round(report.average, 3) == 4.373


def test_expected_size_plays_every_classic_secret_in_5696_guesses() -> None:
    report = evaluate("expected-size")
    assert report.total == 5696
    assert round(report.average, 3) == 4.395


def test_entropy_plays_every_classic_secret_in_5722_guesses() -> None:
    report = evaluate("entropy")
    assert report.total == 5722
    assert round(report.average, 3) == 4.415


def test_entropy_with_an_optimal_endgame_plays_every_classic_secret_in_5709_guesses() -> None:
    assert evaluate("entropy-endgame").total == 5709


@pytest.mark.parametrize(
    ("strategy", "opening"),
    [("knuth", "RRGG"), ("most-parts", "RRGB"), ("expected-size", "RRGB"), ("entropy", "RGBY")],
)
def test_each_heuristic_opens_as_its_author_did(strategy: str, opening: str) -> None:
    assert Solver(strategy).next_guess([]) == Code.parse(opening)


def test_random_consistent_averages_about_4_63_guesses() -> None:
    averages = [evaluate("random-consistent", seed=seed).average for seed in range(8)]
    assert 4.55 < statistics.mean(averages) < 4.72
    assert all(4.45 < average < 4.85 for average in averages)


def test_random_consistent_repeats_itself_for_the_same_seed_and_not_for_another() -> None:
    first, again, other = (evaluate("random-consistent", seed=seed) for seed in (7, 7, 8))
    assert first.histogram == again.histogram
    assert first.histogram != other.histogram


def test_the_histogram_adds_up_to_every_secret_and_the_total() -> None:
    report = evaluate("expected-size")
    assert sum(count for _, count in report.histogram) == report.secrets
    assert sum(guesses * count for guesses, count in report.histogram) == report.total
    assert max(guesses for guesses, _ in report.histogram) == report.worst
