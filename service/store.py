"""Where the call service keeps what is not in the graph's checkpoints.

That is each call's failure plan and turn history, and the per-call lock that serialises two turns
of one call arriving at once. Workers hold no call state: everything is here or in the checkpointer,
so any worker takes any turn. PostgreSQL (several workers): a table and ``pg_advisory_lock``.
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

from psycopg.pq import TransactionStatus
from psycopg.rows import dict_row

from checkpoints.postgres_turn import CallTurn, TurnSaver, taking_part
from graph import read_once


def new_call_id() -> str:
    """A fresh, unguessable call id."""
    return f"call-{uuid.uuid4().hex}"


_NOT_READ = object()
LOCK_STRIPES = 1024
"""How many lock files a SQLite call store uses (calls are spread over them by a hash of their id)."""


class LockedCall:
    """One call while its lock is held: read its plan and save its turn through the lock's own connection."""

    def __init__(self, store: Any, call_id: str, conn: Any, plan: dict | None = None, read: bool = False,
                 checkpoint: Any = _NOT_READ):
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
        if self._checkpoint is _NOT_READ:
            return contextlib.nullcontext()
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
            self._db.execute("UPDATE voice_calls SET turns=?, plan=? WHERE call_id=?",
                             (json.dumps([*turns, turn]), json.dumps(plan), call_id))

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


class PostgresCallStore:
    """Calls in PostgreSQL, with an advisory lock per call (several workers, several machines).

    Given the checkpointer (``checkpoints.postgres_turn.TurnSaver``) on the same database, a turn takes part
    in it: the lock reads the call's checkpoint too, and the checkpointer works over the lock's connection.
    """
    def __init__(self, pool: Any, saver: TurnSaver):
        self._pool, self._saver = pool, saver
        with pool.connection() as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS voice_calls (call_id TEXT PRIMARY KEY, plan JSONB NOT NULL, "
                         "turns JSONB NOT NULL DEFAULT '[]', created_at TIMESTAMPTZ NOT NULL DEFAULT now())")

    def create(self, call_id: str, plan: dict) -> None:
        """Record a new call with its failure plan."""
        with self._pool.connection() as conn:
            conn.execute("INSERT INTO voice_calls (call_id, plan) VALUES (%s, %s)", (call_id, json.dumps(plan)))

    def get(self, call_id: str) -> dict | None:
        """The call's plan and turns, or None for an unknown call."""
        with self._pool.connection() as conn:
            row = conn.execute("SELECT plan, turns FROM voice_calls WHERE call_id=%s", (call_id,)).fetchone()
        return None if row is None else {"plan": row[0], "turns": row[1]}

    def save_turn(self, call_id: str, turn: dict, plan: dict, conn: Any = None) -> None:
        """Append a turn and store the remaining plan."""
        with contextlib.nullcontext(conn) if conn is not None else self._pool.connection() as conn:
            conn.execute("UPDATE voice_calls SET turns = turns || %s::jsonb, plan = %s WHERE call_id=%s",
                         (json.dumps([turn]), json.dumps(plan), call_id))

    @contextlib.contextmanager
    def locked(self, call_id: str) -> Iterator[LockedCall]:
        """A session advisory lock on a connection held for the whole turn: any worker, one turn at a time.

        Reads and writes under the lock go through that same connection, so a worker never needs a
        second connection while it holds one (a full pool could otherwise deadlock itself). Two round
        trips a turn (pipelines: in order, one each): the lock with the call's plan and checkpoint; then
        the turn's record and the checkpoint's saves that waited for it (``checkpoints.postgres_turn``) in
        one transaction, and the unlock.
        """
        with self._pool.connection() as conn:
            with conn.pipeline():
                conn.execute(_LOCK, (call_id,))
                found = conn.execute("SELECT plan FROM voice_calls WHERE call_id=%s", (call_id,))
                latest = conn.cursor(binary=True, row_factory=dict_row)
                latest.execute(*self._saver.latest(call_id))
            row = found.fetchone()
            turn = CallTurn(self._saver, conn)  # the record's save waits with the checkpoint's
            try:
                with taking_part(turn):
                    yield LockedCall(self, call_id, turn, None if row is None else row[0], read=True,
                                     checkpoint=self._saver.tuple_from(latest.fetchone()))
            finally:
                try:
                    with conn.pipeline():
                        if turn.waiting:
                            # Committed before the unlock: a session lock is let go at once, not at the commit,
                            # and the call's next turn (on any worker) must read what this one saved.
                            conn.execute("BEGIN")
                            with conn.cursor() as cursor:
                                turn.send_waiting(cursor)
                            conn.execute("COMMIT")
                        conn.execute(_UNLOCK, (call_id,))
                except Exception:
                    if conn.info.transaction_status != TransactionStatus.IDLE:
                        conn.execute("ROLLBACK")
                    conn.execute(_UNLOCK, (call_id,))  # a failed save skips the rest: never leave the call locked
                    raise


_LOCK = "SELECT pg_advisory_lock(hashtextextended(%s, 0))"
_UNLOCK = "SELECT pg_advisory_unlock(hashtextextended(%s, 0))"
