"""Connections to the clinic's SQLite files, kept for reuse by the next clinic opened on the same file."""

from __future__ import annotations

import sqlite3
import threading


class IdleConnections:
    """A few connections to clinic files that a closed clinic let go of, for the next one to reuse.

    A service worker opens the clinic every turn: a new connection cost ~0.1 ms to open and ~0.4 ms more
    on its first query (SQLite reads the schema), a turn that used the clinic ~0.5 ms. Bounded over all
    files, oldest closed first, so a process that opens many clinic files (the tests) keeps few open.
    A file is known by its path, device and inode, as for ``voicekit.clinics.store._SCHEMA_READY``: a file
    deleted and made again at the same path while its connection waits here, and given the same inode, would
    not be told apart.
    """

    LIMIT = 4

    def __init__(self) -> None:
        self._idle: list[tuple[tuple[str, int, int], sqlite3.Connection]] = []
        self._lock = threading.Lock()

    def take(self, key: tuple[str, int, int]) -> sqlite3.Connection | None:
        """An idle connection to the file ``key`` names, or None."""
        with self._lock:
            for index in range(len(self._idle) - 1, -1, -1):
                if self._idle[index][0] == key:
                    return self._idle.pop(index)[1]
        return None

    def give_back(self, key: tuple[str, int, int], db: sqlite3.Connection) -> None:
        """Keep ``db`` for reuse, unless it is inside a transaction; close the oldest beyond the limit."""
        if db.in_transaction:
            db.close()
            return
        with self._lock:
            self._idle.append((key, db))
            surplus = self._idle[:-self.LIMIT] if len(self._idle) > self.LIMIT else []
            del self._idle[:len(surplus)]
        for _, old in surplus:
            old.close()


def connect(path: str) -> sqlite3.Connection:
    """A new connection to the clinic file at ``path``, as every clinic store opens it."""
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    # A kept connection's page cache would grow with the bookings to SQLite's default 2 MB; a day's lookup
    # reads a few pages of an index, and a page not cached comes from the OS's own cache.
    db.execute(f"PRAGMA cache_size=-{CACHE_KB}")
    return db


CACHE_KB = 256
"""Page cache of each clinic connection, in KiB (SQLite's default is 2,000)."""
IDLE = IdleConnections()
CLOSED = sqlite3.connect(":memory:", check_same_thread=False)
CLOSED.close()
"""A closed connection: a store let go of its own raises as a closed connection does if used again."""
