"""One-time tickets that let a Twilio media stream in: only for a call the signed webhook started, once.

The webhook (``POST /twilio/voice``, signed by Twilio) issues a ticket bound to the call's CallSid and hands
it to Twilio inside the TwiML (``<Parameter name="ticket" .../>``); Twilio echoes it in the stream's
``start`` message. Redeeming it is atomic and gives the stream a fresh call id of its own: no stream can
attach to an HTTP call's checkpoint or to another Twilio call's, and a ticket seen twice lets in nobody.

``MemoryTickets`` serves one worker process; ``SqliteTickets`` is shared by the worker processes of one
machine, ``PostgresTickets`` by the workers of every machine on one database (Twilio's stream may reach a
different worker, or machine, than its webhook did). Each also remembers which CallSids' webhooks were
answered: a signed webhook replayed gets no second stream.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

CALL_SECONDS = 24 * 3600.0
"""How long a CallSid is remembered as answered (a replayed webhook within it gets no second stream)."""
TICKET_SECONDS = 60.0
"""How long a ticket waits for its stream: Twilio opens the stream within a second or two of the TwiML."""
MAX_TICKET_CHARS = 128
"""Longer strings are no ticket of ours (they are 43 characters) and are not even hashed."""
WITHHELD = frozenset({"anonymous", "restricted", "unknown", "blocked", "private", "unavailable",
                      "+266696687", "+7378742833", "+8656696", "+2562533", "+7748283", "+86282452253"})
"""How Twilio's ``From`` says the caller withheld their number: in words, or the words spelled on a keypad
(+266696687 is ANONYMOUS, +7378742833 RESTRICTED, +8656696 UNKNOWN...)."""
_PHONE = re.compile(r"\+?[0-9]{4,15}")
Purpose = Literal["stream", "dial"]
"""What a ticket lets in: a media stream, or the report of a transfer's dial (which lives for hours)."""


@dataclass(frozen=True)
class Redeemed:
    """What a redeemed ticket lets the stream have."""

    call_id: str
    """A fresh call id for the call's agent (its thread id): never the CallSid, never used before."""
    caller_number: str | None
    """The caller id Twilio's webhook gave (``From``), or None when the caller withheld it."""
    continues: bool = False
    """Whether ``call_id`` is a call that was already playing (the line took it back after an unanswered transfer)."""


class StreamTickets(Protocol):
    """Where tickets are kept between the webhook and its stream."""

    def issue(self, call_sid: str, caller_number: str | None, call_id: str | None = None,
              seconds: float | None = None, purpose: Purpose = "stream") -> str:
        """A new one-time ticket for ``call_sid``; ``caller_number`` is what the webhook's ``From`` said.

        ``call_id``: the call the ticket continues (a transfer's report, the stream after it); None: a new call.
        ``seconds``: how long it waits to be redeemed (None: the store's, for a stream). ``purpose``: what it
        lets in, a media stream or a transfer's dial report, and nothing else.
        """
        ...

    def redeem(self, call_sid: str, ticket: str, purpose: Purpose = "stream") -> Redeemed | None:
        """The call's fresh id and caller number, or None unless ``ticket`` is an unused, unexpired one of ``call_sid``.

        Redeeming uses the ticket up, atomically: of two streams bringing it at once, one gets in.
        """
        ...

    def first_for(self, call_sid: str) -> bool:
        """Note that the voice webhook of ``call_sid`` was answered; False when it had been already (a replay).

        Atomic across every worker sharing the store: of two deliveries of one webhook, one is answered.
        """
        ...


def caller_id(from_: object) -> str | None:
    """The caller's number from Twilio's ``From``, or None when it is withheld or not a phone number.

    A SIP address or a browser client ("client:alice") is not a number the clinic could match or ring.
    """
    if not isinstance(from_, str):
        return None
    number = re.sub(r"[\s().-]", "", from_)
    if number.lower() in WITHHELD or not _PHONE.fullmatch(number):
        return None
    return number


def new_call_id() -> str:
    """A fresh, unguessable call id, in the shape of the call service's own."""
    return f"call-{uuid.uuid4().hex}"


def _digest(ticket: str) -> str:
    # Only a hash is kept: whoever reads the store cannot redeem what is in it.
    return hashlib.sha256(ticket.encode()).hexdigest()


def _redeemed(caller_number: str | None, call_id: str | None) -> Redeemed:
    return Redeemed(call_id, caller_number, continues=True) if call_id else Redeemed(new_call_id(), caller_number)


def _acceptable(call_sid: object, ticket: object) -> bool:
    return (isinstance(call_sid, str) and isinstance(ticket, str) and 0 < len(ticket) <= MAX_TICKET_CHARS
            and 0 < len(call_sid) <= MAX_TICKET_CHARS)


class MemoryTickets:
    """Tickets in this process's memory (one worker)."""

    def __init__(self, seconds: float = TICKET_SECONDS, clock: Callable[[], float] = time.time):
        self._seconds, self._clock = seconds, clock
        self._tickets: dict[str, tuple[str, str | None, float, str | None, Purpose]] = {}
        self._answered: dict[str, float] = {}
        self._lock = threading.Lock()

    def first_for(self, call_sid: str) -> bool:
        """See ``StreamTickets.first_for``."""
        now = self._clock()
        with self._lock:
            for sid in [sid for sid, until in self._answered.items() if until <= now]:
                del self._answered[sid]
            if call_sid in self._answered:
                return False
            self._answered[call_sid] = now + CALL_SECONDS
        return True

    def issue(self, call_sid: str, caller_number: str | None, call_id: str | None = None,
              seconds: float | None = None, purpose: Purpose = "stream") -> str:
        """A new one-time ticket for ``call_sid`` (expired ones are dropped meanwhile)."""
        ticket, now = secrets.token_urlsafe(32), self._clock()
        with self._lock:
            for digest in [d for d, found in self._tickets.items() if found[2] <= now]:
                del self._tickets[digest]
            self._tickets[_digest(ticket)] = (call_sid, caller_number, now + (seconds or self._seconds), call_id,
                                              purpose)
        return ticket

    def redeem(self, call_sid: str, ticket: str, purpose: Purpose = "stream") -> Redeemed | None:
        """Use the ticket up; see ``StreamTickets.redeem``."""
        if not _acceptable(call_sid, ticket):
            return None
        digest = _digest(ticket)
        with self._lock:
            found = self._tickets.get(digest)
            if found is None or found[0] != call_sid or found[4] != purpose:
                return None
            del self._tickets[digest]
        return _redeemed(found[1], found[3]) if found[2] > self._clock() else None


class SqliteTickets:
    """Tickets in one small SQLite table, shared by the worker processes of one machine."""

    def __init__(self, path: str, seconds: float = TICKET_SECONDS, clock: Callable[[], float] = time.time):
        self._path, self._seconds, self._clock = path, seconds, clock
        db = self._connect()
        try:
            db.execute("PRAGMA journal_mode=WAL")
            # line_tickets, not the first version's stream_tickets: a ticket may continue a call (its call_id)
            db.execute("CREATE TABLE IF NOT EXISTS line_tickets (digest TEXT PRIMARY KEY, call_sid TEXT NOT NULL,"
                       " caller_number TEXT, expires REAL NOT NULL, call_id TEXT, purpose TEXT NOT NULL)")
            db.execute("CREATE TABLE IF NOT EXISTS line_calls (call_sid TEXT PRIMARY KEY, expires REAL NOT NULL)")
        finally:
            db.close()

    def first_for(self, call_sid: str) -> bool:
        """See ``StreamTickets.first_for`` (one INSERT: of two workers, one wins)."""
        now = self._clock()
        db = self._connect()
        try:
            db.execute("DELETE FROM line_calls WHERE expires <= ?", (now,))
            return bool(db.execute("INSERT INTO line_calls VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING call_sid",
                                   (call_sid, now + CALL_SECONDS)).fetchall())
        finally:
            db.close()

    def _connect(self) -> sqlite3.Connection:
        # A connection per use: callers are threads of several processes, and each use is one statement or two.
        return sqlite3.connect(self._path, timeout=10, isolation_level=None)

    def issue(self, call_sid: str, caller_number: str | None, call_id: str | None = None,
              seconds: float | None = None, purpose: Purpose = "stream") -> str:
        """A new one-time ticket for ``call_sid`` (expired ones are purged meanwhile)."""
        ticket, now = secrets.token_urlsafe(32), self._clock()
        db = self._connect()
        try:
            db.execute("DELETE FROM line_tickets WHERE expires <= ?", (now,))
            db.execute("INSERT INTO line_tickets VALUES (?, ?, ?, ?, ?, ?)",
                       (_digest(ticket), call_sid, caller_number, now + (seconds or self._seconds), call_id, purpose))
        finally:
            db.close()
        return ticket

    def redeem(self, call_sid: str, ticket: str, purpose: Purpose = "stream") -> Redeemed | None:
        """Use the ticket up in one statement (two workers redeeming it at once: one gets it); see ``StreamTickets``."""
        if not _acceptable(call_sid, ticket):
            return None
        db = self._connect()
        try:
            # fetchall: the statement runs to its end, so its (autocommit) transaction commits before the close
            rows = db.execute("DELETE FROM line_tickets WHERE digest = ? AND call_sid = ? AND purpose = ?"
                              " AND expires > ? RETURNING caller_number, call_id",
                              (_digest(ticket), call_sid, purpose, self._clock())).fetchall()
        finally:
            db.close()
        return _redeemed(*rows[0]) if rows else None


class PostgresTickets:
    """Tickets in PostgreSQL, shared by every worker on every machine that uses the database."""

    def __init__(self, pool: Any, seconds: float = TICKET_SECONDS, clock: Callable[[], float] = time.time):
        self._pool, self._seconds, self._clock = pool, seconds, clock
        with pool.connection() as db, db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(hashtextextended('line_tickets schema', 0))")  # two workers
            db.execute("CREATE TABLE IF NOT EXISTS line_tickets (digest TEXT PRIMARY KEY, call_sid TEXT NOT NULL,"
                       " caller_number TEXT, expires DOUBLE PRECISION NOT NULL, call_id TEXT, purpose TEXT NOT NULL)")
            db.execute("CREATE TABLE IF NOT EXISTS line_calls (call_sid TEXT PRIMARY KEY, "
                       "expires DOUBLE PRECISION NOT NULL)")

    def issue(self, call_sid: str, caller_number: str | None, call_id: str | None = None,
              seconds: float | None = None, purpose: Purpose = "stream") -> str:
        """A new one-time ticket for ``call_sid`` (expired ones are purged meanwhile)."""
        ticket, now = secrets.token_urlsafe(32), self._clock()
        with self._pool.connection() as db:
            db.execute("DELETE FROM line_tickets WHERE expires <= %s", (now,))
            db.execute("INSERT INTO line_tickets VALUES (%s, %s, %s, %s, %s, %s)",
                       (_digest(ticket), call_sid, caller_number, now + (seconds or self._seconds), call_id, purpose))
        return ticket

    def redeem(self, call_sid: str, ticket: str, purpose: Purpose = "stream") -> Redeemed | None:
        """Use the ticket up in one statement (of two machines redeeming it at once, one gets it)."""
        if not _acceptable(call_sid, ticket):
            return None
        with self._pool.connection() as db:
            rows = db.execute("DELETE FROM line_tickets WHERE digest = %s AND call_sid = %s AND purpose = %s"
                              " AND expires > %s RETURNING caller_number, call_id",
                              (_digest(ticket), call_sid, purpose, self._clock())).fetchall()
        return _redeemed(*rows[0]) if rows else None

    def first_for(self, call_sid: str) -> bool:
        """See ``StreamTickets.first_for`` (one INSERT: of two machines, one wins)."""
        now = self._clock()
        with self._pool.connection() as db:
            db.execute("DELETE FROM line_calls WHERE expires <= %s", (now,))
            return bool(db.execute("INSERT INTO line_calls VALUES (%s, %s) ON CONFLICT DO NOTHING RETURNING call_sid",
                                   (call_sid, now + CALL_SECONDS)).fetchall())
