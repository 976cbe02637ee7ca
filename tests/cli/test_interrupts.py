"""Ctrl-C at any moment of a ``mastermind`` command: an exit, never a traceback."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.tiers import without_coverage

COMMAND = Path(sys.executable).with_name("mastermind")
MOMENTS = [step * 0.025 for step in range(14)]
"""When Ctrl-C comes, in seconds after the start: through the imports of click, rich and
the store, and into the command itself, which the first ~0.15 s used to escape."""


def interrupted_at(moment: float, *arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command, Ctrl-C'd ``moment`` seconds after it starts: started as a user starts
    it, without the tests' coverage, whose own start-up would take moments of its own."""
    started = subprocess.Popen(
        [str(COMMAND), *arguments],
        cwd=cwd,
        env=without_coverage(os.environ),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(moment)
    started.send_signal(signal.SIGINT)
    stdout, stderr = started.communicate(timeout=30)
    return subprocess.CompletedProcess(started.args, started.returncode, stdout, stderr)


PACKAGE = Path(__file__).parents[2] / "mastermind"


def while_python_reads_the_package(stderr: str) -> bool:
    """Whether a traceback is of a Ctrl-C that came while Python itself was still starting
    (importing ``site``) or reading the package's files for the console script's first
    line, before any line of the package ran: moments of a few milliseconds at start-up,
    which no code of the package can take charge of. A traceback through any line of the
    package is not."""
    frames = re.findall(r'File "([^"]+)", line (\d+)', stderr)
    if any(Path(path).is_relative_to(PACKAGE) for path, _ in frames):
        return False
    if "Fatal Python error: init_" in stderr:  # init_sys_streams, init_import_site...
        return not any(path == str(COMMAND) for path, _ in frames)
    return (
        bool(frames)
        and frames[0] == (str(COMMAND), "3")
        and "from mastermind.main import main" in stderr
    )


def python_starting(ending: subprocess.CompletedProcess[str]) -> bool:
    """Whether Python stopped at Ctrl-C while it initialised, before the package ran."""
    return ending.returncode == 1 and "Fatal Python error: init_" in ending.stderr


@pytest.mark.skipif(not COMMAND.exists(), reason="the mastermind command is not installed here")
@pytest.mark.parametrize("arguments", [("games",), ("new", "--attempts", "3")])
def test_ctrl_c_at_any_moment_ends_the_command_without_a_traceback(
    arguments: tuple[str, ...], tmp_path: Path
) -> None:
    database = str(tmp_path / "games.db")
    endings = [
        interrupted_at(moment, *arguments, "--db", database, cwd=tmp_path) for moment in MOMENTS
    ]
    tracebacks = [
        ending.stderr
        for ending in endings
        if "Traceback" in ending.stderr and not while_python_reads_the_package(ending.stderr)
    ]
    assert tracebacks == []
    # Finished before the signal (0), stopped by the command (130), or, in the first
    # milliseconds, before Python itself answers Ctrl-C (killed by the signal), or while
    # it initialises, which it reports as a fatal error of its own (1).
    statuses = {ending.returncode for ending in endings if not python_starting(ending)}
    assert statuses <= {0, 130, -signal.SIGINT}
    assert 130 in statuses
