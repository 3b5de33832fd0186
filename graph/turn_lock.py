"""One turn of a call at a time, whichever agent object in this process takes it."""

from __future__ import annotations

import threading
import weakref


class TurnLock:
    """One call's turn lock (a class, so the table below can hold it weakly)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()


# The turns of one call must not overlap (two "yes" at once would write twice on a backend without
# idempotency keys); a lock is freed with the last agent of its call.
_turn_locks: weakref.WeakValueDictionary[str, TurnLock] = weakref.WeakValueDictionary()
_turn_locks_guard = threading.Lock()


def turn_lock(thread_id: str) -> TurnLock:
    """The turn lock of the call on ``thread_id``, shared by every agent of that call in this process."""
    with _turn_locks_guard:
        found = _turn_locks.get(thread_id)
        if found is None:
            found = _turn_locks[thread_id] = TurnLock()
        return found
