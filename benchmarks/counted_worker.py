"""A service worker that counts its SQLite work, for ``benchmarks/load.py``: ``python -m benchmarks.counted_worker``.

Every SQLite connection the worker opens for itself (checkpoints, call store; not the clinic's) counts its
statements, the transactions they run in (each COMMIT, and each statement run outside an explicit
transaction, as SQLite runs it in one of its own) and the rows they change. On exit the totals go to the
JSON file named by ``DB_WORK_OUT``. Only the benchmark uses it; ``python -m service`` counts nothing.
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import sqlite3
import sys
import threading
import weakref
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TOTALS = {"statements": 0, "transactions": 0, "rows_written": 0}
_guard = threading.Lock()
_open: weakref.WeakSet[CountingConnection] = weakref.WeakSet()


class CountingConnection(sqlite3.Connection):
    """A connection that adds its statements and changed rows to ``TOTALS``."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The clinic is a stand-in for the clinic's own system, not the service's storage: not counted.
        clinic = os.path.abspath(os.environ.get("CLINIC_DB", ".data/clinic.sqlite"))
        self.counted = os.path.abspath(str(args[0] if args else kwargs.get("database", ""))) == clinic
        if self.counted:
            return
        self.set_trace_callback(self._traced)
        with _guard:
            _open.add(self)

    def _traced(self, statement: str) -> None:
        head = statement.lstrip()[:6].upper()
        with _guard:
            TOTALS["statements"] += 1
            if head.startswith("COMMIT") or (not self.in_transaction and not head.startswith(("BEGIN", "ROLLBA"))):
                TOTALS["transactions"] += 1

    def close(self) -> None:
        """Count the rows this connection changed, then close it."""
        _count_changes(self)
        super().close()

    def __del__(self) -> None:
        _count_changes(self)  # a connection left to the collector counts too


def _count_changes(conn: CountingConnection) -> None:
    with _guard:
        if not conn.counted:
            conn.counted = True
            TOTALS["rows_written"] += conn.total_changes


def _write_totals() -> None:
    for conn in list(_open):
        _count_changes(conn)
    Path(os.environ["DB_WORK_OUT"]).write_text(json.dumps(TOTALS))


_connect = sqlite3.connect


def _counting_connect(*args, **kwargs):
    kwargs.setdefault("factory", CountingConnection)
    return _connect(*args, **kwargs)


if __name__ == "__main__":
    sqlite3.connect = _counting_connect
    atexit.register(_write_totals)
    # uvicorn shuts down on SIGTERM, then raises it again for the handler it found: make that an exit, so
    # the totals are written.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    from service.__main__ import main

    main()
