"""A service turn on PostgreSQL in two round trips on one connection: lock and read, then save and unlock.

A turn used to make five round trips on four pooled connections: the call's lock with its plan, LangGraph's
read of the checkpoint, its save of the checkpoint, its save of the pending writes, and the turn's record
with the unlock. Inside ``CallTurn`` (the call store opens one per locked turn):

* the lock's round trip reads the call's latest checkpoint too (``TurnSaver.latest``), and the agent's first
  read of it is served from there (``graph.speedups.one_checkpoint_read``);
* every query the saver makes goes over the lock's connection: no pool checkout;
* inside ``saves_may_wait()`` (``VoiceAgent`` runs every turn in it) the saves wait for the turn's end, when
  the call store sends them with the turn's record in one transaction, committed before the unlock: the
  checkpoint and the record are saved together or not at all. A process killed before that loses the turn
  (the phone line sends it again). Any read through the saver sends what waits first.
* except the save after which a write may run (``checkpoints.save_may_wait``): the answer to a read-back is
  on the server before the clinic is asked to book, in one round trip with what waited. A process killed
  after the booking and before the turn's end resumes from that save, with the booking's step to run again:
  it replays by its idempotency key, or goes to a person where the backend takes none, as a process killed
  between the booking and its own save always could.

Each round trip is one script (``one_round_trip``): the statements, their parameters bound by psycopg on
the client, sent as one message. A pipeline made the same single round trip, but psycopg's per-statement
work in Python (~0.15 ms a statement; a turn sends about ten) was a tenth of a loaded worker's time.
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from typing import Any

from langgraph.checkpoint.postgres import PostgresSaver
from psycopg import ClientCursor
from psycopg.adapt import Transformer
from psycopg.errors import DuplicatePreparedStatement, InvalidSqlStatementName
from psycopg.rows import dict_row

from checkpoints.waiting_saves import save_may_wait

_TURN: ContextVar[CallTurn | None] = ContextVar("postgres_call_turn", default=None)

Statement = tuple[str, Any]
"""A statement to send: (SQL with ``%s`` placeholders, its parameters or None)."""


def one_round_trip(conn: Any, statements: Sequence[Statement]) -> ClientCursor[Any]:
    """Execute ``statements`` in order as one message: one round trip, whatever their number.

    The parameters are bound on the client, quoted by psycopg's own adapters (as ``ClientCursor.mogrify``
    quotes them), which is what lets several statements share a message (the simple query protocol). A
    statement with parameters runs as a prepared statement of its connection (``EXECUTE``): sent as text,
    the checkpoint's read was planned again on every turn (PostgreSQL's CPU a turn went from ~1.8 to ~2.6
    ms). The cursor comes back on the first statement's result; ``nextset()`` moves to the next. A failing
    statement skips the rest.
    """
    cursor: ClientCursor[Any] = ClientCursor(conn)
    _prepare(cursor, [sql for sql, params in statements if params is not None])
    # Each parameter quoted as ClientCursor.mogrify quotes it (the same output), without its parse and
    # format of the statement's text: half the time, and mogrify was ~0.5 ms of a loaded worker's turn.
    quoting = Transformer(conn)
    script = ";\n".join(sql if params is None else _execute(sql, [quoting.as_literal(p).decode(quoting.encoding)
                                                                for p in params])
                        for sql, params in statements)
    try:
        cursor.execute(script)
    except InvalidSqlStatementName:
        # The server forgot this connection's statements (a DISCARD ALL or DEALLOCATE ALL sent by someone
        # else): this round trip fails (the caller rolls back and lets go of the call), the next prepares again.
        with _PREPARING:
            _PREPARED.pop(cursor.connection, None)
        raise
    return cursor


_NAMES: dict[str, str] = {}
"""Each statement's prepared name, the same on every connection (the saver's and the store's SQL: a few)."""
_PREPARED: weakref.WeakKeyDictionary[Any, set[str]] = weakref.WeakKeyDictionary()
"""The statements prepared on each connection (a prepared statement lives as long as its connection)."""
_PREPARING = threading.Lock()


def _prepare(cursor: ClientCursor, statements: list[str]) -> None:
    """Prepare those of ``statements`` that its connection has not: once each, in a round trip of its own.

    On its own, outside the turn's transaction: a PREPARE is not undone by a rollback, so one sent with the
    turn could be left behind when the turn failed, and preparing it again would fail. One found already
    prepared under its name (which only ever names that SQL) is taken as it is.
    """
    with _PREPARING:
        prepared = _PREPARED.setdefault(cursor.connection, set())
        new = [sql for sql in dict.fromkeys(statements) if sql not in prepared]
        for sql in new:
            _NAMES.setdefault(sql, f"voice_turn_{len(_NAMES)}")
    for sql in new:
        with contextlib.suppress(DuplicatePreparedStatement):
            cursor.execute(f"PREPARE {_NAMES[sql]} AS {_numbered(sql)}")
        with _PREPARING:
            prepared.add(sql)


def _numbered(sql: str) -> str:
    """``sql`` with its ``%s`` placeholders numbered as a PREPARE takes them: ``$1``, ``$2``..."""
    if "%%" in sql or "%(" in sql:
        raise ValueError(f"a statement of a turn takes %s placeholders only: {sql[:80]!r}")
    pieces = sql.split("%s")
    return "".join(piece + (f"${n}" if n < len(pieces) else "") for n, piece in enumerate(pieces, start=1))


def _execute(sql: str, literals: list[str]) -> str:
    """The EXECUTE of ``sql``'s prepared statement with its parameters, quoted."""
    return f"EXECUTE {_NAMES[sql]}({', '.join(literals)})" if literals else f"EXECUTE {_NAMES[sql]}"


class CallTurn:
    """One locked turn: its connection, and the saves that wait to go with the turn's record."""

    def __init__(self, saver: TurnSaver, conn: Any):
        self.saver, self.conn = saver, conn
        self.waiting: list[Statement] = []
        """Statements the saver (and the call store) made but has not sent yet, in order."""
        self.recording = False
        """A save is being made (put() and put_writes() make no reads): its statements wait."""

    # While a save is made the turn stands in for the saver's cursor, and the call store adds the turn's
    # record the same way: what waits goes to the server in one transaction.
    def execute(self, sql: str, params: Any = None) -> None:
        """Add a statement to what waits."""
        self.waiting.append((sql, params))

    def executemany(self, sql: str, rows: Any) -> None:
        """Add a statement run once per row to what waits."""
        self.waiting.extend((sql, row) for row in rows)

    def send(self, *then: Statement) -> None:
        """Send what waits as one transaction, then ``then`` (after its commit): one round trip in all."""
        transaction = [("BEGIN", None), *self.waiting, ("COMMIT", None)] if self.waiting else []
        try:
            if transaction or then:
                one_round_trip(self.conn, [*transaction, *then])
        finally:
            self.waiting.clear()  # sent, or failed and rolled back with the turn


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

    def latest(self, thread_id: str) -> Statement:
        """The query (SQL, parameters) that reads ``thread_id``'s latest checkpoint, as ``get_tuple`` does."""
        where = "WHERE thread_id = %s AND checkpoint_ns = %s ORDER BY checkpoint_id DESC LIMIT 1"
        return self.SELECT_SQL + where, (thread_id, "")

    def tuple_from(self, row: dict | None) -> Any:
        """The checkpoint tuple of a row that ``latest`` read (None: nothing saved yet)."""
        if row is not None and row["checkpoint"]["v"] < 4:  # an old format: get_tuple migrates it
            return self.get_tuple({"configurable": {"thread_id": row["thread_id"], "checkpoint_ns": ""}})
        return None if row is None else self._load_checkpoint_tuple(row)

    def put(self, config: Any, checkpoint: Any, metadata: Any, new_versions: Any) -> Any:
        """``PostgresSaver.put``; on a turn, sent at once with the writes that waited for it, in one round trip.

        Inside ``saves_may_wait()`` it waits for the turn's end instead, unless a write may run next.
        """
        turn = self._turn()
        if turn is None:
            return super().put(config, checkpoint, metadata, new_versions)
        with self._recording(turn):
            saved = super().put(config, checkpoint, metadata, new_versions)
        if not save_may_wait(checkpoint):
            turn.send()
        return saved

    def put_writes(self, *args: Any, **kwargs: Any) -> None:
        """``PostgresSaver.put_writes``; on a turn they wait for its next save or read, or its end.

        A step's task writes are saved as it finishes, and its checkpoint as the step ends: sent together,
        the two make one round trip where they made two. Nothing new can be lost: a process killed before
        they are sent loses the step's writes, as one killed between the two saves always could (the step
        is run again on resume; a write there replays by its idempotency key, or goes to a person where the
        backend takes none).
        """
        turn = self._turn()
        if turn is None:
            super().put_writes(*args, **kwargs)
            return
        with self._recording(turn):
            super().put_writes(*args, **kwargs)

    def _turn(self) -> CallTurn | None:
        turn = _TURN.get()
        return turn if turn is not None and turn.saver is self else None

    @staticmethod
    @contextlib.contextmanager
    def _recording(turn: CallTurn) -> Iterator[None]:
        turn.recording = True
        try:
            yield
        finally:
            turn.recording = False

    @contextlib.contextmanager
    def _cursor(self, *, pipeline: bool = False) -> Iterator[Any]:
        turn = self._turn()
        if turn is None:
            with super()._cursor(pipeline=pipeline) as cursor:
                yield cursor
            return
        if turn.recording:
            yield turn
            return
        turn.send()  # a read sees what this turn saved
        with contextlib.ExitStack() as stack:
            if pipeline:
                stack.enter_context(turn.conn.pipeline())
            yield stack.enter_context(turn.conn.cursor(binary=True, row_factory=dict_row))
