"""Studio's clinics: Studio sends its run context as JSON, so it cannot pass a clinic API object.

``build_graph(demo_clinics=DemoClinics())`` gives each thread its own scripted ``ClinicAPI``, made on
first use with the failure ``plan`` of the run's context, and hands it to the tool nodes through the
run's ``Context`` like any other dependency. A run that brings its own ``api`` keeps it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from dialog.context import Context
from dialog.state import CallState
from nodes.common import thread_id
from voicekit.clinic import ClinicAPI

ToolNode = Callable[[CallState, Runtime[Context]], dict]


class DemoClinics:
    """One demo clinic per thread, kept for as long as this object (the Studio graph) lives."""

    def __init__(self) -> None:
        """Start with no clinic; each thread gets its own on first use."""
        self._by_thread: dict[str, ClinicAPI] = {}
        self._lock = threading.Lock()

    def for_thread(self, thread: str, plan: dict | None) -> ClinicAPI:
        """The thread's clinic, created with ``plan`` the first time the thread calls a tool."""
        with self._lock:
            if thread not in self._by_thread:
                self._by_thread[thread] = ClinicAPI(plan=plan)
            return self._by_thread[thread]

    def serving(self, node: ToolNode) -> Callable[..., dict]:
        """``node`` with the thread's demo clinic in its context whenever the run brought no api."""

        def with_demo_clinic(state: CallState, runtime: Runtime[Context], config: RunnableConfig) -> dict:
            context = runtime.context
            if context.api is None:
                api = self.for_thread(thread_id(config), context.plan)
                runtime = runtime.override(context=replace(context, api=api))
            return node(state, runtime)

        with_demo_clinic.__name__ = node.__name__
        return with_demo_clinic
