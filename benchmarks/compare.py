"""The service under load, this tree against an older revision, interleaved in one run (PostgreSQL, 1 worker).

    .venv/bin/python benchmarks/compare.py 613a995 --rounds 5     # 613a995: the code before issue 11

On a shared machine figures from different runs do not compare; rounds that alternate the two workers
(the order swapped every round) do. Each round starts a throwaway PostgreSQL cluster and one worker of
each tree in turn (``python -m service`` run from that tree, with this tree's virtualenv), plays the
load of ``benchmarks/load.py`` and prints turns/s, p99, the worker's CPU time per turn and the failed
turns; then the medians. The older revision is checked out with ``git worktree`` into a temporary directory.
Figures, not assertions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.load import DAYS, TIMES, cpu_seconds, run_load  # noqa: E402
from tests.integration_tests.helpers import quiet_env, stop, wait_for  # noqa: E402
from tests.throwaway_pg import ThrowawayPostgres, free_port  # noqa: E402


def one_worker_under_load(tree: Path, calls: int, concurrency: int) -> tuple[float, float, float, int]:
    """(turns/s, p99 ms, worker CPU ms a turn, errors) of one worker of ``tree`` on a fresh PostgreSQL."""
    with tempfile.TemporaryDirectory() as tmp, ThrowawayPostgres() as url:
        port = free_port()
        env = quiet_env(DATABASE_URL=url, CLINIC_DB=str(Path(tmp) / "clinic.sqlite"), PYTHONPATH=str(tree),
                        CLINIC_SCHEDULE=json.dumps({d: TIMES for d in DAYS}))
        worker = subprocess.Popen([sys.executable, "-m", "service", "--port", str(port)], cwd=tree, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            wait_for(f"http://127.0.0.1:{port}/health", worker)
            before = cpu_seconds(worker.pid)
            figures = run_load([f"http://127.0.0.1:{port}"], calls, concurrency)
            cpu = (cpu_seconds(worker.pid) - before) * 1000 / max(figures["turns"], 1)
        finally:
            stop(worker)
    return figures["turns_per_s"], figures["p99_ms"], cpu, figures["errors"]


def main() -> int:
    """Interleave the two trees; print each round and the medians."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="the older revision (a commit, tag or branch)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(base), args.base], cwd=ROOT, check=True)
        try:
            trees = {args.base: base, "this tree": ROOT}
            results: dict[str, list[tuple[float, float, float, int]]] = {name: [] for name in trees}
            for number in range(args.rounds):
                order = list(trees.items())
                for name, tree in order if number % 2 == 0 else order[::-1]:
                    results[name].append(one_worker_under_load(tree, args.calls, args.concurrency))
                    turns, p99, cpu, errors = results[name][-1]
                    print(f"round {number + 1}  {name:<12} {turns:6.1f} turns/s  p99 {p99:5.0f} ms  "
                          f"worker CPU {cpu:5.2f} ms a turn  errors {errors}", flush=True)
            for name, rows in results.items():
                print(f"median       {name:<12} {statistics.median(r[0] for r in rows):6.1f} turns/s  "
                      f"p99 {statistics.median(r[1] for r in rows):5.0f} ms  "
                      f"worker CPU {statistics.median(r[2] for r in rows):5.2f} ms a turn  "
                      f"errors {sum(r[3] for r in rows)} in all")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
