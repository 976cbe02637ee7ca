"""Measure everything and write the performance page: ``docs/performance.md`` and its plots.

    .venv/bin/python benchmarks/report.py [--quick] [--no-peers] [--no-postgres] [--output DIR]

One run measures, on one machine:

- scoring: this project's ``score()`` and the solver's numpy scorer next to other
  Mastermind packages from PyPI, each installed in a virtual environment of its own under
  ``benchmarks/.peers/``, and a naive baseline (``peer_scoring.py`` does the timing);
- the solver: every strategy over the 1,296 secrets of the classic game, Super
  Mastermind and 4 pegs of 7 colours, the optimal search, and the code breaker at large
  sizes, ``"best"`` against ``"random-consistent"`` (``bench_solver.py`` and
  ``bench_large.py`` do the measuring);
- the event stores: read-and-appends, whole games, and replay of 10,000 streams, for
  memory, SQLite and PostgreSQL (on a throwaway server, as ``bench_store.py`` runs it);
  and commands on a stream of 1,000 events with and without snapshots, on memory and
  SQLite (``bench_snapshots.py`` does the measuring);
- the HTTP API: guesses posted to the web game over a SQLite store, next to a minimal
  Starlette endpoint served the same way (``bench_http.py`` does the measuring);
- the server under load: ``mastermind serve`` on SQLite and PostgreSQL with 1 and 2
  workers, board reads beside a saturated hint pool, and the fault scenarios of
  ``harness/scenarios.py`` (``bench_load.py`` does the measuring);
- live streams: the events one ``mastermind serve`` worker delivers each second to N
  watchers of a game, next to polling (``bench_sse.py`` does the measuring);
- running at scale: each goal of ``docs/scale.md`` beside its figure, from
  ``bench_fold.py``, ``bench_http.py --depth``, ``bench_live.py``, ``bench_cli_start.py``
  and ``bench_pg_append.py`` (``_scale.py`` gathers them).

Every figure is the median of several runs, or a ratio of two rates measured side by side
in the same run. The page says what machine it ran on. ``--quick`` uses tiny sizes and
few runs, to check that the runner works; its numbers mean little.

The same run writes the figures of ``docs/solver.md`` as fragments of Markdown under
``docs/generated/`` (``generated/`` beside ``--output``), which that page includes: none
of its tables and totals is typed by hand.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bench_large
import matplotlib
from _markdown import IMAGES, write_fragments
from _measure import (
    FULL,
    QUICK,
    machine,
    measure_http,
    measure_live,
    measure_load,
    measure_snapshots,
    measure_solver,
    measure_solver_page,
    measure_stores,
    progress,
)
from _page import page
from _plots import plot_scoring, plot_solver, plot_stores
from _scale import measure_scale, scale_fragment
from _scoring import measure_scoring

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GENERATED = "generated"
"""The folder, beside ``performance.md``, of the fragments ``docs/solver.md`` includes."""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes: check the runner")
    parser.add_argument("--no-peers", action="store_true", help="leave the PyPI peers out")
    parser.add_argument("--no-postgres", action="store_true", help="leave PostgreSQL out")
    parser.add_argument(
        "--output", type=Path, default=ROOT / "docs", help="where performance.md goes"
    )
    parser.add_argument(
        "--peers", type=Path, default=HERE / ".peers", help="the peers' virtual environments"
    )
    arguments = parser.parse_args(argv)
    sizes = QUICK if arguments.quick else FULL
    matplotlib.use("Agg")
    about = machine()
    scoring = measure_scoring(sizes, not arguments.no_peers, arguments.peers)
    solver = measure_solver(sizes)
    solver_page = measure_solver_page(sizes)
    large = bench_large.measure_large(arguments.quick)
    stores = measure_stores(sizes, not arguments.no_postgres)
    http = measure_http(sizes)
    load = measure_load(sizes, not arguments.no_postgres)
    live = measure_live(arguments.quick)
    snapshots = measure_snapshots(arguments.quick)
    scale = measure_scale(arguments.quick, stores.appends)

    images = arguments.output / IMAGES
    images.mkdir(parents=True, exist_ok=True)
    plot_scoring(scoring, images / "scoring.png")
    plot_solver(solver, images / "solver.png")
    plot_stores(stores, images / "stores.png")
    text = page(
        arguments.quick,
        sizes,
        about,
        scoring,
        solver,
        large,
        stores,
        http,
        load,
        live,
        snapshots,
        scale,
    )
    (arguments.output / "performance.md").write_text(text)
    generated = arguments.output / GENERATED
    write_fragments(generated, about, scoring, solver, solver_page, large)
    (generated / "scale.md").write_text(scale_fragment(scale))
    progress(f"wrote {arguments.output / 'performance.md'}, {images}/ and {generated}/")


if __name__ == "__main__":
    main()
