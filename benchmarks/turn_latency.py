"""How long one caller turn takes inside the agent (no network, no LLM), beside LangGraph's own floor.

    make bench            # or: .venv/bin/python benchmarks/turn_latency.py --turns 2000

Interleaved in one run, so the machine's load falls on all of them alike:

* the project's turn: ``handle()`` of the five-turn happy call (a new agent per call), with the in-memory
  and the SQLite checkpointer (and PostgreSQL when ``--postgres URL`` is given);
* the floor: an empty LangGraph graph with one node that waits in ``interrupt()``, resumed once a turn
  with the same checkpointer (what any LangGraph agent pays per turn), once with ``durability="sync"``
  (every step saved: what the agent uses for an answer to a read-back) and once with ``"exit"`` (saved
  at the end of the turn: what it uses for every other turn);
* the rule parser alone, a plain Python call.

Figures, not assertions: machines here are shared.
"""

from __future__ import annotations

import argparse
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
from graph.voice_agent import VoiceAgent  # noqa: E402
from voicekit.clinic import ClinicAPI  # noqa: E402
from voicekit.nlu import analyse  # noqa: E402

CALL = ["I'd like to book an appointment", "Tuesday", "ten a m", "Jamie", "yes"]


class Heard(TypedDict):
    """The floor graph's whole state: the last words heard."""

    text: str


def _wait(state: Heard) -> Heard:
    return {"text": str(interrupt(state["text"]))}


def floor_graph(saver: Any) -> Any:
    """One node that waits for the caller, looping on itself: a resume is one turn of any LangGraph agent."""
    builder = StateGraph(Heard)
    builder.add_node("wait", _wait)
    builder.add_edge(START, "wait")
    builder.add_edge("wait", "wait")
    return builder.compile(checkpointer=saver)


class Bench:
    """The three timings for one checkpointer, collected a call at a time."""

    def __init__(self, saver: Any):
        self.saver, self.floor = saver, floor_graph(saver)
        self.project: list[float] = []
        self.empty: list[float] = []
        self.empty_exit: list[float] = []
        self.parser: list[float] = []

    def one_round(self) -> None:
        """One happy call through the agent, as many floor resumes, as many parser calls."""
        agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, checkpointer=self.saver)
        config = {"configurable": {"thread_id": uuid.uuid4().hex}, "recursion_limit": 10_000}
        exit_config = {"configurable": {"thread_id": uuid.uuid4().hex}, "recursion_limit": 10_000}
        for waiting in (config, exit_config):  # waiting, like an agent after its greeting
            self.floor.invoke({"text": ""}, waiting, durability="sync")
        for text in CALL:
            self.project.append(_timed(agent.handle, text))
            self.empty.append(_timed(self.floor.invoke, Command(resume=text), config, durability="sync"))
            self.empty_exit.append(_timed(self.floor.invoke, Command(resume=text), exit_config, durability="exit"))
            self.parser.append(_timed(analyse, text))


def _timed(run: Callable[..., Any], *args: Any, **kwargs: Any) -> float:
    start = time.perf_counter()
    run(*args, **kwargs)
    return time.perf_counter() - start


def main() -> int:
    """Print the per-turn figures and their ratio to the floor, for each checkpointer."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--postgres", help="also a PostgreSQL checkpointer at this URL")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        savers = {"memory": make_checkpointer("memory"), "sqlite": make_checkpointer(str(Path(tmp) / "bench.sqlite"))}
        if args.postgres:
            savers["postgres"] = make_checkpointer(args.postgres)
        benches = {name: Bench(saver) for name, saver in savers.items()}
        for bench in benches.values():
            for _ in range(10):  # warm-up: imports, caches
                bench.one_round()
            bench.project, bench.empty, bench.empty_exit, bench.parser = [], [], [], []
        while any(len(b.project) < args.turns for b in benches.values()):
            for bench in benches.values():  # interleaved: each checkpointer's rounds take turns
                bench.one_round()
        print(f"median (p99) in microseconds over {args.turns:,} turns each, interleaved")
        print(f"{'checkpointer':<13} {'handle()':>15} {'floor, sync':>15} {'ratio':>6} {'floor, exit':>15} "
              f"{'ratio':>6} {'parser alone':>13}")
        for name, bench in benches.items():
            project = statistics.median(bench.project)
            print(f"{name:<13} {_us(bench.project):>15} {_us(bench.empty):>15} "
                  f"{project / statistics.median(bench.empty):>5.2f}x {_us(bench.empty_exit):>15} "
                  f"{project / statistics.median(bench.empty_exit):>5.2f}x {_us(bench.parser):>13}")
    return 0


def _us(timings: list[float]) -> str:
    return f"{statistics.median(timings) * 1e6:.0f} ({percentile(timings, 0.99) * 1e6:.0f})"


if __name__ == "__main__":
    sys.exit(main())
