"""How long one caller turn takes inside the agent (no network, no LLM), beside LangGraph's own floor.

    make bench            # or: .venv/bin/python benchmarks/turn_latency.py --turns 2000

Interleaved in one run, so the machine's load falls on all of them alike:

* the project's turn: ``handle()`` of the five-turn happy call (a new agent per call), with the in-memory
  and the SQLite checkpointer (and PostgreSQL when ``--postgres URL`` is given);
* the floor: an empty LangGraph graph with one node that waits in ``interrupt()``, resumed once a turn
  with the same checkpointer -- what any LangGraph agent pays per turn. Twice: with LangGraph's defaults
  (``durability="async"``, saves on its per-run thread pool), and at its leanest, with the two settings the
  agent itself uses on most turns (``durability="exit"``, saves in the calling thread:
  ``graph.speedups.saves_in_thread``);
* the rule parser alone, a plain Python call: interleaved with the runs above (its caches cold, and paying
  for the collections their garbage triggers) and, at the end, in a loop of its own.

PostgreSQL is measured too when its server binaries are installed (a throwaway cluster on loopback, as
``make test`` uses), or at ``--postgres URL``; ``--no-postgres`` skips it.

Figures, not assertions: machines here are shared.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from langgraph.graph import START, StateGraph  # noqa: E402
from langgraph.types import Command, interrupt  # noqa: E402

from checkpoints import make_checkpointer  # noqa: E402
from evals.stats import percentile  # noqa: E402
from graph.speedups.saves_in_thread import saves_in_thread  # noqa: E402
from graph.voice_agent import VoiceAgent  # noqa: E402
from voicekit.clinic import ClinicAPI  # noqa: E402
from voicekit.nlu import analyse  # noqa: E402

CALL = ["I'd like to book an appointment", "Tuesday", "ten a m", "Jamie", "yes"]


class Heard(TypedDict):
    """The floor graph's whole state: the last words heard."""

    text: str


def _wait(state: Heard) -> Heard:
    """Wait for the caller; what they said is the whole update."""
    return {"text": str(interrupt(state["text"]))}


def floor_graph(saver: Any) -> Any:
    """One node that waits for the caller, looping on itself: a resume is one turn of any LangGraph agent."""
    builder = StateGraph(Heard)
    builder.add_node("wait", _wait)
    builder.add_edge(START, "wait")
    builder.add_edge("wait", "wait")
    return builder.compile(checkpointer=saver)


class Bench:
    """The four timings for one checkpointer, collected a call at a time."""

    def __init__(self, saver: Any):
        self.saver, self.floor = saver, floor_graph(saver)
        self.reset()

    def reset(self) -> None:
        """Forget the timings so far (after the warm-up)."""
        self.project: list[float] = []
        self.floor_default: list[float] = []
        self.floor_lean: list[float] = []
        self.parser: list[float] = []

    def one_round(self) -> None:
        """One happy call through the agent, as many floor resumes of each kind, as many parser calls."""
        agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=self.saver)
        default = {"configurable": {"thread_id": uuid.uuid4().hex}, "recursion_limit": 10_000}
        lean = {"configurable": {"thread_id": uuid.uuid4().hex}, "recursion_limit": 10_000}
        for waiting in (default, lean):  # waiting, like an agent after its greeting
            self.floor.invoke({"text": ""}, waiting)
        for text in CALL:
            self.project.append(_timed(agent.handle, text))
            self.floor_default.append(_timed(self.floor.invoke, Command(resume=text), default))
            self.floor_lean.append(_timed(self._lean_resume, text, lean))
            self.parser.append(_timed(analyse, text))

    def _lean_resume(self, text: str, config: dict) -> None:
        with saves_in_thread():
            self.floor.invoke(Command(resume=text), config, durability="exit")


def _timed(run: Callable[..., Any], *args: Any, **kwargs: Any) -> float:
    start = time.perf_counter()
    run(*args, **kwargs)
    return time.perf_counter() - start


def main() -> int:
    """Print the per-turn figures and their ratio to the floor, for each checkpointer."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--postgres", help="a PostgreSQL checkpointer at this URL (default: a throwaway one, if "
                                               "the server binaries are installed)")
    parser.add_argument("--no-postgres", action="store_true", help="memory and SQLite only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        savers = {"memory": make_checkpointer("memory"), "sqlite": make_checkpointer(str(Path(tmp) / "bench.sqlite"))}
        postgres = None if args.no_postgres else args.postgres or _throwaway_postgres(stack)
        if postgres:
            savers["postgres"] = make_checkpointer(postgres)
        benches = {name: Bench(saver) for name, saver in savers.items()}
        for bench in benches.values():
            for _ in range(10):  # warm-up: imports, caches
                bench.one_round()
            bench.reset()
        while any(len(b.project) < args.turns for b in benches.values()):
            for bench in benches.values():  # interleaved: each checkpointer's rounds take turns
                bench.one_round()
        print(f"median (p99) in microseconds over {args.turns:,} turns each, interleaved")
        print(f"{'checkpointer':<13} {'handle()':>15} {'floor, default':>15} {'ratio':>6} {'floor, leanest':>15} "
              f"{'ratio':>6} {'parser alone':>13}")
        for name, bench in benches.items():
            project = statistics.median(bench.project)
            print(f"{name:<13} {_us(bench.project):>15} {_us(bench.floor_default):>15} "
                  f"{project / statistics.median(bench.floor_default):>5.2f}x {_us(bench.floor_lean):>15} "
                  f"{project / statistics.median(bench.floor_lean):>5.2f}x {_us(bench.parser):>13}")
    own_loop = [_timed(analyse, text) for _ in range(args.turns // len(CALL)) for text in CALL]
    print(f"the parser in a loop of its own, the same utterances: {_us(own_loop)}")
    return 0


def _throwaway_postgres(stack: contextlib.ExitStack) -> str | None:
    from tests.throwaway_pg import ThrowawayPostgres, server_bin

    try:
        server_bin()
    except RuntimeError:
        print("(PostgreSQL not installed: memory and SQLite only; make bench-load installs it)")
        return None
    return stack.enter_context(ThrowawayPostgres())


def _us(timings: list[float]) -> str:
    return f"{statistics.median(timings) * 1e6:.0f} ({percentile(timings, 0.99) * 1e6:.0f})"


if __name__ == "__main__":
    sys.exit(main())
