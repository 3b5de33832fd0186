"""What an operator watches: Prometheus metrics and one JSON log line per turn, with no caller words in either.

Metrics (``GET /metrics``, staff only): turns by state, turn latency, hand-offs by reason, writes by tool
and outcome, read-tool failures. Several workers: set ``PROMETHEUS_MULTIPROC_DIR`` to a shared, empty
folder and each worker's figures are added up (prometheus_client's multi-process mode).
The log line names the call, the state, the tools and their outcomes and how long the turn took: never
what the caller said, a name, a date or a number.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Iterable

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector

from voicekit.clinic import TOOLS

WRITES = frozenset(name for name, (irreversible, _) in TOOLS.items() if irreversible)
log = logging.getLogger("service.turns")

TURNS = Counter("clinic_turns", "Caller turns answered, by the state they left the call in", ["state"])
TURN_SECONDS = Histogram("clinic_turn_seconds", "Seconds from a turn's arrival to its reply",
                         buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0))
HANDOFFS = Counter("clinic_handoffs", "Calls handed to a person, by reason", ["reason"])
WRITES_DONE = Counter("clinic_writes", "Irreversible tool calls (book, cancel, request_callback) by outcome",
                      ["tool", "outcome"])
TOOL_FAILURES = Counter("clinic_tool_failures", "Read-tool calls that timed out or were refused",
                        ["tool", "outcome"])


def registry() -> CollectorRegistry:
    """What ``/metrics`` shows: this process's figures, or every worker's in multi-process mode."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        collected = CollectorRegistry()
        MultiProcessCollector(collected)
        return collected
    from prometheus_client import REGISTRY

    return REGISTRY


def metrics_text() -> bytes:
    """The exposition text of the figures."""
    return generate_latest(registry())


def observe_turn(call_id: str, reply: dict, calls: Iterable[tuple[str, dict, str]], seconds: float,
                 handoff_reason: str | None = None) -> None:
    """Count one turn and write its log line (the tools' arguments and the caller's words are left out)."""
    state = str(reply.get("state"))
    TURNS.labels(state).inc()
    TURN_SECONDS.observe(seconds)
    outcomes = []
    for tool, _, outcome in calls:
        outcomes.append(f"{tool}:{outcome}")
        if tool in WRITES:
            WRITES_DONE.labels(tool, outcome).inc()
        elif outcome not in ("ok", "replay"):
            TOOL_FAILURES.labels(tool, outcome).inc()
    if handoff_reason is not None:
        HANDOFFS.labels(handoff_reason).inc()
    log.info(json.dumps({"event": "turn", "call": call_id, "state": state, "tools": outcomes,
                         "ms": round(seconds * 1000, 1), "handoff": handoff_reason}))


class Stopwatch:
    """Seconds since it was made."""

    def __init__(self) -> None:
        self._start = time.perf_counter()

    def seconds(self) -> float:
        """Seconds elapsed."""
        return time.perf_counter() - self._start
