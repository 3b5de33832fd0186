"""What the adapter keeps and reads about a call's thread: its turn lock, and the question it waits at."""

from __future__ import annotations

import threading
import weakref
from typing import Any

from dialog.state import Prompt

INTERRUPT = "__interrupt__"  # the channel LangGraph records interrupts in (its own constant is private)


class _CallLock:
    """One call's turn lock (a class, so the table below can hold it weakly)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()


# The turns of one call must not overlap (two "yes" at once would write twice on a backend without
# idempotency keys), whichever agent object in this process takes them; a lock is freed with its agents.
_call_locks: weakref.WeakValueDictionary[str, _CallLock] = weakref.WeakValueDictionary()
_call_locks_guard = threading.Lock()


def lock_for(thread_id: str) -> _CallLock:
    """The turn lock of the call on ``thread_id``, shared by every agent of that call in this process."""
    with _call_locks_guard:
        found = _call_locks.get(thread_id)
        if found is None:
            found = _call_locks[thread_id] = _CallLock()
        return found


def question_waiting(saved: Any) -> Prompt | None:
    """The prompt a call waits at, from its latest checkpoint tuple (None: not waiting, or no checkpoint).

    The same answer as ``get_state().interrupts`` (the interrupts its tasks recorded in the checkpoint's
    pending writes) without building a whole snapshot (~0.3 ms a turn); anything else takes get_state.
    """
    for _task, channel, value in (saved.pending_writes or ()) if saved else ():
        if channel == INTERRUPT and value:
            return (value[0] if isinstance(value, list | tuple) else value).value
    return None
