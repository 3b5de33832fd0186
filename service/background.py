"""What a worker does besides answering turns: pruning ended calls' histories, handing freed memory back."""

from __future__ import annotations

import ctypes
import logging
import queue
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class Pruner:
    """Prunes ended calls' checkpoint history on a thread of its own, the calls of a second at a time.

    ``prune(call_ids)`` does the work (``checkpoints.keep_only_latest``). One call at a time, right after its
    reply, cost a loaded worker ~1.6 ms and PostgreSQL ~1.8 ms of every turn; gathered, the calls that end
    within ``gather_seconds`` go to the database as one statement. A batch the database refuses (two
    workers pruning one call at once) is tried once more, then logged and left: the history stays, the
    call's final state is never at risk. ``close()`` prunes what is waiting, then stops.
    """

    def __init__(self, prune: Callable[[list[str]], object], gather_seconds: float = 1.0):
        if gather_seconds < 0:
            raise ValueError(f"gather_seconds must be 0 or more, got {gather_seconds}")
        self._prune, self._gather = prune, gather_seconds
        self._waiting: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="pruner", daemon=True)
        self._thread.start()

    def add(self, call_id: str) -> None:
        """Prune this ended call with the next batch."""
        self._waiting.put(call_id)

    def close(self, timeout: float = 30.0) -> None:
        """Prune the calls still waiting, then stop the thread."""
        self._waiting.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            first = self._waiting.get()
            if first is None:
                return
            batch, stopping = {first}, False
            deadline = time.monotonic() + self._gather
            while not stopping:
                try:
                    call_id = self._waiting.get(timeout=max(deadline - time.monotonic(), 0.0))
                except queue.Empty:
                    break
                stopping = call_id is None
                if call_id is not None:
                    batch.add(call_id)
            self._prune_batch(sorted(batch))
            if stopping:
                return

    def _prune_batch(self, call_ids: list[str]) -> None:
        for attempt in (1, 2):
            try:
                self._prune(call_ids)
                return
            except Exception:
                if attempt == 2:
                    log.warning("could not prune the history of ended calls %s", ", ".join(call_ids),
                                exc_info=True)


class HeapTrimmer:
    """Gives freed heap back to the system now and then.

    Each turn allocates and frees a few hundred KB (a graph run, JSON, SQLite rows) and glibc keeps the
    freed pages in its arenas; trimming every 200 turns hands them back. (The worker's growth over many
    calls was something else: each turn's clinic connection, and its page cache, lived until the cycle
    collector ran; ``agent_for`` now closes it.) Elsewhere than glibc this does nothing.
    """

    def __init__(self, every: int):
        self.every, self.turns = every, 0
        self._lock = threading.Lock()
        try:
            self._trim = ctypes.CDLL("libc.so.6").malloc_trim if every > 0 else None
        except (OSError, AttributeError):
            self._trim = None

    def turn_taken(self) -> None:
        """Count one turn; every ``every`` turns, trim."""
        if self._trim is None:
            return
        with self._lock:
            self.turns += 1
            due = self.turns % self.every == 0
        if due:
            self._trim(0)
