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
import time
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
                 checkpoint: Any = read_once.NOT_READ, paused: bool | None = None):
        self._store, self._call_id, self._conn = store, call_id, conn
        self._plan, self._read, self._checkpoint = plan, read, checkpoint
        self._paused = paused

    def paused(self) -> bool:
        """Whether staff have paused automated booking, as this turn finds it (read with the lock, if it was)."""
        if self._paused is None:
            self._paused = self._store.paused()
        return self._paused

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


RECENT = 100
"""How many calls staff's list of recent calls shows at most."""
_COLUMNS = {"channel": "TEXT NOT NULL DEFAULT 'http'", "started": "REAL NOT NULL DEFAULT 0",
            "last_turn": "REAL NOT NULL DEFAULT 0", "state": "TEXT", "outcome": "TEXT"}


def outcome_of(turn: dict) -> str | None:
    """How a call ended, from the turn that ended it, in a word for staff's list; None while it goes on."""
    state = turn.get("state")
    if state not in ("DONE", "HANDOFF"):
        return None
    written = [f"{call['tool']}:{call['outcome']}" for call in turn.get("calls", ())
               if call.get("tool") in ("book", "cancel", "request_callback")]
    return ", ".join(written) or ("handed to staff" if state == "HANDOFF" else "ended")


class SqliteCallStore:
    """Calls in a SQLite file, with a flock per call (one machine, several processes)."""
    def __init__(self, path: str):
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, timeout=30, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # as the checkpoints: a power cut may lose the last turns
        self._db.execute("CREATE TABLE IF NOT EXISTS voice_calls (call_id TEXT PRIMARY KEY, plan TEXT NOT NULL, "
                         "turns TEXT NOT NULL DEFAULT '[]')")
        have = {row[1] for row in self._db.execute("PRAGMA table_info(voice_calls)")}
        for column, kind in _COLUMNS.items():  # a store made by an earlier version gets the new columns
            if column not in have:
                self._db.execute(f"ALTER TABLE voice_calls ADD COLUMN {column} {kind}")
        self._db.execute("CREATE INDEX IF NOT EXISTS voice_calls_last_turn ON voice_calls (last_turn)")
        self._db.execute("CREATE TABLE IF NOT EXISTS line_switches (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
        self._locks_dir = Path(path + ".locks")
        self._locks_dir.mkdir(exist_ok=True)
        self._guard = threading.Lock()

    def create(self, call_id: str, plan: dict, channel: str = "http") -> None:
        """Record a new call with its failure plan and the channel it came on."""
        now = time.time()
        with self._guard:
            # A call the line takes back (after an unanswered transfer) is recorded already: it keeps its record.
            self._db.execute("INSERT INTO voice_calls (call_id, plan, channel, started, last_turn) "
                             "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                             (call_id, json.dumps(plan), channel, now, now))

    def recent(self, limit: int = RECENT) -> list[dict]:
        """The latest calls, newest first: id, channel, when it started and last took a turn, state, outcome."""
        with self._guard:
            rows = self._db.execute("SELECT call_id, channel, started, last_turn, state, outcome FROM voice_calls "
                                    "ORDER BY started DESC LIMIT ?", (limit,)).fetchall()
        return [_listed(*row) for row in rows]

    def paused(self) -> bool:
        """Whether staff paused automated booking (shared by every worker on this store)."""
        with self._guard:
            row = self._db.execute("SELECT value FROM line_switches WHERE name = 'paused'").fetchone()
        return row is not None and row[0] == "1"

    def set_paused(self, paused: bool) -> None:
        """Turn automated booking off (True) or back on (False), for every worker from their next turn."""
        with self._guard:
            self._db.execute("INSERT INTO line_switches VALUES ('paused', ?) ON CONFLICT (name) DO UPDATE SET "
                             "value = excluded.value", ("1" if paused else "0",))

    def purge(self, before: float) -> list[str]:
        """Delete the transcripts (the whole record) of calls whose last turn was before ``before``; their ids."""
        with self._guard:
            rows = self._db.execute("DELETE FROM voice_calls WHERE last_turn < ? RETURNING call_id",
                                    (before,)).fetchall()
        return [row[0] for row in rows]

    def get(self, call_id: str) -> dict | None:
        """The call's plan and turns, or None for an unknown call."""
        with self._guard:
            row = self._db.execute("SELECT plan, turns FROM voice_calls WHERE call_id=?", (call_id,)).fetchone()
        return None if row is None else {"plan": json.loads(row[0]), "turns": json.loads(row[1])}

    def plan(self, call_id: str) -> dict | None:
        """The call's failure plan, or None for an unknown call."""
        with self._guard:
            # Only an HTTP call takes turns over HTTP: a phone call's id (in staff's list) lets no stranger drive it.
            row = self._db.execute("SELECT plan FROM voice_calls WHERE call_id=? AND channel='http'",
                                   (call_id,)).fetchone()
        return None if row is None else json.loads(row[0])

    def save_turn(self, call_id: str, turn: dict, plan: dict, conn: Any = None) -> None:
        """Append a turn and store the remaining plan."""
        with self._guard:
            turns = json.loads(self._db.execute("SELECT turns FROM voice_calls WHERE call_id=?",
                                                (call_id,)).fetchone()[0])
            kept = [*turns, turn] if len(turns) < MAX_TURNS else turns
            self._db.execute("UPDATE voice_calls SET turns=?, plan=?, last_turn=?, state=?, "
                             "outcome=COALESCE(outcome, ?) WHERE call_id=?",
                             (json.dumps(kept), json.dumps(plan), time.time(), turn.get("state"), outcome_of(turn),
                              call_id))

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


def _listed(call_id: str, channel: str, started: float, last_turn: float, state: str | None,
            outcome: str | None) -> dict:
    return {"call_id": call_id, "channel": channel, "started": _when(started), "last_turn": _when(last_turn),
            "state": state, "outcome": outcome}


def _when(seconds: float) -> str | None:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds") if seconds else None
