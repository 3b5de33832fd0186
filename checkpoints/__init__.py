"""Checkpointers, chosen by configuration: in memory (tests), SQLite file (default), PostgreSQL (URL).

``make_checkpointer(url)``: ``None``/``"memory"`` -> in memory; a path or ``sqlite:///path`` -> SQLite;
``postgresql://...`` -> PostgreSQL (needs the ``service`` extra).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver

# Its own module: checkpoints.postgres_turn reads it too, and the package imports that one (a circle otherwise).
from checkpoints.waiting_saves import save_may_wait as save_may_wait
from checkpoints.waiting_saves import saves_may_wait as saves_may_wait


def memory_checkpointer() -> InMemorySaver:
    """Lives as long as the process: for tests and one-off calls."""
    return InMemorySaver()


def sqlite_checkpointer(path: str | Path) -> Any:
    """A SQLite file: a restarted process resumes its calls. Safe to share between threads."""
    from langgraph.checkpoint.sqlite import SqliteSaver

    path = Path(path)
    if path.parent and not path.parent.exists():
        raise ValueError(f"the checkpoint directory {path.parent} does not exist; create it first")
    conn = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
    conn.execute("PRAGMA journal_mode=WAL")
    # In WAL, NORMAL syncs at checkpoints of the log, not at every commit: a killed process loses nothing, a
    # power cut may lose the last few turns' checkpoints (the call then resumes a little earlier; a write it
    # re-runs carries the same idempotency key). The clinic's own bookings keep FULL.
    conn.execute("PRAGMA synchronous=NORMAL")
    saver = SqliteSaver(conn)
    saver.setup()
    return saver


def postgres_checkpointer(url: str) -> Any:
    """PostgreSQL for several workers sharing calls (``langgraph-checkpoint-postgres``)."""
    try:
        from psycopg.rows import dict_row
        from psycopg_pool import ConnectionPool

        from checkpoints.postgres_turn import TurnSaver
    except ImportError as missing:  # pragma: no cover - depends on the installed extra
        raise ImportError("PostgreSQL checkpoints need the service extra: pip install -e '.[service]'") from missing
    pool = ConnectionPool(url, kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row},
                          min_size=1, max_size=16, open=True)
    saver = TurnSaver(pool)  # type: ignore[arg-type]  # rows are dicts: the pool's row_factory above
    # PostgresSaver takes one process-wide lock around every query, even on a pool, where each query has a
    # connection of its own: a worker's turns queued on it one database round trip at a time (py-spy: a third
    # of a loaded worker's samples waited there). The lock guards a shared connection; a pool needs none.
    saver.lock = contextlib.nullcontext()  # type: ignore[assignment]
    saver.setup()
    return saver


def keep_only_latest(saver: Any, thread_ids: Sequence[str]) -> None:
    """Drop finished calls' checkpoint history and keep each one's final state, all in one transaction.

    The final state is all that is read once a call has ended: its last words (rule 9), its slots and its
    hand-off. The service keeps each turn's record (masked) in its own table for audit and safety reports,
    so the history of intermediate steps, ~60 KB a call, only grows the database. The in-memory saver
    goes with its process and is left as it is.
    """
    if isinstance(thread_ids, str):
        raise TypeError(f"keep_only_latest takes a list of thread ids; got the string {thread_ids!r}: "
                        f"pass [{thread_ids!r}]")
    thread_ids = list(thread_ids)
    if not thread_ids:
        return
    from langgraph.checkpoint.sqlite import SqliteSaver

    if isinstance(saver, SqliteSaver):
        with saver.lock, saver.conn:
            for table in ("writes", "checkpoints"):  # table names from this fixed tuple, never from input
                saver.conn.executemany(
                    f"DELETE FROM {table} WHERE thread_id = ? AND checkpoint_id <> (SELECT MAX(c.checkpoint_id) "
                    f"FROM checkpoints c WHERE c.thread_id = {table}.thread_id "
                    f"AND c.checkpoint_ns = {table}.checkpoint_ns)", [(t,) for t in thread_ids])
        return
    if _is_postgres(saver):
        with _postgres_connection(saver.conn) as conn:
            conn.execute(_POSTGRES_KEEP_LATEST, (thread_ids,))
        return
    with contextlib.suppress(NotImplementedError):  # any other saver: its own prune, if it has one
        saver.prune(thread_ids, strategy="keep_latest")


def _is_postgres(saver: Any) -> bool:
    try:
        from langgraph.checkpoint.postgres import PostgresSaver
    except ImportError:  # without the service extra there is no PostgreSQL saver to prune
        return False
    return isinstance(saver, PostgresSaver)


# LangGraph's own PostgresSaver.prune(keep_latest) runs a transaction of ~9 statements per thread, general
# enough for subgraphs, pending sends and DeltaChannels, none of which this graph has: it cost a loaded
# worker ~8 ms and PostgreSQL ~9 ms per ended call. This is one statement for any number of calls. It reads
# one snapshot, so a checkpoint saved meanwhile (a late transfer report) is neither seen nor deleted; the
# blobs kept are those the final checkpoint names, which are all a later checkpoint of that call can name
# besides its own new ones.
_POSTGRES_KEEP_LATEST = """
WITH heads AS (
    SELECT DISTINCT ON (thread_id, checkpoint_ns) thread_id, checkpoint_ns, checkpoint_id,
           checkpoint -> 'channel_versions' AS versions
    FROM checkpoints WHERE thread_id = ANY(%s)
    ORDER BY thread_id, checkpoint_ns, checkpoint_id DESC
), old_writes AS (
    DELETE FROM checkpoint_writes w USING heads h
    WHERE w.thread_id = h.thread_id AND w.checkpoint_ns = h.checkpoint_ns AND w.checkpoint_id <> h.checkpoint_id
), old_blobs AS (
    DELETE FROM checkpoint_blobs b USING heads h
    WHERE b.thread_id = h.thread_id AND b.checkpoint_ns = h.checkpoint_ns
      AND b.version IS DISTINCT FROM h.versions ->> b.channel
), old_checkpoints AS (
    DELETE FROM checkpoints c USING heads h
    WHERE c.thread_id = h.thread_id AND c.checkpoint_ns = h.checkpoint_ns AND c.checkpoint_id <> h.checkpoint_id
)
UPDATE checkpoints c SET parent_checkpoint_id = NULL FROM heads h
WHERE c.thread_id = h.thread_id AND c.checkpoint_ns = h.checkpoint_ns AND c.checkpoint_id = h.checkpoint_id
  AND c.parent_checkpoint_id IS NOT NULL
"""


@contextlib.contextmanager
def _postgres_connection(pool_or_connection: Any) -> Iterator[Any]:
    """A connection from the saver's pool, or its one connection."""
    if hasattr(pool_or_connection, "connection"):
        with pool_or_connection.connection() as conn:
            yield conn
    else:
        yield pool_or_connection


def make_checkpointer(url: str | None = None) -> Any:
    """One factory for all three, by URL or path."""
    if url is None or url in ("", "memory", ":memory:"):
        return memory_checkpointer()
    if url.startswith(("postgres://", "postgresql://")):
        return postgres_checkpointer(url)
    if url.startswith("sqlite:///"):
        url = url[len("sqlite:///"):]
    return sqlite_checkpointer(url)
