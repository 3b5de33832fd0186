"""Studio's clinics: Studio sends its run context as JSON, so it cannot pass a clinic API object.

``build_graph(demo_clinics=DemoClinics())`` gives each thread its own calendar, opened on first use from
the clinic's configuration (``CLINIC_CONFIG``; without one the demo clinic) with the failure ``plan`` of
the run's context, and hands it to the tool nodes through the run's ``Context`` like any other
dependency; every node gets the configured clinic's profile unless the run brings its own. A run that
brings its own ``api`` keeps it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from dialog.config import DEMO_CONFIG, ClinicConfig
from dialog.config_file import config_from_env
from dialog.context import Context
from dialog.profile import ClinicProfile
from dialog.state import CallState, CallUpdate
from graph.speedups.three_channels import uniform_call
from nodes.common import thread_id

ToolNode = Callable[..., CallUpdate]


class DemoClinics:
    """One calendar per thread, kept for as long as this object (the Studio graph) lives."""

    def __init__(self, config: ClinicConfig | None = None) -> None:
        """Start with no calendar; each thread gets its own on first use. ``config``: default ``CLINIC_CONFIG``."""
        self._config = config
        self._by_thread: dict[str, Any] = {}
        self._lock = threading.Lock()

    @property
    def config(self) -> ClinicConfig:
        """The clinic's configuration, read on first use (importing the graph never reads a file)."""
        if self._config is None:
            self._config = config_from_env() or DEMO_CONFIG
        return self._config

    def for_thread(self, thread: str, plan: dict | None) -> Any:
        """The thread's calendar, opened with ``plan`` the first time the thread calls a tool."""
        with self._lock:
            if thread not in self._by_thread:
                self._by_thread[thread] = self.config.open_calendar(plan=plan)
            return self._by_thread[thread]

    def serving(self, node: ToolNode, tools: bool = True) -> Callable[..., CallUpdate]:
        """``node`` with the configured profile and (``tools``) the thread's calendar, unless the run has its own."""
        call = uniform_call(node)

        def with_demo_clinic(state: CallState, runtime: Runtime[Context], config: RunnableConfig) -> CallUpdate:
            context = runtime.context
            if context.profile == ClinicProfile():  # the run brought no profile of its own
                context = replace(context, profile=self.config.profile)
            if tools and context.api is None:
                context = replace(context, api=self.for_thread(thread_id(config), context.plan))
            return call(state, runtime.override(context=context), config)

        with_demo_clinic.__name__ = node.__name__
        return with_demo_clinic
