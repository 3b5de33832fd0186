"""Where the fake clinic keeps its bookings: in memory, or in a SQLite file shared by processes.

Both stores keep idempotency keys beside the bookings, in the same transaction, so a replayed
``book``/``cancel`` returns the original answer and never writes twice.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from time import time as unix_now
from typing import Protocol

from typing_extensions import override

from voicekit.clinics.sqlite_connections import CLOSED, IDLE, connect


class BookingStore(Protocol):
    """What ClinicAPI needs from where it keeps bookings."""

    def transaction(self) -> contextlib.AbstractContextManager:
        """A block whose reads and writes commit together or not at all."""
        ...

    def taken_times(self, on: str) -> set[str]:
        """The times of a date ("YYYY-MM-DD") that are no longer open: booked, or removed from the template."""
        ...

    def remove_slot(self, on: str, time: str) -> None:
        """Take a time of a date off the template (someone else booked it)."""
        ...

    def add(self, day: str, on: str, time: str, name: str, key: str | None, extras: dict | None = None) -> dict:
        """Record a booking on a date (``extras``: its phone, reason, provider, when known) with its key."""
        ...

    def cancel(self, booking_id: str, key: str | None) -> dict | None:
        """Cancel a live booking, recording the result under its key; None if there is none."""
        ...

    def find(self, name: str) -> list[dict]:
        """The live bookings under a name, oldest first."""
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

    def purge(self, before: float) -> int:
        """Delete callback requests and write records made before ``before`` (a Unix time); how many went."""
        ...


_COLUMNS = "booking_id, day, date, time, name, phone, reason, provider"

_OPTIONAL = frozenset({"phone", "reason", "provider"})

_SCHEMA_READY: set[tuple[str, int, int]] = set()
"""SQLite files whose clinic tables this process has created (or found) already."""


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

    def __init__(self) -> None:
        self._removed: set[tuple[str, str]] = set()
        self._bookings: dict[str, dict] = {}
        self._results: dict[str, dict] = {}
        self._count = 0
        self._callbacks: list[dict] = []

    @override
    def transaction(self) -> contextlib.AbstractContextManager:
        return contextlib.nullcontext()  # ClinicAPI's lock already serialises one process

    @override
    def taken_times(self, on: str) -> set[str]:
        booked = {b["time"] for b in self._bookings.values() if b["date"] == on}
        return booked | {time for date, time in self._removed if date == on}

    @override
    def remove_slot(self, on: str, time: str) -> None:
        self._removed.add((on, time))

    @override
    def add(self, day: str, on: str, time: str, name: str, key: str | None, extras: dict | None = None) -> dict:
        self._count += 1
        booking = {"booking_id": _booking_id(self._count), "day": day, "date": on, "time": time, "name": name,
                   **(extras or {})}
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
    def find(self, name: str) -> list[dict]:
        return [dict(b) for b in self._bookings.values() if _same_name(b["name"], name)]

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

    @override
    def purge(self, before: float) -> int:
        return 0  # in memory: gone with the process, long before any retention period


class SqliteStore(BookingStore):
    """Bookings in a SQLite file so several processes (workers, a restarted call) share one clinic."""

    def __init__(self, path: str):
        self._key = _file_key(path)
        self._db = IDLE.take(self._key) or connect(path)
        if self._key in _SCHEMA_READY:  # a process that opens the clinic every turn sets it up once
            return
        self._db.execute("PRAGMA journal_mode=WAL")  # kept in the file: later connections are in WAL too
        self._db.executescript(
            """
            CREATE TABLE IF NOT EXISTS bookings (
                booking_id TEXT PRIMARY KEY, day TEXT, time TEXT, name TEXT, live INTEGER DEFAULT 1);
            CREATE TABLE IF NOT EXISTS removed_dated (date TEXT, time TEXT, PRIMARY KEY (date, time));
            CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, result TEXT);
            CREATE TABLE IF NOT EXISTS callbacks (callback_id TEXT PRIMARY KEY, request TEXT);
            """
        )
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(bookings)")}
        # A file from before bookings had them: its rows keep none.
        for column in ("date", "phone", "reason", "provider"):
            if column not in columns:
                self._db.execute(f"ALTER TABLE bookings ADD COLUMN {column} TEXT")
        self._db.execute("CREATE INDEX IF NOT EXISTS bookings_by_date ON bookings (date, live)")
        for table in ("callbacks", "results"):  # when each record was made, for the clinic's retention
            if "created" not in {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN created REAL")
        self._key = _file_key(path)  # the file exists now, whatever it was before
        _SCHEMA_READY.add(self._key)

    def close(self) -> None:
        """Let go of the connection now rather than whenever the store is collected (it may be reused)."""
        db, self._db = self._db, CLOSED  # used after this, the store raises as a closed connection does
        if db is not CLOSED:
            IDLE.give_back(self._key, db)

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
        # A booking has a phone, reason or provider only when one was given: no None keys, as in memory.
        return [{k: v for k, v in zip(cols, row, strict=True) if v is not None or k not in _OPTIONAL}
                for row in cur.fetchall()]

    @override
    def taken_times(self, on: str) -> set[str]:
        taken = {r["time"] for r in self._rows("SELECT time FROM bookings WHERE live=1 AND date=?", on)}
        return taken | {r["time"] for r in self._rows("SELECT time FROM removed_dated WHERE date=?", on)}

    @override
    def remove_slot(self, on: str, time: str) -> None:
        self._db.execute("INSERT OR IGNORE INTO removed_dated VALUES (?, ?)", (on, time))

    @override
    def add(self, day: str, on: str, time: str, name: str, key: str | None, extras: dict | None = None) -> dict:
        # Runs inside transaction(): the booking and its idempotency key commit together or not at all.
        (count,) = self._db.execute("SELECT COALESCE(MAX(rowid), 0) FROM bookings").fetchone()  # no deletes
        extras = extras or {}
        booking = {"booking_id": _booking_id(count + 1), "day": day, "date": on, "time": time, "name": name,
                   **extras}
        self._db.execute("INSERT INTO bookings (booking_id, day, date, time, name, phone, reason, provider) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                         (booking["booking_id"], day, on, time, name, extras.get("phone"), extras.get("reason"),
                          extras.get("provider")))
        if key is not None:
            self._db.execute("INSERT INTO results VALUES (?, ?, ?)", (key, json.dumps(booking), unix_now()))
        return booking

    @override
    def cancel(self, booking_id: str, key: str | None) -> dict | None:
        rows = self._rows(f"SELECT {_COLUMNS} FROM bookings WHERE live=1 AND booking_id=?", booking_id)
        if not rows:
            return None
        result = {**rows[0], "cancelled": True}
        self._db.execute("UPDATE bookings SET live=0 WHERE booking_id=?", (booking_id,))
        if key is not None:
            self._db.execute("INSERT INTO results VALUES (?, ?, ?)", (key, json.dumps(result), unix_now()))
        return result

    @override
    def find(self, name: str) -> list[dict]:
        rows = self._rows(f"SELECT {_COLUMNS} FROM bookings WHERE live=1 ORDER BY rowid")
        return [r for r in rows if _same_name(r["name"], name)]

    @override
    def replay(self, key: str | None) -> dict | None:
        if key is None:
            return None
        rows = self._rows("SELECT result FROM results WHERE key=?", key)
        return json.loads(rows[0]["result"]) if rows else None

    @override
    def all(self) -> list[dict]:
        return self._rows(f"SELECT {_COLUMNS} FROM bookings WHERE live=1 ORDER BY rowid")

    @override
    def add_callback(self, request: dict, key: str | None) -> dict:
        # Runs inside transaction(): the request and its idempotency key commit together or not at all.
        (count,) = self._db.execute("SELECT COALESCE(MAX(rowid), 0) FROM callbacks").fetchone()
        recorded = {"callback_id": _callback_id(count + 1), **request}
        self._db.execute("INSERT INTO callbacks VALUES (?, ?, ?)", (recorded["callback_id"], json.dumps(recorded),
                                                                    unix_now()))
        if key is not None:
            self._db.execute("INSERT INTO results VALUES (?, ?, ?)", (key, json.dumps(recorded), unix_now()))
        return recorded

    @override
    def purge(self, before: float) -> int:
        # The newest callback row stays (emptied), so the next callback id is never one staff saw before.
        with self.transaction():
            gone = self._db.execute("DELETE FROM callbacks WHERE created < ? AND rowid < (SELECT MAX(rowid) FROM "
                                    "callbacks)", (before,)).rowcount
            gone += self._db.execute("UPDATE callbacks SET request = json_object('callback_id', callback_id, "
                                     "'purged', json('true')) WHERE created < ? AND json_extract(request, '$.purged') "
                                     "IS NULL", (before,)).rowcount
            gone += self._db.execute("DELETE FROM results WHERE created < ?", (before,)).rowcount
        return gone

    @override
    def callbacks(self) -> list[dict]:
        return [json.loads(r["request"]) for r in self._rows("SELECT request FROM callbacks ORDER BY rowid")]
