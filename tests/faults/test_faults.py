"""Real faults under real load: no acknowledged write is lost, no answer is a 500, and the
server serves again once the fault is gone, without being restarted.

Each test runs players against a ``mastermind serve`` process for a few seconds before,
during and after a fault, then reads the store afresh. Their figures are printed as one
JSON line: ``pytest tests/faults -rA`` shows them.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from harness import CannotMount
from harness.scenarios import FaultRun, full_disk, postgres_restart, server_killed

RECOVERED_WITHIN = 5.0
"""Seconds from the fault's end to the first good answer: a few, not a restart's worth."""


def report(run: FaultRun) -> None:
    print(json.dumps(dataclasses.asdict(run.figures)))


def assert_every_acknowledged_write_is_kept(run: FaultRun) -> None:
    assert run.lost == []
    assert run.broken == []
    assert run.figures.acknowledged > 0


def assert_the_fault_was_answered_503_on_a_live_connection(run: FaultRun) -> None:
    """Felt, and answered as a fault: 503 with Retry-After, never 500, never a hang-up."""
    figures = run.figures
    assert any(answer.status == 503 for answer in run.during_fault()), "the fault went unfelt"
    assert figures.internal_errors == 0
    assert figures.unavailable_without_retry_after == 0
    assert figures.other_refusals == 0
    assert figures.connection_errors == 0
    assert figures.connections_closed == 0
    assert figures.tracebacks == 0, run.log[-3000:]


def assert_service_resumed(run: FaultRun) -> None:
    recovery = run.figures.recovery_seconds
    assert recovery is not None, "no request succeeded once the fault was gone"
    assert recovery <= RECOVERED_WITHIN
    assert run.figures.failures_after_recovery == 0


def test_a_postgres_crash_under_load_loses_no_write_and_heals_without_a_restart(
    tmp_path: Path,
) -> None:
    run = postgres_restart(tmp_path)
    report(run)

    assert_every_acknowledged_write_is_kept(run)
    assert_the_fault_was_answered_503_on_a_live_connection(run)
    assert_service_resumed(run)


def test_a_full_disk_under_load_loses_no_write_and_heals_once_there_is_room(
    tmp_path: Path,
) -> None:
    try:
        run = full_disk(tmp_path)
    except CannotMount as error:
        pytest.skip(f"no small filesystem to fill: {error}")
    report(run)

    assert_every_acknowledged_write_is_kept(run)
    assert_the_fault_was_answered_503_on_a_live_connection(run)
    assert_service_resumed(run)


def test_a_server_killed_under_load_loses_no_write_and_serves_again_once_restarted(
    tmp_path: Path,
) -> None:
    run = server_killed(tmp_path)
    report(run)

    assert_every_acknowledged_write_is_kept(run)
    figures = run.figures
    assert any(answer.status is None for answer in run.during_fault()), "the kill went unfelt"
    assert figures.internal_errors == 0
    assert figures.unavailable_without_retry_after == 0
    assert figures.other_refusals == 0
    assert_service_resumed(run)
    assert run.orphans == [], "the killed server's hint workers outlived it"
