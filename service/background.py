"""What a worker does besides answering turns: pruning ended calls' histories, handing freed memory back."""

from __future__ import annotations

import ctypes
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

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


DAY = 86_400.0


def purge_once(calls: Any, checkpointer: Any, open_calendar: Callable[[], Any], retention: Any,
               now: float | None = None) -> dict[str, int]:
    """Delete what is past the clinic's retention (``[retention]``): {"transcripts": n, "records": m} deleted.

    A call whose last turn is older than ``transcripts_days`` loses its record (the transcript and the stored
    replies) and its checkpoints (the dialog state, which holds the last words heard). The calendar's own purge,
    if it has one, deletes the records it keeps for the line (callback requests, cancel records) older than
    ``records_days``; appointments are the clinic's and stay.
    """
    now = time.time() if now is None else now
    gone = calls.purge(now - retention.transcripts_days * DAY)
    for call_id in gone:
        checkpointer.delete_thread(call_id)
    records = 0
    calendar = open_calendar()
    try:
        purge = getattr(calendar, "purge_records", None)
        if callable(purge):
            records = int(purge(now - retention.records_days * DAY))
    finally:
        close = getattr(calendar, "close", None)
        if callable(close):
            close()
    return {"transcripts": len(gone), "records": records}


class Purger:
    """Runs ``purge_once`` on a thread of its own: at the worker's start, then every ``every`` seconds (0: never)."""

    def __init__(self, calls: Any, checkpointer: Any, open_calendar: Callable[[], Any], retention: Any,
                 every: float = 3600.0):
        self._work = lambda: purge_once(calls, checkpointer, open_calendar, retention)
        self._every, self._stop = every, threading.Event()
        self._thread = threading.Thread(target=self._run, name="purger", daemon=True)
        if every > 0:
            self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                done = self._work()
                if any(done.values()):
                    log.info("retention: deleted %d call transcripts and %d records", done["transcripts"],
                             done["records"])
            except Exception as failed:  # the store or the calendar is down: /health says so; try again later
                log.warning("retention purge failed (%s); it runs again in %g s", type(failed).__name__, self._every)
            self._stop.wait(self._every)

    def close(self) -> None:
        """Stop (a purge under way finishes first)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(10)
