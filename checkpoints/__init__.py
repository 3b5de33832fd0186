"""Checkpointers, chosen by configuration: in memory (tests), SQLite file (default), PostgreSQL (URL).

``make_checkpointer(url)``: ``None``/``"memory"`` -> in memory; a path or ``sqlite:///path`` -> SQLite;
``postgresql://...`` -> PostgreSQL (needs the ``service`` extra).
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver


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
        from langgraph.checkpoint.postgres import PostgresSaver
        from psycopg.rows import dict_row
        from psycopg_pool import ConnectionPool
    except ImportError as missing:  # pragma: no cover - depends on the installed extra
        raise ImportError("PostgreSQL checkpoints need the service extra: pip install -e '.[service]'") from missing
    pool = ConnectionPool(url, kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row},
                          min_size=1, max_size=16, open=True)
    saver = PostgresSaver(pool)  # type: ignore[arg-type]  # rows are dicts: the pool's row_factory above
    # PostgresSaver takes one process-wide lock around every query, even on a pool, where each query has a
    # connection of its own: a worker's turns queued on it one database round trip at a time (py-spy: a third
    # of a loaded worker's samples waited there). The lock guards a shared connection; a pool needs none.
    saver.lock = contextlib.nullcontext()  # type: ignore[assignment]
    saver.setup()
    return saver


def keep_only_latest(saver: Any, thread_id: str) -> None:
    """Drop a finished call's checkpoint history and keep its final state.

    The final state is all that is read once a call has ended: its last words (rule 9), its slots and its
    hand-off. The service keeps each turn's record (masked) in its own table for audit and safety reports,
    so the history of intermediate steps, ~60 KB a call, only grows the database. PostgreSQL uses
    LangGraph's own ``prune``; for SQLite (which has none) the same is done in one transaction.
    """
    from langgraph.checkpoint.sqlite import SqliteSaver

    if isinstance(saver, SqliteSaver):
        with saver.lock, saver.conn:
            for table in ("writes", "checkpoints"):  # table names from this fixed tuple, never from input
                saver.conn.execute(
                    f"DELETE FROM {table} WHERE thread_id = ? AND checkpoint_id <> (SELECT MAX(c.checkpoint_id) "
                    f"FROM checkpoints c WHERE c.thread_id = {table}.thread_id "
                    f"AND c.checkpoint_ns = {table}.checkpoint_ns)", (thread_id,))
        return
    with contextlib.suppress(NotImplementedError):  # a saver without pruning (in memory) goes with the process
        saver.prune([thread_id], strategy="keep_latest")


def make_checkpointer(url: str | None = None) -> Any:
    """One factory for all three, by URL or path."""
    if url is None or url in ("", "memory", ":memory:"):
        return memory_checkpointer()
    if url.startswith(("postgres://", "postgresql://")):
        return postgres_checkpointer(url)
    if url.startswith("sqlite:///"):
        url = url[len("sqlite:///"):]
    return sqlite_checkpointer(url)
