import time

from mastermind.solver._budget import Budget


def spin(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_no_limit_never_expires_and_leaves_infinite_time() -> None:
    budget = Budget()
    assert not budget.expired()
    assert budget.left() == float("inf")
    assert budget.share(0.5).left() == float("inf")


def test_a_budget_expires_once_its_processor_time_is_spent() -> None:
    budget = Budget(0.02)
    assert not budget.expired()
    spin(0.03)
    assert budget.expired()
    assert budget.left() == 0.0


def test_a_share_is_part_of_the_time_left() -> None:
    budget = Budget(10.0)
    share = budget.share(0.25)
    assert share.seconds is not None
    assert 2.0 < share.seconds <= 2.5


def test_running_out_is_recorded_only_when_a_search_says_so() -> None:
    budget = Budget(0.0)
    assert budget.expired()
    assert not budget.exhausted
    budget.ran_out()
    assert budget.exhausted
