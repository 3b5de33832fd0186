"""Caller turns run a few at a time, in order of arrival; a turn waiting out a retry gives its slot up.

A worker is one Python process: sixteen turns side by side each take sixteen times as long, so only
``turns_at_once`` run and the rest queue (``benchmarks/load.py``). A read tool that timed out is retried
after a wait (0.5 s, then 1 s): a turn that held its slot through the wait made every caller behind it wait
too (eight calls with scripted timeouts kept an ordinary caller ~6 s from "hello"). The wait happens on
the turn's own thread with its slot released, and the turn queues again for a slot when it wakes.

A sleeping turn still holds its call's lock, and on PostgreSQL the connection that holds it: turns in flight
(working or asleep) are bounded by ``in_flight`` (the call store's pool less one), so a turn holding a slot
never waits for a connection that only a sleeping turn could give back.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

class TurnSlots:
    """``turns_at_once`` slots, ``in_flight`` turns at most; ``sleep`` releases the caller's slot while it waits."""

    def __init__(self, turns_at_once: int, sleep: Callable[[float], Any], in_flight: int):
        if turns_at_once < 1:
            raise ValueError(f"turns_at_once (SERVICE_TURNS_AT_ONCE) must be at least 1, got {turns_at_once}")
        in_flight = max(in_flight, turns_at_once)
        self._slots = threading.Semaphore(turns_at_once)  # a Condition underneath: waiters wake in FIFO order
        self._flights = threading.Semaphore(in_flight)
        self._sleep = sleep
        self._holding = threading.local()
        self.threads = ThreadPoolExecutor(in_flight, thread_name_prefix="turn")

    def run(self, work: Callable[..., T], *args: Any) -> T:
        """Run ``work`` in flight and holding a slot (called on one of the pool's threads)."""
        with self._flights, self._slots:
            self._holding.slot = True
            try:
                return work(*args)
            finally:
                self._holding.slot = False

    def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` without holding a slot (outside a turn, just wait)."""
        if not getattr(self._holding, "slot", False):
            self._sleep(seconds)
            return
        self._slots.release()
        self._holding.slot = False
        try:
            self._sleep(seconds)
        finally:
            self._slots.acquire()
            self._holding.slot = True

    def shutdown(self) -> None:
        """Finish the turns taken, then stop the threads."""
        self.threads.shutdown(wait=True)
