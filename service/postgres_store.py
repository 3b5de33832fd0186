"""The call store on PostgreSQL: several workers, several machines (see ``service.store``).

Imported only when ``DATABASE_URL`` is a PostgreSQL URL: psycopg and LangGraph's PostgreSQL saver add ~11 MB
to a worker that does not use them.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

from psycopg.pq import TransactionStatus
from psycopg.rows import dict_row

from checkpoints.postgres_turn import CallTurn, TurnSaver, taking_part
from service.store import LockedCall


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

    def save_turn(self, call_id: str, turn: dict, plan: dict, conn: CallTurn) -> None:
        """Append a turn and store the remaining plan, with the turn's saves (see ``locked``)."""
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
                        # Committed before the unlock: a session lock is let go at once, not at the commit,
                        # and the call's next turn (on any worker) must read what this one saved.
                        turn.commit_waiting()
                        conn.execute(_UNLOCK, (call_id,))
                except Exception:
                    if conn.info.transaction_status != TransactionStatus.IDLE:
                        conn.execute("ROLLBACK")
                    conn.execute(_UNLOCK, (call_id,))  # a failed save skips the rest: never leave the call locked
                    raise


_LOCK = "SELECT pg_advisory_lock(hashtextextended(%s, 0))"
_UNLOCK = "SELECT pg_advisory_unlock(hashtextextended(%s, 0))"
