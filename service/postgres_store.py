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

from checkpoints.postgres_turn import CallTurn, TurnSaver, one_round_trip, taking_part
from service.store import MAX_TURNS, RECENT, LockedCall, outcome_of


class PostgresCallStore:
    """Calls in PostgreSQL, with an advisory lock per call (several workers, several machines).

    Given the checkpointer (``checkpoints.postgres_turn.TurnSaver``) on the same database, a turn takes part
    in it: the lock reads the call's checkpoint too, and the checkpointer works over the lock's connection.
    """
    def __init__(self, pool: Any, saver: TurnSaver):
        self._pool, self._saver = pool, saver
        self.pool = pool
        """The connection pool, shared with the phone line's tickets (``phone.tickets.PostgresTickets``)."""
        with pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('voice_calls schema', 0))")  # two workers
            conn.execute("CREATE TABLE IF NOT EXISTS voice_calls (call_id TEXT PRIMARY KEY, plan JSONB NOT NULL, "
                         "turns JSONB NOT NULL DEFAULT '[]', created_at TIMESTAMPTZ NOT NULL DEFAULT now())")
            for column, kind in (("channel", "TEXT NOT NULL DEFAULT 'http'"),
                                 ("last_turn", "TIMESTAMPTZ NOT NULL DEFAULT now()"), ("state", "TEXT"),
                                 ("outcome", "TEXT")):
                conn.execute(f"ALTER TABLE voice_calls ADD COLUMN IF NOT EXISTS {column} {kind}")
            conn.execute("CREATE INDEX IF NOT EXISTS voice_calls_last_turn ON voice_calls (last_turn)")
            conn.execute("CREATE TABLE IF NOT EXISTS line_switches (name TEXT PRIMARY KEY, value TEXT NOT NULL)")

    def create(self, call_id: str, plan: dict, channel: str = "http") -> None:
        """Record a new call with its failure plan and the channel it came on."""
        with self._pool.connection() as conn:
            conn.execute("INSERT INTO voice_calls (call_id, plan, channel) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                         (call_id, json.dumps(plan), channel))

    def recent(self, limit: int = RECENT) -> list[dict]:
        """The latest calls, newest first (see ``SqliteCallStore.recent``)."""
        with self._pool.connection() as conn:
            rows = conn.execute("SELECT call_id, channel, created_at, last_turn, state, outcome FROM voice_calls "
                                "ORDER BY created_at DESC LIMIT %s", (limit,)).fetchall()
        return [{"call_id": r[0], "channel": r[1], "started": r[2].isoformat(timespec="seconds"),
                 "last_turn": r[3].isoformat(timespec="seconds"), "state": r[4], "outcome": r[5]} for r in rows]

    def paused(self) -> bool:
        """Whether staff paused automated booking (every worker on this database sees the same)."""
        with self._pool.connection() as conn:
            row = conn.execute("SELECT value FROM line_switches WHERE name = 'paused'").fetchone()
        return row is not None and row[0] == "1"

    def set_paused(self, paused: bool) -> None:
        """Turn automated booking off (True) or back on (False), for every worker from their next turn."""
        with self._pool.connection() as conn:
            conn.execute("INSERT INTO line_switches VALUES ('paused', %s) ON CONFLICT (name) DO UPDATE SET "
                         "value = excluded.value", ("1" if paused else "0",))

    def purge(self, before: float) -> list[str]:
        """Delete the records of calls whose last turn was before ``before`` (a Unix time); their ids."""
        with self._pool.connection() as conn:
            rows = conn.execute("DELETE FROM voice_calls WHERE last_turn < to_timestamp(%s) RETURNING call_id",
                                (before,)).fetchall()
        return [row[0] for row in rows]

    def get(self, call_id: str) -> dict | None:
        """The call's plan and turns, or None for an unknown call."""
        with self._pool.connection() as conn:
            row = conn.execute("SELECT plan, turns FROM voice_calls WHERE call_id = %s", (call_id,)).fetchone()
        return None if row is None else {"plan": row[0], "turns": row[1]}

    def save_turn(self, call_id: str, turn: dict, plan: dict, conn: CallTurn) -> None:
        """Append a turn and store the remaining plan, with the turn's saves (see ``locked``)."""
        conn.execute("UPDATE voice_calls SET turns = CASE WHEN jsonb_array_length(turns) < %s "
                     "THEN turns || %s::jsonb ELSE turns END, plan = %s, last_turn = now(), state = %s, "
                     "outcome = COALESCE(outcome, %s) WHERE call_id=%s",
                     (MAX_TURNS, json.dumps([turn]), json.dumps(plan), turn.get("state"), outcome_of(turn), call_id))

    @contextlib.contextmanager
    def locked(self, call_id: str) -> Iterator[LockedCall]:
        """A session advisory lock on a connection held for the whole turn: any worker, one turn at a time.

        Reads and writes under the lock go through that same connection, so a worker never needs a
        second connection while it holds one (a full pool could otherwise deadlock itself). Two round
        trips a turn (``checkpoints.postgres_turn.one_round_trip``): the lock, then the call's plan and
        checkpoint read under it; then the turn's record and the checkpoint's saves that waited for it in
        one transaction, and the unlock.
        """
        with self._pool.connection() as conn:
            turn = CallTurn(self._saver, conn)  # the record's save waits with the checkpoint's
            try:
                # One statement each: in one message, the reads' snapshots are taken after the lock is held.
                read = one_round_trip(conn, [(_LOCK, (call_id,)), (_PLAN, (call_id,)), (_PAUSED, None),
                                             self._saver.latest(call_id)])
                read.nextset()
                row = read.fetchone()
                read.nextset()
                switch = read.fetchone()
                read.nextset()
                read.row_factory = dict_row
                checkpoint = self._saver.tuple_from(read.fetchone())
            except Exception:
                _let_go(conn, call_id)  # a session lock outlives a failed read: never leave the call locked
                raise
            try:
                with taking_part(turn):
                    yield LockedCall(self, call_id, turn, None if row is None else row[0], read=True,
                                     checkpoint=checkpoint, paused=switch is not None and switch[0] == "1")
            finally:
                try:
                    # Committed before the unlock: a session lock is let go at once, not at the commit,
                    # and the call's next turn (on any worker) must read what this one saved.
                    turn.send((_UNLOCK, (call_id,)))
                except Exception:
                    _let_go(conn, call_id)  # a failed save skips the rest, the unlock too
                    raise


def _let_go(conn: Any, call_id: str) -> None:
    """Roll back what failed, if anything, and let go of the call's lock (if it was not held: nothing)."""
    if conn.info.transaction_status != TransactionStatus.IDLE:
        conn.execute("ROLLBACK")
    conn.execute(_UNLOCK, (call_id,))


_LOCK = "SELECT pg_advisory_lock(hashtextextended(%s, 0))"
_UNLOCK = "SELECT pg_advisory_unlock(hashtextextended(%s, 0))"
_PLAN = "SELECT plan FROM voice_calls WHERE call_id = %s AND channel = 'http'"  # a phone call takes no HTTP turns
_PAUSED = "SELECT value FROM line_switches WHERE name = 'paused'"
