"""A browser voice call's latency budgets (seed 002, chapter 11), per call and as histograms on ``/metrics``.

Four budgets, never added into one figure, because each has its own cause and its own fix:

* ``connect_ms``: "Start talking" pressed (the microphone granted) to the call connected, as the page timed it;
* ``answer_ms``: the end of the caller's speech to the first audio of the agent's answer;
* ``tool_ms``: a clinic tool's start to its result (``find_slots`` while the caller hears "Checking the open
  times..."), with the tool and its outcome;
* ``barge_in_ms``: the caller starting to speak over the agent to the agent's audio stopped.

The staff record (``GET /calls/{id}``) keeps each call's figures; the histograms add up every call's.
Nothing here imports Pipecat: the service wires the clinic watch (``watch_tools``) into every turn it takes.
"""

from __future__ import annotations

import functools
import os
import threading
import time
from collections.abc import Callable
from typing import Any

from prometheus_client import Histogram

from voicekit.clinic import TOOLS

MOST_VOICE_CALLS = 4
"""Voice calls a worker plays at once (``SERVICE_VOICE_CALLS``): each needs speech recognition, on 2 cores."""
MOST_SAMPLES = 200
"""Figures a call's record keeps per budget (a call is a few dozen turns)."""
SLOWEST_CONNECT_MS = 120_000
"""The page's own figure is taken only up to this (a page could send anything)."""
_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.5, 5.0, 10.0)

CONNECT = Histogram("clinic_browser_connect_seconds", "Browser voice calls: Start talking pressed to connected",
                    buckets=_BUCKETS)
ANSWER = Histogram("clinic_browser_answer_seconds",
                   "Browser voice calls: end of the caller's speech to the agent's first audio", buckets=_BUCKETS)
TOOL = Histogram("clinic_browser_tool_seconds", "Browser voice calls: a clinic tool's start to its result",
                 ["tool"], buckets=_BUCKETS)
BARGE_IN = Histogram("clinic_browser_barge_in_seconds",
                     "Browser voice calls: the caller speaking over the agent to its audio stopped", buckets=_BUCKETS)


class CallBudgets:
    """One call's figures, safe to add from the event loop and from the turn's thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._figures: dict[str, list[Any]] = {"connect_ms": [], "answer_ms": [], "tool_ms": [], "barge_in_ms": []}

    def _add(self, budget: str, figure: Any) -> None:
        with self._lock:
            if len(self._figures[budget]) < MOST_SAMPLES:
                self._figures[budget].append(figure)

    def connected(self, page_ms: object) -> None:
        """The page's own time from "Start talking" to connected (ignored unless a plausible number)."""
        if isinstance(page_ms, int | float) and not isinstance(page_ms, bool) and 0 <= page_ms <= SLOWEST_CONNECT_MS:
            self._add("connect_ms", round(float(page_ms), 1))
            CONNECT.observe(page_ms / 1000)

    def answered(self, seconds: float) -> None:
        """The end of the caller's speech to the agent's first audio."""
        self._add("answer_ms", round(seconds * 1000, 1))
        ANSWER.observe(seconds)

    def tool(self, tool: str, outcome: str, seconds: float) -> None:
        """A clinic tool's start to its result."""
        self._add("tool_ms", {"tool": tool, "outcome": outcome, "ms": round(seconds * 1000, 1)})
        TOOL.labels(tool).observe(seconds)

    def barged_in(self, seconds: float) -> None:
        """The caller speaking over the agent to the agent's audio stopped."""
        self._add("barge_in_ms", round(seconds * 1000, 1))
        BARGE_IN.observe(seconds)

    def record(self) -> dict:
        """The figures as the call's staff record keeps them (milliseconds)."""
        with self._lock:
            return {budget: list(figures) for budget, figures in self._figures.items()}


ToolWatch = Callable[[str, str | None, float], None]
"""``watch(tool, outcome, seconds)``: called with outcome None as the tool starts, then with its outcome."""


def watch_tools(api: Any, watch: ToolWatch) -> Any:
    """``api`` (one turn's clinic) with each of its tools reporting its start and its result to ``watch``.

    The methods are wrapped on the instance (the turn's own), so the backend's type, its protocols and its
    signatures (``date=``, ``idempotency_key=``, read through ``__wrapped__``) stay as they were.
    """
    for name in TOOLS:
        tool = getattr(api, name, None)
        if callable(tool):
            setattr(api, name, _watched(api, name, tool, watch))
    return api


def _watched(api: Any, name: str, tool: Callable[..., Any], watch: ToolWatch) -> Callable[..., Any]:
    @functools.wraps(tool)
    def reporting(*args: Any, **kwargs: Any) -> Any:
        made = len(api.calls)
        watch(name, None, 0.0)
        started = time.perf_counter()
        try:
            return tool(*args, **kwargs)
        finally:
            outcome = api.calls[-1][2] if len(api.calls) > made else "error"
            watch(name, outcome, time.perf_counter() - started)

    return reporting


def latency_of(turns: list[dict]) -> dict | None:
    """The latency budgets of a call's last voice connection, from its history (None: it had none)."""
    for turn in reversed(turns):
        if isinstance(turn.get("latency"), dict):
            return turn["latency"]
    return None


def most_voice_calls(environ: dict[str, str] | None = None) -> int:
    """``SERVICE_VOICE_CALLS``: voice calls a worker plays at once (a whole number, at least 0)."""
    setting = (environ or os.environ).get("SERVICE_VOICE_CALLS", str(MOST_VOICE_CALLS))
    if not setting.isdigit():
        raise ValueError(f"SERVICE_VOICE_CALLS must be a whole number of calls (0 turns voice calls off), "
                         f"got {setting!r}")
    return int(setting)
