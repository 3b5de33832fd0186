"""Where the call service keeps what is not in the graph's checkpoints.

That is each call's failure plan and turn history, and the per-call lock that serialises two turns
of one call arriving at once. Workers hold no call state: everything is here or in the checkpointer,
so any worker takes any turn. PostgreSQL (several workers): a table and ``pg_advisory_lock``
(``service.postgres_store``).
SQLite (one machine): a table and a ``flock`` per call, which holds across processes too.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import sqlite3
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from graph.speedups import one_checkpoint_read as read_once

MAX_TURNS = 200
"""The most turns a call's history keeps; later ones are answered and not stored (a call is a few dozen turns)."""


def new_call_id() -> str:
    """A fresh, unguessable call id."""
    return f"call-{uuid.uuid4().hex}"


LOCK_STRIPES = 1024
"""How many lock files a SQLite call store uses (calls are spread over them by a hash of their id)."""


class LockedCall:
    """One call while its lock is held: read its plan and save its turn through the lock's own connection."""

    def __init__(self, store: Any, call_id: str, conn: Any, plan: dict | None = None, read: bool = False,
                 checkpoint: Any = read_once.NOT_READ):
        self._store, self._call_id, self._conn = store, call_id, conn
        self._plan, self._read, self._checkpoint = plan, read, checkpoint

    def plan(self) -> dict | None:
        """The call's failure plan as the previous turn left it (read under the lock), or None: no such call."""
        if not self._read:
            self._plan, self._read = self._store.plan(self._call_id), True
        return self._plan

    def save_turn(self, turn: dict, plan: dict) -> None:
        """Append a turn and store the remaining plan, through the lock's connection."""
        self._store.save_turn(self._call_id, turn, plan, conn=self._conn)
        self._plan = plan

    def first_read(self) -> contextlib.AbstractContextManager:
        """Within this block the agent's first read of the call's checkpoint is the one the lock made, if any."""
        return read_once.hand_over(self._call_id, self._checkpoint)


class SqliteCallStore:
    """Calls in a SQLite file, with a flock per call (one machine, several processes)."""
    def __init__(self, path: str):
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, timeout=30, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # as the checkpoints: a power cut may lose the last turns
        self._db.execute("CREATE TABLE IF NOT EXISTS voice_calls (call_id TEXT PRIMARY KEY, plan TEXT NOT NULL, "
                         "turns TEXT NOT NULL DEFAULT '[]')")
        self._locks_dir = Path(path + ".locks")
        self._locks_dir.mkdir(exist_ok=True)
        self._guard = threading.Lock()

    def create(self, call_id: str, plan: dict) -> None:
        """Record a new call with its failure plan."""
        with self._guard:
            self._db.execute("INSERT INTO voice_calls (call_id, plan) VALUES (?, ?)", (call_id, json.dumps(plan)))

    def get(self, call_id: str) -> dict | None:
        """The call's plan and turns, or None for an unknown call."""
        with self._guard:
            row = self._db.execute("SELECT plan, turns FROM voice_calls WHERE call_id=?", (call_id,)).fetchone()
        return None if row is None else {"plan": json.loads(row[0]), "turns": json.loads(row[1])}

    def plan(self, call_id: str) -> dict | None:
        """The call's failure plan, or None for an unknown call."""
        with self._guard:
            row = self._db.execute("SELECT plan FROM voice_calls WHERE call_id=?", (call_id,)).fetchone()
        return None if row is None else json.loads(row[0])

    def save_turn(self, call_id: str, turn: dict, plan: dict, conn: Any = None) -> None:
        """Append a turn and store the remaining plan."""
        with self._guard:
            turns = json.loads(self._db.execute("SELECT turns FROM voice_calls WHERE call_id=?",
                                                (call_id,)).fetchone()[0])
            kept = [*turns, turn] if len(turns) < MAX_TURNS else turns
            self._db.execute("UPDATE voice_calls SET turns=?, plan=? WHERE call_id=?",
                             (json.dumps(kept), json.dumps(plan), call_id))

    @contextlib.contextmanager
    def locked(self, call_id: str) -> Iterator[LockedCall]:
        """Hold the call's lock for one turn.

        Locks are striped over a fixed set of files (a call's stripe from a hash of its id), so the lock
        directory stays the same size however many calls the worker takes; two calls that share a stripe
        only wait for each other's turns, they never mix.
        """
        name = f"{int(hashlib.sha256(call_id.encode()).hexdigest(), 16) % LOCK_STRIPES:04d}.lock"
        with open(self._locks_dir / name, "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield LockedCall(self, call_id, None)
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
