"""``docs/flow.md``: each kind of request's path through the graph's nodes, as the scenarios take it.

Studio and the simulator draw the compiled graph, where every node that hears the caller is wired to every
step, because any answer may change the request ("start over", "call me back instead", another day): that
drawing is the truth about what may happen, and shows no order. This one records every node-to-node step
the scenarios take (the lab's and the clinic line's, through ``VoiceAgent`` as the runner plays them) and
draws them per request: a step belongs to the request the call was on as it reached the next node, which is
what the router chose the step by.

    python -m evals.flow docs/flow.md      # regenerate (``make artifacts``); a test fails when it is stale
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.tracers.context import register_configure_hook

from dialog.state import TaskName
from evals.runner import all_scenarios, run_scenario
from tools.manifest import manifest

Edge = tuple[str, str]
START, END = "__start__", "__end__"
TOOLS: dict[str, bool] = {name: tool["irreversible"] for name, tool in manifest()["tools"].items()}
"""The tool nodes, each with whether it is a write (irreversible)."""
ENDINGS = ("done", "handoff", "closed")
"""The nodes a run ends at without waiting for the caller (each has one edge: to the end)."""
TITLES: dict[TaskName | None, str] = {
    "book": "Booking a new appointment",
    "reschedule": "Moving an appointment in one go: which one (checked by number), where to, one yes for two writes",
    "cancel": "Cancelling an appointment",
    "callback": "Asking for staff to call back",
    "transfer_callback": "The line's own question after a warm transfer rang out: shall staff call back?",
    None: "Before any request is named",
}

_recording: ContextVar[_Steps | None] = ContextVar("flow_recording", default=None)
register_configure_hook(_recording, inheritable=True)  # every run in the context reports to the recorder


class _Steps(BaseCallbackHandler):
    """Each graph run's nodes in order, with the request the call was on as the node started."""

    def __init__(self) -> None:
        self.runs: dict[UUID, list[tuple[str, TaskName | None]]] = {}

    def on_chain_start(self, serialized: Any, inputs: Any, *, run_id: UUID, parent_run_id: UUID | None = None,
                       tags: list[str] | None = None, metadata: dict | None = None, **kwargs: Any) -> None:
        """A graph run starts (no parent), or one of its nodes does (its name is its node; routers are not)."""
        if parent_run_id is None:
            self.runs[run_id] = []
            return
        node = (metadata or {}).get("langgraph_node")
        if isinstance(node, str) and kwargs.get("name") == node and parent_run_id in self.runs \
                and any(t.startswith("graph:step:") for t in tags or ()):
            call = inputs.get("call", {}) if isinstance(inputs, dict) else {}
            self.runs[parent_run_id].append((node, call.get("task")))


@contextmanager
def recording() -> Iterator[_Steps]:
    """Within this block, every graph run's steps are recorded."""
    steps = _Steps()
    token = _recording.set(steps)
    try:
        yield steps
    finally:
        _recording.reset(token)


def english_scenarios() -> list[dict]:
    """The scenarios the flow is drawn from: English's (a Korean call runs the same graph; docs/flow.md stays one)."""
    return [spec for spec in all_scenarios() if spec.get("setup", {}).get("language", "en") == "en"]


def flow_edges(scenarios: list[dict] | None = None) -> dict[TaskName | None, list[Edge]]:
    """The steps ``scenarios`` (default: every English one, in the runner's order) take, per request, as first taken."""
    with recording() as steps:
        for spec in scenarios if scenarios is not None else english_scenarios():
            run_scenario(spec)
    by_task: dict[TaskName | None, list[Edge]] = {task: [] for task in TITLES}
    for task, edge in dict.fromkeys(step for run in steps.runs.values() for step in _steps_of(run)):
        by_task[task].append(edge)
    return by_task


def _steps_of(run: list[tuple[str, TaskName | None]]) -> list[tuple[TaskName | None, Edge]]:
    """A run's steps, each with its request. A run that resumes a waiting node starts at that node."""
    # A step is its router's, which chose it from the call as the next node receives it: that call's request.
    steps = [(task, (source, target)) for (source, _), (target, task) in zip(run, run[1:], strict=False)]
    if run and run[-1][0] in ENDINGS:
        steps.append((run[-1][1], (run[-1][0], END)))
    return steps


def _node(name: str) -> str:
    """A node in mermaid: questions (the call waits there) rounded, reads as stores, writes boxed twice."""
    if name in (START, END):
        return f'{name.strip("_").upper()}(("{name.strip("_")}"))'
    if name in TOOLS:
        return f'{name}[["{name}"]]' if TOOLS[name] else f'{name}[("{name}")]'
    if name.startswith("ask_") or name in ("listen", "confirm", "spell_name"):
        return f'{name}(["{name}"])'
    return f'{name}["{name}"]'


def render(by_task: dict[TaskName | None, list[Edge]] | None = None) -> str:
    """docs/flow.md's text."""
    by_task = flow_edges() if by_task is None else by_task
    lines = [
        "# Each request's path through the graph",
        "",
        "Generated by `python -m evals.flow docs/flow.md` from every scenario in `evals/scenarios` (lab and clinic",
        "line): each step a scenario's call took from one node to the next, drawn for the request the call was on.",
        "A test fails when this file is stale. Rounded: the call waits there for the caller; a cylinder: a read tool;",
        "a double box: a write, reached only from `confirm` on a plain yes (the consent gate), or, a move's cancel,",
        "from `book` under that same yes. Studio's drawing of the compiled graph has every question wired to every",
        "step, since any answer may change the request; this is the order the rules of `dialog/tasks.py` give when",
        "it does not. See docs/architecture.md for one turn.",
    ]
    for task, edges in by_task.items():
        if not edges:
            continue
        named = f" (`{task}`)" if task is not None else ""
        lines += ["", f"## {TITLES[task]}{named}", "", "```mermaid", "flowchart TD"]
        declared: set[str] = set()
        for source, target in edges:
            ends = []
            for name in (source, target):
                ends.append(_node(name) if name not in declared else _node(name).split("[")[0].split("(")[0])
                declared.add(name)
            into_a_write = " ==>|same yes| " if TOOLS.get(source) else " ==>|plain yes| "  # a move's cancel: book's
            arrow = into_a_write if TOOLS.get(target) else " --> "
            lines.append(f"    {ends[0]}{arrow}{ends[1]}")
        lines.append("```")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write docs/flow.md (or the path given)."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "docs" / "flow.md"
    path.write_text(render())
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
