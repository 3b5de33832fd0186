"""Where the fake clinic keeps its bookings: in memory, or in a SQLite file shared by processes.

Both stores keep idempotency keys beside the bookings, in the same transaction, so a replayed
``book``/``cancel`` returns the original answer and never writes twice.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from typing import Protocol

from typing_extensions import override


class BookingStore(Protocol):
    """What ClinicAPI needs from where it keeps bookings."""

    def transaction(self) -> contextlib.AbstractContextManager:
        """A block whose reads and writes commit together or not at all."""
        ...

    def open_times(self, day: str) -> list[str]:
        """The day's open times: the schedule less booked and removed slots."""
        ...

    def remove_slot(self, day: str, time: str) -> None:
        """Take a time off the schedule (someone else booked it)."""
        ...

    def add(self, day: str, time: str, name: str, key: str | None) -> dict:
        """Record a booking, with its idempotency key if given; return the booking."""
        ...

    def cancel(self, booking_id: str, key: str | None) -> dict | None:
        """Cancel a live booking, recording the result under its key; None if there is none."""
        ...

    def find(self, name: str, day: str | None) -> list[dict]:
        """The live bookings under a name (optionally on one day), oldest first."""
        ...

    def replay(self, key: str | None) -> dict | None:
        """The result first recorded under an idempotency key, or None."""
        ...

    def all(self) -> list[dict]:
        """Every live booking, oldest first."""
        ...

    def add_callback(self, request: dict, key: str | None) -> dict:
        """Record a callback request, with its idempotency key if given; return it with its callback_id."""
        ...

    def callbacks(self) -> list[dict]:
        """Every callback request, oldest first."""
        ...


_SCHEMA_READY: set[tuple[str, int, int]] = set()
"""SQLite files whose clinic tables this process has created (or found) already."""


class _IdleConnections:
    """A few connections to clinic files that a closed clinic let go of, for the next one to reuse.

    A service worker opens the clinic every turn: a new connection cost ~0.1 ms to open and ~0.4 ms more
    on its first query (SQLite reads the schema), a turn that used the clinic ~0.5 ms. Bounded over all
    files, oldest closed first, so a process that opens many clinic files (the tests) keeps few open.
    A file is known by its path, device and inode, as for ``_SCHEMA_READY``: a file deleted and made again
    at the same path while its connection waits here, and given the same inode, would not be told apart.
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


def _connect(path: str) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    # A kept connection's page cache would grow with the bookings to SQLite's default 2 MB; a day's lookup
    # reads a few pages of an index, and a page not cached comes from the OS's own cache.
    db.execute(f"PRAGMA cache_size=-{CACHE_KB}")
    return db


CACHE_KB = 256
"""Page cache of each clinic connection, in KiB (SQLite's default is 2,000)."""
_IDLE = _IdleConnections()
_CLOSED = sqlite3.connect(":memory:", check_same_thread=False)
_CLOSED.close()


def _file_key(path: str) -> tuple[str, int, int]:
    """The file at ``path`` (a file deleted and made again at the same path is another one)."""
    try:
        found = os.stat(path)
    except OSError:
        return os.path.abspath(path), -1, -1
    return os.path.abspath(path), found.st_dev, found.st_ino


def _booking_id(number: int) -> str:
    return f"bk_{number:04d}"  # sequential, so traces and replays are reproducible


def _callback_id(number: int) -> str:
    return f"cb_{number:04d}"


def _same_name(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()


class MemoryStore(BookingStore):
    """Bookings in a dict; the default for tests and one-process runs."""

    def __init__(self, opening: dict[str, list[str]]):
        self._opening = {day: list(times) for day, times in opening.items()}
        self._bookings: dict[str, dict] = {}
        self._results: dict[str, dict] = {}
        self._count = 0
        self._callbacks: list[dict] = []

    @override
    def transaction(self) -> contextlib.AbstractContextManager:
        return contextlib.nullcontext()  # ClinicAPI's lock already serialises one process

    @override
    def open_times(self, day: str) -> list[str]:
        taken = {b["time"] for b in self._bookings.values() if b["day"] == day}
        return [t for t in self._opening.get(day, []) if t not in taken]

    @override
    def remove_slot(self, day: str, time: str) -> None:
        self._opening[day] = [t for t in self._opening.get(day, []) if t != time]

    @override
    def add(self, day: str, time: str, name: str, key: str | None) -> dict:
        self._count += 1
        booking = {"booking_id": _booking_id(self._count), "day": day, "time": time, "name": name}
        self._bookings[booking["booking_id"]] = booking
        if key is not None:
            self._results[key] = dict(booking)
        return dict(booking)

    @override
    def cancel(self, booking_id: str, key: str | None) -> dict | None:
        booking = self._bookings.pop(booking_id, None)
        if booking is None:
            return None
        result = {**booking, "cancelled": True}
        if key is not None:
            self._results[key] = dict(result)
        return result

    @override
    def find(self, name: str, day: str | None) -> list[dict]:
        return [
            dict(b)
            for b in self._bookings.values()
            if _same_name(b["name"], name) and (day is None or b["day"] == day)
        ]

    @override
    def replay(self, key: str | None) -> dict | None:
        return dict(self._results[key]) if key is not None and key in self._results else None

    @override
    def all(self) -> list[dict]:
        return [dict(b) for b in self._bookings.values()]

    @override
    def add_callback(self, request: dict, key: str | None) -> dict:
        recorded = {"callback_id": _callback_id(len(self._callbacks) + 1), **request}
        self._callbacks.append(recorded)
        if key is not None:
            self._results[key] = json.loads(json.dumps(recorded))
        return json.loads(json.dumps(recorded))

    @override
    def callbacks(self) -> list[dict]:
        return json.loads(json.dumps(self._callbacks))


class SqliteStore(BookingStore):
    """Bookings in a SQLite file so several processes (workers, a restarted call) share one clinic."""

    def __init__(self, path: str, opening: dict[str, list[str]]):
        self._opening = {day: list(times) for day, times in opening.items()}
        self._key = _file_key(path)
        self._db = _IDLE.take(self._key) or _connect(path)
        if self._key in _SCHEMA_READY:  # a process that opens the clinic every turn sets it up once
            return
        self._db.execute("PRAGMA journal_mode=WAL")  # kept in the file: later connections are in WAL too
        self._db.executescript(
            """
            CREATE TABLE IF NOT EXISTS bookings (
                booking_id TEXT PRIMARY KEY, day TEXT, time TEXT, name TEXT, live INTEGER DEFAULT 1);
            CREATE TABLE IF NOT EXISTS removed_slots (day TEXT, time TEXT, PRIMARY KEY (day, time));
            CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, result TEXT);
            CREATE TABLE IF NOT EXISTS callbacks (callback_id TEXT PRIMARY KEY, request TEXT);
            CREATE INDEX IF NOT EXISTS bookings_by_day ON bookings (day, live);
            """
        )
        self._key = _file_key(path)  # the file exists now, whatever it was before
        _SCHEMA_READY.add(self._key)

    def close(self) -> None:
        """Let go of the connection now rather than whenever the store is collected (it may be reused)."""
        db, self._db = self._db, _CLOSED  # used after this, the store raises as a closed connection does
        if db is not _CLOSED:
            _IDLE.give_back(self._key, db)

    @contextlib.contextmanager
    @override
    def transaction(self) -> Iterator[None]:
        """One write lock across processes: replay check, availability check and insert are atomic."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if self._db.in_transaction:  # SQLite may already have rolled back (e.g. after an I/O error)
                self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _rows(self, sql: str, *params) -> list[dict]:
        cur = self._db.execute(sql, params)
        cols = [c[0] for c in cur.description]
        return [dict(zip(cols, row, strict=True)) for row in cur.fetchall()]

    @override
    def open_times(self, day: str) -> list[str]:
        taken = {r["time"] for r in self._rows("SELECT time FROM bookings WHERE live=1 AND day=?", day)}
        taken |= {r["time"] for r in self._rows("SELECT time FROM removed_slots WHERE day=?", day)}
        return [t for t in self._opening.get(day, []) if t not in taken]

    @override
    def remove_slot(self, day: str, time: str) -> None:
        self._db.execute("INSERT OR IGNORE INTO removed_slots VALUES (?, ?)", (day, time))

    @override
    def add(self, day: str, time: str, name: str, key: str | None) -> dict:
        # Runs inside transaction(): the booking and its idempotency key commit together or not at all.
        (count,) = self._db.execute("SELECT COALESCE(MAX(rowid), 0) FROM bookings").fetchone()  # no deletes
        booking = {"booking_id": _booking_id(count + 1), "day": day, "time": time, "name": name}
        self._db.execute("INSERT INTO bookings (booking_id, day, time, name) VALUES (?, ?, ?, ?)",
                         (booking["booking_id"], day, time, name))
        if key is not None:
            self._db.execute("INSERT INTO results VALUES (?, ?)", (key, json.dumps(booking)))
        return booking

    @override
    def cancel(self, booking_id: str, key: str | None) -> dict | None:
        rows = self._rows("SELECT booking_id, day, time, name FROM bookings WHERE live=1 AND booking_id=?", booking_id)
        if not rows:
            return None
        result = {**rows[0], "cancelled": True}
        self._db.execute("UPDATE bookings SET live=0 WHERE booking_id=?", (booking_id,))
        if key is not None:
            self._db.execute("INSERT INTO results VALUES (?, ?)", (key, json.dumps(result)))
        return result

    @override
    def find(self, name: str, day: str | None) -> list[dict]:
        rows = self._rows("SELECT booking_id, day, time, name FROM bookings WHERE live=1 ORDER BY rowid")
        return [r for r in rows if _same_name(r["name"], name) and (day is None or r["day"] == day)]

    @override
    def replay(self, key: str | None) -> dict | None:
        if key is None:
            return None
        rows = self._rows("SELECT result FROM results WHERE key=?", key)
        return json.loads(rows[0]["result"]) if rows else None

    @override
    def all(self) -> list[dict]:
        return self._rows("SELECT booking_id, day, time, name FROM bookings WHERE live=1 ORDER BY rowid")

    @override
    def add_callback(self, request: dict, key: str | None) -> dict:
        # Runs inside transaction(): the request and its idempotency key commit together or not at all.
        (count,) = self._db.execute("SELECT COALESCE(MAX(rowid), 0) FROM callbacks").fetchone()
        recorded = {"callback_id": _callback_id(count + 1), **request}
        self._db.execute("INSERT INTO callbacks VALUES (?, ?)", (recorded["callback_id"], json.dumps(recorded)))
        if key is not None:
            self._db.execute("INSERT INTO results VALUES (?, ?)", (key, json.dumps(recorded)))
        return recorded

    @override
    def callbacks(self) -> list[dict]:
        return [json.loads(r["request"]) for r in self._rows("SELECT request FROM callbacks ORDER BY rowid")]
