"""Scoring, measured: this project's scorers and peers from PyPI, each in a process of its
own, against a naive baseline timed in that same process (``peer_scoring.py``)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median

from _measure import Sizes, progress

from mastermind import CLASSIC_PEGS, Code, score

__all__ = ["OUR_SCORERS", "PEERS", "ScoringRow", "measure_scoring"]

PEER_SCORING = Path(__file__).resolve().parent / "peer_scoring.py"


@dataclass(frozen=True)
class Peer:
    """A Mastermind package from PyPI with a scoring function, and how it is installed."""

    name: str
    pip_arguments: tuple[str, ...]
    called: str
    note: str = ""


PEERS = (
    Peer(
        "textual-mastermind",
        ("--ignore-requires-python", "textual-mastermind"),
        "`Game.check_code(guess)`",
        "Its releases ask for Python 3.13 or 3.14; it is installed here with"
        " `--ignore-requires-python`, and its scorer runs on this Python unchanged. The"
        " games are made without `Game.__init__`, which reads the app's settings.",
    ),
    Peer("mastermindpy", ("mastermindpy",), "`compare(guess, target)`, clue letters"),
    Peer("pymastermind", ("pymastermind",), "`Code.compare(other)`"),
    Peer(
        "mastermind-ai",
        ("mastermind-ai",),
        "`generate_feedback(guess, secret, colours)`",
        "Its 2.x releases need Python 3.12 and score in Java through JPype; pip installs"
        " the newest release for this Python, whose scorer is Python.",
    ),
)

OUR_SCORERS = {
    "naive": ("naive baseline", "`naive_score(secret, guess)` in `peer_scoring.py`"),
    "mastermind": ("`score()`", "`score(secret, guess)`"),
    "mastermind-batch": (
        "numpy batch",
        "`score_block`: the solver's table of every guess against every secret",
    ),
}


@dataclass
class ScoringRow:
    scorer: str
    package: str
    called: str
    ours: bool
    rates: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)
    agrees: bool | None = None
    problem: str = ""
    note: str = ""

    @property
    def rate(self) -> float:
        return median(self.rates)

    @property
    def ratio(self) -> float:
        return median(self.ratios)


class PeerUnavailable(Exception):
    """A peer could not be installed or timed."""


def peer_python(peer: Peer, folder: Path) -> Path:
    """The interpreter of the peer's own virtual environment, made and filled if need be."""
    venv = folder / peer.name
    python = venv / "bin" / "python"
    marker = venv / ".installed"
    wanted = " ".join(peer.pip_arguments)
    if marker.exists() and marker.read_text() == wanted and python.exists():
        return python
    shutil.rmtree(venv, ignore_errors=True)
    _run_or_raise([sys.executable, "-m", "venv", "--without-pip", str(venv)], "venv")
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
    _run_or_raise([*install, *peer.pip_arguments], "pip install")
    marker.write_text(wanted)
    return python


def _run_or_raise(command: list[str], what: str) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        raise PeerUnavailable(f"{what} took more than 10 minutes") from None
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        errors = [line for line in lines if "ERROR" in line or "Error" in line] or lines
        raise PeerUnavailable(f"{what} failed: {' '.join(errors[-2:])[:300]}")
    return done.stdout


def time_scorer(python: Path | str, scorer: str, pairs_file: Path, sizes: Sizes) -> dict:
    command = [
        str(python),
        "-I",
        str(PEER_SCORING),
        scorer,
        str(pairs_file),
        "--rounds",
        str(sizes.rounds),
        "--seconds",
        str(sizes.round_seconds),
    ]
    found: dict = json.loads(_run_or_raise(command, f"timing {scorer}"))
    return found


def measure_scoring(sizes: Sizes, peers: bool, peers_folder: Path) -> list[ScoringRow]:
    chance = random.Random(1)
    pairs = [
        [[chance.randrange(6) for _ in range(4)], [chance.randrange(6) for _ in range(4)]]
        for _ in range(sizes.pairs)
    ]
    expected = [
        [feedback.black, feedback.white]
        for feedback in (score(_code(secret), _code(guess)) for secret, guess in pairs)
    ]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        pairs_file = Path(folder) / "pairs.json"
        pairs_file.write_text(json.dumps({"colours": 6, "pairs": pairs}))
        jobs: list[tuple[ScoringRow, Peer | None]] = [
            (ScoringRow(label, "mastermind" if key != "naive" else "", called, True), None)
            for key, (label, called) in OUR_SCORERS.items()
        ]
        jobs += [
            (ScoringRow(f"`{peer.name}`", peer.name, peer.called, False, note=peer.note), peer)
            for peer in PEERS
        ]
        keys = list(OUR_SCORERS) + [peer.name for peer in PEERS]
        for (row, peer), key in zip(jobs, keys, strict=True):
            rows.append(row)
            if peer is not None and not peers:
                row.problem = "left out of this run (`--no-peers`)"
                continue
            progress(f"scoring: {key}")
            try:
                python = sys.executable if peer is None else peer_python(peer, peers_folder)
                found = time_scorer(python, key, pairs_file, sizes)
            except PeerUnavailable as error:
                row.problem = str(error)
                continue
            row.rates = found["rates"]
            row.ratios = [
                rate / base
                for rate, base in zip(found["rates"], found["baseline_rates"], strict=True)
            ]
            row.agrees = found["feedback"] == expected
            if found["version"]:
                row.package = f"{found['package']} {found['version']}"
    return rows


def _code(digits: Sequence[int]) -> Code:
    return Code(CLASSIC_PEGS[digit] for digit in digits)
