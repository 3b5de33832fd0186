"""A service turn on PostgreSQL in two round trips on one connection: lock and read, then save and unlock.

A turn used to make five round trips on four pooled connections: the call's lock with its plan, LangGraph's
read of the checkpoint, its save of the checkpoint, its save of the pending writes, and the turn's record
with the unlock. Inside ``CallTurn`` (the call store opens one per locked turn):

* the lock's pipeline reads the call's latest checkpoint too (``TurnSaver.latest``), and the agent's first
  read of it is served from there (``graph.read_once``);
* every query the saver makes goes over the lock's connection: no pool checkout;
* on a turn that cannot reach a write (``VoiceAgent`` runs it with ``durability="exit"`` inside
  ``saves_may_wait()``: it saves once, at its end) the saves wait for the turn's end, when the call store
  sends them with the turn's record in one transaction, committed before the unlock: the checkpoint and
  the record are saved together or not at all. A process killed before that loses the turn, as
  ``durability="exit"`` already does (the phone line sends it again). Any read through the saver sends
  what waits first.

A turn that may reach a write (the answer to a read-back) saves each step before the next, as before, in one
round trip a step: the step's task writes wait for its checkpoint (``TurnSaver.put_writes``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from langgraph.checkpoint.postgres import PostgresSaver
from psycopg.rows import dict_row

from checkpoints import saves_may_wait_now

_TURN: ContextVar[CallTurn | None] = ContextVar("postgres_call_turn", default=None)


class CallTurn:
    """One locked turn: its connection, and the saves that wait to go with the turn's record."""

    def __init__(self, saver: TurnSaver, conn: Any):
        self.saver, self.conn = saver, conn
        self.waiting: list[tuple[str, list[Any]]] = []
        """Statements (SQL, rows of parameters) the saver made but has not sent yet, in order."""
        self.recording = False
        """A save that may wait is being made (put() and put_writes() make no reads)."""

    # While a save waits the turn stands in for the saver's cursor, and the call store adds the turn's record
    # the same way: all of it goes to the server in one transaction when the turn ends.
    def execute(self, sql: str, params: Any = None) -> None:
        """Add a statement to what waits."""
        self.waiting.append((sql, [params]))

    def executemany(self, sql: str, rows: Any) -> None:
        """Add a statement run once per row to what waits."""
        self.waiting.append((sql, list(rows)))

    def send_waiting(self, cursor: Any) -> None:
        """Execute the waiting saves on ``cursor`` (in the caller's pipeline), in the order they were made."""
        for sql, rows in self.waiting:
            cursor.executemany(sql, rows)
        self.waiting.clear()

    def commit_waiting(self) -> None:
        """Send what waits as one transaction on the turn's connection (in the caller's pipeline), if anything."""
        if self.waiting:
            self.conn.execute("BEGIN")
            with self.conn.cursor() as cursor:
                self.send_waiting(cursor)
            self.conn.execute("COMMIT")


@contextlib.contextmanager
def taking_part(turn: CallTurn) -> Iterator[CallTurn]:
    """Within this block (one thread), ``turn.saver`` works over ``turn.conn``."""
    token = _TURN.set(turn)
    try:
        yield turn
    finally:
        _TURN.reset(token)


class TurnSaver(PostgresSaver):
    """LangGraph's ``PostgresSaver``, which takes part in the ``CallTurn`` of its thread (see the module)."""

    def latest(self, thread_id: str) -> tuple[str, tuple]:
        """The query (SQL, parameters) that reads ``thread_id``'s latest checkpoint, as ``get_tuple`` does."""
        where = "WHERE thread_id = %s AND checkpoint_ns = %s ORDER BY checkpoint_id DESC LIMIT 1"
        return self.SELECT_SQL + where, (thread_id, "")

    def tuple_from(self, row: dict | None) -> Any:
        """The checkpoint tuple of a row that ``latest`` read (None: nothing saved yet)."""
        if row is not None and row["checkpoint"]["v"] < 4:  # an old format: get_tuple migrates it
            return self.get_tuple({"configurable": {"thread_id": row["thread_id"], "checkpoint_ns": ""}})
        return None if row is None else self._load_checkpoint_tuple(row)

    def put(self, *args: Any, **kwargs: Any) -> Any:
        """``PostgresSaver.put``; inside ``saves_may_wait()`` on a turn, the save waits for the turn's end."""
        with self._waiting_if_allowed():
            return super().put(*args, **kwargs)

    def put_writes(self, *args: Any, **kwargs: Any) -> None:
        """``PostgresSaver.put_writes``; on a turn they wait for its next save or read, or its end.

        A step's task writes are saved as it finishes, and its checkpoint as the step ends, at once: sent
        together, the two make one round trip where they made two (the read-back's answer, which saves each
        step, makes three steps). Nothing new can be lost: a process killed before they are sent loses the
        step's writes, as one killed between the two saves always could (the step is run again on resume;
        a write there replays by its idempotency key, or goes to a person where the backend takes none).
        """
        with self._waiting_if_allowed(on_any_turn=True):
            super().put_writes(*args, **kwargs)

    @contextlib.contextmanager
    def _waiting_if_allowed(self, on_any_turn: bool = False) -> Iterator[None]:
        turn = _TURN.get()
        if turn is None or turn.saver is not self or not (on_any_turn or saves_may_wait_now()):
            yield
            return
        turn.recording = True
        try:
            yield
        finally:
            turn.recording = False

    @contextlib.contextmanager
    def _cursor(self, *, pipeline: bool = False) -> Iterator[Any]:
        turn = _TURN.get()
        if turn is None or turn.saver is not self:
            with super()._cursor(pipeline=pipeline) as cursor:
                yield cursor
            return
        if turn.recording:
            yield turn
            return
        with contextlib.ExitStack() as stack:
            if pipeline or turn.waiting:
                stack.enter_context(turn.conn.pipeline())
            cursor = stack.enter_context(turn.conn.cursor(binary=True, row_factory=dict_row))
            turn.send_waiting(cursor)  # a read sees what this turn saved
            yield cursor
