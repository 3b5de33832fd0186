"""How long one caller turn takes inside the agent (no network, no LLM): median and p99 in microseconds.

    make bench            # or: .venv/bin/python benchmarks/turn_latency.py --turns 2000

Plays the five-turn happy call again and again (new agent per call, turns timed one by one) with
the in-memory and the SQLite checkpointer. Figures, not assertions: machines here are shared.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checkpoints import make_checkpointer  # noqa: E402
from evals.stats import percentile  # noqa: E402
from graph.voice_agent import VoiceAgent  # noqa: E402
from voicekit.clinic import ClinicAPI  # noqa: E402

CALL = ["I'd like to book an appointment", "Tuesday", "ten a m", "Jamie", "yes"]


def measure(turns: int, make_saver) -> tuple[list[float], float]:
    """Time ``turns`` handle() turns of the happy call; the timings and the median new-agent cost."""
    timings: list[float] = []
    setups: list[float] = []
    saver = make_saver()
    while len(timings) < turns:
        start = time.perf_counter()
        agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=saver)
        setups.append(time.perf_counter() - start)
        for text in CALL:
            start = time.perf_counter()
            agent.handle(text)
            timings.append(time.perf_counter() - start)
    return timings[:turns], statistics.median(setups)


def main() -> int:
    """Print the per-turn figures for each checkpointer."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        savers = {"memory": lambda: make_checkpointer("memory"),
                  "sqlite": lambda: make_checkpointer(str(Path(tmp) / "bench.sqlite"))}
        print(f"{'checkpointer':<13} {'turns':>6} {'median us':>10} {'p99 us':>10} {'new agent us':>13}")
        for name, make_saver in savers.items():
            measure(50, make_saver)  # warm-up: imports, caches
            timings, setup = measure(args.turns, make_saver)
            print(f"{name:<13} {len(timings):>6} {statistics.median(timings) * 1e6:>10.0f} "
                  f"{percentile(timings, 0.99) * 1e6:>10.0f} {setup * 1e6:>13.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
